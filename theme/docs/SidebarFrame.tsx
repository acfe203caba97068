// The left column of docs and blog pages, with the button that hides it for the session.
import type { ReactNode } from 'react';
import { useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';

export function SidebarFrame({ children }: { children: ReactNode }) {
  const { t } = useTheme();
  return (
    <aside className="docs-sidebar" aria-label={t.docs.sidebar}>
      <div className="docs-sidebar-inner">
        {children}
        <button
          type="button"
          className="sidebar-hide"
          aria-label={t.docs.collapseSidebar}
          title={t.docs.collapseSidebar}
        >
          <Icon name="chevronsLeft" size={18} />
          <span aria-hidden="true">{t.docs.collapseSidebar}</span>
        </button>
        <button
          type="button"
          className="sidebar-show icon-button"
          aria-label={t.docs.expandSidebar}
          title={t.docs.expandSidebar}
        >
          <Icon name="chevronsRight" size={18} />
        </button>
      </div>
    </aside>
  );
}
