// The not-found page of a locale, served with status 404 for any unknown path under it.
import { useTheme } from '../context.ts';
import { localePrefix } from '../../common/locale-prefix.ts';
import { Icon } from '../icons/Icon.tsx';

export function NotFoundPage() {
  const { t, config, page } = useTheme();
  const prefix = localePrefix(config, page.locale);
  return (
    <main id="main" className="not-found" tabIndex={-1}>
      <div className="not-found-inner">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{t.notFound.heading}</h1>
        <p className="lead">{t.notFound.text}</p>
        <p>{t.notFound.advice}</p>
        <p className="cta-actions">
          <a className="button button-primary" href={`${prefix}/`}>
            <Icon name="home" size={18} />
            {t.notFound.home}
          </a>
          {config.contact && (
            <a className="button button-secondary" href={`${prefix}${config.contact.route}`}>
              {t.nav.contactUs}
            </a>
          )}
        </p>
      </div>
    </main>
  );
}
