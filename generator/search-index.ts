// The full-text search index: Pagefind (a Rust indexer shipped in the npm registry, with stemming
// for German and English), one bundle per locale under `<baseUrl>pagefind/<locale>/`. The browser
// fetches only the bundle of the page's language, and only once the visitor opens search; the
// index is split into chunks, so a query loads the few that hold its words.
//
// Pagefind is given a small document per page (title, description, the Markdown body) rather than
// the rendered page, so navbar, sidebars and footers never turn up as matches, and headings keep
// their ids: a hit under a heading links to that heading.
import * as pagefind from 'pagefind';
import type { SiteConfig } from './config.ts';
import { escapeHtml } from '../common/escape.ts';
import { hashOf } from './load.ts';
import { resolveMarkers } from './render.ts';
import { searchBundleDir } from '../common/search-bundle.ts';
import type { LocaleId, Page, SiteGraph } from './types.ts';


/** The files of a bundle the search dialog uses; Pagefind's own UIs and its highlighter are left out. */
const USED = /^(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[a-z-]+\.pagefind|pagefind\.[^/]+\.pf_meta|(index|fragment|filter)\/[^/]+)$/;

export interface SearchRecord {
  url: string;
  html: string;
}

/** Pages a visitor finds by search: those with text of their own that are listed and published. */
export function searchablePages(graph: SiteGraph): Page[] {
  return Object.values(graph.pages).filter((p) => 'doc' in p && p.doc && !p.draft && !p.unlisted && !p.noindex);
}

/** What Pagefind indexes for one page. */
export function searchRecord(config: SiteConfig, graph: SiteGraph, page: Page): SearchRecord {
  const source = 'doc' in page ? page.doc : undefined;
  const body = source ? resolveMarkers(graph.documents[source]?.html ?? '', graph.links[source]) : '';
  const lang = escapeHtml(config.locales[page.locale].htmlLang);
  const title = escapeHtml(page.title);
  return {
    url: page.route,
    html: `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><main data-pagefind-body><h1>${title}</h1><p>${escapeHtml(page.description)}</p>${body}</main></body></html>`,
  };
}

export interface SearchIndexFile {
  /** Relative to the site root, no leading slash. */
  path: string;
  contents: Uint8Array;
}

/** The last bundle made per locale, by the hash of its records: watch mode rebuilds it only when a listed page changed. */
const lastBundle = new Map<LocaleId, { key: string; files: SearchIndexFile[] }>();

/** Builds every locale's bundle. Runs Pagefind's binary; reads and writes no file. */
export async function searchIndexFiles(config: SiteConfig, graph: SiteGraph): Promise<SearchIndexFile[]> {
  const pages = searchablePages(graph);
  const out: SearchIndexFile[] = [];
  try {
    const bundles = await Promise.all(
      graph.locales.map(async (locale) => {
        const records = pages.filter((p) => p.locale === locale).map((p) => searchRecord(config, graph, p));
        const key = hashOf(JSON.stringify([config.locales[locale].htmlLang, records]));
        let bundle = lastBundle.get(locale);
        if (bundle?.key !== key) {
          bundle = { key, files: await buildBundle(config, locale, records) };
          lastBundle.set(locale, bundle);
        }
        return bundle.files;
      }),
    );
    for (const files of bundles) out.push(...files);
  } finally {
    // The binary runs as a service; leaving it running would keep the process alive.
    await pagefind.close();
  }
  return out;
}

async function buildBundle(config: SiteConfig, locale: LocaleId, records: SearchRecord[]): Promise<SearchIndexFile[]> {
  const language = config.locales[locale].htmlLang.split('-')[0].toLowerCase();
  const created = await pagefind.createIndex({ forceLanguage: language, excludeSelectors: ['.hash-link'] });
  const index = created.index;
  if (!index) throw new Error(`the search index for "${locale}" could not be created: ${created.errors.join('; ')}`);
  // The service takes files concurrently; one at a time, the round trips dominate.
  const added = await Promise.all(records.map((r) => index.addHTMLFile({ url: r.url, content: r.html })));
  added.forEach((result, i) => {
    if (result.errors.length) throw new Error(`the search index could not take ${records[i].url}: ${result.errors.join('; ')}`);
  });
  const written = await index.getFiles();
  if (written.errors.length) throw new Error(`the search index for "${locale}" could not be written: ${written.errors.join('; ')}`);
  await index.deleteIndex();
  const dir = searchBundleDir(locale);
  return written.files.filter((f) => USED.test(f.path)).map((f) => ({ path: `${dir}${f.path}`, contents: f.content }));
}
