// The full-text search index: Pagefind (a Rust indexer shipped in the npm registry, with stemming
// for German and English), one bundle per locale under `<baseUrl>pagefind/<locale>/`. The browser
// fetches only the bundle of the page's language, and only once the visitor opens search; the
// index is split into chunks, so a query loads the few that hold its words.
//
// Pagefind is given a small document per page (title, description, the Markdown body) rather than
// the rendered page, so navbar, sidebars and footers never turn up as matches, and headings keep
// their ids: a hit under a heading links to that heading.
//
// Pagefind takes about 2 ms a page, and has no incremental mode. A locale of more than a few
// hundred pages is indexed in shards (search-shards.ts), each a bundle of its own that the browser
// merges into the first. A production build keeps each shard in the output store (.cache/outputs/,
// checked against the hash of its bytes when read), keyed by the hash of its records and
// Pagefind's version; the store's folder is the code's version. A shard whose pages did not change
// is copied and runs no Pagefind: an edit of one page indexes that page's shard again.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Pagefind from 'pagefind';
import { escapeHtml } from '../../common/escape.ts';
import { SEARCH_SHARDS_FILE, searchBundleDir, searchShardDir, shardFolder } from '../../common/search-bundle.ts';
import type { SiteConfig } from '../config/config.ts';
import { localePrefix } from '../config/config.ts';
import { resolveMarkers } from '../render/render.ts';
import type { LocaleId, Page, SiteGraph } from '../types.ts';
import { inLanes } from '../write/in-lanes.ts';
import type { OutputStore } from '../write/output-store.ts';
import { searchShards } from './search-shards.ts';

/** Pagefind once imported: its service is closed with no await between the count and the close. */
let pagefind: typeof Pagefind | undefined;
/** Pagefind, imported when a bundle has to be made: a build that finds its bundles stored does not load it. */
const loadPagefind = async () => (pagefind ??= await import('pagefind'));
/** Calls of searchIndexFiles under way in this process. Pagefind runs one service per process,
 * shared by all of them (two builds at once, the dev server beside a build, a script over several
 * sites): the last one to finish closes it. */
let indexing = 0;

/** The files of a bundle the search dialog uses; Pagefind's own UIs and its highlighter are left out. */
const USED =
  /^(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[a-z-]+\.pagefind|pagefind\.[^/]+\.pf_meta|(index|fragment|filter)\/[^/]+)$/;
/** What a shard merged into the first one needs: its index. Script, worker and WebAssembly are the first's. */
const MERGED = /^(pagefind-entry\.json|pagefind\.[^/]+\.pf_meta|(index|fragment|filter)\/[^/]+)$/;

export interface SearchRecord {
  url: string;
  html: string;
}

/** Pages a visitor finds by search: those with text of their own that are listed and published. */
export function searchablePages(graph: SiteGraph): Page[] {
  return Object.values(graph.pages).filter((p) => 'doc' in p && p.doc && !p.draft && !p.unlisted && !p.noindex);
}

/** The name of the section a page belongs to (the title of the section's first page), for a
 * result to say where it leads; none for the section's own first page and standalone pages. */
function sectionOf(config: SiteConfig, graph: SiteGraph, page: Page): string | undefined {
  const home = page.section ? graph.pages[`${localePrefix(config, page.locale)}/${page.section}/`] : undefined;
  return home && home !== page ? home.title : undefined;
}

/** What Pagefind indexes for one page: its title (weighted most: the page about a thing ranks
 * above pages that mention it), its description, the body, and last the front matter's keywords
 * (words a visitor searches by that the text may not use: "imprint" for the Impressum), weighted
 * as a heading of the page (the theme's client sets the weights: theme/client/search/engine.ts). The section and the keywords go along as
 * metadata: the section is shown with the result; the keywords, searched but not text of the page,
 * are never its excerpt. */
export function searchRecord(config: SiteConfig, graph: SiteGraph, page: Page): SearchRecord {
  const source = 'doc' in page ? page.doc : undefined;
  const body = source ? resolveMarkers(graph.documents[source]?.html ?? '', graph.links[source], config) : '';
  const keywords = (source && graph.documents[source]?.frontMatter.keywords) || [];
  const lang = escapeHtml(config.locales[page.locale].htmlLang);
  const title = escapeHtml(page.title);
  const section = sectionOf(config, graph, page);
  const list = escapeHtml(keywords.join(', '));
  const meta = [
    section ? `<meta data-pagefind-meta="section:${escapeHtml(section)}">` : '',
    keywords.length ? `<meta data-pagefind-meta="keywords:${list}">` : '',
  ].join('');
  return {
    url: page.route,
    html: `<!doctype html><html lang="${lang}"><head><title>${title}</title>${meta}</head><body><main data-pagefind-body><h1 data-pagefind-weight="10">${title}</h1><p data-pagefind-weight="2">${escapeHtml(page.description)}</p>${body}</main></body></html>`,
  };
}

export interface SearchIndexFile {
  /** Relative to the site root, no leading slash. */
  path: string;
  contents: Uint8Array;
}

/** The last shard made per folder, by its key: watch mode (which has no output store) makes a shard again only when one of its pages changed. */
const lastShard = new Map<string, { key: string; files: SearchIndexFile[] }>();

