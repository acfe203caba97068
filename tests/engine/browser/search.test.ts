// Search in a real browser on the real site, in both languages: nothing of it loads before the
// visitor opens it or rests the pointer on its button; a word that only one page's body holds
// finds that page, with the word marked in the excerpt; arrow keys, Enter and Escape work, focus
// stays in the dialog and comes back; the result opens with the client navigation; no results
// offer the contact page; axe finds nothing with the dialog open; and on a phone the button is in
// the navbar beside the hamburger.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import matter from 'gray-matter';
import type { Browser, Page } from 'playwright-core';
import { type SiteServer, withRealSite } from '../../browser-harness.ts';
import { REPO } from '../../helpers.ts';
import { markWindow, RECORD_NAVIGATIONS, sameWindow, searchFor, waitForNavigation } from './runtime-helpers.ts';

let browser: Browser;
let server: SiteServer;
withRealSite((real) => ({ browser, server } = real));

const TARGET = 'services/databases/postgresql';
const LOCALES = [
  { locale: 'de', prefix: '', contact: '/contact/' },
  { locale: 'en', prefix: '/en', contact: '/en/contact/' },
];

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** A word of the target page's body that no other page of its language contains, not even inside a longer word, and that is not in its title or description. */
function wordOnlyIn(locale: string): string {
  const dir = path.join(REPO, 'content', locale);
  const file = path.join(dir, `${TARGET}.md`);
  const { content, data } = matter(readFileSync(file, 'utf8'));
  const others = markdownFiles(dir)
    .filter((f) => f !== file)
    .map((f) => readFileSync(f, 'utf8').toLowerCase());
  const own = `${data.title} ${data.description}`.toLowerCase();
  const prose = content.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`]*`|\]\([^)]*\)|<[^>]*>/g, ' ');
  const words = [...new Set(prose.match(/\p{L}{7,}/gu) ?? [])];
  const word = words.find(
    (w) => !own.includes(w.toLowerCase()) && others.every((text) => !text.includes(w.toLowerCase())),
  );
  assert.ok(word, `no word of ${file} is missing from every other page`);
  return word;
}

