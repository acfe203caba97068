// The not-found page of a locale, served with status 404 for any unknown path under it.

import { contactRoute, localePrefix } from '../../common/locale-prefix.ts';
import { useHref, useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';
import { SEARCH_DIALOG_ID } from '../layout/SearchButton.tsx';

export function NotFoundPage() {
  const { t, config, page } = useTheme();
  const href = useHref();
  const prefix = localePrefix(config, page.locale);
  const contact = contactRoute(config, page.locale);
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
          {/* Opens the navbar's search dialog (theme/client/search/), with the words of the
           * address that was not found already typed. Search needs JavaScript, as in the navbar. */}
          <button
            type="button"
            className="search-button button button-secondary needs-js"
            data-search-from-path=""
            aria-haspopup="dialog"
            aria-controls={SEARCH_DIALOG_ID}
          >
            <Icon name="search" size={18} />
            {t.notFound.search}
          </button>
          <a className="button button-primary" href={href(`${prefix}/`)}>
            <Icon name="home" size={18} />
            {t.notFound.home}
          </a>
          {contact && (
            <a className="button button-secondary" href={href(contact)}>
              {t.nav.contactUs}
            </a>
          )}
        </p>
      </div>
    </main>
  );
}
