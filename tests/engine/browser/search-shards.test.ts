// Search over an index made in shards (generator/extras/search-shards.ts), in a real browser: a
// language with a few hundred pages gets several Pagefind bundles, and the visitor still searches
// one index: a word only one page holds finds that page whichever shard holds it, and a page whose
// title holds the word ranks above pages that only mention it, though they are in other shards.

import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { SEARCH_SHARDS_FILE, searchBundleDir } from '../../../common/search-bundle.ts';
import { type BuiltSite, buildSite, launchBrowser, type SiteServer, serveSite } from '../../browser-harness.ts';
import { fixtureCopy } from '../../helpers.ts';
import { searchFor } from './runtime-helpers.ts';

const PAGES = 400;
/** A made-up word for page `i` alone: no stemmer takes it for another. */
const wordOf = (i: number) =>
  `quxil${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`;
const route = (i: number) => `/en/docs/many/page-${i}/`;

let browser: Browser;
let site: BuiltSite;
let server: SiteServer;
let dispose: () => Promise<void>;

before(async () => {
  const copy = await fixtureCopy('basic');
  dispose = copy.dispose;
  // Every page exists in both languages; the English ones are searched.
  for (const locale of ['de', 'en']) {
    const dir = path.join(copy.root, 'content', locale, 'docs', 'many');
    mkdirSync(dir);
    for (let i = 0; i < PAGES; i++) {
      // Page 7's title names the airship; pages 300 to 309, in another shard, only mention it.
      const title = i === 7 ? 'Airship maintenance' : `Page ${i}`;
      const mention = i >= 300 && i < 310 ? ' The airship is mentioned here, twice: an airship.' : '';
      writeFileSync(
        path.join(dir, `page-${i}.md`),
        `---\ntitle: ${title}\ndescription: Page ${i} of many.\nsidebar_position: ${i + 1}\n---\n\nThis page is about ${wordOf(i)} and servers.${mention}\n`,
      );
    }
  }
  [browser, site] = await Promise.all([launchBrowser(), buildSite(copy.root)]);
  server = await serveSite(site);
});
after(async () => {
  await browser?.close();
  await server?.close();
  await dispose?.();
});

test('a language of a few hundred pages is indexed in shards, and one search finds a page in any of them', async () => {
  const shards = JSON.parse(
    readFileSync(path.join(site.dir, searchBundleDir('en'), SEARCH_SHARDS_FILE), 'utf8'),
  ) as string[];
  assert.ok(shards.length >= 2, `the English index has shards besides the first: ${shards.join(', ')}`);

  const context = await browser.newContext();
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${server.url}/en/`);
  // The first page and the last are in different shards: pages are sharded in the order of their routes.
  for (const i of [0, 150, PAGES - 1]) {
    const { results } = await searchFor(page, wordOf(i));
    assert.equal(results[0]?.href, route(i), `"${wordOf(i)}" finds page ${i}`);
  }
  for (const shard of shards)
    assert.ok(
      requests.some((p) => p.startsWith(`/${searchBundleDir('en')}${shard}`)),
      `the browser searched shard ${shard}`,
    );
  assert.equal(
    requests.filter((p) => p.endsWith('.pagefind')).length,
    1,
    'the WebAssembly is fetched once, not once per shard',
  );

  const { results } = await searchFor(page, 'airship');
  assert.equal(results[0]?.href, route(7), 'the page titled with the word ranks first');
  const mentions = new Set(Array.from({ length: 10 }, (_, k) => route(300 + k)));
  assert.equal(results.length, 8, 'a full list of results: the dialog shows eight');
  assert.ok(
    results.slice(1).every((r) => mentions.has(r.href)),
    'then pages that mention it, from the other shard',
  );
  await context.close();
});
