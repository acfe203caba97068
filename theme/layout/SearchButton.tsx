// The search button of the navbar and its dialog. Search needs JavaScript, so without it neither
// is shown. The dialog is written here with every text in the page's language; the client
// (theme/client/search/) fills in the results and loads the index of this locale on first open.

import { contactRoute } from '../../common/locale-prefix.ts';
import { searchBundleUrl } from '../../common/search-bundle.ts';
import { useHref, useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';

export const SEARCH_DIALOG_ID = 'search-dialog';

export function SearchButton() {
  const { config, page, t } = useTheme();
  const href = useHref();
  const route = contactRoute(config, page.locale);
  const contact = route && href(route);
  const s = t.search;
  const strings = { count: s.count, countOne: s.countOne, none: s.none, loading: s.loading, failed: s.failed };
  return (
    <>
      <button
        type="button"
        className="search-button icon-button needs-js"
        title={`${s.open} (Ctrl+K)`}
        aria-haspopup="dialog"
        aria-controls={SEARCH_DIALOG_ID}
        aria-keyshortcuts="Control+K Meta+K /"
      >
        <Icon name="search" />
        {/* Its name; the button shows only the icon, as the navbar's other icon buttons do. */}
        <span className="visually-hidden">{s.button}</span>
      </button>
      <dialog
        className="search-dialog"
        id={SEARCH_DIALOG_ID}
        aria-label={s.title}
        data-bundle={searchBundleUrl(config, page.locale)}
        data-strings={JSON.stringify(strings)}
      >
        <div className="search-head">
          <Icon name="search" className="search-head-icon" />
          <input
            className="search-input"
            // A combobox (ARIA's pattern for a field with a list of suggestions) is a text field in
            // HTML: `type="search"` allows no role but searchbox.
            type="text"
            role="combobox"
            aria-label={s.title}
            aria-autocomplete="list"
            aria-expanded="false"
            aria-controls="search-results"
            placeholder={s.placeholder}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="go"
          />
          <button type="button" className="search-close icon-button" aria-label={s.close} title={s.close}>
            <Icon name="close" />
          </button>
        </div>
        <div className="search-body">
          <div className="search-results" id="search-results" role="listbox" aria-label={s.results} hidden />
          <div className="search-empty" hidden>
            <p className="search-empty-text" />
            {contact && (
              <p>
                {s.noneHint} <a href={contact}>{s.contact}</a>
              </p>
            )}
          </div>
          <p className="search-status" role="status" />
        </div>
        <p className="search-keys" aria-hidden="true">
          <span>
            <kbd>↑</kbd>
            <kbd>↓</kbd> {s.keySelect}
          </span>
          <span>
            <kbd>Enter</kbd> {s.keyOpen}
          </span>
          <span>
            <kbd>Esc</kbd> {s.keyClose}
          </span>
        </p>
      </dialog>
    </>
  );
}
