// A query's results from the engine (engine.ts): the best pages, each with its excerpt and the
// heading its best match stands under.
import { engineFor } from './engine.ts';

export interface SearchHit {
  url: string;
  /** Text with the matched words in `<mark>`, as Pagefind returns it. */
  excerpt: string;
  title: string;
  /** The heading the best match stands under, when it is not the page's title. */
  heading?: string;
}

/** The best `limit` pages for a query, best first; undefined when `current` says that the query
 * was overtaken by a newer one before its pages were fetched (the index chunks its search loaded
 * stay loaded, so the newer query, which shares its first letters, finds them there). */
export async function searchPages(bundle: string, query: string, limit: number, current: () => boolean = () => true): Promise<{ total: number; hits: SearchHit[] } | undefined> {
  const engine = await engineFor(bundle);
  // Of the queries typed while the engine loaded, only the latest is run.
  if (!current()) return undefined;
  const found = await engine.search(query);
  if (!found) return { total: 0, hits: [] };
  if (!current()) return undefined;
  const data = await Promise.all(found.results.slice(0, limit).map((r) => r.data()));
  const hits = data.map((d) => {
    const title = d.meta.title ?? d.url;
    const sub = d.sub_results?.[0];
    const underHeading = sub && sub.url !== d.url && sub.title !== title;
    return { url: underHeading ? sub.url : d.url, excerpt: sub?.excerpt ?? d.excerpt, title, heading: underHeading ? sub.title : undefined };
  });
  return { total: found.results.length, hits };
}
