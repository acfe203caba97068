// The crash page: when putting a loaded page in place throws, the visitor sees "This page crashed"
// with the error and its causes and a "Try again" button, in the page's language, and the
// document title says "Page Error". Try again loads the page afresh.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { causesOf } from '../../../theme/client/crash.ts';
import { type BuiltSite, buildSite, launchBrowser, type SiteServer, serveSite } from '../../browser-harness.ts';
import {
  builtPage,
  markWindow,
  RECORD_NAVIGATIONS,
  SAVE_DATA,
  sameWindow,
  titleOf,
  waitForNavigation,
} from './runtime-helpers.ts';

let browser: Browser;
let site: BuiltSite;
let server: SiteServer;
/** How many more times each path answers with a page that cannot be put in place. */
const broken = new Map<string, number>();

/** What a proxy or a half-finished deployment might answer: HTML, but not a page of the site. */
const INCOMPLETE =
  '<!DOCTYPE html><html lang="en"><head><title>Maintenance</title></head><body><p>Back soon.</p></body></html>';

before(async () => {
  [browser, site] = await Promise.all([launchBrowser(), buildSite()]);
  server = await serveSite(site, [
    (req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const left = broken.get(path) ?? 0;
      if (left <= 0) return false;
      broken.set(path, left - 1);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(INCOMPLETE);
      return true;
    },
  ]);
});
after(async () => {
  await browser?.close();
  await server?.close();
  await site?.dispose();
});

for (const { locale, from, to, heading, retry, causes, title } of [
  {
    locale: 'en',
    from: '/en/blog/',
    to: '/en/legal/terms/',
    heading: 'This page crashed.',
    retry: 'Try again',
    causes: 'Causes',
    title: 'Page Error | Almwerk',
  },
  {
    locale: 'de',
    from: '/blog/',
    to: '/legal/terms/',
    heading: 'Diese Seite ist abgestürzt.',
    retry: 'Erneut versuchen',
    causes: 'Ursachen',
    title: 'Seitenfehler | Almwerk',
  },
]) {
  test(`a page that cannot be put in place shows the crash page, and Try again recovers (${locale})`, async () => {
    broken.set(to, 1);
    const context = await browser.newContext();
    // Without prefetching, so the click's own request is the one that gets the broken answer.
    await context.addInitScript(RECORD_NAVIGATIONS);
    await context.addInitScript(SAVE_DATA);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}${from}`);
    await markWindow(page);
    await page.click(`footer a[href="${to}"]`);

    const crash = page.getByRole('heading', { level: 1, name: heading });
    await crash.waitFor();
    assert.equal(new URL(page.url()).pathname, to, 'the address is that of the page that crashed');
    assert.equal(await page.title(), title);
    const main = page.locator('main');
    assert.match(await main.innerText(), /The page that arrived is incomplete\./);
    assert.equal(await main.getByRole('heading', { level: 2, name: causes }).count(), 1);
    assert.deepEqual(await main.locator('ul li').allInnerTexts(), ['It has no main content (#main).']);
    assert.doesNotMatch(await main.innerText(), /at \w+ \(|\.ts:\d+|\.js:\d+/, 'no stack trace');
    assert.ok(await crash.evaluate((el) => el === document.activeElement), 'focus is on the crash heading');
    assert.deepEqual(errors, [], 'the crash is handled, not an uncaught exception');

    await main.getByRole('button', { name: retry }).click();
    await waitForNavigation(page, 1);
    assert.equal(await page.title(), titleOf(builtPage(site.dir, to.slice(1, -1))));
    assert.equal(await page.getByRole('heading', { name: heading }).count(), 0);
    assert.ok(await sameWindow(page), 'recovered in place');
    await context.close();
  });
}

test('the causes shown are the whole cause chain, nearest first, and a loop ends', () => {
  const root = new Error('disk full');
  const middle = new Error('could not write the cache', { cause: root });
  const top = new Error('the page could not be put in place', { cause: middle });
  assert.deepEqual(causesOf(top), ['could not write the cache', 'disk full']);
  const a = new Error('a');
  const b = new Error('b', { cause: a });
  a.cause = b;
  assert.deepEqual(causesOf(a), ['b']);
  assert.deepEqual(causesOf(new Error('alone')), []);
  assert.deepEqual(causesOf(new Error('odd', { cause: 'a plain string' })), ['a plain string']);
});
