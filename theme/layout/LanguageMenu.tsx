// The language dropdown: the same page in the other locales (their home page where a page has
// no translation, which the build forbids for content but not for the 404 page).

import { localePrefix } from '../../common/locale-prefix.ts';
import { useHref, useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';

export function LanguageMenu() {
  const { config, page, alternates, t } = useTheme();
  const locales = Object.keys(config.locales);
  const href = useHref();
  // A site in one language has nothing to switch to.
  if (locales.length < 2) return null;
  return (
    <div className="dropdown dropdown-end language-menu">
      <button
        type="button"
        className="dropdown-toggle icon-button language-toggle"
        aria-expanded="false"
        aria-controls="menu-language"
      >
        <Icon name="globe" size={18} />
        <span className="visually-hidden">{`${t.nav.language}: `}</span>
        <span>{config.locales[page.locale].label}</span>
        <Icon name="chevronDown" size={14} />
      </button>
      <ul className="dropdown-menu" id="menu-language">
        {locales.map((locale) => {
          const target = alternates.find((a) => a.locale === locale)?.route ?? `${localePrefix(config, locale)}/`;
          return (
            <li key={locale}>
              <a
                href={href(target)}
                lang={config.locales[locale].htmlLang}
                hrefLang={config.locales[locale].htmlLang}
                aria-current={locale === page.locale ? 'true' : undefined}
                data-locale-link=""
              >
                {config.locales[locale].label}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
