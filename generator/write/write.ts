// The write stage: the only place that writes the site to disk.
// `FreshOutput` builds a new generation beside the published one and publishes it at the end in
// one rename (generations.ts), so neither a failed nor a killed build leaves a half-written site. `IncrementalOutput` (watch mode) writes into the served
// folder, and only files whose bytes changed, so open tabs and file watchers see exactly what a
// change touched; each file goes to a temporary name beside it and is renamed over the old one,
// so a request during a rewrite gets the old page or the new one, never a truncated one.
//
// A production build carries what the output store kept (output-store.ts) into the fresh folder by
// hard link, not by reading and writing the bytes again: `link`. A linked file in build/ is the
// store's entry under a second name, so nothing may ever write *into* it: a file the build writes
// over a path it linked earlier is unlinked first, and the store writes new entries to new files
// (renamed into place), never over old ones. An edit made by hand in build/ changes the entry too,
// and the store's check finds it on the next build. While every file is the very file the
// published generation has, nothing is linked at all: a build that changed nothing keeps the
// published generation instead of making a copy of it.
import { lstatSync, readdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getOrAdd } from '../../common/get-or-add.ts';
import { hashOf } from '../content-hash.ts';
import { type FileCalls, threadedCalls } from './file-calls.ts';
import {
  discardGeneration,
  PublishLock,
  prepareGeneration,
  publishedGeneration,
  publishGeneration,
  restoreGeneration,
} from './generations.ts';
import { killPoint } from './kill-point.ts';
import { Slots } from './slots.ts';

/** A file kept in the output store: where it is, the hash of its bytes (as `hashOf` makes it) and
 * its size. The store checked the bytes against the hash just before handing it out. */
export interface KeptFile {
  path: string;
  hash: string;
  size: number;
  /** Its device and inode (`dev:ino`), when the store has them: a file of build/ with the same is this file. */
  fileId?: string;
}

export interface Output {
  write(file: string, contents: string | Uint8Array): Promise<void>;
  /** Puts a file the output store kept at `file`: by hard link where the folders allow, else by
   * copy. `contents`, when the caller has them at hand, spare reading the file for what an Output
   * makes of the bytes (compressed twins that are not kept yet). */
  link(file: string, kept: KeptFile, contents?: string | Uint8Array): Promise<void>;
  /** Copies the files named (paths with `/` under `from`: public/'s, as generator/content/public-files.ts
   * lists them) into the output, each as a file of its own with the bytes it has, never as a link. */
  copyFiles(from: string, files: readonly string[]): Promise<void>;
  finish(): Promise<WriteStats>;
  abort(): Promise<void>;
}

export interface WriteStats {
  written: number;
  unchanged: number;
  removed: number;
  /** Production builds: how many of `written` were carried from the output store by hard link
   * (or by copy where linking failed) instead of being written. */
  linked?: number;
  /** Production builds: every file was the published site's own, so it stays published as it is
   * and nothing was written or linked. */
  unchangedSite?: boolean;
  /** Files written in this run, in order: watch mode tells the browser about them. */
  files: string[];
  /** Production builds: the files the build made in the generation it publishes, written or
   * linked there (a file the generation it took over has already, the same inode, is not made
   * again). What an edit costs the file system, whatever the size of the site. */
  made?: string[];
}

const MAX_IN_FLIGHT = 64;

/** A file of the output that could not be written; `file` is relative to the output directory. */
export class WriteError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    // Node's message ends in the absolute path (", open '/…/build.tmp-123/x'"): the file is named already.
    super(`could not be written: ${((cause as Error)?.message ?? String(cause)).replace(/, \w+ '[^']*'$/, '')}`, {
      cause,
    });
  }
}

/** Errors of `link` that a copy gets around: another file system (EXDEV), one without hard links
 * (EPERM, ENOTSUP, ENOSYS) or a file with as many links as it may have (EMLINK). */
const COPY_INSTEAD = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

