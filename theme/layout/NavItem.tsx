// One item of the navbar: a link, a dropdown, or a link with a dropdown beside it. The menu is a
// disclosure (a button with aria-expanded), the pattern for site navigation, not an ARIA menu.

import { format } from '../../common/format-message.ts';
import { localePrefix } from '../../common/locale-prefix.ts';
import type { SiteConfig } from '../../generator/config/config.ts';
import { useHref, useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';
import { labelOf, placeLabel } from './labels.ts';

type NavItemConfig = SiteConfig['navbar']['items'][number];

export function NavItem({ item }: { item: NavItemConfig }) {
  const { config, page, graph, t } = useTheme();
  const prefix = localePrefix(config, page.locale);
  const href = (to: string) => `${prefix}${to}`;
  const served = useHref();
  const label = labelOf(t, item.label, 'nav');
  const current = (to: string) => page.route.startsWith(href(to));
  const entries = (item.items ?? []).map((link) => {
    if ('href' in link) return { href: link.href, label: labelOf(t, link.label, 'nav'), current: false, within: false };
    const target = graph.pages[href(link.to).replace(/#.*$/, '')];
    // A route that is no page is reported by the build (generator/config/config-links.ts); the route stands in.
    const label = link.label ? labelOf(t, link.label, 'nav') : target ? placeLabel(graph, target.route) : href(link.to);
    return {
      href: href(link.to),
      label,
      current: page.route === href(link.to),
      within: page.route.startsWith(href(link.to)),
    };
  });
  const menuId = `menu-${item.label}`;
  const active = item.to ? current(item.to) : entries.some((e) => e.within);
  if (!item.items) {
    return (
      <li className="navbar-item">
        <a className="navbar-link" href={served(href(item.to!))} aria-current={active ? 'page' : undefined}>
          {label}
        </a>
      </li>
    );
  }
  return (
    <li className="navbar-item dropdown">
      {item.to ? (
        <>
          <a
            className={active ? 'navbar-link active' : 'navbar-link'}
            href={served(href(item.to))}
            aria-current={page.route === href(item.to) ? 'page' : undefined}
          >
            {label}
          </a>
          <button
            type="button"
            className="dropdown-toggle dropdown-caret"
            aria-expanded="false"
            aria-controls={menuId}
            aria-label={format(t.nav.submenu, { label })}
          >
            <Icon name="chevronDown" size={16} />
          </button>
        </>
      ) : (
        <button
          type="button"
          className={active ? 'navbar-link dropdown-toggle active' : 'navbar-link dropdown-toggle'}
          aria-expanded="false"
          aria-controls={menuId}
        >
          {label}
          <Icon name="chevronDown" size={16} />
        </button>
      )}
      <ul className="dropdown-menu" id={menuId}>
        {entries.map((entry) => (
          <li key={entry.href}>
            <a href={served(entry.href)} aria-current={entry.current ? 'page' : undefined}>
              {entry.label}
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}
