// Client navigation in a real browser on the real site: links load pages in place, the head and
// focus follow, scroll positions come back, slow and failed loads show their states, and
// prefetching stays off for visitors who save data.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type BuiltSite, buildSite, inTabs, launchBrowser, type SiteServer, serveSite } from '../../browser-harness.ts';
import { until } from '../../waiting.ts';
import {
  builtPage,
  markWindow,
  RECORD_NAVIGATIONS,
  SAVE_DATA,
  SLOW_2G,
  sameWindow,
  sleep,
  titleOf,
  waitForNavigation,
} from './runtime-helpers.ts';

let browser: Browser;
let site: BuiltSite;
let server: SiteServer;
/** Per-test answers for single paths, tried before the site's files. */
const overrides = new Map<
  string,
  (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean>
>();

before(async () => {
  [browser, site] = await Promise.all([launchBrowser(), buildSite()]);
  server = await serveSite(site, [
    (req, res) => overrides.get(new URL(req.url ?? '/', 'http://x').pathname)?.(req, res) ?? false,
  ]);
});
after(async () => {
  await browser?.close();
  await server?.close();
  await site?.dispose();
});

async function open(route: string, init: string[] = []): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  for (const script of [RECORD_NAVIGATIONS, ...init]) await context.addInitScript(script);
  const page = await context.newPage();
  await page.goto(`${server.url}${route}`);
  return { context, page };
}

function serveFile(route: string, transform: (html: string) => string = (h) => h) {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(transform(builtPage(site.dir, route)));
    return true;
  };
}

test('a click loads the next page in place: title, description, canonical, language and focus follow', async () => {
  const { context, page } = await open('/en/blog/');
  await markWindow(page);
  await page.click('footer a[href="/en/legal/privacy/"]');
  assert.equal(await waitForNavigation(page, 1), `${server.url}/en/legal/privacy/`);
  assert.equal(page.url(), `${server.url}/en/legal/privacy/`);
  assert.ok(await sameWindow(page), 'the page was loaded in place, not by a full page load');
  const expected = builtPage(site.dir, 'en/legal/privacy');
  assert.equal(await page.title(), titleOf(expected));
  assert.equal(await page.getAttribute('link[rel="canonical"]', 'href'), 'https://almwerk.example/en/legal/privacy/');
  assert.equal(await page.locator('meta[name="description"]').count(), 1);
  assert.equal(
    await page.getAttribute('meta[name="description"]', 'content'),
    /<meta name="description" content="([^"]*)"/
      .exec(expected)![1]
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );
  assert.equal(
    await page.getAttribute('link[rel="alternate"][hreflang="de"]', 'href'),
    'https://almwerk.example/legal/privacy/',
  );
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H1', 'focus is on the new page heading');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('main')?.id), 'main');

  // To the other language: <html lang> and the alternates change with it.
  await page.click('footer a[href="/en/legal/terms/"]');
  await waitForNavigation(page, 2);
  await page.click('.language-toggle');
  await page.click('a[data-locale-link][hreflang="de"]');
  await waitForNavigation(page, 3);
  assert.equal(new URL(page.url()).pathname, '/legal/terms/');
  assert.equal(await page.getAttribute('html', 'lang'), 'de');
  assert.equal(await page.title(), titleOf(builtPage(site.dir, 'legal/terms')));
  assert.ok(await sameWindow(page));
  await context.close();
});

test('modified clicks, new tabs, files and downloads are left to the browser', async () => {
  const { context, page } = await open('/en/blog/');
  // A feed link and a download link, as an editor might write them.
  const addLinks = () =>
    page.evaluate(`
      for (const [href, download] of [['/en/blog/rss.xml', false], ['/en/legal/notice/', true]]) {
        const a = document.createElement('a');
        a.href = href;
        a.textContent = href;
        a.className = 'test-link';
        if (download) a.setAttribute('download', '');
        document.querySelector('main').prepend(a);
      }
    `);
  await addLinks();
  // A feed is a file, not a page: the browser opens it.
  await Promise.all([page.waitForURL('**/en/blog/rss.xml'), page.click('a.test-link[href$="rss.xml"]')]);
  assert.equal(await navigationsOrZero(page), 0);
  await page.goBack();
  await page.waitForURL('**/en/blog/');
  await addLinks();
  // A download link downloads instead of showing the page.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('a.test-link[download]')]);
  assert.equal(new URL(download.url()).pathname, '/en/legal/notice/');
  assert.equal(new URL(page.url()).pathname, '/en/blog/');
  assert.equal(await navigationsOrZero(page), 0);
  // Ctrl+click opens a new tab and leaves this page alone.
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.click('footer a[href="/en/legal/notice/"]', { modifiers: ['Control'] }),
  ]);
  await popup.close();
  assert.equal(new URL(page.url()).pathname, '/en/blog/');
  assert.equal(await navigationsOrZero(page), 0);
  await context.close();
});

