// A query's results from the engine (engine.ts): the best pages, each with its excerpt, the
// heading its best match stands under and the section it belongs to.
//
// Pagefind indexes single letters too ("x" in `-x`, "B." in "z. B."), and a word it does not know
// can find those: "xyzzyqq" found a page by its "x". A page counts as found only where a word it
// marked is the query's word, or the same word in another form (Datenbanken, Datenbank), so a query
// none of whose words is on any page shows the empty state instead of unrelated pages.
import type { PagefindResultData } from './engine.ts';
import { wholeIndex } from './shards.ts';

export interface SearchHit {
  url: string;
  /** Text with the matched words in `<mark>`, as Pagefind returns it. */
  excerpt: string;
  title: string;
  /** The heading the best match stands under, when it is not the page's title. */
  heading?: string;
  /** The section the page belongs to ("Legal"), when it is not the section's own page. */
  section?: string;
}

/** Letters only, lower case, without accents: how two forms of a word are compared. */
function plain(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const wordsOf = (text: string) =>
  plain(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether `found` is `typed`, a word `typed` begins (the visitor is still typing), or the same word
 * with another ending: all of `typed` but its last three letters at most, and three letters or more
 * (Datenbanken, Datenbank; not Bananenbrot, bans). */
export function sameWord(typed: string, found: string): boolean {
  let common = 0;
  while (common < typed.length && common < found.length && typed[common] === found[common]) common++;
  if (common === typed.length) return true;
  return common >= Math.max(3, typed.length - 3);
}

/** Whether a result's marked words, its title or its keywords answer the query (the module's
 * comment says why this is asked; a page found by a keyword has no word marked). */
export function answers(
  query: string,
  data: Pick<PagefindResultData, 'excerpt' | 'sub_results'> & { meta?: PagefindResultData['meta'] },
): boolean {
  const typed = wordsOf(query);
  const excerpts = [data.excerpt, ...(data.sub_results ?? []).map((s) => s.excerpt)].join(' ');
  const marked = [...excerpts.matchAll(/<mark>([^<]*)<\/mark>/g)].flatMap((m) => wordsOf(m[1]));
  const named = wordsOf(`${data.meta?.title ?? ''} ${data.meta?.keywords ?? ''}`);
  return [...marked, ...named].some((word) => typed.some((t) => sameWord(t, word)));
}

/** How a title answers a query, lower first: 0 it is the query; 1 and a little more for every
 * other word it has, it holds every word of the query; 2 neither. The page about a thing comes
 * before the pages that mention it, whatever the text's length: "VPN with WireGuard" before "A
 * custom CRM in the customer's own data centre, operated over WireGuard". */
export function titleRank(query: string, title: string): number {
  const typed = wordsOf(query);
  const words = wordsOf(title);
  if (typed.join(' ') === words.join(' ')) return 0;
  if (!typed.every((t) => words.some((w) => sameWord(t, w)))) return 2;
  return 1 + Math.min(words.length - typed.length, 99) / 100;
}

/** The best `limit` pages for a query, best first; undefined when `current` says that the query
 * was overtaken by a newer one before its pages were fetched (the index chunks its search loaded
 * stay loaded, so the newer query, which shares its first letters, finds them there). */
export async function searchPages(
  bundle: string,
  query: string,
  limit: number,
  current: () => boolean = () => true,
): Promise<{ total: number; hits: SearchHit[] } | undefined> {
  const engine = await wholeIndex(bundle);
  // Of the queries typed while the engine loaded, only the latest is run.
  if (!current()) return undefined;
  const found = await engine.search(query);
  if (!found) return { total: 0, hits: [] };
  if (!current()) return undefined;
  // A few more than shown, so that a page titled by the query is among them to come first.
  const fetched = await Promise.all(found.results.slice(0, limit + 5).map((r) => r.data()));
  const byTitle = fetched
    .map((d, i) => ({ d, i, rank: titleRank(query, d.meta.title ?? '') }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((r) => r.d);
  const data = byTitle.slice(0, limit);
  const relevant = data.filter((d) => answers(query, d));
  const hits = relevant.map((d) => {
    const title = d.meta.title ?? d.url;
    const sub = d.sub_results?.[0];
    const excerpt = sub?.excerpt ?? d.excerpt;
    const underHeading = sub && sub.url !== d.url && sub.title !== title;
    return {
      url: underHeading ? sub.url : d.url,
      excerpt,
      title,
      heading: underHeading ? sub.title : undefined,
      section: d.meta.section,
    };
  });
  // Results come best first, so once one among the first is unrelated, so are all after it.
  return { total: relevant.length < data.length ? relevant.length : found.results.length, hits };
}
