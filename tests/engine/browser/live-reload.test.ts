// Live reload as a writer meets it: a save that lands while the tab is still reloading from the
// save before (0 to 300 ms after it) still ends with the tab showing the file as last saved, even
// when the build that follows has nothing new to write: the second save is another edit, or the
// first one undone. No deadline decides the outcome: the test waits for the heading the file says,
// with a bound far beyond any build.

import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Page } from 'playwright-core';
import { closeParseWorkers } from '../../../generator/build/worker-pool.ts';
import { launchBrowser } from '../../browser-harness.ts';
import { fixtureCopy } from '../../helpers.ts';
import { HANG_MS } from '../../waiting.ts';
import { startWatchServer } from '../../watch-server.ts';

after(() => closeParseWorkers());

/** Far beyond a build of the fixture (well under a second), on a busy machine too: only a tab left
 * behind reaches it. */
const BOUND_MS = HANG_MS;

/** Marks in the page whether its live-reload connection is open and whether it was told to
 * reload: a new document starts with neither. */
const WATCH_EVENTS = `
  window.__live = { open: false, told: false };
  const Native = window.EventSource;
  window.EventSource = function (...args) {
    const es = new Native(...args);
    es.addEventListener('open', () => { window.__live.open = true; });
    es.addEventListener('reload', () => { window.__live.told = true; });
    return es;
  };
`;

/** Until the tab listens for live reload and no reload it was told of is pending. */
const settled = (page: Page) =>
  page.waitForFunction(
    () => {
      const live = (window as unknown as { __live?: { open: boolean; told: boolean } }).__live;
      return live?.open && !live.told;
    },
    undefined,
    { timeout: BOUND_MS, polling: 50 },
  );

const poll = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
};

test('a save 0, 100, 200 or 300 ms after a live reload ends with the tab showing the last saved heading', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  const file = path.join(root, 'content/en/docs/guides/upgrade.md');
  const original = await readFile(file, 'utf8');
  const save = (heading: string) => writeFile(file, `${original}\n## ${heading}\n\nText under it.\n`);
  await save('Heading 0');
  let hotUpdates = 0;
  const { dev, url, builds } = await startWatchServer(root, { onHotUpdate: () => hotUpdates++ });
  const browser = await launchBrowser();
  try {
    await dev.firstBuild;
    const page = await browser.newPage();
    await page.addInitScript(WATCH_EVENTS);
    // A page of a real site takes a while to load its assets before its script connects for live
    // reload: here the connection waits half a second, so saves land while the tab is reloading.
    await page.route('**/__site/events', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    const heading = page.locator('main h2', { hasText: /^Heading / });
    await page.goto(`${url}/en/docs/guides/upgrade/`);
    await heading.waitFor();
    let shown = 'Heading 0';
    for (const [delay, undo] of [0, 100, 200, 300].flatMap((d) => [[d, false] as const, [d, true] as const])) {
      await settled(page);
      // A save, shown by the fast path, and the reload it brings: the tab asks for the page again.
      const hot = hotUpdates;
      // Listened for before the save: on a busy machine the tab may ask again before this test
      // process sees the fast path's count go up.
      const reloaded = page.waitForRequest((r) => r.isNavigationRequest(), { timeout: BOUND_MS });
      await save(`Heading ${delay}${undo ? 'c' : 'a'}`);
      await poll(() => hotUpdates > hot);
      await reloaded;
      // The next save, while the tab is reloading or just after: another edit, or the edit undone
      // (the file as the last full build saw it, which then has nothing new to write).
      await new Promise((resolve) => setTimeout(resolve, delay));
      const last = undo ? shown : `Heading ${delay}b`;
      const built = builds.length;
      await save(last);
      shown = last;
      await page.waitForFunction(
        (text) => [...document.querySelectorAll('main h2')].some((h) => h.textContent?.startsWith(text)),
        last,
        { timeout: BOUND_MS, polling: 100 },
      );
      assert.match(
        (await heading.textContent()) ?? '',
        new RegExp(`^${last}`),
        `after a save ${delay} ms after a reload${undo ? ' that undid the edit' : ''}`,
      );
      // The next round starts once the full build has seen this save.
      await poll(() => builds.length > built);
    }
  } finally {
    await browser.close();
    await dev.close();
    await dispose();
  }
});
