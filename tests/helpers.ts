// Shared by the tests: temporary copies of fixture sites, and reading what a build wrote.

import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('..', import.meta.url));
export const FIXTURES = path.join(REPO, 'tests', 'fixtures');
/** Where the CLI keeps the engine's own bundle in this clone (bin/engine-bundle.js). */
export const ENGINE_CACHE = path.join(REPO, 'node_modules', '.cache', 'sitesmith');

/** A fresh copy of a fixture site (plus an overlay of files on top), removed by `dispose`. */
export async function fixtureCopy(
  name: string,
  overlay?: string,
): Promise<{ root: string; dispose: () => Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), `site-${name}-`));
  await cp(path.join(FIXTURES, name), root, { recursive: true });
  if (overlay)
    await cp(overlay, root, {
      recursive: true,
      filter: (src) => !['expected.txt', 'build'].includes(path.relative(overlay, src)),
    });
  // The fixture's config imports types by a path relative to the repository; keep it resolvable.
  // A build that failed may still be finishing a background write into .cache/ as the copy goes:
  // removal tries again (ENOTEMPTY) instead of failing the test that is done.
  return { root, dispose: () => rm(root, { recursive: true, force: true, maxRetries: 5 }) };
}

export async function read(root: string, file: string): Promise<string> {
  return readFile(path.join(root, file), 'utf8');
}

export function exists(root: string, file: string): boolean {
  return existsSync(path.join(root, file));
}
