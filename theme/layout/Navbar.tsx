// The navbar of spec 2.2: left the section menus, right the appointment link, the language menu
// and the colour mode. At 996 px and below, the hamburger opens the same links in MobileMenu.
import { useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';
import { ActionLink } from './ActionLink.tsx';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { Brand } from './Logo.tsx';
import { NavItem } from './NavItem.tsx';
import { SearchButton } from './SearchButton.tsx';

export function Navbar() {
  const { config, t, themeConfig } = useTheme();
  const cta = themeConfig.navbar.cta;
  return (
    <header className="navbar">
      <nav className="navbar-inner" aria-label={t.nav.mainMenu}>
        <button
          type="button"
          className="navbar-toggle icon-button"
          aria-label={t.nav.openMenu}
          aria-expanded="false"
          aria-controls="mobile-menu"
          aria-haspopup="dialog"
        >
          <Icon name="menu" size={22} />
        </button>
        <Brand />
        <ul className="navbar-items">
          {config.navbar.items.map((item) => (
            <NavItem key={item.label} item={item} />
          ))}
        </ul>
        <div className="navbar-right">
          <SearchButton />
          {cta && <ActionLink action={cta} className="button button-primary navbar-cta" iconSize={18} wrapLabel />}
          <LanguageMenu />
          <ColorModeToggle />
        </div>
      </nav>
    </header>
  );
}
