// The search engine of one locale: Pagefind's browser module from that locale's bundle
// (generator/extras/search-index.ts), loaded once per bundle. Only the types are written here; the
// module itself comes with the index, so engine and index always match.
//
// This loader is part of every page's runtime (a few hundred bytes), so that the engine starts
// loading the moment the visitor shows intent (theme/client/search/index.ts) and not only after the
// dialog's code has arrived: Pagefind's module, its worker, WebAssembly and index metadata are a
// chain of requests, and on a slow phone the chain, not the bytes, is what takes the time.

import { siteBase } from '../runtime-data.ts';

export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string; section?: string; keywords?: string };
  sub_results?: { title: string; url: string; excerpt: string }[];
}

export interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  mergeIndex(path: string, options: Record<string, unknown>): Promise<void>;
  search(query: string): Promise<{ results: { data(): Promise<PagefindResultData> }[] } | null>;
}

/** How Pagefind ranks (generator/extras/search-index.ts writes what it ranks): a word of the
 * page's title counts most; a keyword of the front matter counts as a heading of the page does
 * (Pagefind weighs an `h2` 6), as the editor names with it what the page is about, in words the
 * text may not use (the other language's: "uptime" for the Servicelevel); the section's name is
 * no reason to show a page. */
const RANKING = { metaWeights: { title: 100, keywords: 6, section: 0 } };

/** What the engine is told of the site, for the bundle and its shards alike (shards.ts). */
export const searchOptions = () => ({ baseUrl: siteBase(), excerptLength: 22, ranking: RANKING });

async function load(bundle: string): Promise<Pagefind> {
  const module = (await import(/* @vite-ignore */ `${bundle}pagefind.js`)) as Pagefind;
  // The index holds routes; Pagefind puts the site's baseUrl before each result's URL.
  await module.options({ basePath: bundle, ...searchOptions() });
  // Starts Pagefind's web worker, which fetches the WebAssembly and the index's metadata; the
  // first search waits for it.
  await module.init();
  return module;
}

/** `load` once per bundle, kept while it loads and after it has; a failed load is tried again on the next call. */
export function oncePerBundle<T>(load: (bundle: string) => Promise<T>): (bundle: string) => Promise<T> {
  const loads = new Map<string, Promise<T>>();
  return (bundle) => {
    let loading = loads.get(bundle);
    if (!loading) {
      loading = load(bundle);
      loads.set(bundle, loading);
      loading.catch(() => loads.delete(bundle));
    }
    return loading;
  };
}

/** Starts loading a bundle, once. */
export const engineFor = oncePerBundle(load);