async function navigationsOrZero(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __navigated?: string[] }).__navigated?.length ?? 0);
}

test('back and forward restore the scroll position of each page', async () => {
  const { context, page } = await open('/en/blog/');
  await page.setViewportSize({ width: 1200, height: 700 });
  const link = page.locator('footer a[href="/en/legal/notice/"]');
  await link.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  assert.ok(left > 300, `the footer is far down the page (${left})`);
  await link.click();
  await waitForNavigation(page, 1);
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'a new page starts at the top');
  await page.mouse.wheel(0, 250);
  await page.waitForFunction(() => window.scrollY >= 200);
  const second = await page.evaluate(() => window.scrollY);

  await page.goBack();
  await waitForNavigation(page, 2);
  assert.equal(new URL(page.url()).pathname, '/en/blog/');
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, left);

  await page.goForward();
  await waitForNavigation(page, 3);
  assert.equal(new URL(page.url()).pathname, '/en/legal/notice/');
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, second);
  await context.close();
});

/** A link on some page to a heading on another page, found in the build. */
function crossPageFragmentLink(): { from: string; href: string } {
  const root = path.join(site.dir, 'en');
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const file = path.join(entry.parentPath, entry.name);
    const route = `/${path.relative(site.dir, path.dirname(file))}/`;
    const html = readFileSync(file, 'utf8');
    const main = html.slice(html.indexOf('<main'));
    for (const m of main.matchAll(/href="(\/en\/[^"#]*\/)#([^"]+)"/g))
      if (m[1] !== route) return { from: route, href: `${m[1]}#${m[2]}` };
  }
  throw new Error('the site has no link to a heading on another page');
}

test('a link to a heading on another page scrolls to that heading; same-page jumps stay native', async () => {
  const { from, href } = crossPageFragmentLink();
  const { context, page } = await open(from);
  await markWindow(page);
  await page.click(`main a[href="${href}"]`);
  await waitForNavigation(page, 1);
  assert.equal(page.url(), `${server.url}${href}`);
  const id = decodeURIComponent(href.split('#')[1]);
  const top = await page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top, id);
  assert.ok(top >= 0 && top < 200, `the heading is at the top of the window (${top}px)`);
  assert.ok((await page.evaluate(() => window.scrollY)) > 0);
  assert.equal(await page.evaluate(() => document.activeElement?.id), id, 'focus moves to the heading');
  // A jump within the page is the browser's own: no page load.
  const jump = page.locator(`main a[href^="#"]:not([href="#main"]):not([href="#${id}"]):visible`).first();
  const jumpTo = (await jump.getAttribute('href'))!;
  await jump.click();
  await page.waitForFunction((h) => location.hash === h, jumpTo);
  assert.equal(await navigationsOrZero(page), 1);
  // Back past the jump to the page the link was on.
  await page.goBack();
  await page.waitForFunction((h) => location.pathname + location.hash === h, href);
  await page.goBack();
  await waitForNavigation(page, 2);
  assert.equal(new URL(page.url()).pathname, from);
  assert.ok(await sameWindow(page));
  await context.close();
});

