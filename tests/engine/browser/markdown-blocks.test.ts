// Tabs and code blocks in the browser, on a fixture site with one page of each: tabs readable
// without JavaScript, ARIA tabs with the keyboard when enhanced, synced by group across the page
// and remembered on the next page load; the copy button copies the code without line numbers.

import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type BuiltSite, buildSite, launchBrowser, type SiteServer, serveSite } from '../../browser-harness.ts';
import { fixtureCopy } from '../../helpers.ts';

const PAGE = `---
title: Install TITLE
description: How to install the site (LOCALE).
---

## With a package manager

::::tabs{group="pkg"}
:::tab[npm]
\`\`\`sh
npm install site
\`\`\`
:::
:::tab[pnpm]
\`\`\`sh
pnpm add site
\`\`\`
:::
::::

## Again, further down

::::tabs{group="pkg"}
:::tab[npm]
npm again.
:::
:::tab[pnpm]
pnpm again.
:::
::::

\`\`\`js title="app.js" showLineNumbers {2}
const a = 1;
const b = 2;
\`\`\`
`;

let browser: Browser;
let site: BuiltSite;
let server: SiteServer;
let disposeFixture: () => Promise<void>;

before(async () => {
  const { root, dispose } = await fixtureCopy('basic');
  disposeFixture = dispose;
  for (const locale of ['en', 'de']) {
    await writeFile(
      path.join(root, 'content', locale, 'docs', 'guides', 'tabs.md'),
      PAGE.replace('TITLE', locale).replace('LOCALE', locale),
    );
  }
  [browser, site] = await Promise.all([launchBrowser(), buildSite(root)]);
  server = await serveSite(site);
});

after(async () => {
  await browser?.close();
  await server?.close();
  await site?.dispose();
  await disposeFixture?.();
});

const ROUTE = '/en/docs/guides/tabs/';

test('without JavaScript every tab panel is shown under its label', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}${ROUTE}`);
  assert.deepEqual(await page.locator('.tab-label').allTextContents(), ['npm', 'pnpm', 'npm', 'pnpm']);
  assert.equal(await page.getByText('pnpm add site').isVisible(), true);
  assert.equal(await page.getByText('npm install site').isVisible(), true);
  assert.equal(await page.locator('[role=tab]').count(), 0);
  await context.close();
});

test('tabs: ARIA tabs, arrow keys, synced by group and remembered', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}${ROUTE}`);
  const firstBlock = page.locator('.tabs').first();
  const tabs = firstBlock.getByRole('tab');
  // A page with tabs loads their script on demand: wait for the enhanced tabs, as a reader sees them.
  await tabs.first().waitFor();
  assert.deepEqual(await tabs.allTextContents(), ['npm', 'pnpm']);
  assert.equal(await tabs.first().getAttribute('aria-selected'), 'true');
  assert.equal(await page.getByText('pnpm add site').isVisible(), false, 'the other panel is hidden');
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await tabs.nth(1).getAttribute('aria-selected'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'pnpm', 'focus follows the arrow key');
  assert.equal(await page.getByText('pnpm add site').isVisible(), true);
  // The other block of the group follows.
  assert.equal(await page.getByText('pnpm again.').isVisible(), true);
  assert.equal(await page.getByText('npm again.', { exact: true }).isVisible(), false);
  const panel = page.getByRole('tabpanel', { name: 'pnpm' }).first();
  assert.equal(await panel.isVisible(), true, 'the panel is named by its tab');
  // Remembered on the next load.
  await page.reload();
  assert.equal(
    await page.locator('.tabs').first().getByRole('tab', { name: 'pnpm' }).getAttribute('aria-selected'),
    'true',
  );
  assert.equal(await page.getByText('pnpm again.').isVisible(), true);
  await context.close();
});

test('code blocks: the title captions the block, the copy button copies the code without line numbers', async () => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(`${server.url}${ROUTE}`);
  const figure = page.getByRole('figure', { name: 'app.js' });
  assert.equal(await figure.count(), 1);
  assert.equal(await figure.locator('mark').textContent(), '2const b = 2;');
  await figure.getByRole('button', { name: 'Copy' }).click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'const a = 1;\nconst b = 2;\n');
  await figure.locator('.code-copy', { hasText: 'Copied' }).waitFor();
  await context.close();
});
