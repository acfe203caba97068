// `site build` when nothing changed since the last build: every input as it was and the site it
// published untouched, so the build would make the same bytes again. The command then only says
// so, and repeats the last build's warnings; it reads no content and writes no file.
//
// What counts as an input, compared by path, size and modification time (as make and the engine's
// own bundle do): every file under the site's root but its outputs, caches and packages; the
// theme's folder when it lies outside the root and the engine; the files outside the root that
// the config, the UI strings or the theme import (their bundles' notes list them); the installed packages (npm's
// `node_modules/.package-lock.json`, which every install rewrites); the engine's code (its bundle
// key); the git commit (translation status reads the history); the year (the footer's copyright);
// the environment variables the build reads. What counts as the published site: the generation
// `build` links to, and the path, size, modification time and inode of every file in it.
//
// Without a bundle key (the engine run from its TypeScript sources, as the tests do) nothing is
// recorded: a change to the engine would go unseen.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { type Dirent, existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { cacheDirOf, PACKAGE_ROOT } from '../bundle/package-root.ts';
import { hashOf } from '../content-hash.ts';
import type { Diagnostic } from '../types.ts';
import { generationsDir } from '../write/generations.ts';
import { writeWhole } from '../write/whole-file.ts';

/** What a successful `site build` leaves in `.cache/builds/` for the next one. */
export interface BuildRecord {
  /** The fingerprint of the inputs, taken before the build read any of them. */
  inputs: string;
  /** Folders outside the root that were inputs too (a theme's). */
  outside: string[];
  /** The generation the build published, and the fingerprint of its files. */
  published: string;
  outputs: string;
  pages: number;
  files: number;
  diagnostics: Diagnostic[];
  /** When it finished (ISO time). */
  at: string;
}

/** Folders under the root that a build writes or that hold no input of the site. */
const NOT_INPUTS = new Set(['.cache', '.git', 'node_modules', '.serve']);
/** What the build reads from the environment (worker-pool.ts's SITE_WORKERS changes no byte). */
const ENV = ['NODE_ENV', 'FONTCONFIG_FILE', 'PAGEFIND_BINARY_PATH', 'PAGEFIND_EXTENDED_BINARY_PATH'];

const recordFile = (root: string, outDir: string) => path.join(cacheDirOf(root), 'builds', `${hashOf(outDir)}.json`);

/** Whether `file` is `dir` or lies under it. */
const within = (file: string, dir: string) => !path.relative(dir, file).startsWith('..');

/** Hashes the path, size and modification time (and inode) of every file under `dir`, in a fixed
 * order, and counts them. A folder reached again through a symbolic link is not walked twice. */
function walk(
  dir: string,
  hash: ReturnType<typeof createHash>,
  skip: (full: string, entry: Dirent) => boolean,
  base = dir,
  withInode = false,
  seen = new Set<string>(),
): number {
  try {
    const real = realpathSync(dir);
    if (seen.has(real)) return 0;
    seen.add(real);
  } catch {
    // Gone: hashed as missing below.
  }
  let count = 0;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  } catch {
    hash.update(`${dir}\0missing\n`);
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (skip(full, entry)) continue;
    if (entry.isDirectory()) count += walk(full, hash, skip, base, withInode, seen);
    else {
      // A symbolic link counts as what it points to (a site's folder linked in, as the bench does).
      const info = statSync(full, { throwIfNoEntry: false });
      if (info?.isDirectory()) {
        count += walk(full, hash, skip, base, withInode, seen);
        continue;
      }
      hash.update(
        `${path.relative(base, full)}\0${info ? `${info.size}\0${info.mtimeMs}${withInode ? `\0${info.ino}` : ''}` : 'gone'}\n`,
      );
      count++;
    }
  }
  return count;
}

function realpathOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

function gitCommit(root: string): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 })
      .toString()
      .trim();
  } catch {
    return '';
  }
}

