// The sidebar dialog of small screens. It is an empty frame: the client fills it from the navbar
// and the page's own sidebar when it first opens, so the links are written once per page.
import { useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';
import { Brand } from './Logo.tsx';

export function MobileMenu() {
  const { t } = useTheme();
  return (
    <dialog className="navbar-sidebar" id="mobile-menu" aria-label={t.nav.mainMenu}>
      <div className="navbar-sidebar-head">
        <Brand />
        <button
          type="button"
          className="navbar-sidebar-close icon-button"
          aria-label={t.nav.closeMenu}
          title={t.nav.closeMenu}
        >
          <Icon name="close" />
        </button>
      </div>
      <div className="navbar-sidebar-body">
        <div className="navbar-sidebar-panel" data-panel="primary" />
        <div className="navbar-sidebar-panel" data-panel="secondary" hidden>
          <button type="button" className="navbar-sidebar-back">
            {t.nav.backToMain}
          </button>
          <div data-panel-content="" />
        </div>
      </div>
    </dialog>
  );
}
