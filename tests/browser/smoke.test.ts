// The browser harness itself: Chromium starts, the real site builds and its home page renders.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { buildSite, launchBrowser, serveSite, type BuiltSite, type SiteServer } from './harness.ts';

let browser: Browser;
let site: BuiltSite;
let server: SiteServer;

before(async () => {
  [browser, site] = await Promise.all([launchBrowser(), buildSite()]);
  server = await serveSite(site);
});
after(async () => {
  await browser?.close();
  await server?.close();
  await site?.dispose();
});

test('the German home page opens in Chromium with its language and title', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/`);
  assert.equal(await page.getAttribute('html', 'lang'), 'de');
  assert.match(await page.title(), /Almwerk/);
  await page.close();
});
