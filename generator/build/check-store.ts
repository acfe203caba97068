// What `site check` learnt from rendering each page, kept under .cache/check/ between runs: the
// links and ids the rendered-link check reads (build.ts, RenderedLinkCheck), by what the page is
// rendered from (its render key, build-steps.ts). Rendering every page was most of a warm check of
// a site; with this, a check after an edit renders only the pages the edit touched, as a build
// does with its output store (which keeps the HTML too; a check needs only what the HTML links to).
// A page rendered once without an error renders without one again from the same inputs, so its
// entry stands for the render as well.
//
// Like the parse store, the file is named after the CLI's bundle key: another version of the code
// starts afresh. Without a key (tests run the TypeScript sources) nothing is kept. One file per
// key, its strings stored once (every page repeats the navbar's, sidebar's and footer's links).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const CHECK_STORE_DIR = path.join('.cache', 'check');

/** How many times the pages of one check the store keeps: those of this check, and of the
 * checks before it (another branch, the state before an edit) for the rest. */
const KEPT = 3;

export interface RenderedFacts {
  hrefs: string[];
  ids: string[];
}

/** On disk: the strings once, each page's hrefs and ids as indexes into them. */
interface Stored {
  strings: string[];
  pages: Record<string, [number[], number[]]>;
}

export class CheckStore {
  private readonly next = new Map<string, RenderedFacts>();
  private hits = 0;

  private constructor(
    private readonly file: string,
    private readonly known: Map<string, RenderedFacts>,
  ) {}

  /** The store of this version of the generator under `root`, or none when there is no key. */
  static open(root: string, key = process.env.SITE_BUNDLE_KEY): CheckStore | undefined {
    if (!key || !/^[\w-]+$/.test(key)) return undefined;
    const dir = path.join(root, CHECK_STORE_DIR);
    const file = path.join(dir, `${key}.json`);
    const known = new Map<string, RenderedFacts>();
    try {
      mkdirSync(dir, { recursive: true });
      for (const entry of readdirSync(dir))
        if (entry !== `${key}.json`) rmSync(path.join(dir, entry), { force: true, recursive: true });
      const stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
      const at = (i: number) => stored.strings[i];
      for (const [page, [hrefs, ids]] of Object.entries(stored.pages))
        known.set(page, { hrefs: hrefs.map(at), ids: ids.map(at) });
    } catch {
      // None yet, or one cut short: every page is rendered.
    }
    return new CheckStore(file, known);
  }

  /** What rendering the page of this key found, if a check rendered it before. */
  get(key: string): RenderedFacts | undefined {
    const facts = this.known.get(key);
    if (facts) {
      this.hits++;
      this.next.set(key, facts);
    }
    return facts;
  }

  set(key: string, facts: RenderedFacts): void {
    this.next.set(key, facts);
  }

  /** How many pages this check took from the store. */
  get reused(): number {
    return this.hits;
  }

  /** Keeps the pages of this check, and those of the checks before it up to KEPT times as many
   * (the pages of another branch, which a check after switching back finds again), the newest
   * first; written whole under a new name and renamed over the old: a check killed while writing
   * leaves the last one. */
  save(): void {
    // Nothing new: the file on disk has every page of this check already.
    if (this.hits === this.next.size) return;
    const kept = new Map(this.next);
    const room = KEPT * this.next.size;
    for (const [key, facts] of this.known) {
      if (kept.size >= room) break;
      if (!kept.has(key)) kept.set(key, facts);
    }
    const strings: string[] = [];
    const index = new Map<string, number>();
    const at = (s: string) => {
      let i = index.get(s);
      if (i === undefined) index.set(s, (i = strings.push(s) - 1));
      return i;
    };
    const pages: Stored['pages'] = {};
    for (const [key, facts] of kept) pages[key] = [facts.hrefs.map(at), facts.ids.map(at)];
    const tmp = `${this.file}.tmp-${process.pid}`;
    try {
      writeFileSync(tmp, JSON.stringify({ strings, pages } satisfies Stored));
      renameSync(tmp, this.file);
    } catch {
      // A store that cannot be written only costs the next check time.
      rmSync(tmp, { force: true });
    }
  }
}
