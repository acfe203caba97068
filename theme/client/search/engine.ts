// The search engine of one locale: Pagefind's browser module from that locale's bundle
// (generator/search-index.ts), loaded once per bundle. Only the types are written here; the
// module itself comes with the index, so engine and index always match.

export interface SearchHit {
  url: string;
  /** Text with the matched words in `<mark>`, as Pagefind returns it. */
  excerpt: string;
  title: string;
  /** The heading the best match stands under, when it is not the page's title. */
  heading?: string;
}

interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results?: { title: string; url: string; excerpt: string }[];
}

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{ results: { data(): Promise<PagefindResultData> }[] } | null>;
}

const engines = new Map<string, Promise<Pagefind>>();

async function load(bundle: string): Promise<Pagefind> {
  const module = (await import(/* @vite-ignore */ `${bundle}pagefind.js`)) as Pagefind;
  await module.options({ basePath: bundle, excerptLength: 22 });
  await module.init();
  return module;
}

/** Starts loading a bundle (when the dialog opens, so it is ready when the visitor has typed). */
export function engineFor(bundle: string): Promise<Pagefind> {
  let engine = engines.get(bundle);
  if (!engine) {
    engine = load(bundle);
    engines.set(bundle, engine);
    engine.catch(() => engines.delete(bundle));
  }
  return engine;
}

/** The best `limit` pages for a query, best first. */
export async function searchPages(bundle: string, query: string, limit: number): Promise<{ total: number; hits: SearchHit[] }> {
  const engine = await engineFor(bundle);
  const found = await engine.search(query);
  if (!found) return { total: 0, hits: [] };
  const data = await Promise.all(found.results.slice(0, limit).map((r) => r.data()));
  const hits = data.map((d) => {
    const title = d.meta.title ?? d.url;
    const sub = d.sub_results?.[0];
    const underHeading = sub && sub.url !== d.url && sub.title !== title;
    return { url: underHeading ? sub.url : d.url, excerpt: sub?.excerpt ?? d.excerpt, title, heading: underHeading ? sub.title : undefined };
  });
  return { total: found.results.length, hits };
}
