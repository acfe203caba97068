// What every browser test needs: Debian's Chromium, the real site built once per run, and a
// local server for it with room for test-only routes (a slowed page, a failing endpoint, ...).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { runBuild, formatDiagnostic } from '../../generator/build.ts';
import { localePrefix } from '../../generator/config.ts';
import { serveStatic, type StaticOptions } from '../../server/static.ts';
import { REPO } from '../helpers.ts';

export const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** A missing browser fails the run: a skipped browser suite would pass without testing anything. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: install Debian's Chromium (apt-get install -y chromium) to run the browser tests`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

export interface BuiltSite {
  dir: string;
  static: StaticOptions;
  dispose: () => Promise<void>;
}

/** Builds a site into a fresh temporary folder; the real site (no root given) is built once per
 * state of its sources and shared by every browser test file (`realSite`). */
export async function buildSite(root?: string): Promise<BuiltSite> {
  if (root === undefined) return realSite();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-browser-'));
  return { ...(await buildInto(root, dir)), dispose: () => rm(dir, { recursive: true, force: true }) };
}

async function buildInto(root: string, dir: string): Promise<Omit<BuiltSite, 'dispose'>> {
  const result = await runBuild({ root, mode: 'build', outDir: dir });
  if (!result.ok || !result.graph || !result.config) {
    throw new Error(`the site did not build:\n${result.diagnostics.map(formatDiagnostic).join('\n')}`);
  }
  const config = result.config;
  return {
    dir,
    static: {
      dir,
      redirects: new Map(result.graph.redirects.map((r) => [r.from, r.to])),
      localePrefixes: Object.keys(config.locales).map((l) => localePrefix(config, l)).filter(Boolean),
    },
  };
}

/** What the real site's build depends on: the site's folders, the engine's and the lockfile. */
const REAL_SITE_INPUTS = ['config', 'content', 'i18n', 'public', 'theme', 'generator', 'common', 'package-lock.json'];
const REAL_SITE_CACHE = path.join(REPO, '.cache', 'real-site');

/** A key of every input file's path, size and modification time: an edit makes a new build. */
function realSiteKey(): string {
  const hash = createHash('sha1');
  for (const input of REAL_SITE_INPUTS) {
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

/** The real site, built by the first test file of a run that needs it and reused by the others
 * (test files run one after another): a browser run builds it once instead of once per file. */
async function realSite(): Promise<BuiltSite> {
  const dir = path.join(REAL_SITE_CACHE, realSiteKey());
  const site = path.join(dir, 'site');
  const done = path.join(dir, 'static.json');
  if (existsSync(done)) {
    const saved = JSON.parse(readFileSync(done, 'utf8')) as { redirects: [string, string][]; localePrefixes: string[] };
    return { dir: site, static: { dir: site, redirects: new Map(saved.redirects), localePrefixes: saved.localePrefixes }, dispose: async () => undefined };
  }
  // Builds of earlier states of the sources are of no further use.
  await rm(REAL_SITE_CACHE, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const built = await buildInto(REPO, site);
  await writeFile(done, JSON.stringify({ redirects: [...built.static.redirects], localePrefixes: built.static.localePrefixes }));
  return { ...built, dispose: async () => undefined };
}

/** A test-only route: return true when it answered the request. */
export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean>;

export interface SiteServer {
  url: string;
  close: () => Promise<void>;
}

/** Serves a built site on 127.0.0.1 on a free port; test routes are tried before the files. */
export async function serveSite(site: BuiltSite, routes: Route[] = []): Promise<SiteServer> {
  const server = http.createServer(async (req, res) => {
    for (const route of routes) if (await route(req, res)) return;
    serveStatic(site.static, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RealSite {
  browser: Browser;
  site: BuiltSite;
  server: SiteServer;
}

/** The `before` and `after` of a browser test file: Chromium and the real site, built once and
 * served on 127.0.0.1 (test routes first), handed to `use`; all three stopped after the file. */
export function withRealSite(use: (real: RealSite) => void, routes: Route[] = []): void {
  let real: Partial<RealSite> = {};
  before(async () => {
    const [browser, site] = await Promise.all([launchBrowser(), buildSite()]);
    real = { browser, site, server: await serveSite(site, routes) };
    use(real as RealSite);
  });
  after(async () => {
    await real.browser?.close();
    await real.server?.close();
    await real.site?.dispose();
  });
}
