// The language dropdown: the same page in the other locales.
import { useTheme } from '../context.ts';
import { localePrefix } from '../../generator/config.ts';

export function LanguageMenu() {
  const { config, page, alternates, t } = useTheme();
  const locales = Object.keys(config.locales);
  return (
    <div className="navbar-item dropdown dropdown-right language-menu">
      <button type="button" className="dropdown-label" aria-haspopup="true" aria-expanded="false">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.3-4.4A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.3 4.4A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.3-4.4C8.9 5 8.4 6.4 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 6.4c.6-1.3 1-2.8 1.3-4.4h3a8 8 0 0 1-4.3 4.4Zm1.7-6.4a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
        </svg>
        <span>{config.locales[page.locale].label}</span>
        <span className="visually-hidden"> ({t.nav.language})</span>
      </button>
      <ul className="dropdown-menu">
        {locales.map((locale) => {
          const target = alternates.find((a) => a.locale === locale)?.route ?? `${localePrefix(config, locale)}/`;
          return (
            <li key={locale}>
              <a href={target} lang={config.locales[locale].htmlLang} hrefLang={config.locales[locale].htmlLang} aria-current={locale === page.locale ? 'true' : undefined}>
                {config.locales[locale].label}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
