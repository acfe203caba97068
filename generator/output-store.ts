// What a production build made, kept under .cache/ so the next build renders, compresses and
// resizes only what a change touched. Entries are keyed by what they were made from (a page's
// render key, a file's bytes and compression level, an image's bytes and width) and checked
// against the hash of their bytes when read: an entry changed on disk, by hand or by a crash
// mid-write, is dropped and made again, never served.
//
// Like the parse store, the folder is named after the CLI's bundle key, so a new version of the
// code starts afresh; without a key (tests run the TypeScript sources) nothing is kept unless a
// key is passed.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashOf } from './load.ts';

export const OUTPUT_STORE_DIR = path.join('.cache', 'outputs');

interface Entry {
  /** Hash of the stored bytes. */
  hash: string;
  /** Whatever the caller keeps beside the bytes (a page's links and ids). */
  meta?: unknown;
}

export interface StoreStats {
  hits: number;
  misses: number;
  /** Entries whose bytes no longer matched their hash. */
  rejected: number;
}

export class OutputStore {
  readonly stats: StoreStats = { hits: 0, misses: 0, rejected: 0 };
  private readonly index: Record<string, Entry>;
  private readonly used = new Set<string>();
  private dirty = false;

  private constructor(private readonly dir: string) {
    let index: Record<string, Entry> = {};
    try {
      index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as Record<string, Entry>;
    } catch {
      // No index (first build) or a broken one: every entry is made again.
    }
    this.index = index;
  }

  /** The store of this version of the generator under `root`, or none when there is no key. */
  static open(root: string, key = process.env.SITE_BUNDLE_KEY): OutputStore | undefined {
    if (!key || !/^[\w-]+$/.test(key)) return undefined;
    const base = path.join(root, OUTPUT_STORE_DIR);
    try {
      mkdirSync(path.join(base, key, 'files'), { recursive: true });
      for (const entry of readdirSync(base)) if (entry !== key) rmSync(path.join(base, entry), { recursive: true, force: true });
    } catch {
      return undefined;
    }
    return new OutputStore(path.join(base, key));
  }

  /** The bytes stored under `id`, if they are still what was stored. */
  get(id: string): { contents: Buffer; meta?: unknown } | undefined {
    const entry = this.index[id];
    if (!entry) {
      this.stats.misses++;
      return undefined;
    }
    let contents: Buffer;
    try {
      contents = readFileSync(this.fileOf(id));
    } catch {
      this.forget(id);
      this.stats.misses++;
      return undefined;
    }
    if (hashOf(contents) !== entry.hash) {
      this.forget(id);
      this.stats.rejected++;
      this.stats.misses++;
      return undefined;
    }
    this.used.add(id);
    this.stats.hits++;
    return { contents, meta: entry.meta };
  }

  set(id: string, contents: string | Uint8Array, meta?: unknown): void {
    const file = this.fileOf(id);
    try {
      // A new file renamed into place: a crash mid-write leaves no half entry under the name.
      const tmp = `${file}.tmp-${process.pid}`;
      writeFileSync(tmp, contents);
      renameSync(tmp, file);
      this.index[id] = { hash: hashOf(contents), meta };
      this.used.add(id);
      this.dirty = true;
    } catch {
      // A store that cannot be written only costs the next build time.
    }
  }

  /** Writes the index and removes entries no part of this build asked for. */
  close(): void {
    try {
      let removed = false;
      for (const id of Object.keys(this.index)) {
        if (this.used.has(id)) continue;
        delete this.index[id];
        rmSync(this.fileOf(id), { force: true });
        removed = true;
      }
      if (!this.dirty && !removed) return;
      const tmp = path.join(this.dir, `index.json.tmp-${process.pid}`);
      writeFileSync(tmp, JSON.stringify(this.index));
      renameSync(tmp, path.join(this.dir, 'index.json'));
    } catch {
      // As above.
    }
  }

  private forget(id: string): void {
    delete this.index[id];
    this.dirty = true;
    rmSync(this.fileOf(id), { force: true });
  }

  private fileOf(id: string): string {
    // Ids are made of hashes and widths, but a file name must never climb out of the store.
    return path.join(this.dir, 'files', hashOf(id));
  }
}