async function openPage(
  route: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; requests: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(RECORD_NAVIGATIONS);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${server.url}${route}`, { waitUntil: 'load' });
  return { page, requests, close: () => context.close() };
}

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.className ?? '');

for (const { locale, prefix, contact } of LOCALES) {
  test(`${locale}: a word only one page's body holds finds that page; keyboard and client navigation open it`, async () => {
    const word = wordOnlyIn(locale);
    const { page, requests, close } = await openPage(`${prefix}/`);
    await markWindow(page);
    assert.deepEqual(
      requests.filter((url) => /pagefind|search/i.test(url)),
      [],
      'no byte of search is loaded before it is opened',
    );

    await page.keyboard.press('Control+k');
    await page.waitForSelector('#search-dialog[open]');
    assert.equal(await activeId(page), 'search-input', 'the input has focus');
    await page.keyboard.type(word);
    await page.waitForSelector('.search-result');
    const results = await page.$$eval('.search-result', (links) =>
      links.map((a) => ({
        href: a.getAttribute('href'),
        marks: [...a.querySelectorAll('mark')].map((m) => m.textContent),
      })),
    );
    assert.equal(results[0].href?.split('#')[0], `${prefix}/${TARGET}/`, `"${word}" finds ${TARGET} first`);
    assert.ok(
      results[0].marks.some((m) => m?.toLowerCase() === word.toLowerCase()),
      `the excerpt marks "${word}": ${JSON.stringify(results[0].marks)}`,
    );
    assert.ok(
      requests.every((url) => url.startsWith(server.url)),
      'every request stays on the site',
    );
    assert.ok(
      requests.filter((url) => url.includes('/pagefind/')).every((url) => url.includes(`/pagefind/${locale}/`)),
      "only this language's index is fetched",
    );

    // Arrow keys move the selection (the input keeps focus); Enter opens the selected result.
    const selected = () => page.$eval('.search-input', (input) => input.getAttribute('aria-activedescendant'));
    assert.equal(await selected(), 'search-result-0');
    const count = results.length;
    await page.keyboard.press('ArrowDown');
    assert.equal(await selected(), count > 1 ? 'search-result-1' : 'search-result-0');
    await page.keyboard.press('ArrowUp');
    assert.equal(await selected(), 'search-result-0');
    assert.equal(await page.getAttribute('#search-result-0', 'aria-selected'), 'true');
    assert.equal(await activeId(page), 'search-input');
    await page.keyboard.press('Enter');
    const url = await waitForNavigation(page, 1);
    assert.equal(new URL(url).pathname, `${prefix}/${TARGET}/`);
    assert.ok(await sameWindow(page), 'the result was opened by client navigation, not a full page load');
    assert.equal(await page.locator('#search-dialog[open]').count(), 0, 'the dialog is closed');

    // On the new page: `/` opens search again, Tab stays inside, Escape closes and focus comes back.
    await page.focus('.search-button');
    await page.keyboard.press('/');
    await page.waitForSelector('#search-dialog[open]');
    assert.equal(await page.inputValue('.search-input'), '', 'the slash opened search and was not typed');
    await page.keyboard.type('qxjqxj');
    // Search answers while the word is typed: on a busy machine the empty state may show "qxjq" first.
    await page.locator('.search-empty-text', { hasText: 'qxjqxj' }).waitFor();
    assert.ok(await page.isVisible('.search-empty'));
    assert.equal(await page.locator('.search-result').count(), 0);
    assert.equal(await page.getAttribute('.search-empty a', 'href'), contact, 'no results offer the contact page');
    const visited = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      visited.add(
        await page.evaluate(() =>
          document.activeElement?.closest('#search-dialog')
            ? document.activeElement.className || document.activeElement.tagName
            : 'OUTSIDE',
        ),
      );
    }
    assert.ok(!visited.has('OUTSIDE'), `focus left the dialog: ${[...visited].join(', ')}`);
    assert.deepEqual([...visited].sort(), ['A', 'search-close icon-button', 'search-input'].sort());
    await page.keyboard.press('Escape');
    await page.waitForSelector('#search-dialog[open]', { state: 'detached' });
    assert.equal(await activeId(page), 'search-button icon-button needs-js', 'focus is back on the search button');
    await close();
  });
}

test('front matter keywords are searched, each result names its section, and a query no page holds shows the empty state', async () => {
  const { page, close } = await openPage('/en/');
  const search = (query: string) => searchFor(page, query);
  // "imprint" is only in the legal notice's keywords, never in its text.
  const imprint = await search('imprint');
  assert.equal(imprint.results[0]?.href, '/en/legal/notice/', JSON.stringify(imprint.results));
  assert.equal(imprint.results[0].section, 'Legal', 'the result says where it leads');
  for (const query of ['xyzzyqq', 'Bananenbrot']) {
    const nothing = await search(query);
    assert.deepEqual(nothing.results, [], `"${query}" finds no unrelated page`);
    assert.ok(nothing.empty, `"${query}" shows the empty state`);
  }
  await page.goto(`${server.url}/`);
  const german = await search('Bananenbrot');
  assert.deepEqual(german.results, []);
  assert.ok(german.empty);
  const impressum = await search('Impressum');
  assert.deepEqual(
    { href: impressum.results[0]?.href, section: impressum.results[0]?.section },
    { href: '/legal/notice/', section: 'Rechtliches' },
  );
  await close();
});

