// The theme's byte budgets and origin rule, measured on the real built site: the JavaScript a docs
// page and a blog post load before any interaction (at most 12 KB gzip, no React), every
// stylesheet the site ships (at most 20 KB gzip), and no request to another origin, both in the
// browser (pages loaded and scrolled to the bottom) and in the HTML of every built page.
// 1 KB is counted as 1,000 bytes here, the stricter reading of the budgets.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import config from '../../../config/site.config.ts';
import { type BuiltSite, inTabs, type SiteServer, withRealSite } from '../../browser-harness.ts';
import { islandHydrated } from './runtime-helpers.ts';

const KB = 1000;
const JS_BUDGET = 12 * KB;
const CSS_BUDGET = 20 * KB;
/** Markers of React's runtime in a production bundle (React 19: element symbol and internals). */
const REACT_RUNTIME = [/react\.transitional\.element/, /__(CLIENT|SECRET|DOM)_INTERNALS_DO_NOT_USE/];

/** Pages loaded at once, each in a context of its own. */
const TABS = 4;

let browser: Browser;
let site: BuiltSite;
let server: SiteServer;
withRealSite((real) => ({ browser, site, server } = real));

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes).length;

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

interface LoadedScript {
  url: string;
  body: Buffer;
}

/**
 * Opens a page and returns every script the browser fetched for it: without touching it, or after
 * `reach` (what a visitor does next) when one is given.
 */
async function scriptsLoadedBy(route: string, reach?: (page: Page) => Promise<void>): Promise<LoadedScript[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: Promise<LoadedScript>[] = [];
  page.on('response', (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() === 'script' || /javascript/.test(type)) {
      bodies.push(response.body().then((body) => ({ url: response.url(), body })));
    }
  });
  const response = await page.goto(`${server.url}${route}`);
  assert.equal(response?.status(), 200, route);
  await page.waitForLoadState('networkidle');
  if (reach) await reach(page);
  const scripts = await Promise.all(bodies);
  await context.close();
  return scripts;
}

const hasReact = (scripts: LoadedScript[]) =>
  scripts.some((s) => REACT_RUNTIME.some((marker) => marker.test(s.body.toString('utf8'))));

test('a docs page and a blog post load at most 12 KB of JavaScript (gzip) and no React', async () => {
  await inTabs(
    [
      '/en/services/databases/postgresql/',
      '/services/databases/postgresql/',
      '/en/blog/containers/',
      '/blog/containers/',
    ],
    TABS,
    async (route) => {
      const scripts = await scriptsLoadedBy(route);
      assert.ok(scripts.length > 0, `${route} loads the site's runtime`);
      const sizes = scripts.map((s) => ({ url: new URL(s.url).pathname, gzip: gzipSize(s.body) }));
      const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
      console.log(`JS ${route}: ${total} bytes gzip (${sizes.map((s) => `${s.url} ${s.gzip}`).join(', ')})`);
      assert.ok(
        total <= JS_BUDGET,
        `${route} loads ${total} bytes of JavaScript (gzip), more than ${JS_BUDGET}: ${JSON.stringify(sizes)}`,
      );
      assert.equal(hasReact(scripts), false, `${route} loads React: ${sizes.map((s) => s.url).join(', ')}`);
    },
  );
});

test('the contact page loads React when the visitor reaches for its form, not with the page', async () => {
  // The plain form works without it; React's start-up waits for a pointer, a touch or the focus.
  // The same markers that find no React above find it here once it has loaded.
  await inTabs(['/en/contact/', '/contact/'], TABS, async (route) => {
    const untouched = await scriptsLoadedBy(route);
    assert.equal(
      hasReact(untouched),
      false,
      `${route} loads React before anyone reached for the form: ${untouched.map((s) => s.url).join(', ')}`,
    );
    const reaches = [
      [
        'a pointer over the form',
        (page: Page) => page.hover('form[data-contact-form]').then(() => islandHydrated(page)),
      ],
      ['the focus moved into it', (page: Page) => page.focus('#contact-name').then(() => islandHydrated(page))],
    ] as const;
    await inTabs(reaches, reaches.length, async ([how, reach]) => {
      const scripts = await scriptsLoadedBy(route, reach);
      assert.equal(
        hasReact(scripts),
        true,
        `${route} loads React after ${how}: ${scripts.map((s) => s.url).join(', ')}`,
      );
      console.log(
        `JS ${route}: ${untouched.reduce((sum, s) => sum + gzipSize(s.body), 0)} bytes gzip with the page, ${scripts.reduce((sum, s) => sum + gzipSize(s.body), 0)} after ${how}`,
      );
    });
  });
});

test('all stylesheets the site ships are at most 20 KB (gzip) together', () => {
  const sheets = filesUnder(site.dir, (name) => name.endsWith('.css'));
  assert.ok(
    sheets.some((f) => f.startsWith(path.join(site.dir, 'assets'))),
    'the site ships its stylesheet under assets/',
  );
  const sizes = sheets.map((f) => ({ file: path.relative(site.dir, f), gzip: gzipSize(readFileSync(f)) }));
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`CSS: ${total} bytes gzip (${sizes.map((s) => `${s.file} ${s.gzip}`).join(', ')})`);
  assert.ok(
    total <= CSS_BUDGET,
    `the stylesheets are ${total} bytes (gzip), more than ${CSS_BUDGET}: ${JSON.stringify(sizes)}`,
  );
});

