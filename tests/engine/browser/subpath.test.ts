// A site deployed under a subpath (`baseUrl: '/docs/'`, as at https://example.org/docs/): the
// fixture site is built with that base and served two ways, by `site start` and by a plain static
// server that has nothing but the folder at /docs/ (as a CDN or a shared host would). Every page is
// walked in the browser: each link, asset, image, feed and form target it names answers, and
// nothing the pages name or the browser loads lies outside /docs/. Client navigation and search
// stay under it too.

import assert from 'node:assert/strict';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { contentTypeOf } from '../../../common/content-types.ts';
import { launchBrowser } from '../../browser-harness.ts';
import { fixtureSiteBuild } from '../../fixture-site.ts';
import { fixtureCopy } from '../../helpers.ts';
import { type RunningServer, startServer } from '../integration/contact-helpers.ts';

const BASE = '/docs/';

let browser: Browser;
let fixture: { root: string; dispose: () => Promise<void> };
let dir: string;
let start: RunningServer;
let plain: { url: string; close: () => Promise<void> };

/** A server that knows no URL rules: a file under /docs/ (a folder's index.html), else 404. */
function plainServer(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file =
      pathname.startsWith(BASE) && !pathname.split('/').includes('..')
        ? path.join(root, pathname.slice(BASE.length), pathname.endsWith('/') ? 'index.html' : '')
        : undefined;
    if (!file || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    res.writeHead(200, { 'content-type': contentTypeOf(file) });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

before(async () => {
  fixture = await fixtureCopy('basic');
  await writeFile(
    path.join(fixture.root, 'config/site.config.ts'),
    `import { base } from './base.ts';\n\nexport default { ...base, baseUrl: '${BASE}' };\n`,
  );
  // Built once per state of the fixture and the engine (tests/fixture-site.ts); only read here.
  dir = (await fixtureSiteBuild(fixture.root)).dir;
  start = await startServer({ root: fixture.root, dir });
  plain = await plainServer(dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await start?.stop();
  await plain?.close();
  await fixture?.dispose();
});

/** Every URL a page names: links, assets and icons, images, feeds, islands, form targets, social images. */
async function namedUrls(page: Page): Promise<{ url: string; what: string }[]> {
  // A string, not a function: the test runner's transform would name the closures with a helper
  // the page does not have.
  return page.evaluate(`(() => {
    const found = [];
    const add = (value, what) => value && found.push({ url: new URL(value, location.href).href, what });
    for (const el of document.querySelectorAll('[href]')) add(el.getAttribute('href'), el.tagName.toLowerCase() + '[href]');
    for (const el of document.querySelectorAll('[src]')) add(el.getAttribute('src'), el.tagName.toLowerCase() + '[src]');
    for (const el of document.querySelectorAll('[srcset]')) for (const c of el.getAttribute('srcset').split(',')) add(c.trim().split(/\\s+/)[0], 'srcset');
    for (const el of document.querySelectorAll('[data-src]')) add(el.dataset.src, 'island');
    for (const el of document.querySelectorAll('form[action]')) add(el.getAttribute('action'), 'form');
    for (const el of document.querySelectorAll('meta[property="og:image"], meta[property="og:url"], meta[name="twitter:image"]')) add(el.getAttribute('content'), 'meta');
    return found;
  })()`);
}

/** Pages walked at once, each tab taking the next page from the queue. */
const TABS = 4;

/** Walks every page reachable from the base; returns the problems found. */
async function walk(origin: string, options: { forms: boolean }): Promise<{ problems: string[]; pages: number }> {
  const problems: string[] = [];
  const context = await browser.newContext();
  const queue = [`${origin}${BASE}`, `${origin}${BASE}en/`];
  const seen = new Set(queue);
  const checked = new Set<string>();
  let pages = 0;

  const visit = async (tab: Page, url: string) => {
    const answer = await tab.goto(url, { waitUntil: 'load' });
    pages++;
    if (!answer || answer.status() >= 400) problems.push(`${url} answered ${answer?.status()}`);
    for (const { url: named, what } of await namedUrls(tab)) {
      const target = new URL(named);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') continue;
      if (target.hostname !== '127.0.0.1' && target.hostname !== 'fixture.example') continue;
      // The site's absolute URLs (canonical, og:image) name its public address: checked on this server.
      const local = new URL(target.pathname + target.search, origin);
      if (!local.pathname.startsWith(BASE)) {
        problems.push(`${url} names ${named} (${what}), outside ${BASE}`);
        continue;
      }
      if (what === 'form' && !options.forms) continue;
      const key = local.origin + local.pathname;
      if (checked.has(key)) continue;
      checked.add(key);
      const response = await fetch(key, { redirect: 'manual' });
      await response.arrayBuffer();
      const location = response.headers.get('location');
      // An endpoint a form posts to may refuse a GET (405): it is there; a missing one is 404.
      if (what === 'form' ? response.status === 404 : response.status >= 400)
        problems.push(`${key} (${what} on ${url}) answered ${response.status}`);
      else if (location && !new URL(location, key).pathname.startsWith(BASE))
        problems.push(`${key} redirects to ${location}, outside ${BASE}`);
      const isPage =
        (response.headers.get('content-type') ?? '').startsWith('text/html') &&
        response.status === 200 &&
        what === 'a[href]';
      if (isPage && !seen.has(key)) {
        seen.add(key);
        queue.push(key);
      }
    }
  };

  // A tab with nothing to do waits while another may still find pages; all stop when the queue is
  // empty and no tab is visiting.
  let visiting = 0;
  let waiting: (() => void)[] = [];
  const wake = () => {
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  const tabWork = async () => {
    const tab = await context.newPage();
    tab.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'data:') return;
      if (url.origin !== origin || !url.pathname.startsWith(BASE))
        problems.push(`the browser loaded ${request.url()} (from ${tab.url()})`);
    });
    tab.on('response', (response) => {
      if (response.status() >= 400 && response.request().resourceType() !== 'document')
        problems.push(`${response.url()} answered ${response.status()} (loaded by ${tab.url()})`);
    });
    for (;;) {
      const url = queue.shift();
      if (url === undefined) {
        if (visiting === 0) return;
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      visiting++;
      try {
        await visit(tab, url);
      } finally {
        visiting--;
        wake();
      }
    }
  };
  await Promise.all(Array.from({ length: TABS }, tabWork));
  await context.close();
  return { problems, pages };
}

test('site start: every page, link and asset under /docs/ answers, and nothing outside it is named or loaded', async () => {
  const { problems, pages } = await walk(start.url, { forms: true });
  assert.ok(pages >= 30, `walked ${pages} pages`);
  assert.deepEqual(problems, []);
});

test('a plain static server that has the build at /docs/ only: the same walk finds nothing missing', async () => {
  const { problems, pages } = await walk(plain.url, { forms: false });
  assert.ok(pages >= 30, `walked ${pages} pages`);
  assert.deepEqual(problems, []);
});

test('site start sends / and /docs to /docs/, a redirect stays under it, and a path outside it is not the site', async () => {
  const get = (p: string) => fetch(`${start.url}${p}`, { redirect: 'manual' });
  assert.equal((await get('/')).headers.get('location'), '/docs/');
  assert.equal((await get('/docs')).headers.get('location'), '/docs/');
  const moved = await get('/docs/old/');
  assert.equal(moved.status, 301);
  assert.equal(moved.headers.get('location'), '/docs/docs/');
  assert.equal((await get('/docs/en/docs/guides')).headers.get('location'), '/docs/en/docs/guides/');
  const missing = await get('/docs/en/nope/');
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /<html lang="en"/, 'the English not-found page');
  assert.equal((await get('/en/docs/')).status, 404, 'a route without the base');
});

test('client navigation and search stay under /docs/', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${start.url}${BASE}en/`);
  await page.evaluate(() => ((window as unknown as { __stay: number }).__stay = 1));
  await page.click('.navbar-items a[href="/docs/en/news/"]');
  await page.waitForURL(`${start.url}${BASE}en/news/`);
  assert.equal(
    await page.evaluate(() => (window as unknown as { __stay?: number }).__stay),
    1,
    'loaded by client navigation, not a full load',
  );
  await page.keyboard.press('Control+k');
  await page.keyboard.type('machine');
  await page.waitForSelector('.search-result');
  const hrefs = await page.$$eval('.search-result', (links) => links.map((a) => a.getAttribute('href') ?? ''));
  assert.ok(hrefs.length > 0);
  for (const href of hrefs) assert.ok(href.startsWith(`${BASE}en/`), href);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== `${BASE}en/news/`);
  assert.ok(new URL(page.url()).pathname.startsWith(`${BASE}en/docs/`), page.url());
  assert.equal(
    await page.evaluate(() => (window as unknown as { __stay?: number }).__stay),
    1,
    'the result opened by client navigation',
  );
  await context.close();
});