test('a pointer resting on the search button starts loading the engine, so results come right after the click', async () => {
  const { page, requests, close } = await openPage('/en/services/');
  const fetched = () => requests.filter((url) => url.includes('/pagefind/'));
  assert.deepEqual(fetched(), [], 'nothing of search before the visitor shows intent');
  const box = (await page.locator('.navbar .search-button').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // Pagefind's worker fetches its WebAssembly once the module has started it.
  await page.waitForRequest((request) => request.url().endsWith('/pagefind/en/wasm.en.pagefind'));
  assert.equal(await page.locator('#search-dialog[open]').count(), 0, 'the dialog is not open yet');
  assert.ok(
    fetched().every((url) => url.includes('/pagefind/en/')),
    "only this language's bundle",
  );
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForSelector('#search-dialog[open]');
  await page.keyboard.type('backup');
  await page.waitForSelector('.search-result');
  assert.match((await page.textContent('.search-result')) ?? '', /backup/i);
  await close();
});

test('search opened while the next page loads stays open on it, with what was typed; going back closes it', async () => {
  const { page, close } = await openPage('/en/services/');
  await markWindow(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    void page.route('**/en/blog/', async (route) => {
      resolve();
      await new Promise<void>((go) => (release = go));
      await route.continue();
    });
  });
  await page.locator('a[href="/en/blog/"]:visible').first().click();
  await held;
  await page.keyboard.press('Control+k');
  await page.waitForSelector('#search-dialog[open]');
  await page.keyboard.type('backup');
  await page.waitForSelector('.search-result');
  release();
  await waitForNavigation(page, 1);
  assert.equal(new URL(page.url()).pathname, '/en/blog/');
  assert.ok(await sameWindow(page), 'loaded by client navigation');
  assert.equal(await page.locator('#search-dialog[open]').count(), 1, 'search is open on the new page');
  assert.equal(await page.inputValue('#search-dialog .search-input'), 'backup');
  assert.equal(await activeId(page), 'search-input', 'typing goes on in the input');
  await page.waitForSelector('#search-dialog .search-result');
  await page.keyboard.press('Escape');
  assert.equal(
    await page.evaluate(() => document.activeElement?.tagName),
    'H1',
    "closing it leaves the focus on the new page's heading",
  );

  // Search opened on a page and then left by Back is not a search on the page Back leads to.
  await page.keyboard.press('Control+k');
  await page.waitForSelector('#search-dialog[open]');
  await page.goBack();
  await waitForNavigation(page, 2);
  assert.equal(new URL(page.url()).pathname, '/en/services/');
  assert.equal(await page.locator('#search-dialog[open]').count(), 0, 'no search open after Back');
  await close();
});

test('the search button opens the dialog on a phone, beside the hamburger', async () => {
  const { page, close } = await openPage('/en/blog/', { width: 375, height: 740 });
  const button = page.locator('.navbar .search-button');
  assert.ok(await button.isVisible(), 'the search button is shown in the folded navbar');
  const [toggle, search] = await Promise.all([page.locator('.navbar-toggle').boundingBox(), button.boundingBox()]);
  assert.ok(toggle && search && Math.abs(toggle.y - search.y) < 8, 'on the same row as the hamburger');
  await button.click();
  await page.waitForSelector('#search-dialog[open]');
  await page.keyboard.type('backup');
  await page.waitForSelector('.search-result');
  const box = await page.locator('#search-dialog').boundingBox();
  assert.ok(box && box.width <= 375 && box.x >= 0, 'the dialog fits the screen');
  await close();
});

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const mode of ['dark', 'light'] as const) {
  test(`axe finds no violations with the dialog open and results shown (${mode} mode)`, async () => {
    const axeSource = readFileSync(path.join(REPO, 'node_modules/axe-core/axe.min.js'), 'utf8');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
    const page = await context.newPage();
    await page.goto(`${server.url}/en/services/`);
    await page.click('.search-button');
    await page.waitForSelector('#search-dialog[open]');
    await page.keyboard.type('backup');
    await page.waitForSelector('.search-result');
    await page.addScriptTag({ content: axeSource });
    const problems = await page.evaluate(async (tags) => {
      type Result = { violations: { id: string; help: string; nodes: { target: string[] }[] }[] };
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } }).axe;
      const found = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return found.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} at ${n.target.join(' ')}`));
    }, TAGS);
    await context.close();
    assert.deepEqual(problems, []);
  });
}
