// One item of the navbar: a link, a dropdown, or a link with a dropdown beside it. The menu is a
// disclosure (a button with aria-expanded), the pattern for site navigation, not an ARIA menu.
import type { SiteConfig } from '../../generator/config.ts';
import type { SidebarItem } from '../../generator/types.ts';
import { useTheme } from '../context.ts';
import { localePrefix } from '../../generator/config.ts';
import { format } from '../../i18n/index.ts';
import { Icon } from '../icons/Icon.tsx';
import { labelOf } from './labels.ts';

type NavItemConfig = SiteConfig['navbar']['items'][number];

export function NavItem({ item }: { item: NavItemConfig }) {
  const { config, page, graph, t } = useTheme();
  const prefix = localePrefix(config, page.locale);
  const href = (to: string) => `${prefix}${to}`;
  const label = labelOf(t, item.label);
  const current = (to: string) => page.route.startsWith(href(to));
  const entries = (item.items ?? []).map((link) => {
    if ('href' in link) return { href: link.href, label: labelOf(t, link.label), current: false, within: false };
    const target = graph.pages[href(link.to).replace(/#.*$/, '')];
    // A route without a page is reported by the validate stage (generator/nav-targets.ts); the
    // page still renders, so watch mode keeps serving while it is fixed.
    const fallback = target ? titleOf(graph, target) : link.to;
    return { href: href(link.to), label: link.label ? labelOf(t, link.label) : fallback, current: page.route === href(link.to), within: page.route.startsWith(href(link.to)) };
  });
  const menuId = `menu-${item.label}`;
  const active = item.to ? current(item.to) : entries.some((e) => e.within);
  if (!item.items) {
    return (
      <li className="navbar-item">
        <a className="navbar-link" href={href(item.to!)} aria-current={active ? 'page' : undefined}>
          {label}
        </a>
      </li>
    );
  }
  return (
    <li className="navbar-item dropdown">
      {item.to ? (
        <>
          <a className={active ? 'navbar-link active' : 'navbar-link'} href={href(item.to)} aria-current={page.route === href(item.to) ? 'page' : undefined}>
            {label}
          </a>
          <button type="button" className="dropdown-toggle dropdown-caret" aria-expanded="false" aria-controls={menuId} aria-label={format(t.nav.submenu, { label })}>
            <Icon name="chevronDown" size={16} />
          </button>
        </>
      ) : (
        <button type="button" className={active ? 'navbar-link dropdown-toggle active' : 'navbar-link dropdown-toggle'} aria-expanded="false" aria-controls={menuId}>
          {label}
          <Icon name="chevronDown" size={16} />
        </button>
      )}
      <ul className="dropdown-menu" id={menuId}>
        {entries.map((entry) => (
          <li key={entry.href}>
            <a href={entry.href} aria-current={entry.current ? 'page' : undefined}>
              {entry.label}
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** A section's page is best named by its category's label ("Databases"), not by its sidebar
 * label ("Overview") nor its long title; other pages by their title. */
function titleOf(graph: ReturnType<typeof useTheme>['graph'], page: ReturnType<typeof useTheme>['page']): string {
  const find = (items: SidebarItem[]): string | undefined => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      if (item.route === page.route) return item.label;
      const inner = find(item.items);
      if (inner) return inner;
    }
    return undefined;
  };
  for (const items of Object.values(graph.sidebars)) {
    const label = find(items);
    if (label) return label;
  }
  return page.title;
}