test('an index.html address is shortened to the folder on first load', async () => {
  overrides.set('/en/blog/index.html', serveFile('en/blog'));
  try {
    const baseline = await open('/en/blog/');
    const entries = await baseline.page.evaluate(() => history.length);
    await baseline.context.close();
    const { context, page } = await open('/en/blog/index.html?ref=x#main');
    assert.equal(page.url(), `${server.url}/en/blog/?ref=x#main`);
    assert.equal(await page.evaluate(() => history.length), entries, 'replaced, not a new history entry');
    await context.close();
  } finally {
    overrides.delete('/en/blog/index.html');
  }
});

test('the progress bar shows only when a page takes longer than 200 ms', async () => {
  overrides.set('/en/legal/terms/', async (req, res) => {
    await sleep(1500);
    return serveFile('en/legal/terms')(req, res);
  });
  try {
    // Without prefetching, so the click's own request is the slow one. The page notes, on its own
    // clock, when each click happened and when each bar appeared: on a busy machine a "fast" page
    // may itself take 200 ms, so what is checked is that no bar ever comes sooner than that.
    const { context, page } = await open('/en/blog/', [
      SAVE_DATA,
      'window.__clicks = []; window.__bars = []; addEventListener("click", () => window.__clicks.push(performance.now()), true); new MutationObserver((m) => { for (const r of m) for (const n of r.addedNodes) if (n.getAttribute?.("role") === "progressbar") window.__bars.push(performance.now()); }).observe(document, { childList: true, subtree: true });',
    ]);
    const marks = () =>
      page.evaluate(() => ({
        clicks: (window as unknown as { __clicks: number[] }).__clicks,
        bars: (window as unknown as { __bars: number[] }).__bars,
      }));
    // Fast: a bar appears only if the page took longer than 200 ms.
    await page.click('footer a[href="/en/legal/notice/"]');
    const fastStarted = Date.now();
    await waitForNavigation(page, 1);
    const fastMs = Date.now() - fastStarted;
    await sleep(300);
    const fast = await marks();
    if (fastMs < 150) assert.equal(fast.bars.length, 0, `a page in place after ${fastMs} ms showed a bar`);
    for (const shown of fast.bars)
      assert.ok(shown - fast.clicks[0] >= 195, `a bar ${Math.round(shown - fast.clicks[0])} ms after the click`);
    // Slow: the bar appears after 200 ms and goes when the page is in place.
    const barsBefore = fast.bars.length;
    await page.click('footer a[href="/en/legal/terms/"]');
    const bar = page.getByRole('progressbar', { name: 'Loading page …' });
    // The page's own record of a new bar, not any bar attached: on a busy machine the fast page's
    // bar may still be on its way out when this click is made.
    // A bar, or the slow page in place without one: whichever comes first, however slow the machine.
    await page.waitForFunction(
      (before) =>
        (window as unknown as { __bars: number[] }).__bars.length > before ||
        (window as unknown as { __navigated: string[] }).__navigated.length >= 2,
      barsBefore,
    );
    const slow = await marks();
    assert.ok(slow.bars.length > barsBefore, 'a bar showed while the slow page loaded');
    const shownAfter = slow.bars[barsBefore] - slow.clicks[1];
    assert.ok(shownAfter >= 195, `not before 200 ms (${Math.round(shownAfter)} ms)`);
    await waitForNavigation(page, 2);
    await bar.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, '/en/legal/terms/');
    await context.close();
  } finally {
    overrides.delete('/en/legal/terms/');
  }
});

test('a page that fails to load shows the red box with Retry, in the page language, and Retry loads it', async () => {
  let failures = 2;
  overrides.set('/en/legal/terms/', (_req, res) => {
    if (failures <= 0) return false;
    failures--;
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('unavailable');
    return true;
  });
  try {
    const { context, page } = await open('/en/blog/', [SAVE_DATA]);
    await markWindow(page);
    await page.click('footer a[href="/en/legal/terms/"]');
    const alert = page.getByRole('alert').filter({ hasText: 'The page could not be loaded.' });
    await alert.waitFor();
    assert.equal(new URL(page.url()).pathname, '/en/blog/', 'the address stays on the page still shown');
    const retry = alert.getByRole('button', { name: 'Retry' });
    assert.ok(await retry.evaluate((el) => el === document.activeElement), 'Retry has the focus');
    // Fails once more: the box stays.
    await retry.click();
    await page.waitForFunction(() => !document.querySelector('.nav-error-retry[aria-busy]'));
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await waitForNavigation(page, 1);
    assert.equal(new URL(page.url()).pathname, '/en/legal/terms/');
    assert.equal(await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).count(), 0);
    assert.ok(await sameWindow(page));
    await context.close();

    // A German page says it in German.
    failures = 1;
    overrides.set('/legal/terms/', overrides.get('/en/legal/terms/')!);
    const de = await open('/blog/', [SAVE_DATA]);
    await de.page.click('footer a[href="/legal/terms/"]');
    await de.page
      .getByRole('alert')
      .filter({ hasText: 'Die Seite konnte nicht geladen werden.' })
      .getByRole('button', { name: 'Erneut versuchen' })
      .waitFor();
    await de.context.close();
  } finally {
    overrides.delete('/en/legal/terms/');
    overrides.delete('/legal/terms/');
  }
});