class Writer {
  private dirs = new Set<string>();
  /** In a recycled folder: the files this build asked to write, and the folders on their way. What
   * is there besides is the older generation's, removed where it is in the way; a file and a
   * folder of this build at one path stay a conflict, as in a new folder. */
  private readonly mine = { files: new Set<string>(), folders: new Set<string>() };
  private readonly slots = new Slots(MAX_IN_FLIGHT);
  /** The failed write the build asked for first (writes run in parallel and may fail in any
   * order; the earliest is reported, whatever the timing): `drain` reports it. */
  private failure: { error: WriteError; order: number } | undefined;
  private started = 0;
  /** The files this writer wrote or linked, relative to `dir`. */
  readonly made: string[] = [];
  constructor(
    protected readonly dir: string,
    /** Readers may see the folder while it is written: replace files by rename. */
    private readonly atomic = false,
    /** The folder holds an older generation: any path may be there already, as a file (perhaps a
     * hard link into the output store) or as a folder. */
    private readonly recycled = false,
    private readonly calls: FileCalls = threadedCalls,
  ) {}

  put(file: string, contents: string | Uint8Array, replace = false): Promise<void> {
    return this.run(file, async (full) => {
      // The path may be a hard link to an entry of the output store: never write through it.
      if (this.recycled) await this.clear(full, lstatSync(full, { throwIfNoEntry: false }));
      else if (replace && !this.atomic) await rm(full, { force: true });
      this.made.push(file);
      return this.atomic ? this.calls.writeWhole(full, contents) : writeFile(full, contents);
    });
  }

