// What a production build made, kept under .cache/ so the next build renders, compresses and
// resizes only what a change touched. Entries are keyed by what they were made from (a page's
// render key, a file's bytes and compression level, an image's bytes and width) and checked
// against the hash of their bytes when read: an entry changed on disk, by hand or by a crash
// mid-write, is dropped and made again, never served. A set of files made together (a locale's
// search bundle) is kept as one entry, its file names inside the hashed bytes.
//
// Like the parse store, the folder is named after the CLI's bundle key, so a new version of the
// code starts afresh; without a key (tests run the TypeScript sources) nothing is kept unless a
// key is passed.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { hashOf, hashOfFile } from '../content-hash.ts';
import { type FileCalls, threadedCalls } from './file-calls.ts';
import { inodeStampOf, settledStampOf } from './file-stamp.ts';
import { type KeptFile, keptFileOf } from './write.ts';

export const OUTPUT_STORE_DIR = path.join('.cache', 'outputs');

interface Entry {
  /** Hash of the stored bytes. */
  hash: string;
  /** Whatever the caller keeps beside the bytes (a page's links and ids). */
  meta?: unknown;
  /** The file's inode, size and modification time when its bytes were last found to hash to
   * `hash` (or were written): while they are the same, the bytes are (see `keep`). */
  stamp?: string;
  /** An entry without a file: a small value kept in the index itself (`note`). */
  note?: unknown;
}

export interface StoreStats {
  hits: number;
  misses: number;
  /** Entries whose bytes no longer matched their hash. */
  rejected: number;
  /** The same, per kind of entry: the part of its id before the first `:` (`page`, `br5`, `search`). */
  kinds: Record<string, { hits: number; misses: number; rejected: number }>;
}

export interface StoredFile {
  path: string;
  contents: Uint8Array;
}

export class OutputStore {
  readonly stats: StoreStats = { hits: 0, misses: 0, rejected: 0, kinds: {} };
  private readonly index: Record<string, Entry>;
  private readonly used = new Set<string>();
  /** Entries checked or written by this build, for `keep`: one file may be linked under many names. */
  private readonly checked = new Map<string, KeptFile>();
  private dirty = false;
  /** Entries being written: creating a file costs the file system far more than its bytes, so
   * entries are written on libuv's threads while the build goes on, and `close` waits for them. */
  private readonly writing = new Map<string, Promise<KeptFile | undefined>>();

  private constructor(
    private readonly dir: string,
    private readonly calls: FileCalls,
  ) {
    let index: Record<string, Entry> = {};
    try {
      index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as Record<string, Entry>;
    } catch {
      // No index (first build) or a broken one: every entry is made again.
    }
    this.index = index;
  }

  /** The store of this version of the generator under `root`, or none when there is no key.
   * `calls` write its entries (file-calls.ts). */
  static open(
    root: string,
    key = process.env.SITE_BUNDLE_KEY,
    calls: FileCalls = threadedCalls,
  ): OutputStore | undefined {
    if (!key || !/^[\w-]+$/.test(key)) return undefined;
    const base = path.join(root, OUTPUT_STORE_DIR);
    try {
      mkdirSync(path.join(base, key, 'files'), { recursive: true });
      // Entries of earlier versions of the code, removed beside the build: thousands of files.
      for (const entry of readdirSync(base))
        if (entry !== key) rm(path.join(base, entry), { recursive: true, force: true }).catch(() => undefined);
    } catch {
      return undefined;
    }
    return new OutputStore(path.join(base, key), calls);
  }

  /** The bytes stored under `id`, if they are still what was stored. */
  get(id: string): { contents: Buffer; meta?: unknown } | undefined {
    return this.take(id, (contents) => contents);
  }

  /** The files stored together under `id` by `setFiles`, if they are still what was stored and
   * `accept` takes them (an entry it refuses is dropped like a changed one). */
  getFiles(id: string, accept: (files: StoredFile[]) => boolean = () => true): StoredFile[] | undefined {
    return this.take(id, (bytes) => {
      const files = unpack(bytes);
      if (!accept(files)) throw new Error('refused');
      return files;
    })?.contents;
  }

  /** The value kept under `id` by `note`. Not counted: the stats count what a build made or took. */
  noted(id: string): unknown {
    const entry = this.index[id];
    if (entry?.note === undefined) return undefined;
    this.used.add(id);
    return entry.note;
  }

  /** Keeps a small value under `id` in the index, with no file of its own: what a page's render
   * read, which the next build needs for every page before it can look the page up. A file per
   * page cost a build that changed one page an open, a read and a hash for each of the others. */
  note(id: string, value: unknown): void {
    this.index[id] = { hash: '', note: value };
    this.used.add(id);
    this.dirty = true;
  }

  /** Keeps several files as one entry: all of them are served again, or none. */
  setFiles(id: string, files: StoredFile[]): Promise<KeptFile | undefined> {
    return this.set(id, pack(files));
  }