test('a page whose resources fail to preload logs a warning and is loaded as a full page', async () => {
  overrides.set(
    '/en/legal/notice/',
    serveFile('en/legal/notice', (html) =>
      html.replace('</head>', '<link rel="stylesheet" href="/assets/missing.css"></head>'),
    ),
  );
  try {
    const { context, page } = await open('/en/blog/', [SAVE_DATA]);
    await markWindow(page);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await Promise.all([page.waitForEvent('load'), page.click('footer a[href="/en/legal/notice/"]')]);
    assert.equal(new URL(page.url()).pathname, '/en/legal/notice/');
    assert.equal(await sameWindow(page), false, 'a full page load happened');
    assert.ok(
      warnings.some((w) => w.includes('Preloading /en/legal/notice/ failed')),
      warnings.join('\n'),
    );
    assert.equal(await page.title(), titleOf(builtPage(site.dir, 'en/legal/notice')));
    await context.close();
  } finally {
    overrides.delete('/en/legal/notice/');
  }
});

/** Page requests the browser made besides the first document. */
function pageRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.resourceType() === 'fetch' && url.pathname.endsWith('/') && !url.pathname.startsWith('/api/'))
      seen.push(url.pathname);
  });
  return seen;
}

test('links are prefetched on hover and a few in view, but not with data saver, on 2g or on 3g', async () => {
  // The connections side by side, each in a context of its own: their waits overlap.
  const connections = [
    ['normal connection', [], true],
    ['data saver', [SAVE_DATA], false],
    ['2g', [SLOW_2G], false],
    ['3g', [SLOW_2G.replace("'slow-2g'", "'3g'")], false],
  ] as const;
  await inTabs(connections, connections.length, async ([label, init, expectPrefetch]) => {
    const context = await browser.newContext();
    for (const script of [RECORD_NAVIGATIONS, ...init]) await context.addInitScript(script);
    const page = await context.newPage();
    const requests = pageRequests(page);
    await page.goto(`${server.url}/en/blog/`);
    await page.hover('footer a[href="/en/legal/attributions/"]');
    // The prefetches that must come, however slow the machine; then time for more than may come.
    if (expectPrefetch)
      await until(
        () => requests.includes('/en/legal/attributions/') && requests.length > 1,
        () => `${label}: the hovered link and links in view to be prefetched (${requests.join(', ')})`,
      );
    await sleep(1500);
    if (expectPrefetch) {
      assert.ok(requests.includes('/en/legal/attributions/'), `${label}: the hovered link was prefetched`);
      assert.ok(requests.length > 1, `${label}: links in view were prefetched too (${requests.join(', ')})`);
      // The blog's list shows dozens of links: a few of them, not all, plus the one hovered.
      // (VIEWPORT_BUDGET in theme/client/navigation/prefetch.ts: 4.)
      assert.ok(requests.length <= 4 + 1, `${label}: ${requests.length} pages prefetched`);
    } else {
      assert.deepEqual(requests, [], `${label}: nothing was prefetched`);
    }
    // With or without prefetching, the click still loads the page in place.
    await page.click('footer a[href="/en/legal/attributions/"]');
    await waitForNavigation(page, 1);
    assert.equal(new URL(page.url()).pathname, '/en/legal/attributions/');
    await context.close();
  });
});
