// Screenshots of the pages people judge the site by: home, a docs page and a post, on a desktop
// (1280 px) and a phone (375 px), in both colour modes. Written to tests/.output/screenshots/
// (git-ignored) so anyone can look at what the tests saw; each run checks that the page rendered
// in the requested mode with its fonts loaded and nothing wider than the viewport.

import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type BuiltSite, buildSite, launchBrowser, type SiteServer, serveSite } from '../../browser-harness.ts';
import { REPO } from '../../helpers.ts';

const OUT = path.join(REPO, 'tests', '.output', 'screenshots');
const PAGES = [
  { name: 'home', route: '/en/' },
  { name: 'docs', route: '/en/services/databases/postgresql/' },
  { name: 'post', route: '/en/blog/containers/' },
];
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 740 },
];
const MODES = ['dark', 'light'] as const;

let browser: Browser;
let site: BuiltSite;
let server: SiteServer;

before(async () => {
  [browser, site] = await Promise.all([launchBrowser(), buildSite(), mkdir(OUT, { recursive: true })]);
  server = await serveSite(site);
});
after(async () => {
  await browser?.close();
  await server?.close();
  await site?.dispose();
});

for (const viewport of VIEWPORTS) {
  for (const mode of MODES) {
    test(`screenshots: ${viewport.name}, ${mode}`, async () => {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: 1,
      });
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      const page = await context.newPage();
      for (const { name, route } of PAGES) {
        await page.goto(`${server.url}${route}`);
        await page.evaluate(() => document.fonts.ready);
        assert.equal(await page.getAttribute('html', 'data-theme'), mode);
        assert.ok(await page.evaluate(() => document.fonts.check('16px "IBM Plex Sans"')), 'IBM Plex Sans is loaded');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        assert.ok(overflow <= 0, `${route} is ${overflow}px wider than the ${viewport.width}px viewport`);
        await page.screenshot({ path: path.join(OUT, `${name}-${viewport.name}-${mode}.png`), fullPage: true });
      }
      await context.close();
    });
  }
}
