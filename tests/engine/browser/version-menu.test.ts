// The docs version menu of a section marked as versioned product docs (`versionMenu: true`): it
// names the real version in the page's language and remembers the reader's choice. A section left
// unmarked with one version shows none (tests/site/integration/built-pages.test.ts, on the real site).

import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type BuiltSite, buildSite, launchBrowser, type SiteServer, serveSite } from '../../browser-harness.ts';
import { fixtureCopy } from '../../helpers.ts';

let browser: Browser;
let site: BuiltSite;
let server: SiteServer;
let disposeFixture: () => Promise<void>;

before(async () => {
  const { root, dispose } = await fixtureCopy('basic');
  disposeFixture = dispose;
  const config = path.join(root, 'config', 'base.ts');
  const source = await readFile(config, 'utf8');
  await writeFile(
    config,
    source.replace("{ id: 'docs', kind: 'docs' }", "{ id: 'docs', kind: 'docs', versionMenu: true }"),
  );
  [browser, site] = await Promise.all([launchBrowser(), buildSite(root)]);
  server = await serveSite(site);
});

after(async () => {
  await browser?.close();
  await server?.close();
  await site?.dispose();
  await disposeFixture?.();
});

test("the version menu names the site's version in the page's language and remembers the choice", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/en/docs/guides/`);
  assert.equal((await page.textContent('.docs-version .version-toggle'))!.trim(), 'Version 9.9');
  await page.click('.docs-version .version-toggle');
  assert.equal((await page.textContent('.docs-version a[data-docs-version]'))!.trim(), 'Version 9.9 (current)');
  await page.click('.docs-version a[data-docs-version]');
  assert.equal(await page.evaluate(() => localStorage.getItem('docs-preferred-version-docs')), 'current');
  await page.goto(`${server.url}/docs/guides/`);
  assert.equal(
    (await page.textContent('.docs-version a[data-docs-version]'))!.trim(),
    'Version 9.9 (aktuell)',
    'the German page speaks German',
  );
  await context.close();
});
