// The sidebar of a docs section or a blog. Categories are <details>, so they open and close
// without JavaScript; the client animates them and remembers what the reader closed. A category
// with a page of its own shows that page as a link, with the toggle beside it (a link inside a
// <summary> would be a control inside a control).
import type { SidebarItem } from '../../generator/types.ts';
import { useTheme } from '../context.ts';
import { format } from '../../i18n/index.ts';

function contains(item: SidebarItem, route: string): boolean {
  if (item.route === route) return true;
  return item.type === 'category' && item.items.some((child) => contains(child, route));
}

function Items({ items, route, path }: { items: SidebarItem[]; route: string; path: string }) {
  const { t } = useTheme();
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
        const key = `${path}/${item.label}`;
        const open = !item.collapsed || contains(item, route);
        return (
          <li key={item.label}>
            {item.route && (
              <a href={item.route} className="sidebar-category-link" aria-current={current}>
                {item.label}
              </a>
            )}
            <details open={open} data-category={key} data-active={contains(item, route) ? '' : undefined}>
              {item.route ? <summary aria-label={format(t.docs.toggleCategory, { label: item.label })} title={format(t.docs.toggleCategory, { label: item.label })} /> : <summary>{item.label}</summary>}
              <Items items={item.items} route={route} path={key} />
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
    <nav className="sidebar" aria-label={title ?? t.docs.sidebar}>
      {title && <p className="sidebar-title">{title}</p>}
      <Items items={items} route={page.route} path={id} />
    </nav>
  );
}
