// What every browser test needs: Debian's Chromium, the real site built once per run, and a
// local server for it with room for test-only routes (a slowed page, a failing endpoint, ...).
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { type StaticOptions, serveStatic } from '../server/static.ts';
import { fixtureSiteBuild } from './fixture-site.ts';
import { realSiteBuild, type SiteBuild } from './real-site.ts';
import { HANG_MS } from './waiting.ts';

export const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A missing browser fails the run: a skipped browser suite would pass without testing anything.
 *
 * Playwright's own SIGINT, SIGTERM and SIGHUP handlers are off: its SIGTERM handler closes the
 * browsers and keeps the process running (a run cancelled by the test runner's SIGTERM went on
 * testing with no one to report to). Without them a signal ends the process, and Chromium ends by
 * itself when the pipe Playwright drives it through closes.
 *
 * Pages and contexts wait up to HANG_MS for an action or a navigation, not Playwright's 30 s: on a
 * busy machine a working page may take that long.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} not found: install Debian's Chromium (apt-get install -y chromium) to run the browser tests`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(HANG_MS);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    page.context().setDefaultTimeout(HANG_MS);
    return page;
  };
  return browser;
}

export interface BuiltSite {
  dir: string;
  static: StaticOptions;
  dispose: () => Promise<void>;
}

/** Builds a site once per state of its sources and the engine's, shared by every test file that
 * builds the same: the real site when no root is given (tests/real-site.ts), else the site at
 * `root`, a fixture's copy (tests/fixture-site.ts). Tests read and serve it, never write into it. */
export async function buildSite(root?: string): Promise<BuiltSite> {
  const built = root === undefined ? await realSiteBuild() : await fixtureSiteBuild(root);
  return { ...served(built), dispose: async () => undefined };
}

/** What the static server needs of a build. */
const served = (built: SiteBuild): Omit<BuiltSite, 'dispose'> => ({
  dir: built.dir,
  static: { dir: built.dir, redirects: built.redirects, localePrefixes: built.localePrefixes },
});

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
  // Kept apart from the build: when the build fails, the browser it launched meanwhile is still
  // closed, and the file ends at once instead of at the test timeout.
  let launched: Promise<Browser> | undefined;
  before(async () => {
    launched = launchBrowser();
    const [browser, site] = await Promise.all([launched, buildSite()]);
    real = { browser, site, server: await serveSite(site, routes) };
    use(real as RealSite);
  });
  after(async () => {
    await (await launched?.catch(() => undefined))?.close();
    await real.server?.close();
    await real.site?.dispose();
  });
}

/**
 * Runs `check` on every item, `tabs` at a time, and fails with the first failure once all have
 * ended. A page spends most of its load waiting (on the network, on idle, on another process of
 * the browser), so a few pages open at once finish sooner than the same pages one after another.
 */
export async function inTabs<T>(items: readonly T[], tabs: number, check: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      try {
        await check(item);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(tabs, items.length) }, worker));
  if (failures.length) throw failures[0];
}
