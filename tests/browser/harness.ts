// What every browser test needs: Debian's Chromium, the real site built once per run, and a
// local server for it with room for test-only routes (a slowed page, a failing endpoint, ...).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { serveStatic, type StaticOptions } from '../../server/static.ts';
import { buildSiteInto, realSiteBuild, type SiteBuild } from '../real-site.ts';

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
 * state of its sources and shared by every test file (tests/real-site.ts). */
export async function buildSite(root?: string): Promise<BuiltSite> {
  if (root === undefined) return realSite();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'site-browser-'));
  // build/ is a link to its generation beside it (generator/generations.ts): both inside tmp.
  return { ...(await buildInto(root, path.join(tmp, 'build'))), dispose: () => rm(tmp, { recursive: true, force: true }) };
}

/** What the static server needs of a build. */
const served = (built: SiteBuild): Omit<BuiltSite, 'dispose'> => ({ dir: built.dir, static: { dir: built.dir, redirects: built.redirects, localePrefixes: built.localePrefixes } });

async function buildInto(root: string, dir: string): Promise<Omit<BuiltSite, 'dispose'>> {
  return served(await buildSiteInto(root, dir));
}

/** The real site, built once per state of its sources and shared with the other test files. */
async function realSite(): Promise<BuiltSite> {
  return { ...served(await realSiteBuild()), dispose: async () => undefined };
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