/** Scrolls down half a screen per frame to the end, so lazy images and anything else load. */
async function scrollToBottom(page: Page): Promise<void> {
  // A string, so the test runner's transform leaves the browser code as it is.
  await page.evaluate(`(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  })()`);
}

test('no page makes a request to another origin while it loads and scrolls', async () => {
  const origin = new URL(server.url).origin;
  const routes = ['/', '/services/databases/postgresql/', '/blog/containers/', '/contact/', '/does-not-exist/'];
  await inTabs([...routes, ...routes.map((r) => `/en${r}`)], TABS, async (route) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    await page.goto(`${server.url}${route}`);
    await page.waitForLoadState('networkidle');
    await scrollToBottom(page);
    await page.waitForLoadState('networkidle');
    await context.close();
    assert.ok(
      requests.some((u) => u.includes('/assets/') && u.endsWith('.css')),
      `${route}: the requests were recorded`,
    );
    const foreign = requests.filter((u) => !u.startsWith('data:') && new URL(u).origin !== origin);
    assert.deepEqual(foreign, [], `${route} requested another origin`);
  });
});

/** Link relations that make the browser fetch something; canonical, alternate and plain links do not. */
const FETCHING_RELS =
  /\b(stylesheet|preload|modulepreload|prefetch|preconnect|dns-prefetch|prerender|icon|apple-touch-icon|manifest|mask-icon)\b/i;

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]).replace(/&amp;/g, '&') : undefined;
}

/** Every URL a page's HTML makes the browser fetch without a click. */
function fetchedUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [tag, name] of html.matchAll(
    /<(link|script|img|source|iframe|frame|video|audio|track|embed|object|input)\b[^>]*>/gi,
  )) {
    const element = name.toLowerCase();
    if (element === 'link') {
      if (FETCHING_RELS.test(attr(tag, 'rel') ?? '')) urls.push(attr(tag, 'href') ?? '');
      for (const candidate of (attr(tag, 'imagesrcset') ?? '').split(',')) urls.push(candidate.trim().split(/\s+/)[0]);
      continue;
    }
    for (const key of ['src', 'poster', 'data']) urls.push(attr(tag, key) ?? '');
    for (const candidate of (attr(tag, 'srcset') ?? '').split(',')) urls.push(candidate.trim().split(/\s+/)[0]);
  }
  // Stylesheets and style attributes: url(...) and @import, fonts included.
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]);
  styles.push(...[...html.matchAll(/\sstyle\s*=\s*"([^"]*)"/gi)].map((m) => m[1].replace(/&quot;/g, '"')));
  for (const css of styles) urls.push(...cssUrls(css));
  // A meta refresh is a request the browser makes on its own.
  for (const [tag] of html.matchAll(/<meta\b[^>]*http-equiv\s*=\s*"?refresh"?[^>]*>/gi)) {
    urls.push(/url\s*=\s*'?([^'"]+)/i.exec(attr(tag, 'content') ?? '')?.[1] ?? '');
  }
  return urls.filter(Boolean);
}

function cssUrls(css: string): string[] {
  const urls = [...css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi)].map((m) => m[1] ?? m[2] ?? m[3]);
  urls.push(...[...css.matchAll(/@import\s+["']([^"']+)["']/gi)].map((m) => m[1]));
  return urls;
}

test('no built page or stylesheet refers to a resource on another origin', () => {
  // The site's own production origin counts as its own; every other absolute URL is foreign.
  const own = new URL(config.url).origin;
  const foreignOf = (urls: string[]) =>
    urls.filter((u) => {
      if (u.startsWith('data:') || u.startsWith('#')) return false;
      if (!/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(u)) return false; // relative to the page
      return new URL(u, `${own}/`).origin !== own;
    });
  const pages = filesUnder(site.dir, (name) => name.endsWith('.html'));
  let fetched = 0;
  const problems: string[] = [];
  for (const file of pages) {
    const urls = fetchedUrls(readFileSync(file, 'utf8'));
    fetched += urls.length;
    for (const u of foreignOf(urls)) problems.push(`${path.relative(site.dir, file)}: ${u}`);
  }
  const sheets = filesUnder(site.dir, (name) => name.endsWith('.css'));
  for (const file of sheets) {
    for (const u of foreignOf(cssUrls(readFileSync(file, 'utf8'))))
      problems.push(`${path.relative(site.dir, file)}: ${u}`);
  }
  console.log(
    `origin scan: ${pages.length} HTML pages and ${sheets.length} stylesheet(s), ${fetched} fetched URLs in the HTML`,
  );
  for (const file of ['index.html', 'en/index.html', '404.html', 'en/404.html', 'en/blog/containers/index.html']) {
    assert.ok(pages.includes(path.join(site.dir, file)), `${file} is scanned`);
  }
  assert.ok(fetched >= pages.length * 3, 'the scan finds the stylesheet, scripts and images of the pages');
  assert.deepEqual(problems, []);
});
