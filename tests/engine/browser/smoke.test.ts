// The browser harness itself: Chromium starts, the real site builds and its home page renders.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type BuiltSite, type SiteServer, withRealSite } from '../../browser-harness.ts';

let browser: Browser;
let site: BuiltSite;
let server: SiteServer;
withRealSite((real) => ({ browser, site, server } = real));

test('the German home page opens in Chromium with its language and title', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/`);
  assert.equal(await page.getAttribute('html', 'lang'), 'de');
  assert.match(await page.title(), /Almwerk/);
  await page.close();
});
