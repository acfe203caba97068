// Fixture sites built for tests, kept like the real site's build (tests/real-site.ts): a build is
// keyed by the engine's sources and the fixture's every file, so building the same fixture again,
// in a later run or in another test file, reuses it; an edit to the engine or to the fixture makes
// a new one. Test files that build the same fixture at once build it once. `fixtureSiteBuild`
// gives the shared build of a site (read and served, never written); `builtFixtureCopy` a copy of
// its own of a fixture with its build, for a test that changes them.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES, REPO } from './helpers.ts';
import { builtOnce, ENGINE_INPUTS, inputsKey, type SiteBuild, siteBuiltOnce } from './real-site.ts';

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
  for (const file of files)
    hash
      .update(`${path.relative(root, file)}\0`)
      .update(readFileSync(file))
      .update('\n');
  return hash.digest('hex');
}

/** The build of the site at `root` (a copy of a fixture, perhaps changed by the test): built on
 * first use, then read from the cache. The build is shared: a test reads and serves it, never
 * writes into it. */
export async function fixtureSiteBuild(root: string): Promise<SiteBuild> {
  const key = createHash('sha1').update(inputsKey(ENGINE_INPUTS)).update(contentKey(root)).digest('hex').slice(0, 16);
  const dir = path.join(CACHE, key);
  const done = path.join(dir, 'build.json');
  const fresh = !existsSync(done);
  const built = await siteBuiltOnce(root, path.join(dir, 'site'), dir);
  if (fresh) await forgetOldBuilds(key);
  // Marks the build as used, so the ones dropped are those unused longest.
  const now = new Date();
  await utimes(done, now, now);
  return built;
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

export interface BuiltFixture {
  /** The site's folder: the fixture's sources and its build. */
  root: string;
  /** The build: `build` in root, a link to its generation as `site build` publishes it. */
  dir: string;
  dispose: () => Promise<void>;
}

/**
 * A copy of its own of a fixture site and its build, for a test that serves or reads the build
 * (and may change it): the fixture is built once per state of its sources and the engine's, and
 * each caller gets a copy of that, since building the same sources again makes the same files.
 * The copy leaves out the build's .cache/: a test that builds again builds cold, as in a fresh copy.
 */
export async function builtFixtureCopy(name: string): Promise<BuiltFixture> {
  // Under the fixtures' folder of .cache/, its lock too: a test that lists .cache/ sees that folder only.
  const cache = path.join(CACHE, 'copies', name);
  // NODE_ENV picks React's build for the client code, so it is part of the key.
  const built = path.join(
    cache,
    `${inputsKey([path.relative(REPO, path.join(FIXTURES, name)), ...ENGINE_INPUTS])}-${process.env.NODE_ENV ?? 'development'}`,
  );
  const site = path.join(built, 'site');
  await builtOnce(built, cache, async () => {
    await cp(path.join(FIXTURES, name), site, { recursive: true });
    // Loaded when a site is built: a test file that finds its site built has no use for it.
    const { runBuild, formatDiagnostic } = await import('../generator/build/build.ts');
    const result = await runBuild({ root: site, mode: 'build', outDir: path.join(site, 'build') });
    if (!result.ok)
      throw new Error(`the fixture ${name} did not build:\n${result.diagnostics.map(formatDiagnostic).join('\n')}`);
    return true;
  });
  const root = await mkdtemp(path.join(os.tmpdir(), `site-${name}-`));
  // The link `build` is relative to the site's folder, and copied as it is.
  await cp(site, root, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (src) => path.relative(site, src) !== '.cache',
  });
  return { root, dir: path.join(root, 'build'), dispose: () => rm(root, { recursive: true, force: true }) };
}
