// Where the search index of a locale lives: written by generator/search-index.ts, fetched by the
// search dialog (theme/client/search/) only once a visitor opens it.
import type { SiteConfig } from './config.ts';
import type { LocaleId } from './types.ts';

export const SEARCH_DIR = 'pagefind';

/** The output folder of a locale's bundle, relative to the site root, with a trailing slash. */
export function searchBundleDir(locale: LocaleId): string {
  return `${SEARCH_DIR}/${locale}/`;
}

/** The URL the browser loads a locale's bundle from. */
export function searchBundleUrl(config: SiteConfig, locale: LocaleId): string {
  return `${config.baseUrl}${searchBundleDir(locale)}`;
}