  /** Stores `contents` under `id`; gives the entry, to be linked into the output, or nothing when
   * the store could not be written. The entry counts once its file is complete. `hash`: the
   * contents' hash (hashOf), when the caller has it already. */
  set(
    id: string,
    contents: string | Uint8Array,
    meta?: unknown,
    hash = hashOf(contents),
  ): Promise<KeptFile | undefined> {
    const under = this.writing.get(id);
    if (under) return under;
    // Made or checked by this build already, with these very bytes: two files of one content (a
    // locale's copy of Pagefind's script and the other's) each compressed at once. Written again,
    // the entry would be a new file, and the first file's link in build/ would no longer be it.
    const made = this.checked.get(id);
    if (made?.hash === hash) return Promise.resolve(made);
    const file = this.fileOf(id);
    const written = (async () => {
      try {
        // A new file renamed into place: a crash mid-write leaves no half entry under the name. It
        // is also never the file of the old entry, which the last build/ may hold by hard link.
        await this.calls.writeWhole(file, contents);
        // Stamped at once, unlike an entry found on disk (`keep`): the file was whole under a name of
        // this process's own until the rename, and nothing writes into an entry after it.
        const written = await this.calls.stat(file);
        this.index[id] = { hash, meta, stamp: inodeStampOf(written) };
        this.used.add(id);
        this.dirty = true;
        const kept = keptFileOf(file, hash, written);
        this.checked.set(id, kept);
        return kept;
      } catch {
        // A store that cannot be written only costs the next build time.
        return undefined;
      } finally {
        this.writing.delete(id);
      }
    })();
    this.writing.set(id, written);
    return written;
  }

  /** The entry under `id` as a file to link into the output, without reading it into memory, if
   * its bytes are still what was stored; counted like `get`.
   *
   * An entry linked into build/ shares its inode with the file there, so an edit through build/
   * edits the entry. The bytes are hashed unless the file's stamp (inode, size, modification time)
   * is the one taken when they were last hashed or written, as git trusts its index: any write
   * moves the modification time (only a deliberate `touch -d` could set it back), and a file
   * replaced by another has a new inode. The stamp cannot hold the change time, which would catch
   * even that: every build links and unlinks the entries, which moves it. Hashing costs about a
   * millisecond per megabyte; the 1,406-page benchmark keeps 137 MB, a quarter of a second of a
   * build with nothing to do. */
  keep(id: string): (KeptFile & { meta?: unknown }) | undefined {
    // Checked or made by this build already: counted when it was.
    const seen = this.checked.get(id);
    if (seen) return { ...seen, meta: this.index[id]?.meta };
    const found = this.verified(id, (file, hash, entry) => {
      const before = statSync(file);
      const kept = keptFileOf(file, hash, before);
      if (entry.stamp === inodeStampOf(before)) return kept;
      const read = hashOfFile(file);
      if (read.hash !== hash) return undefined;
      const settled = settledStampOf(before);
      if (settled) {
        entry.stamp = settled;
        this.dirty = true;
      }
      return { ...kept, size: read.size };
    });
    if (!found) return undefined;
    this.checked.set(id, found.value);
    return { ...found.value, meta: found.meta };
  }

  /** Waits for the entries being written, writes the index and removes entries no part of this
   * build asked for. */
  async close(): Promise<void> {
    while (this.writing.size) await Promise.all(this.writing.values());
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

  /** Reads an entry, checks its bytes against its hash and reads them with `read`. */
  private take<T>(id: string, read: (contents: Buffer) => T): { contents: T; meta?: unknown } | undefined {
    const found = this.verified(id, (file, hash) => {
      const bytes = readFileSync(file);
      return hashOf(bytes) === hash ? read(bytes) : undefined;
    });
    return found && { contents: found.value, meta: found.meta };
  }

  /** The entry under `id` as `check` finds it (undefined: its bytes no longer match their hash),
   * counted; an entry that is missing, changed or unreadable is dropped and counts as a miss. */
  private verified<T>(
    id: string,
    check: (file: string, hash: string, entry: Entry) => T | undefined,
  ): { value: T; meta?: unknown } | undefined {
    const entry = this.index[id];
    if (!entry) return this.count(id, 'misses');
    let value: T | undefined;
    try {
      value = check(this.fileOf(id), entry.hash, entry);
    } catch {
      this.forget(id);
      return this.count(id, 'misses');
    }
    if (value === undefined) {
      this.forget(id);
      this.count(id, 'rejected');
      return this.count(id, 'misses');
    }
    this.used.add(id);
    this.count(id, 'hits');
    return { value, meta: entry.meta };
  }

  private count(id: string, what: 'hits' | 'misses' | 'rejected'): undefined {
    this.stats[what]++;
    (this.stats.kinds[kindOf(id)] ??= { hits: 0, misses: 0, rejected: 0 })[what]++;
    return undefined;
  }

  private forget(id: string): void {
    this.checked.delete(id);
    delete this.index[id];
    this.dirty = true;
    rmSync(this.fileOf(id), { force: true });
  }

  private fileOf(id: string): string {
    // Ids are made of hashes and widths, but a file name must never climb out of the store.
    return path.join(this.dir, 'files', hashOf(id));
  }
}

function kindOf(id: string): string {
  const colon = id.indexOf(':');
  return colon > 0 ? id.slice(0, colon) : id;
}

/** Files as one byte string: the length of a JSON list of `[path, size]`, the list, the files' bytes. */
function pack(files: StoredFile[]): Buffer {
  const header = Buffer.from(JSON.stringify(files.map((f) => [f.path, f.contents.length])));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, ...files.map((f) => f.contents)]);
}

function unpack(bytes: Buffer): StoredFile[] {
  const headerEnd = 4 + bytes.readUInt32BE(0);
  const list = JSON.parse(bytes.subarray(4, headerEnd).toString('utf8')) as [string, number][];
  let at = headerEnd;
  const files = list.map(([file, size]) => {
    if (typeof file !== 'string' || !Number.isInteger(size) || size < 0) throw new Error('not a list of files');
    const contents = bytes.subarray(at, at + size);
    at += size;
    return { path: file, contents };
  });
  if (at !== bytes.length) throw new Error('the sizes do not add up');
  return files;
}