/** Builds every locale's bundle, shard by shard, or takes a shard from `store` (production builds)
 * or from the last build of this process (watch mode). */
export async function searchIndexFiles(
  config: SiteConfig,
  graph: SiteGraph,
  store?: OutputStore,
): Promise<SearchIndexFile[]> {
  const pages = searchablePages(graph);
  indexing++;
  try {
    const bundles: SearchIndexFile[] = [];
    // One shard after the other: Pagefind holds a whole shard's index in its memory while it
    // builds it (1.3 GB for 7,000 pages of the N = 5,000 benchmark in one bundle).
    for (const locale of graph.locales) {
      const shards = searchShards(pages.filter((p) => p.locale === locale));
      for (const [index, shard] of shards.entries()) {
        const dir = searchShardDir(locale, index);
        // Each record is made when it is hashed and again when it is sent, never all at once.
        const records = shard.map((p) => () => searchRecord(config, graph, p));
        const key = recordsKey(config.locales[locale].htmlLang, records, index === 0);
        const id = `search:${locale}:${key}`;
        const memory = lastShard.get(dir);
        let files = store ? storedShard(store, id, dir, index) : memory?.key === key ? memory.files : undefined;
        if (!files) {
          files = await buildShard(config, locale, dir, index, records);
          if (store) void store.setFiles(id, files);
          else lastShard.set(dir, { key, files });
        }
        bundles.push(...files);
      }
      const merged = shards.slice(1).map((_, i) => shardFolder(i + 1));
      bundles.push({
        path: `${searchBundleDir(locale)}${SEARCH_SHARDS_FILE}`,
        contents: Buffer.from(JSON.stringify(merged)),
      });
    }
    return bundles;
  } finally {
    // The binary runs as a service; leaving it running would keep the process alive. Closing it
    // while another build of this process indexes failed that build ("Pagefind backend closed").
    if (--indexing === 0) await pagefind?.close();
  }
}

/** A shard from the store: its bytes matched their hash; its names must still be this shard's files. */
function storedShard(store: OutputStore, id: string, dir: string, index: number): SearchIndexFile[] | undefined {
  const used = index === 0 ? USED : MERGED;
  return store.getFiles(id, (files) =>
    files.every((f) => f.path.startsWith(dir) && used.test(f.path.slice(dir.length))),
  );
}

/** The key of a shard: Pagefind's version, the language, whether it is the first (which carries
 * the engine) and every record. The records are hashed one by one, not joined: at N = 5,000 they
 * are a few hundred megabytes. */
function recordsKey(lang: string, records: (() => SearchRecord)[], first: boolean): string {
  const sha = createHash('sha1').update(`${pagefindVersion()}\0${lang}\0${first ? 'first' : 'merged'}`);
  for (const record of records) {
    const { url, html } = record();
    sha.update(`\0${url}\0${html}`);
  }
  return sha.digest('hex').slice(0, 16);
}

let version: string | undefined;

/** Pagefind's version (a bundle is made by its binary), and the binary's path when one is set by hand. */
function pagefindVersion(): string {
  if (version === undefined) {
    let found = 'unknown';
    try {
      const main = fileURLToPath(import.meta.resolve('pagefind'));
      found = (
        JSON.parse(readFileSync(path.join(path.dirname(main), '..', 'package.json'), 'utf8')) as { version: string }
      ).version;
    } catch {
      // Not found the usual way: the bundle's key then rests on the code's version alone.
    }
    version = [found, process.env.PAGEFIND_BINARY_PATH ?? '', process.env.PAGEFIND_EXTENDED_BINARY_PATH ?? ''].join(
      '\0',
    );
  }
  return version;
}

/** How many pages are on their way to Pagefind at once: enough that its process never waits for
 * the next, few enough that the pages' text is not all held in its pipe at once. */
const IN_FLIGHT = 256;

/** A shard of a locale's bundle from its records, each made when it is sent, written to `dir`. */
async function buildShard(
  config: SiteConfig,
  locale: LocaleId,
  dir: string,
  index: number,
  records: (() => SearchRecord)[],
): Promise<SearchIndexFile[]> {
  const language = config.locales[locale].htmlLang.split('-')[0].toLowerCase();
  const created = await (await loadPagefind()).createIndex({
    forceLanguage: language,
    excludeSelectors: ['.hash-link'],
  });
  const pagefindIndex = created.index;
  if (!pagefindIndex)
    throw new Error(`the search index for "${locale}" could not be created: ${created.errors.join('; ')}`);
  // The service takes files concurrently; one at a time, the round trips dominate.
  await inLanes(records, IN_FLIGHT, async (record) => {
    const { url, html } = record();
    const added = await pagefindIndex.addHTMLFile({ url, content: html });
    if (added.errors.length) throw new Error(`the search index could not take ${url}: ${added.errors.join('; ')}`);
  });
  const written = await pagefindIndex.getFiles();
  if (written.errors.length)
    throw new Error(`the search index for "${locale}" could not be written: ${written.errors.join('; ')}`);
  await pagefindIndex.deleteIndex();
  const used = index === 0 ? USED : MERGED;
  return written.files.filter((f) => used.test(f.path)).map((f) => ({ path: `${dir}${f.path}`, contents: f.content }));
}
