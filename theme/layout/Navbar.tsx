// The navbar of spec 2.2: left the section menus, right the appointment link, colour mode and
// language. Dropdowns open on hover and keyboard focus with CSS alone; the client adds toggles.
import { useTheme, useTitleOf } from '../context.ts';
import { localePrefix } from '../../generator/config.ts';
import { labelOf } from './labels.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';

export function Navbar() {
  const { config, page, t } = useTheme();
  const titleOf = useTitleOf();
  const prefix = localePrefix(config, page.locale);
  const href = (to: string) => `${prefix}${to}`;
  const active = (to: string) => page.route.startsWith(href(to));
  return (
    <header className="navbar">
      <nav className="navbar-inner" aria-label={t.nav.mainMenu}>
        <a className="navbar-brand" href={`${prefix}/`}>
          <img src={config.navbar.logo.src} width={config.navbar.logo.width} height={config.navbar.logo.height} alt="" />
          <span>{config.title}</span>
        </a>
        <button type="button" className="navbar-toggle" aria-label={t.nav.openMenu} aria-expanded="false" aria-controls="mobile-menu" hidden>
          <span aria-hidden="true" className="navbar-toggle-icon" />
        </button>
        <ul className="navbar-items">
          {config.navbar.items.map((item) => (
            <li key={item.label} className={item.items ? 'navbar-item dropdown' : 'navbar-item'}>
              {item.to ? (
                <a href={href(item.to)} aria-current={active(item.to) ? 'page' : undefined} className={active(item.to) ? 'active' : undefined}>
                  {labelOf(t, item.label)}
                </a>
              ) : (
                <button type="button" className="dropdown-label" aria-haspopup="true" aria-expanded="false">
                  {labelOf(t, item.label)}
                </button>
              )}
              {item.items && (
                <ul className="dropdown-menu">
                  {item.items.map((link) =>
                    'to' in link ? (
                      <li key={link.to}>
                        <a href={href(link.to)} aria-current={page.route === href(link.to) ? 'page' : undefined}>
                          {link.label ? labelOf(t, link.label) : titleOf(href(link.to))}
                        </a>
                      </li>
                    ) : (
                      <li key={link.href}>
                        <a href={link.href}>{labelOf(t, link.label)}</a>
                      </li>
                    ),
                  )}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <div className="navbar-right">
          <a className="button button-primary navbar-cta" href={href(config.navbar.contact)} data-track="booking-link-click">
            {t.nav.contact}
          </a>
          <ColorModeToggle />
          <LanguageMenu />
        </div>
      </nav>
    </header>
  );
}
