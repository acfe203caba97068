// The write stage: the only place that writes the site to disk.
// `FreshOutput` builds into a sibling directory and swaps it in at the end, so a failed build
// never leaves a half-written site. `IncrementalOutput` (watch mode) writes into the served
// folder, and only files whose bytes changed, so open tabs and file watchers see exactly what a
// change touched; each file goes to a temporary name beside it and is renamed over the old one,
// so a request during a rewrite gets the old page or the new one, never a truncated one.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile, cp } from 'node:fs/promises';
import path from 'node:path';
import { hashOf } from './load.ts';

export interface Output {
  write(file: string, contents: string | Uint8Array): Promise<void>;
  /** Copies a directory tree (public/) into the output. */
  copyDir(from: string): Promise<void>;
  finish(): Promise<WriteStats>;
  abort(): Promise<void>;
}

export interface WriteStats {
  written: number;
  unchanged: number;
  removed: number;
  /** Files written in this run, in order: watch mode tells the browser about them. */
  files: string[];
}

const MAX_IN_FLIGHT = 64;

/** A file of the output that could not be written; `file` is relative to the output directory. */
export class WriteError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    // Node's message ends in the absolute path (", open '/…/build.tmp-123/x'"): the file is named already.
    super(`could not be written: ${((cause as Error)?.message ?? String(cause)).replace(/, \w+ '[^']*'$/, '')}`, { cause });
  }
}

let tmpCount = 0;

class Writer {
  private dirs = new Set<string>();
  private inFlight = new Set<Promise<void>>();
  /** The first write that failed: writes run in parallel, and `drain` reports it. */
  private failure: WriteError | undefined;
  constructor(
    protected readonly dir: string,
    /** Readers may see the folder while it is written: replace files by rename. */
    private readonly atomic = false,
  ) {}

  async put(file: string, contents: string | Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    const full = path.join(this.dir, file);
    const parent = path.dirname(full);
    const job = (async () => {
      if (!this.dirs.has(parent)) {
        await mkdir(parent, { recursive: true });
        this.dirs.add(parent);
      }
      if (!this.atomic) return writeFile(full, contents);
      const tmp = `${full}.tmp-${process.pid}-${tmpCount++}`;
      try {
        await writeFile(tmp, contents);
        await rename(tmp, full);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    })().catch((error: unknown) => {
      this.failure ??= new WriteError(file, error);
    });
    this.inFlight.add(job);
    void job.finally(() => this.inFlight.delete(job));
    if (this.inFlight.size >= MAX_IN_FLIGHT) await Promise.race(this.inFlight);
    if (this.failure) throw this.failure;
  }

  async drain(): Promise<void> {
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Removes `<out>.tmp-<pid>` and `<out>.old-<pid>` folders left by builds that were killed:
 * those whose process no longer runs. A build running beside this one keeps its folder. */
async function removeStaleFolders(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const stale = new RegExp(`^${path.basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(?:tmp|old)-(\\d+)$`);
  const entries = await readdir(parent).catch(() => []);
  for (const name of entries) {
    const pid = Number(stale.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

export class FreshOutput implements Output {
  private readonly tmp: string;
  private writer: Writer;
  private count = 0;
  private files: string[] = [];
  constructor(private readonly outDir: string) {
    this.tmp = `${outDir.replace(/\/+$/, '')}.tmp-${process.pid}`;
    this.writer = new Writer(this.tmp);
  }
  async start(): Promise<this> {
    await removeStaleFolders(this.outDir);
    await rm(this.tmp, { recursive: true, force: true });
    await mkdir(this.tmp, { recursive: true });
    return this;
  }
  async write(file: string, contents: string | Uint8Array) {
    this.count++;
    this.files.push(file);
    await this.writer.put(file, contents);
  }
  async copyDir(from: string) {
    if (existsSync(from)) await cp(from, this.tmp, { recursive: true });
  }
  async finish(): Promise<WriteStats> {
    await this.writer.drain();
    const old = `${this.outDir.replace(/\/+$/, '')}.old-${process.pid}`;
    if (existsSync(this.outDir)) await rename(this.outDir, old);
    await rename(this.tmp, this.outDir);
    await rm(old, { recursive: true, force: true });
    return { written: this.count, unchanged: 0, removed: 0, files: this.files };
  }
  async abort() {
    await this.writer.drain().catch(() => undefined);
    await rm(this.tmp, { recursive: true, force: true });
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
  async copyDir(from: string) {
    if (existsSync(from)) await cp(from, this.outDir, { recursive: true });
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
