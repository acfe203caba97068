// Sites built for tests: any site into a folder (`buildSiteInto`), the real site (this
// repository's config/, content/, i18n/, public/) and a fixture site built as it is
// (`builtFixtureCopy`). The real site and the fixtures are built once per state of their sources and
// the engine's, and shared by every test file that reads them, integration and browser tests alike:
// the first test file that needs one builds it and the others reuse it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runBuild, formatDiagnostic } from '../generator/build.ts';
import { localePrefix } from '../generator/config.ts';
import { FIXTURES, REPO } from './helpers.ts';

export interface SiteBuild {
  /** The built site. */
  dir: string;
  /** What the build reported, formatted as the CLI prints it (the site builds with none). */
  diagnostics: string[];
  /** Redirects from -> to, for the static server. */
  redirects: Map<string, string>;
  localePrefixes: string[];
}

/** What a site's build depends on besides the site's own folders: the engine and the lockfile. */
const ENGINE_INPUTS = ['theme', 'generator', 'common', 'package-lock.json'];
/** What the real site's build depends on: the site's folders and the engine. */
const INPUTS = ['config', 'content', 'i18n', 'public', ...ENGINE_INPUTS];
const CACHE = path.join(REPO, '.cache', 'real-site');

/** A key of every input file's path, size and modification time: an edit makes a new build. */
function inputsKey(inputs = INPUTS): string {
  const hash = createHash('sha1');
  for (const input of inputs) {
    const full = path.join(REPO, input);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory() ? readdirSync(full, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : [full];
    for (const file of files.sort()) {
      const stat = statSync(file);
      hash.update(`${path.relative(REPO, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Builds the site at `root` into `dir`; throws when the build fails. */
export async function buildSiteInto(root: string, dir: string): Promise<SiteBuild> {
  const result = await runBuild({ root, mode: 'build', outDir: dir });
  const diagnostics = result.diagnostics.map(formatDiagnostic);
  if (!result.ok || !result.graph || !result.config) throw new Error(`the site did not build:\n${diagnostics.join('\n')}`);
  const config = result.config;
  return {
    dir,
    diagnostics,
    redirects: new Map(result.graph.redirects.map((r) => [r.from, r.to])),
    localePrefixes: Object.keys(config.locales).map((l) => localePrefix(config, l)).filter(Boolean),
  };
}

interface Saved {
  diagnostics: string[];
  redirects: [string, string][];
  localePrefixes: string[];
}

/** The real site's build for the sources as they are now; built on first use. */
export async function realSiteBuild(): Promise<SiteBuild> {
  const dir = path.join(CACHE, inputsKey());
  const site = path.join(dir, 'site');
  const done = path.join(dir, 'build.json');
  if (!existsSync(done)) {
    // Test files that run at once build it once: the first takes the lock, the others wait for it
    // and find the build done.
    await mkdir(path.dirname(CACHE), { recursive: true });
    const release = await lock(`${CACHE}.lock`);
    try {
      if (!existsSync(done)) {
        // Builds of earlier states of the sources are of no further use.
        await rm(CACHE, { recursive: true, force: true });
        await mkdir(dir, { recursive: true });
        const built = await buildSiteInto(REPO, site);
        const saved: Saved = { diagnostics: built.diagnostics, redirects: [...built.redirects], localePrefixes: built.localePrefixes };
        await writeFile(done, JSON.stringify(saved));
      }
    } finally {
      await release();
    }
  }
  const saved = JSON.parse(readFileSync(done, 'utf8')) as Saved;
  return { dir: site, diagnostics: saved.diagnostics, redirects: new Map(saved.redirects), localePrefixes: saved.localePrefixes };
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
  // Under one folder of .cache/, its lock too: a test that lists .cache/ sees at most that folder.
  const cache = path.join(REPO, '.cache', 'fixtures', name);
  // NODE_ENV picks React's build for the client code, so it is part of the key.
  const built = path.join(cache, `${inputsKey([path.relative(REPO, path.join(FIXTURES, name)), ...ENGINE_INPUTS])}-${process.env.NODE_ENV ?? 'development'}`);
  const site = path.join(built, 'site');
  const done = path.join(built, 'done');
  if (!existsSync(done)) {
    await mkdir(path.dirname(cache), { recursive: true });
    const release = await lock(`${cache}.lock`);
    try {
      if (!existsSync(done)) {
        await rm(cache, { recursive: true, force: true });
        await mkdir(built, { recursive: true });
        await cp(path.join(FIXTURES, name), site, { recursive: true });
        const result = await runBuild({ root: site, mode: 'build', outDir: path.join(site, 'build') });
        if (!result.ok) throw new Error(`the fixture ${name} did not build:\n${result.diagnostics.map(formatDiagnostic).join('\n')}`);
        await writeFile(done, '');
      }
    } finally {
      await release();
    }
  }
  const root = await mkdtemp(path.join(os.tmpdir(), `site-${name}-`));
  // The link `build` is relative to the site's folder, and copied as it is.
  await cp(site, root, { recursive: true, verbatimSymlinks: true, filter: (src) => path.relative(site, src) !== '.cache' });
  return { root, dir: path.join(root, 'build'), dispose: () => rm(root, { recursive: true, force: true }) };
}

/** A lock between processes: a folder made atomically, holding the owner's pid. A lock whose owner
 * is gone (a test process killed mid-build) is taken over. */
async function lock(dir: string): Promise<() => Promise<void>> {
  for (;;) {
    try {
      await mkdir(dir);
      await writeFile(path.join(dir, 'pid'), String(process.pid));
      return () => rm(dir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number(readFileSync(path.join(dir, 'pid'), 'utf8'));
    } catch {
      // Made but not yet written: its owner is alive.
    }
    if (Number.isInteger(owner) && !alive(owner)) await rm(dir, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
