// Where the search index of a locale lives: written by generator/extras/search-index.ts, named in the
// page by the theme and fetched by the search dialog (theme/client/search/) only once a visitor opens it.

export const SEARCH_DIR = 'pagefind';

/** The output folder of a locale's bundle, relative to the site root, with a trailing slash. */
export function searchBundleDir(locale: string): string {
  return `${SEARCH_DIR}/${locale}/`;
}

/** The URL the browser loads a locale's bundle from. */
export function searchBundleUrl(config: { baseUrl: string }, locale: string): string {
  return `${config.baseUrl}${searchBundleDir(locale)}`;
}
