// A bundle esbuild made, kept in the site's .cache/ as `<kind>-<hash of its code>.mjs` beside a note
// of the files it was made of, each with its size and modification time. While none of them
// changed, the next start takes the bundle as it is, without loading esbuild: the theme's bundle,
// the forms' server module, the site's config and UI strings.
import { existsSync, readFileSync, utimesSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { hashOf } from '../content-hash.ts';
import { stampOf, unchangedSince } from '../write/file-stamp.ts';
import { writeWhole } from '../write/whole-file.ts';
import { PACKAGE_ROOT } from './package-root.ts';

/** Bundles and notes of a kind unused for a day are removed: one in use is touched by every start. */
const STALE_MS = 24 * 3600 * 1000;

export interface BundleNote {
  /** The note's file: `<cacheDir>/<kind>-<key>.json`, the key naming what the bundle is made of. */
  note: string;
  cacheDir: string;
  kind: string;
}

export function bundleNote(cacheDir: string, kind: string, key: unknown): BundleNote {
  return { note: path.join(cacheDir, `${kind}-${hashOf(JSON.stringify(key)).slice(0, 16)}.json`), cacheDir, kind };
}

/** The noted bundle's file, if it is there and none of its inputs changed since it was made. */
export function notedBundle({ note }: BundleNote): string | undefined {
  try {
    const noted = JSON.parse(readFileSync(note, 'utf8')) as { file: string; inputs: Record<string, string> };
    if (!existsSync(noted.file) || !unchangedSince(noted.inputs)) return undefined;
    const now = new Date();
    for (const used of [noted.file, note]) utimesSync(used, now, now);
    return noted.file;
  } catch {
    // Not bundled before, or the note is unreadable: the caller bundles.
    return undefined;
  }
}

/** The noted bundle while its inputs are unchanged, else the one `make` bundles, kept with its note. */
export async function bundledOnce(
  note: BundleNote,
  make: () => Promise<{ contents: Uint8Array; inputs: Record<string, unknown> }>,
): Promise<string> {
  const kept = notedBundle(note);
  if (kept) return kept;
  const made = await make();
  return keepBundle(note, made.contents, made.inputs);
}

/** Keeps `contents` (esbuild's output, made of the metafile's `inputs`) with its note; returns its file. */
export async function keepBundle(
  { note, cacheDir, kind }: BundleNote,
  contents: Uint8Array,
  inputs: Record<string, unknown>,
): Promise<string> {
  const file = path.join(cacheDir, `${kind}-${hashOf(contents).slice(0, 16)}.mjs`);
  const stamps = Object.fromEntries(
    Object.keys(inputs)
      .map((input) => path.resolve(PACKAGE_ROOT, input))
      .map((input) => [input, stampOf(input) ?? '']),
  );
  await mkdir(cacheDir, { recursive: true });
  await writeWhole(file, contents);
  await writeWhole(note, JSON.stringify({ file, inputs: stamps }));
  await removeStale(cacheDir, kind, [file, note]);
  return file;
}

/** Removes the files of `kind` in `cacheDir` (`<kind>-<16 hex>.mjs|json`) unused for a day, but `current`. */
export async function removeStale(cacheDir: string, kind: string, current: string[]): Promise<void> {
  const own = new RegExp(`^${kind}-[0-9a-f]{16}\\.(mjs|json)$`);
  for (const name of await readdir(cacheDir)) {
    const file = path.join(cacheDir, name);
    if (!own.test(name) || current.includes(file)) continue;
    try {
      if (Date.now() - (await stat(file)).mtimeMs > STALE_MS) await rm(file, { force: true });
    } catch {
      // Removed by another build meanwhile.
    }
  }
}
