// Every page the build wrote, both locales and the pages no list links (404, unlisted), opened at
// 1366 x 900 and 390 x 844 as a visitor opens them, fails on what a visitor notices at once: text
// that is a message key (`trustIso`, `nav.contact`), a table or code block wider than its column on
// the desktop, a page that scrolls sideways, an image that did not load, an error in the console, a
// request that failed. One browser, several tabs at once, so that all of it stays under 3 minutes.

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { ConsoleMessage, Page, Request, Response } from 'playwright-core';
import { ENGINE_MESSAGES } from '../../../common/messages.ts';
import { strings as themeStrings } from '../../../theme/strings.ts';
import { type RealSite, withRealSite } from '../../browser-harness.ts';
import { HANG_MS } from '../../waiting.ts';

let real: RealSite;
// The contact and analytics endpoints belong to the server, not to the static files served here
// (tests/engine/browser/contact.test.ts and analytics.test.ts test them): a page's beacon gets a 204.
withRealSite(
  (r) => (real = r),
  [
    (req, res) => {
      if (!req.url?.startsWith('/api/')) return false;
      res.writeHead(204).end();
      return true;
    },
  ],
);

const VIEWPORTS = [
  { name: 'desktop 1366x900', width: 1366, height: 900 },
  { name: 'phone 390x844', width: 390, height: 844 },
] as const;
/** The groups of the UI strings, the first part of a dotted key. */
const GROUPS = Object.keys({ ...ENGINE_MESSAGES.en, ...themeStrings.en });
/** Tabs open at once: enough to keep both cores busy while a page waits for its files. */
const TABS = Number(process.env.EVERY_PAGE_TABS ?? 6);

/** Every page of the build: each folder's index.html and each 404 page, less the redirect stubs. */
function builtPages(dir: string, redirects: Map<string, string>): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (entry.name === 'index.html') routes.push(`/${rel.slice(0, -'index.html'.length)}`);
    else if (entry.name === '404.html') routes.push(`/${rel}`);
  }
  return routes.filter((route) => !redirects.has(route)).sort();
}

/** What is wrong with the page as shown, measured in the page. */
function inspect({ desktop, groups }: { desktop: boolean; groups: string[] }): string[] {
  const found: string[] = [];
  // A key is an identifier standing alone as text: camelCase (`trustIso`) or a group of the UI
  // strings and a key (`nav.contact`; `highlight.js` is a name).
  const key = new RegExp(`^(?:[a-z]+(?:[A-Z][a-z0-9]+)+|(?:${groups.join('|')})(?:\\.[A-Za-z0-9]+)+)$`);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent!.trim();
    const el = node.parentElement;
    if (!text || !el || el.closest('code, pre, script, style, template, [hidden]') || !el.getClientRects().length)
      continue;
    // A domain or a file name shown as a link to itself is written so on purpose.
    const link = el.closest('a');
    if (link?.getAttribute('href')?.includes(text)) continue;
    if (key.test(text))
      found.push(
        `text "${text}" looks like a message key (in <${el.tagName.toLowerCase()}${el.className ? ` class="${el.className}"` : ''}>)`,
      );
  }

  const width = (el: Element) => Math.round(el.getBoundingClientRect().width);
  const contentWidth = (el: Element) => {
    const style = getComputedStyle(el);
    return Math.round(el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
  };
  const scrolls = (el: Element) =>
    ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth;
  if (desktop) {
    for (const table of document.querySelectorAll('main table')) {
      const box = table.parentElement!.classList.contains('table-scroll') ? table.parentElement! : table;
      // A wide table's column is the page's content column, beyond the measure of the prose.
      const column = contentWidth(box.classList.contains('table-wide') ? box.closest('main')! : box.parentElement!);
      const wide = table.scrollWidth;
      if (wide <= column + 1) continue;
      // The narrowest the table can be, every cell wrapped: only a table that cannot fit even so may scroll.
      const before = (table as HTMLElement).style.width;
      (table as HTMLElement).style.width = 'min-content';
      const narrowest = width(table);
      (table as HTMLElement).style.width = before;
      const what = `table (${(table as HTMLTableElement).rows[0]?.cells.length ?? 0} columns, first row "${table.querySelector('tr')?.textContent?.trim().replace(/\s+/g, ' ').slice(0, 50)}")`;
      if (narrowest <= column + 1)
        found.push(
          `${what} is ${wide} px wide in a ${column} px column, though its cells wrapped it would fit (${narrowest} px)`,
        );
      else if (box === table || !scrolls(box) || width(box) > column + 1)
        found.push(`${what} is ${wide} px wide in a ${column} px column and no box scrolls it`);
    }
    for (const pre of document.querySelectorAll('main pre')) {
      const column = contentWidth(pre.parentElement!);
      if (width(pre) > column + 1) found.push(`code block is ${width(pre)} px wide in a ${column} px column`);
      else if (pre.scrollWidth > pre.clientWidth + 1 && !scrolls(pre))
        found.push(
          `code block's lines are cut at ${width(pre)} px (${pre.scrollWidth} px long) and it does not scroll`,
        );
    }
  }
  if (document.documentElement.scrollWidth > document.documentElement.clientWidth) {
    // The culprit: the element sticking out furthest that no scroll box or clipping ancestor holds in.
    const held = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    const widest = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !held(el))
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)[0];
    found.push(
      `the page scrolls sideways: ${document.documentElement.scrollWidth} px in a ${document.documentElement.clientWidth} px window${widest ? ` (widest: <${widest.tagName.toLowerCase()} class="${widest.className}">, right edge at ${Math.round(widest.getBoundingClientRect().right)} px)` : ''}`,
    );
  }
  for (const img of document.images) {
    if (img.naturalWidth === 0) found.push(`image did not load: ${img.getAttribute('src')}`);
  }
  return found;
}

