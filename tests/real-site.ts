// Sites built for tests: any site into a folder (`buildSiteInto`), and the real site (this
// repository's config/, content/, i18n/, public/), built once per state of its sources and shared by
// every test file that reads it, integration and browser tests alike: test files run one after
// another, so the first that needs it builds it and the others reuse it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { localePrefix } from '../common/locale-prefix.ts';
import { REPO } from './helpers.ts';

export interface SiteBuild {
  /** The built site. */
  dir: string;
  /** What the build reported, formatted as the CLI prints it (the site builds with none). */
  diagnostics: string[];
  /** Redirects from -> to, for the static server. */
  redirects: Map<string, string>;
  localePrefixes: string[];
}

/** What the real site's build depends on: the site's folders, the engine's and the lockfile. */
const INPUTS = ['config', 'content', 'i18n', 'public', 'theme', 'generator', 'common', 'package-lock.json'];
const CACHE = path.join(REPO, '.cache', 'real-site');

/** What any site's build depends on besides the site itself: the engine's sources and the lockfile. */
export const ENGINE_INPUTS = ['theme', 'generator', 'common', 'package-lock.json'];

/** A key of every input file's path, size and modification time: an edit makes a new build. */
export function inputsKey(inputs: string[] = INPUTS): string {
  const hash = createHash('sha1');
  for (const input of inputs) {
    const full = path.join(REPO, input);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory()
      ? readdirSync(full, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
      : [full];
    for (const file of files.sort()) {
      const stat = statSync(file);
      hash.update(`${path.relative(REPO, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Builds the site at `root` into `dir`; throws when the build fails. */
export async function buildSiteInto(root: string, dir: string): Promise<SiteBuild> {
  // Loaded when a site is built, not with this file: loading the engine takes seconds, and a test
  // file that finds its site built has no use for it.
  const { runBuild, formatDiagnostic } = await import('../generator/build/build.ts');
  const result = await runBuild({ root, mode: 'build', outDir: dir });
  const diagnostics = result.diagnostics.map(formatDiagnostic);
  if (!result.ok || !result.graph || !result.config)
    throw new Error(`the site did not build:\n${diagnostics.join('\n')}`);
  const config = result.config;
  return {
    dir,
    diagnostics,
    redirects: new Map(result.graph.redirects.map((r) => [r.from, r.to])),
    localePrefixes: Object.keys(config.locales)
      .map((l) => localePrefix(config, l))
      .filter(Boolean),
  };
}

/**
 * Makes `dir` with `build` once for every test process: test files that run at once build it once,
 * as the first takes the lock (`<replaced>.lock`), removes `replaced` (the builds of earlier states,
 * `dir` among them) and builds; the others wait for it and find `dir/build.json`, which holds what
 * `build` gave.
 */
export async function builtOnce<T>(dir: string, replaced: string, build: () => Promise<T>): Promise<T> {
  const done = path.join(dir, 'build.json');
  if (!existsSync(done)) {
    await mkdir(path.dirname(replaced), { recursive: true });
    const release = await lock(`${replaced}.lock`);
    try {
      if (!existsSync(done)) {
        await rm(replaced, { recursive: true, force: true });
        await mkdir(dir, { recursive: true });
        await writeFile(done, JSON.stringify(await build()));
      }
    } finally {
      await release();
    }
  }
  return JSON.parse(readFileSync(done, 'utf8')) as T;
}

/** A site built into `site` by `buildSiteInto`, once for every test process (`builtOnce`). */
export async function siteBuiltOnce(root: string, site: string, replaced: string): Promise<SiteBuild> {
  const saved = await builtOnce(path.dirname(site), replaced, async () => {
    const built = await buildSiteInto(root, site);
    return { diagnostics: built.diagnostics, redirects: [...built.redirects], localePrefixes: built.localePrefixes };
  });
  return {
    dir: site,
    diagnostics: saved.diagnostics,
    redirects: new Map(saved.redirects),
    localePrefixes: saved.localePrefixes,
  };
}

/** The real site's build for the sources as they are now; built on first use. */
export function realSiteBuild(): Promise<SiteBuild> {
  return siteBuiltOnce(REPO, path.join(CACHE, inputsKey(), 'site'), CACHE);
}

/** A lock between processes: a folder made atomically, holding the owner's pid. A lock whose owner
 * is gone (a test process killed mid-build) is taken over. */
export async function lock(dir: string): Promise<() => Promise<void>> {
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
