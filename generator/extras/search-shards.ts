// A locale's searchable pages in shards, each its own Pagefind bundle, so that an edit of one page
// runs Pagefind over that page's shard and not over the whole locale (Pagefind has no incremental
// mode: a bundle is always made from all of its pages, about 2 ms a page on this machine). The
// browser merges the shards into one search (theme/client/search/engine.ts), which costs a query a
// few small requests per shard; hence shards of a hundred pages or more, and none for a site of a
// few hundred pages per language. Measured with `scripts/search-bench.ts` on the real site (114
// pages a language): cut into shards of about 32 pages, the first query pasted on opening took 195
// to 278 ms instead of 170 to 211 (350 to 470 instead of 250 to 270 with Pagefind on a slowed main
// thread) and fetched 507 KB instead of 344 KB, while an edit of a 162-page language would index
// some 50 pages instead of 162 (about 0.25 s less). A visitor's first search weighs more than that.
//
// Pages are taken in the order of their routes, so a folder's pages are neighbours, and a shard ends
// where the hash of a route says (content-defined boundaries): adding or removing a page moves the
// boundaries next to it, not those of every shard after it.
import type { Page } from '../types.ts';

/** The pages a shard holds on average; one shard holds at most twice as many. */
const SHARD_PAGES = 128;
/** A locale larger than this many shards of `SHARD_PAGES` gets larger shards, doubled until it fits:
 * every shard is a few requests of each query. */
const MAX_SHARDS = 16;

/** The length of a shard for a locale of `count` pages: a power of two times `SHARD_PAGES`, so that
 * a page more or less does not change it (and with it every boundary) but at a doubling. */
function shardLength(count: number): number {
  let length = SHARD_PAGES;
  while (count > length * MAX_SHARDS) length *= 2;
  return length;
}

/** A 32-bit FNV-1a hash: boundaries need a hash spread evenly, not a secure one. */
function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The shards of one locale's pages: one for up to twice the shard length, else runs of at least
 * half of it that end where a route's hash falls on a boundary, or at twice the length. */
export function searchShards(pages: readonly Page[]): Page[][] {
  const sorted = [...pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  const length = shardLength(sorted.length);
  if (sorted.length <= length * 2) return [sorted];
  const shards: Page[][] = [];
  let current: Page[] = [];
  for (const page of sorted) {
    current.push(page);
    const boundary = current.length >= length / 2 && fnv(page.route) % (length / 2) === 0;
    if (boundary || current.length >= length * 2) {
      shards.push(current);
      current = [];
    }
  }
  if (current.length) shards.push(current);
  return shards;
}