  /** Hard-links `from` (whose `fileIdOf` is `fileId`) to `file`, or copies it where linking is not
   * possible. In a recycled folder, a file that is `from` already stays. */
  link(file: string, from: string, fileId: string | undefined, replace = false): Promise<void> {
    return this.run(file, async (full) => {
      if (this.recycled && !replace) {
        // Synchronous: a stat through libuv's threads cost the main thread three times as much.
        const there = lstatSync(full, { throwIfNoEntry: false });
        if (there?.isFile() && fileIdFrom(there) === fileId) return;
        await this.clear(full, there);
      } else if (replace) await rm(full, { force: true });
      this.made.push(file);
      try {
        await this.calls.link(from, full);
      } catch (error) {
        if (!COPY_INSTEAD.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
        await copyFile(from, full);
      }
    });
  }

  /** Whether this build asked for a file under the folder `full`. */
  holdsFilesUnder(full: string): boolean {
    return this.mine.folders.has(full);
  }

  /** In a recycled folder, removes what the older generation has at `full` (`there`): a file, or a
   * folder that holds nothing of this build's. */
  private async clear(full: string, there: { isDirectory(): boolean } | undefined): Promise<void> {
    if (!there || (there.isDirectory() && this.holdsFilesUnder(full))) return;
    await rm(full, { recursive: true, force: true });
  }

  /** Starts `job` once fewer than MAX_IN_FLIGHT run; resolves when it has started. After a failure,
   * waits for the writes started before it, then throws the earliest failure. */
  private async run(file: string, job: (full: string) => Promise<void>): Promise<void> {
    if (this.failure) return this.drain();
    const full = path.join(this.dir, file);
    const parent = path.dirname(full);
    const order = this.started++;
    if (this.recycled) {
      this.mine.files.add(full);
      for (let at = parent; at.length > this.dir.length && !this.mine.folders.has(at); at = path.dirname(at))
        this.mine.folders.add(at);
    }
    await this.slots.start(async () => {
      try {
        if (!this.dirs.has(parent)) {
          await this.calls.mkdir(parent).catch((error: NodeJS.ErrnoException) => {
            if (!this.recycled || (error.code !== 'EEXIST' && error.code !== 'ENOTDIR')) throw error;
            // A file of the older generation where this build has a folder.
            if (!removeFileOnPath(this.dir, parent, this.mine.files)) throw error;
            return this.calls.mkdir(parent);
          });
          this.dirs.add(parent);
        }
        await job(full);
      } catch (error) {
        if (!this.failure || order < this.failure.order) this.failure = { error: new WriteError(file, error), order };
      }
    });
  }

  async drain(): Promise<void> {
    await this.slots.settled();
    if (this.failure) throw this.failure.error;
  }
}

export class FreshOutput implements Output {
  private tmp = '';
  /** The name of the generation `tmp` was before this build took it over, if it was one. */
  private recycled: string | undefined;
  private writer: Writer | undefined;
  private lock: PublishLock | undefined;
  /** The removal of the generations before the published one, which runs beside the build. */
  private removed: Promise<void> = Promise.resolve();
  private count = 0;
  private linked = 0;
  private files: string[] = [];
  /** Paths written or linked so far: a second write to one of them replaces the file rather than
   * writing into it (it may be a hard link into the output store). */
  private made = new Set<string>();
  /** The published generation's folder, while every file so far is the very file there (the same
   * inode as the store's entry): those links wait in `pending`. A build that changed nothing
   * publishes nothing; the first file that differs starts the new generation. */
  private published: string | undefined;
  private pending = new Map<string, KeptFile>();
  /** `onWait` hears when another build of the same folder is publishing and this one waits for it;
   * `calls` make the files (file-calls.ts). */
  constructor(
    private readonly outDir: string,
    private readonly onWait: (message: string) => void = () => undefined,
    private readonly calls: FileCalls = threadedCalls,
  ) {
    this.outDir = outDir.replace(/\/+$/, '');
  }
  /** Takes the folder's lock (waiting for a build that holds it) and starts a new generation. */
  async start(): Promise<this> {
    this.lock = await PublishLock.acquire(this.outDir, this.onWait);
    killPoint('publish:locked');
    try {
      ({ staging: this.tmp, recycled: this.recycled, removed: this.removed } = await prepareGeneration(this.outDir));
      this.published = await publishedGeneration(this.outDir);
    } catch (error) {
      await this.lock.release();
      throw error;
    }
    this.writer = new Writer(this.tmp, false, this.recycled !== undefined, this.calls);
    return this;
  }
  private get started(): Writer {
    if (!this.writer) throw new Error('FreshOutput used before start()');
    return this.writer;
  }
  async write(file: string, contents: string | Uint8Array) {
    this.count++;
    this.files.push(file);
    await this.diverge();
    await this.started.put(file, contents, this.seen(file));
  }
  async link(file: string, kept: KeptFile) {
    this.count++;
    this.linked++;
    this.files.push(file);
    if (this.published !== undefined) {
      if (kept.fileId && kept.fileId === fileIdOf(path.join(this.published, file))) {
        this.made.add(file);
        this.pending.set(file, kept);
        return;
      }
      await this.diverge();
    }
    await this.started.link(file, kept.path, kept.fileId, this.seen(file));
  }
  /** Something differs from the published site: the links held back go into the new generation. */
  private async diverge() {
    if (this.published === undefined) return;
    this.published = undefined;
    // Queued at once, in order, before any later write of the same path.
    const links = [...this.pending].map(([file, kept]) => this.started.link(file, kept.path, kept.fileId));
    this.pending.clear();
    await Promise.all(links);
  }
  async copyFiles(from: string, files: readonly string[]) {
    for (const rel of files) await this.write(rel, await readFile(path.join(from, rel)));
  }
  /** Publishes the new generation: `outDir` links to it from one rename on. */
  async finish(): Promise<WriteStats> {
    // Every file was the published one's; unless build/ holds others besides (a page since removed,
    // or a file put there by hand), it stays published.
    if (this.published !== undefined) {
      if (holdsOnly(this.published, this.pending.keys())) {
        // Nothing was written: the generation begun is let go of as a failed build's is.
        await this.abort();
        return { written: 0, unchanged: this.count, removed: 0, unchangedSite: true, files: [], made: [] };
      }
      await this.diverge();
    }
    await this.started.drain();
    // What the recycled generation has and this build did not make: pages since removed.
    if (this.recycled) keepOnly(this.tmp, this.made);
    await publishGeneration(this.outDir, this.tmp);
    await this.removed;
    await this.lock?.release();
    return {
      written: this.count,
      unchanged: 0,
      removed: 0,
      ...(this.linked ? { linked: this.linked } : {}),
      files: this.files,
      made: this.started.made,
    };
  }
  private seen(file: string): boolean {
    if (this.made.has(file)) return true;
    this.made.add(file);
    return false;
  }
  async abort() {
    await this.writer?.drain().catch(() => undefined);
    // Nothing was written into a recycled generation until the build diverged from the published one.
    if (this.recycled && this.published !== undefined) await restoreGeneration(this.outDir, this.tmp, this.recycled);
    else if (this.tmp) await discardGeneration(this.tmp);
    await this.removed;
    await this.lock?.release();
  }
}

export class IncrementalOutput implements Output {
  private writer: Writer;
  private seen = new Set<string>();
  private stats: WriteStats = { written: 0, unchanged: 0, removed: 0, files: [] };
  /** Hash of every file written by earlier runs, by path. Survives between runs. */
  constructor(
    private readonly outDir: string,
    private readonly previous: Map<string, string>,
  ) {
    this.writer = new Writer(outDir, true);
  }
  async write(file: string, contents: string | Uint8Array) {
    this.seen.add(file);
    const hash = hashOf(contents);
    if (this.previous.get(file) === hash) {
      this.stats.unchanged++;
      return;
    }
    this.previous.set(file, hash);
    this.stats.written++;
    this.stats.files.push(file);
    await this.writer.put(file, contents);
  }
  /** Watch mode keeps no output store; a kept file is written like any other, if its bytes changed. */
  async link(file: string, kept: KeptFile, contents?: string | Uint8Array) {
    await this.write(file, contents ?? (await readFile(kept.path)));
  }
  /** Waits for what was written so far, removing nothing: for updates of a few files. */
  async flush(): Promise<WriteStats> {
    await this.writer.drain();
    return this.stats;
  }
  /** A file the caller knows is unchanged (it skipped rendering it). */
  keep(file: string) {
    this.seen.add(file);
    this.stats.unchanged++;
  }
  async copyFiles(from: string, files: readonly string[]) {
    for (const rel of files) await this.write(rel, await readFile(path.join(from, rel)));
  }
  async finish(): Promise<WriteStats> {
    await this.writer.drain();
    for (const file of [...this.previous.keys()]) {
      if (this.seen.has(file)) continue;
      this.previous.delete(file);
      await rm(path.join(this.outDir, file), { force: true });
      this.stats.removed++;
    }
    return this.stats;
  }
  async abort() {
    await this.writer.drain().catch(() => undefined);
  }
}

/** Whether `dir` holds `files` (paths with `/`, all known to be there) and nothing else: each
 * folder on their way has exactly their names. Counted folder by folder: Node's recursive readdir
 * took several hundred milliseconds for the 1,400 folders of a 1,400-page site on a busy machine. */
function holdsOnly(dir: string, files: Iterable<string>): boolean {
  try {
    for (const [folder, expected] of namesByFolder(files))
      if (readdirSync(path.join(dir, folder)).length !== expected.size) return false;
    return true;
  } catch {
    return false;
  }
}

/** Removes from `dir` every file and folder that is not one of `files` (paths with `/`) or on their
 * way, folder by folder as `holdsOnly` counts them. */
function keepOnly(dir: string, files: Iterable<string>): void {
  for (const [folder, expected] of namesByFolder(files)) {
    for (const name of readdirSync(path.join(dir, folder))) {
      if (!expected.has(name)) rmSync(path.join(dir, folder, name), { recursive: true, force: true });
    }
  }
}

/** Removes the first thing that is not a folder on the way from `dir` down to its subfolder
 * `folder`, unless it is one of `keep`; says whether it removed one. */
function removeFileOnPath(dir: string, folder: string, keep: ReadonlySet<string>): boolean {
  let at = dir;
  for (const name of path.relative(dir, folder).split(path.sep)) {
    at = path.join(at, name);
    const found = lstatSync(at, { throwIfNoEntry: false });
    if (!found) return false;
    if (found.isDirectory()) continue;
    if (keep.has(at)) return false;
    rmSync(at, { force: true });
    return true;
  }
  return false;
}

/** The names each folder on the way to `files` holds: '' is the top. */
function namesByFolder(files: Iterable<string>): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  for (const file of files) {
    const parts = file.split('/');
    parts.forEach((name, i) => {
      const folder = parts.slice(0, i).join('/');
      getOrAdd(names, folder, () => new Set()).add(name);
    });
  }
  return names;
}

/** A file's device and inode, as KeptFile's `fileId`, from its stats. */
export const fileIdFrom = (stats: { dev: number; ino: number }) => `${stats.dev}:${stats.ino}`;

/** A file kept by a store, at `file`, from the hash of its bytes and its stats. */
export const keptFileOf = (
  file: string,
  hash: string,
  stats: { size: number; dev: number; ino: number },
): KeptFile => ({ path: file, hash, size: stats.size, fileId: fileIdFrom(stats) });

/** The `fileId` of the file at `file`, if there is one. */
export function fileIdOf(file: string): string | undefined {
  const found = statSync(file, { throwIfNoEntry: false });
  return found && fileIdFrom(found);
}
