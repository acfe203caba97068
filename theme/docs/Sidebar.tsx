// The sidebar of a docs section or a blog. Categories are <details>, so they open and close
// without JavaScript; the client animates them and remembers what the reader closed. A category
// with a page of its own shows that page as a link, with the toggle beside it (a link inside a
// <summary> would be a control inside a control).
//
// A large sidebar would make every page carry every link of its section: the output grows with
// the square of the section's size. Above LAZY_SIDEBAR_ITEMS, a collapsed category away from the
// current page is sent as its link and an empty toggle; the client fills the toggle from the
// category's own page, whose sidebar has it open. Without JavaScript, the link leads there too.
import type { SidebarItem } from '../../generator/types.ts';
import { useTheme } from '../context.ts';
import { format } from '../../i18n/index.ts';

export const LAZY_SIDEBAR_ITEMS = 300;

const counted = new WeakMap<SidebarItem[], number>();

/** Every link and category of a sidebar; counted once per sidebar, not once per page. */
function countItems(items: SidebarItem[]): number {
  let n = counted.get(items);
  if (n === undefined) {
    n = items.reduce((sum, item) => sum + 1 + (item.type === 'category' ? countItems(item.items) : 0), 0);
    counted.set(items, n);
  }
  return n;
}

function contains(item: SidebarItem, route: string): boolean {
  if (item.route === route) return true;
  return item.type === 'category' && item.items.some((child) => contains(child, route));
}

function Items({ items, route, path, lazy }: { items: SidebarItem[]; route: string; path: string; lazy: boolean }) {
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
        const active = contains(item, route);
        const open = !item.collapsed || active;
        if (lazy && !open && item.route) {
          return (
            <li key={item.label}>
              <a href={item.route} className="sidebar-category-link">
                {item.label}
              </a>
              <details className="needs-js" data-category={key} data-lazy={item.route}>
                <summary aria-label={format(t.docs.toggleCategory, { label: item.label })} title={format(t.docs.toggleCategory, { label: item.label })} />
                <ul className="sidebar-list" />
              </details>
            </li>
          );
        }
        return (
          <li key={item.label}>
            {item.route && (
              <a href={item.route} className="sidebar-category-link" aria-current={current}>
                {item.label}
              </a>
            )}
            <details open={open} data-category={key} data-active={active ? '' : undefined}>
              {item.route ? <summary aria-label={format(t.docs.toggleCategory, { label: item.label })} title={format(t.docs.toggleCategory, { label: item.label })} /> : <summary>{item.label}</summary>}
              <Items items={item.items} route={route} path={key} lazy={lazy} />
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
      <Items items={items} route={page.route} path={id} lazy={countItems(items) > LAZY_SIDEBAR_ITEMS} />
    </nav>
  );
}
