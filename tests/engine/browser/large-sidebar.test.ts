// A section with a large category: the sidebar comes collapsed to the current page, so collapsed
// categories away from it arrive as their link alone and a page's size does not grow with its
// section. The link leads to the category's page, whose sidebar has it open; following sidebar
// links from any page reaches every page of the section.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type BuiltSite, buildSite, launchBrowser, type SiteServer, serveSite } from '../../browser-harness.ts';
import { fixtureCopy } from '../../helpers.ts';
import { listedPage, sidebarWalk } from '../../sidebar-walk.ts';

/** Pages in one collapsed category: a section no page should carry whole. */
const PAGES = 310;

let browser: Browser;
let launched: Promise<Browser> | undefined;
let fixture: { root: string; dispose: () => Promise<void> };
let site: BuiltSite;
let server: SiteServer;

before(async () => {
  fixture = await fixtureCopy('basic');
  for (const locale of ['de', 'en']) {
    const dir = path.join(fixture.root, 'content', locale, 'docs', 'many');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, '_category.yml'), `label: Many ${locale}\nposition: 3\ncollapsed: true\n`);
    await writeFile(
      path.join(dir, 'index.md'),
      `---\ntitle: Many ${locale}\ndescription: A large category.\n---\n\nAll of them.\n`,
    );
    await Promise.all(
      Array.from({ length: PAGES }, (_, i) =>
        writeFile(
          path.join(dir, `page-${i}.md`),
          `---\ntitle: Page ${i} ${locale}\ndescription: Page ${i}.\nsidebar_position: ${i + 1}\n---\n\nText ${i}.\n`,
        ),
      ),
    );
  }
  // Kept apart from the build: when the build fails, the browser is still closed.
  launched = launchBrowser();
  [browser, site] = await Promise.all([launched, buildSite(fixture.root)]);
  server = await serveSite(site);
});
after(async () => {
  await (await launched?.catch(() => undefined))?.close();
  await server?.close();
  await site?.dispose();
  await fixture?.dispose();
});

test('pages outside the large category carry its link, not its pages', async () => {
  const outside = await readFile(path.join(site.dir, 'en', 'docs', 'guides', 'install', 'index.html'), 'utf8');
  assert.match(outside, /<li><a href="\/en\/docs\/many\/" class="sidebar-category-link">Many en<\/a><\/li>/);
  assert.doesNotMatch(outside, /href="\/en\/docs\/many\/page-0\/"/);
  assert.doesNotMatch(
    outside,
    /data-lazy|<summary[^>]*>[^<]*<\/summary><ul class="sidebar-list"><\/ul>/,
    'no empty toggle',
  );
  const inside = await readFile(path.join(site.dir, 'en', 'docs', 'many', 'page-7', 'index.html'), 'utf8');
  assert.match(inside, /href="\/en\/docs\/many\/page-0\/"/, 'the category holding the page is sent whole');
  assert.ok(
    inside.length - outside.length > PAGES * 40,
    `a page away from the category leaves out its ${PAGES} links (${outside.length} bytes against ${inside.length})`,
  );
});

test("following the sidebar's links from one page reaches every page of the section", () => {
  for (const locale of ['de', 'en']) {
    const prefix = locale === 'de' ? '/docs/' : '/en/docs/';
    const dir = path.join(site.dir, ...prefix.split('/').filter(Boolean));
    const built = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name === 'index.html')
      .filter((e) => listedPage(readFileSync(path.join(e.parentPath, e.name), 'utf8')))
      .map((e) => `${prefix}${path.relative(dir, e.parentPath).split(path.sep).join('/')}/`.replace(/\/\/$/, '/'));
    assert.ok(built.length > PAGES, `${built.length} pages in ${prefix}`);
    const reached = sidebarWalk(site.dir, `${prefix}guides/install/`, prefix);
    assert.deepEqual(
      built.filter((route) => !reached.has(route)).sort(),
      [],
      `every page of ${prefix} is reached from its sidebars`,
    );
  }
});

test('the category link leads to its page, where the category is open; the reader goes on to any of its pages', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/en/docs/guides/install/`);
  const link = page.locator('.sidebar a.sidebar-category-link[href="/en/docs/many/"]');
  assert.equal(await link.count(), 1);
  assert.equal(await page.locator('.sidebar a[href="/en/docs/many/page-0/"]').count(), 0);
  await link.click();
  await page.waitForURL(`${server.url}/en/docs/many/`);
  const category = page.locator('.sidebar details[data-category$="Many en"]');
  assert.equal(await category.evaluate((d) => (d as HTMLDetailsElement).open), true);
  assert.equal(await category.locator('li').count(), PAGES);
  const logged: string[] = [];
  page.on('console', (m) => logged.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logged.push(`uncaught: ${e.message}`));
  await category.getByRole('link', { name: `Page ${PAGES - 1} en` }).click();
  // Seen once on a busy machine: the page did not arrive in 30 s. What the tab showed then says why.
  await page
    .locator('h1', { hasText: `Page ${PAGES - 1} en` })
    .waitFor()
    .catch(async (error: Error) => {
      const shown = await page.evaluate(() => ({
        h1: document.querySelector('h1')?.textContent,
        busy: document.getElementById('main')?.getAttribute('aria-busy'),
        error: document.querySelector('.nav-error, .crash')?.textContent?.trim(),
      }));
      assert.fail(
        `${error.message.split('\n')[0]}; the tab shows ${page.url()} ${JSON.stringify(shown)}; console: ${logged.join(' | ') || 'nothing'}`,
      );
    });
  assert.equal(new URL(page.url()).pathname, `/en/docs/many/page-${PAGES - 1}/`);
  assert.equal(await page.locator('.sidebar a[aria-current="page"]').textContent(), `Page ${PAGES - 1} en`);
  await context.close();
});

test('without JavaScript the category link leads to its pages, and a category looks the same as a link as with its toggle', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/en/docs/guides/install/`);
  // The link of a category away from the page shows the closed chevron its toggle showed.
  const chevron = await page
    .locator('.sidebar a.sidebar-category-link[href="/en/docs/many/"]')
    .evaluate((a) => getComputedStyle(a, '::after').transform);
  assert.notEqual(chevron, 'none');
  await page.locator('.sidebar a.sidebar-category-link[href="/en/docs/many/"]').click();
  await page.waitForURL(`${server.url}/en/docs/many/`);
  assert.equal(await page.locator('.sidebar a[href="/en/docs/many/page-0/"]').count(), 1);
  assert.ok(await page.locator('.sidebar a[href="/en/docs/many/page-0/"]').isVisible());
  await context.close();
});