/** The fingerprint of everything a build of `root` into `outDir` reads, or none without a bundle key. */
export function inputsFingerprint(
  root: string,
  outDir: string,
  outside: string[],
  key = process.env.SITE_BUNDLE_KEY,
): string | undefined {
  if (!key) return undefined;
  const hash = createHash('sha1');
  hash.update(
    JSON.stringify({
      key,
      outDir,
      year: new Date().getFullYear(),
      env: ENV.map((name) => process.env[name] ?? null),
      commit: gitCommit(root),
      outside,
    }),
  );
  // This build's output, and any other build's (`--out elsewhere`): generations and the links to them.
  const output = (full: string, entry: Dirent) =>
    full === outDir ||
    entry.name.endsWith('.generations') ||
    (entry.isSymbolicLink() && path.dirname(realpathOrSelf(full)).endsWith('.generations'));
  walk(root, hash, (full, entry) => (NOT_INPUTS.has(entry.name) && path.dirname(full) === root) || output(full, entry));
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  hash.update(`installed\0${statSync(installed, { throwIfNoEntry: false })?.mtimeMs ?? 'none'}\n`);
  for (const dir of outside) walk(dir, hash, (_, entry) => entry.name === 'node_modules' || entry.name === '.git');
  for (const file of bundledElsewhere(root))
    hash.update(`${file}\0${statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 'gone'}\n`);
  return hash.digest('hex');
}

/** The files outside the root and the engine that the site's bundles (config, UI strings, theme,
 * forms, client assets) were made of, as the notes beside them in `.cache/` list them: a config
 * that imports a file from a folder beside the site, say. */
function bundledElsewhere(root: string): string[] {
  const cache = cacheDirOf(root);
  const files = new Set<string>();
  let names: string[] = [];
  try {
    names = readdirSync(cache).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  for (const name of names) {
    try {
      const { inputs } = JSON.parse(readFileSync(path.join(cache, name), 'utf8')) as {
        inputs?: Record<string, unknown>;
      };
      for (const file of Object.keys(inputs ?? {}))
        if (!within(file, root) && !within(file, PACKAGE_ROOT)) files.add(file);
    } catch {
      // Not a note, or one being written: the build it belongs to writes it whole.
    }
  }
  return [...files].sort();
}

/** The generation `outDir` links to and the fingerprint of its files, or none when it is not a published generation. */
export function publishedFingerprint(
  outDir: string,
): { published: string; outputs: string; files: number } | undefined {
  try {
    if (!lstatSync(outDir).isSymbolicLink()) return undefined;
    const published = realpathSync(outDir);
    const hash = createHash('sha1');
    const files = walk(published, hash, () => false, published, true);
    return { published, outputs: hash.digest('hex'), files };
  } catch {
    return undefined;
  }
}

/** The theme's folder when it is an input the root and the engine's key do not cover. */
export function outsideInputs(root: string, themeDir: string | undefined): string[] {
  if (!themeDir) return [];
  const real = existsSync(themeDir) ? realpathSync(themeDir) : themeDir;
  return within(real, root) || within(real, PACKAGE_ROOT) ? [] : [real];
}

function onlyGenerations(dir: string): boolean {
  try {
    return readdirSync(dir).every((name) => name.startsWith('g-'));
  } catch {
    return false;
  }
}

/** The last build's record when nothing it depended on changed and its site is still published as it left it. */
export function unchangedBuild(root: string, outDir: string): { record?: BuildRecord; inputs?: string } {
  let record: BuildRecord | undefined;
  try {
    record = JSON.parse(readFileSync(recordFile(root, outDir), 'utf8')) as BuildRecord;
  } catch {
    record = undefined;
  }
  const inputs = inputsFingerprint(root, outDir, record?.outside ?? []);
  if (!inputs || !record || record.inputs !== inputs) return { inputs };
  const now = publishedFingerprint(outDir);
  if (!now || now.published !== record.published || now.outputs !== record.outputs) return { inputs };
  // What a killed build left, or a build under way: a build runs, which cleans up or waits its turn.
  if (!onlyGenerations(generationsDir(outDir))) return { inputs };
  return { record, inputs };
}

/** Keeps what a successful build read and published; a record that cannot be written only costs the next build its shortcut. */
export async function recordBuild(
  root: string,
  outDir: string,
  record: Omit<BuildRecord, 'published' | 'outputs' | 'files' | 'at'>,
): Promise<void> {
  const published = publishedFingerprint(outDir);
  if (!published) return;
  const file = recordFile(root, outDir);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeWhole(
      file,
      JSON.stringify({ ...record, ...published, at: new Date().toISOString() } satisfies BuildRecord),
    );
  } catch {
    // As above.
  }
}
