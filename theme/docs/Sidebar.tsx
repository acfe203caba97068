// The sidebar of a docs section or a blog. Categories are <details>, so they open and close
// without JavaScript; the client animates them and remembers what the reader closed. A category
// with a page of its own shows that page as a link, with the toggle beside it (a link inside a
// <summary> would be a control inside a control).
//
// The sidebar comes collapsed to the current page (sidebarFor in visible-sidebar.ts): a collapsed
// category away from it is sent as its link alone, which leads to the category's page, where the
// sidebar has it open.

import { format } from '../../common/format-message.ts';
import type { SidebarItem } from '../../generator/types.ts';
import { useHref, useTheme } from '../context.ts';
import { holds, sidebarFor } from './visible-sidebar.ts';

function Items({
  items,
  route,
  path,
  place,
  pagePlace,
}: {
  items: SidebarItem[];
  route: string;
  path: string;
  /** The place of `items`' parent in the sidebar (`2.0.`), empty at the top. */
  place: string;
  pagePlace: string | undefined;
}) {
  const { t } = useTheme();
  const href = useHref();
  return (
    <ul className="sidebar-list">
      {items.map((item, i) => {
        const current = item.route === route ? 'page' : undefined;
        if (item.type === 'link') {
          return (
            <li key={item.route}>
              <a href={href(item.route)} aria-current={current}>
                {item.label}
              </a>
            </li>
          );
        }
        const key = `${path}/${item.label}`;
        const active = holds(`${place}${i}`, pagePlace);
        const open = !item.collapsed || active;
        if (!open && item.route) {
          return (
            <li key={item.label}>
              <a href={href(item.route)} className="sidebar-category-link">
                {item.label}
              </a>
            </li>
          );
        }
        return (
          <li key={item.label}>
            {item.route && (
              <a href={href(item.route)} className="sidebar-category-link" aria-current={current}>
                {item.label}
              </a>
            )}
            <details open={open} data-category={key} data-active={active ? '' : undefined}>
              {item.route ? (
                <summary
                  aria-label={format(t.docs.toggleCategory, { label: item.label })}
                  title={format(t.docs.toggleCategory, { label: item.label })}
                />
              ) : (
                <summary>{item.label}</summary>
              )}
              <Items items={item.items} route={route} path={key} place={`${place}${i}.`} pagePlace={pagePlace} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}

export function Sidebar({ id, title }: { id: string; title?: string }) {
  const { graph, page, t } = useTheme();
  const all = graph.sidebars[id];
  if (!all) return null;
  const pagePlace = graph.sidebarPlaces[id]?.[page.route];
  const items = sidebarFor(all, pagePlace);
  return (
    <nav className="sidebar" aria-label={title ?? t.docs.sidebar}>
      {title && <p className="sidebar-title">{title}</p>}
      <Items items={items} route={page.route} path={id} place="" pagePlace={pagePlace} />
    </nav>
  );
}
