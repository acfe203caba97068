// Parse results kept on disk between runs of the CLI, so a build after a small edit parses only
// what changed, as a watch rebuild does. A result depends on the file's bytes, its kind and the
// generator's code: the folder is named after the CLI's bundle key (a fingerprint of every source
// file and the lockfile, see bin/engine-bundle.js), so any change to the code starts afresh. Without that
// key (tests run the TypeScript sources) nothing is stored.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FrontMatterKind } from '../content/frontmatter.ts';
import type { SourceFile } from '../content/load.ts';
import { hashOf } from '../content-hash.ts';
import type { ParseResult } from './parse.ts';

export const PARSE_STORE_DIR = path.join('.cache', 'parse');

export class ParseStore {
  private readonly used = new Set<string>();
  private readonly writes: Promise<unknown>[] = [];

  /** `strings`: a key of the UI strings Markdown is rendered with, part of every result's name. */
  private constructor(
    private readonly dir: string,
    private readonly strings: string,
  ) {}

  /** The store of this version of the generator under `root`, or none when there is no key. */
  static open(root: string, key = process.env.SITE_BUNDLE_KEY, strings = ''): ParseStore | undefined {
    if (!key || !/^[\w-]+$/.test(key)) return undefined;
    const base = path.join(root, PARSE_STORE_DIR);
    try {
      mkdirSync(path.join(base, key), { recursive: true });
      // Results of earlier versions of the code are of no further use. Removing hundreds of files
      // takes a while: it goes on beside the build, not before its first page.
      for (const entry of readdirSync(base))
        if (entry !== key) rm(path.join(base, entry), { recursive: true, force: true }).catch(() => undefined);
    } catch {
      return undefined;
    }
    return new ParseStore(path.join(base, key), strings);
  }

  get(source: SourceFile, kind: FrontMatterKind): ParseResult | undefined {
    const file = this.fileOf(source, kind);
    this.used.add(file);
    try {
      return JSON.parse(readFileSync(path.join(this.dir, file), 'utf8')) as ParseResult;
    } catch {
      return undefined;
    }
  }

  set(source: SourceFile, kind: FrontMatterKind, result: ParseResult): void {
    const file = this.fileOf(source, kind);
    this.used.add(file);
    // Written on libuv's threads while the build goes on: creating files is what costs. A result
    // cut short (the process ended mid-write) does not parse as JSON and is parsed again.
    // A cache that cannot be written only costs the next build time.
    this.writes.push(writeFile(path.join(this.dir, file), JSON.stringify(result)).catch(() => undefined));
  }

  /** Settles once every result set so far is on disk (or failed to get there): the build that made
   * them waits for this at its end, so the next one, in this process or another, finds them. */
  written(): Promise<void> {
    return Promise.all(this.writes).then(() => undefined);
  }

  /** Removes results that no source of this build asked for (edited or deleted files). */
  prune(): void {
    try {
      for (const file of readdirSync(this.dir))
        if (!this.used.has(file)) rmSync(path.join(this.dir, file), { force: true });
    } catch {
      // As above.
    }
  }

  private fileOf(source: SourceFile, kind: FrontMatterKind): string {
    return `${hashOf(`${source.id}\0${kind}\0${source.hash}\0${this.strings}`)}.json`;
  }
}