/** Loads every image of the page, lazy ones too, and waits until each has loaded or failed (or
 * `ms` have passed, which only a hang reaches). */
function loadImages(ms: number): Promise<void> {
  const images = [...document.images];
  for (const img of images) img.loading = 'eager';
  return Promise.race([
    Promise.all(
      images.map((img) =>
        img.complete
          ? undefined
          : new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
            }),
      ),
    ).then(() => undefined),
    new Promise<void>((done) => setTimeout(done, ms)),
  ]);
}

/** Runs a function of this file in the page. The test's TypeScript loader names functions with a
 * helper (`__name`) the page does not have; the page gets one that does nothing. */
function inPage<A, R>(tab: Page, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
  return tab.evaluate(
    `(() => { const __name = (f) => f; return (${fn.toString()})(${JSON.stringify(arg) ?? ''}); })()`,
  ) as Promise<R>;
}

/** Opens a page at the desktop size, looks at it, then at the phone's width, in one load: the
 * checks read the layout, which follows the window's width (the site's CSS knows no other signal). */
async function visit(tab: Page, url: string, route: string): Promise<string[]> {
  const problems: string[] = [];
  let at: string = VIEWPORTS[0].name;
  const note = (what: string) => problems.push(`${url}${route} at ${at}: ${what}`);
  const onConsole = (m: ConsoleMessage) => m.type() === 'error' && note(`console error: ${m.text().slice(0, 200)}`);
  const onPageError = (e: Error) => note(`uncaught error: ${e.message.slice(0, 200)}`);
  // ERR_ABORTED is the browser cancelling a request it no longer needs (a prefetch when the tab moves on).
  const onFailed = (r: Request) =>
    r.failure()?.errorText !== 'net::ERR_ABORTED' &&
    note(`request failed: ${r.url().replace(url, '')} (${r.failure()?.errorText})`);
  const onResponse = (r: Response) =>
    r.status() >= 400 && note(`request failed: ${r.url().replace(url, '')} answered ${r.status()}`);
  tab.on('console', onConsole);
  tab.on('pageerror', onPageError);
  tab.on('requestfailed', onFailed);
  tab.on('response', onResponse);
  try {
    for (const viewport of VIEWPORTS) {
      at = viewport.name;
      await tab.setViewportSize({ width: viewport.width, height: viewport.height });
      if (viewport === VIEWPORTS[0]) {
        await tab.goto(`${url}${route}`, { waitUntil: 'load' });
        await tab.evaluate(() => document.fonts.ready.then(() => undefined));
        await inPage(tab, loadImages, HANG_MS);
      }
      for (const what of await inPage(tab, inspect, { desktop: viewport.width > 1000, groups: GROUPS })) note(what);
    }
  } catch (error) {
    note(`could not be opened: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    tab.off('console', onConsole);
    tab.off('pageerror', onPageError);
    tab.off('requestfailed', onFailed);
    tab.off('response', onResponse);
  }
  return [...new Set(problems)];
}

test('every built page in both locales, at 1366x900 and 390x844: no message keys, tables and code in their column, no sideways scrolling, every image and request loads, no console error', async (t) => {
  const routes = builtPages(real.site.dir, real.site.static.redirects);
  // Both locales, the 404 pages and more than a sample: the site has some 300 pages.
  assert.ok(
    routes.includes('/') && routes.includes('/en/') && routes.includes('/404.html') && routes.includes('/en/404.html'),
    routes.slice(0, 10).join(' '),
  );
  assert.ok(routes.length > 300, `only ${routes.length} pages found in ${real.site.dir}`);

  const started = performance.now();
  const problems: string[] = [];
  const queue = [...routes];
  // One window for both sizes: a phone's width is a window 390 px wide (the layout follows the width).
  const context = await real.browser.newContext({
    viewport: { width: VIEWPORTS[0].width, height: VIEWPORTS[0].height },
  });
  try {
    // Each tab takes the next page until none is left.
    await Promise.all(
      Array.from({ length: TABS }, async () => {
        const tab = await context.newPage();
        for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
          const visitStarted = performance.now();
          problems.push(...(await visit(tab, real.server.url, route)));
          if (process.env.EVERY_PAGE_DEBUG)
            console.error(`${route} ${Math.round(performance.now() - visitStarted)} ms`);
        }
      }),
    );
  } finally {
    await context.close();
  }
  t.diagnostic(
    `${routes.length} pages at ${VIEWPORTS.length} sizes visited in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  assert.deepEqual(problems.sort(), [], `${problems.length} problems:\n${problems.sort().join('\n')}`);
});
