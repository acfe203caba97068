// Where the search index of a locale lives: written by generator/extras/search-index.ts, named in the
// page by the theme and fetched by the search dialog (theme/client/search/) only once a visitor opens it.
//
// A locale's index may be made of shards (generator/extras/search-shards.ts): the first is the
// bundle itself, with Pagefind's script, worker and WebAssembly; the others are indexes in folders of
// the bundle, listed in its `shards.json`, which the browser merges into the first.

export const SEARCH_DIR = 'pagefind';

/** The list of a bundle's further shards: a JSON array of folders relative to the bundle. */
export const SEARCH_SHARDS_FILE = 'shards.json';

/** The output folder of a locale's bundle, relative to the site root, with a trailing slash. */
export function searchBundleDir(locale: string): string {
  return `${SEARCH_DIR}/${locale}/`;
}

/** The folder of a locale's shard `index` (0 is the bundle itself), relative to the site root. */
export function searchShardDir(locale: string, index: number): string {
  return index === 0 ? searchBundleDir(locale) : `${searchBundleDir(locale)}${shardFolder(index)}`;
}

/** The folder of shard `index` (from 1) within the bundle, with a trailing slash. */
export function shardFolder(index: number): string {
  return `shard-${index}/`;
}

/** The URL the browser loads a locale's bundle from. */
export function searchBundleUrl(config: { baseUrl: string }, locale: string): string {
  return `${config.baseUrl}${searchBundleDir(locale)}`;
}
