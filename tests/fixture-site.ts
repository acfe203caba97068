// Fixture sites built for tests, kept like the real site's build (tests/real-site.ts): a build is
// keyed by the engine's sources and the fixture's every file (path and content), so building the
// same fixture again, in a later run or in another test file, reuses it; an edit to the engine or
// to the fixture makes a new one. Test files that build the same fixture at once build it once.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSiteInto, ENGINE_INPUTS, inputsKey, lock, type SiteBuild } from './real-site.ts';
import { REPO } from './helpers.ts';

const CACHE = path.join(REPO, '.cache', 'fixture-sites');
/** Builds kept at most: the fixtures the test files build, with room for a few earlier states. */
const KEEP = 12;

/** A key of the fixture's files, by content: a fresh copy of the same fixture has the same key. */
function contentKey(root: string): string {
  const hash = createHash('sha1');
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  for (const file of files) hash.update(`${path.relative(root, file)}\0`).update(readFileSync(file)).update('\n');
  return hash.digest('hex');
}

interface Saved {
  diagnostics: string[];
  redirects: [string, string][];
  localePrefixes: string[];
}

/** The build of the site at `root` (a copy of a fixture, perhaps changed by the test): built on
 * first use, then read from the cache. The build is shared: a test reads and serves it, never
 * writes into it. */
export async function fixtureSiteBuild(root: string): Promise<SiteBuild> {
  const key = createHash('sha1').update(inputsKey(ENGINE_INPUTS)).update(contentKey(root)).digest('hex').slice(0, 16);
  const dir = path.join(CACHE, key);
  const site = path.join(dir, 'site');
  const done = path.join(dir, 'build.json');
  if (!existsSync(done)) {
    await mkdir(CACHE, { recursive: true });
    const release = await lock(`${dir}.lock`);
    try {
      if (!existsSync(done)) {
        await rm(dir, { recursive: true, force: true });
        await mkdir(dir, { recursive: true });
        const built = await buildSiteInto(root, site);
        const saved: Saved = { diagnostics: built.diagnostics, redirects: [...built.redirects], localePrefixes: built.localePrefixes };
        await writeFile(done, JSON.stringify(saved));
        await forgetOldBuilds(key);
      }
    } finally {
      await release();
    }
  }
  // Marks the build as used, so the ones dropped are those unused longest.
  const now = new Date();
  await utimes(done, now, now);
  const saved = JSON.parse(readFileSync(done, 'utf8')) as Saved;
  return { dir: site, diagnostics: saved.diagnostics, redirects: new Map(saved.redirects), localePrefixes: saved.localePrefixes };
}

/** Removes all but the KEEP builds used last (never one being built: it has no build.json yet). */
async function forgetOldBuilds(keep: string): Promise<void> {
  const builds: { key: string; used: number }[] = [];
  for (const entry of readdirSync(CACHE, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === keep || entry.name.endsWith('.lock')) continue;
    const done = path.join(CACHE, entry.name, 'build.json');
    if (existsSync(done)) builds.push({ key: entry.name, used: (await stat(done)).mtimeMs });
  }
  builds.sort((a, b) => b.used - a.used);
  for (const old of builds.slice(KEEP - 1)) await rm(path.join(CACHE, old.key), { recursive: true, force: true });
}
