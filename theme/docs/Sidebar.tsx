// The docs sidebar. Categories are <details>, so they open and close without JavaScript.
import type { SidebarItem } from '../../generator/types.ts';
import { useTheme } from '../context.ts';

function contains(item: SidebarItem, route: string): boolean {
  if (item.route === route) return true;
  return item.type === 'category' && item.items.some((child) => contains(child, route));
}

function Items({ items, route }: { items: SidebarItem[]; route: string }) {
  return (
    <ul className="sidebar-list">
      {items.map((item) => {
        const current = item.route === route ? 'page' : undefined;
        if (item.type === 'link') {
          return (
            <li key={item.route}>
              <a href={item.route} aria-current={current}>
                {item.label}
              </a>
            </li>
          );
        }
        const open = !item.collapsed || contains(item, route);
        return (
          <li key={item.label}>
            <details open={open}>
              <summary>
                {item.route ? (
                  <a href={item.route} aria-current={current}>
                    {item.label}
                  </a>
                ) : (
                  item.label
                )}
              </summary>
              <Items items={item.items} route={route} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}

export function Sidebar({ id, title }: { id: string; title?: string }) {
  const { graph, page, t } = useTheme();
  const items = graph.sidebars[id];
  if (!items) return null;
  return (
    <nav className="sidebar" aria-label={t.docs.sidebar} id="docs-sidebar">
      {title && <p className="sidebar-title">{title}</p>}
      <Items items={items} route={page.route} />
    </nav>
  );
}
