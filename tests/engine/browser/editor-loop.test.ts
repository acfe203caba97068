// The loop of a writer with `site serve --watch` open in a tab: a mistake in the file just saved
// reaches the overlay from the check of that file, before the whole-site build; what that build
// finds elsewhere follows under a heading saying where it came from; every save reloads the tab
// once, and an overlay cleared by a fix does not come back. No deadline decides the outcome: the
// tests wait for what the tab shows, and count.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { closeParseWorkers } from '../../../generator/build/worker-pool.ts';
import { launchBrowser } from '../../browser-harness.ts';
import { fixtureCopy } from '../../helpers.ts';
import { until } from '../../waiting.ts';
import { startWatchServer } from '../../watch-server.ts';

after(() => closeParseWorkers());

async function serve(root: string) {
  const events = { builds: 0, checks: [] as { file: string; buildsBefore: number }[] };
  const { dev, url } = await startWatchServer(root, {
    onBuild: () => events.builds++,
    onSavedCheck: (check) => events.checks.push({ file: check.id, buildsBefore: events.builds }),
  });
  await dev.firstBuild;
  return { dev, events, url };
}

test("a saved file's broken link, bad front matter and unclosed block reach the overlay from the check of that file, before the whole-site build", async () => {
  const { root, dispose } = await fixtureCopy('basic');
  const file = path.join(root, 'content/en/docs/guides/upgrade.md');
  const original = await readFile(file, 'utf8');
  const { dev, events, url } = await serve(root);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/en/docs/guides/upgrade/`);
    const overlay = page.locator('#site-dev-overlay');
    const mistakes = [
      { text: `${original}\nSee [the backups](/gone/).\n`, shows: 'link target /gone/ does not exist' },
      { text: original.replace('title: Upgrade en\n', 'title: [Upgrade en\n'), shows: 'front matter' },
      { text: `${original}\n:::tip\nBack up first.\n\n## Restore\n`, shows: ':::tip is never closed' },
    ];
    for (const mistake of mistakes) {
      const checks = events.checks.length;
      const builds = events.builds;
      await writeFile(file, mistake.text);
      await overlay.getByText(mistake.shows).first().waitFor();
      await until(() => events.checks.length > checks, 'the saved file checked');
      assert.equal(events.checks[checks].file, 'content/en/docs/guides/upgrade.md');
      assert.equal(events.checks[checks].buildsBefore, builds, 'the file was checked before any build of the save');
      assert.doesNotMatch(
        (await overlay.innerText()).split(mistake.shows)[0],
        /whole-site check/,
        'the problem is shown as the saved file’s own',
      );
      await until(() => events.builds > builds, 'the build after the save');
    }
    const builds = events.builds;
    await writeFile(file, original);
    await overlay.waitFor({ state: 'detached' });
    await until(() => events.builds > builds, 'the build after the save');
    assert.equal(await overlay.count(), 0, 'the fixed file leaves no problem');
  } finally {
    await browser.close();
    await dev.close();
    await dispose();
  }
});

test('what the whole-site build finds in other files after a save is shown under a heading saying so', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  // news/second.md links to /docs/guides/install/#requirements: renaming the heading breaks it.
  const file = path.join(root, 'content/en/docs/guides/install.md');
  const original = await readFile(file, 'utf8');
  const { dev, url } = await serve(root);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/en/docs/guides/install/`);
    await writeFile(file, original.replace('## Requirements', '## Prerequisites'));
    const overlay = page.locator('#site-dev-overlay');
    await overlay.getByText('content/en/news/second.md').waitFor();
    const text = await overlay.innerText();
    assert.match(text, /From the whole-site check:[\s\S]*content\/en\/news\/second\.md:\d+:\d+ .*#requirements/);
  } finally {
    await browser.close();
    await dev.close();
    await dispose();
  }
});

test('20 saves reload the tab 20 times, each showing the file as saved, and an overlay cleared by a fix never comes back', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  const file = path.join(root, 'content/en/docs/guides/upgrade.md');
  const original = await readFile(file, 'utf8');
  const { dev, events, url } = await serve(root);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    // Every overlay a document of the tab shows, as it is added, with the save it belongs to.
    const appeared: number[] = [];
    let round = -1;
    await page.exposeFunction('__overlayShown', () => appeared.push(round));
    await page.addInitScript(() => {
      new MutationObserver((records) => {
        for (const r of records)
          for (const node of r.addedNodes)
            if ((node as Element).id === 'site-dev-overlay')
              (window as unknown as { __overlayShown: () => void }).__overlayShown();
      }).observe(document, { childList: true, subtree: true });
    });
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(`${url}/en/docs/guides/upgrade/`);
    await page.waitForFunction(() => document.readyState === 'complete');
    const overlay = page.locator('#site-dev-overlay');
    const before = loads;
    for (round = 0; round < 20; round++) {
      // A link that leads nowhere, the link taken out, then an edit of the text alone.
      const broken = round % 3 === 0;
      const builds = events.builds;
      const heading = `Step ${round}`;
      await writeFile(
        file,
        `${original}\n## ${heading}\n\n${broken ? `See [the notes](/notes-${round}/).` : 'Done.'}\n`,
      );
      await page.locator('main h2', { hasText: heading }).waitFor();
      if (broken) await overlay.getByText(`/notes-${round}/`).waitFor();
      else await overlay.waitFor({ state: 'detached' });
      await until(() => events.builds > builds, 'the build after the save');
      // Whatever the build after the save does, the tab has reloaded once and shows the save.
      await page.waitForFunction(() => document.readyState === 'complete');
      assert.equal(loads - before, round + 1, `reloads after save ${round + 1}`);
      assert.equal(await page.locator('main h2', { hasText: heading }).count(), 1);
      if (!broken) {
        assert.equal(await overlay.count(), 0, `the overlay cleared by save ${round + 1} stays cleared`);
        assert.ok(!appeared.includes(round), `no overlay was shown after save ${round + 1}, which fixed the link`);
      }
    }
  } finally {
    await browser.close();
    await dev.close();
    await dispose();
  }
});

test('a renamed page leaves its old route and answers at its new one before any build, and the open tab follows it; a deleted page answers 404 at once', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  const builds = { count: 0 };
  const moves: { builds: number; oldOnDisk: boolean; removed: string[]; moved: [string, string][] }[] = [];
  const out = path.join(root, '.serve');
  const { dev, url } = await startWatchServer(root, {
    onBuild: () => builds.count++,
    onMoved: (m) =>
      moves.push({
        builds: builds.count,
        oldOnDisk: m.removed.some((route) => existsSync(path.join(out, route, 'index.html'))),
        removed: m.removed,
        moved: [...m.moved],
      }),
  });
  const browser = await launchBrowser();
  try {
    await dev.firstBuild;
    const page = await browser.newPage();
    await page.goto(`${url}/en/docs/guides/upgrade/`);
    await page.waitForFunction(() => document.readyState === 'complete');

    const before = builds.count;
    await rename(
      path.join(root, 'content/en/docs/guides/upgrade.md'),
      path.join(root, 'content/en/docs/guides/updating.md'),
    );
    await page.waitForURL(`${url}/en/docs/guides/updating/`);
    await page.locator('main h1', { hasText: 'Upgrade en' }).waitFor();
    // The file system may report the rename as one change or as two (removed, added, either first).
    assert.deepEqual(
      moves.map((m) => [m.builds, m.oldOnDisk]),
      moves.map(() => [before, false]),
      'the page moved before any build, its old HTML gone',
    );
    assert.deepEqual(
      moves.flatMap((m) => m.removed),
      ['/en/docs/guides/upgrade/'],
    );
    assert.deepEqual(
      moves.flatMap((m) => m.moved),
      [['/en/docs/guides/upgrade/', '/en/docs/guides/updating/']],
    );
    const renamedIn = moves.length;
    assert.equal((await fetch(`${url}/en/docs/guides/upgrade/`)).status, 404);
    assert.equal((await fetch(`${url}/en/docs/guides/updating/`)).status, 200);

    await until(() => builds.count > before, 'the build after the rename');
    const deleting = builds.count;
    // A reload the build after the rename asked for may still be on its way with a 200: the tab is
    // done when it has asked again and been told the route is gone.
    const gone = page.waitForResponse((r) => r.url() === `${url}/en/docs/guides/updating/` && r.status() === 404);
    await rm(path.join(root, 'content/en/docs/guides/updating.md'));
    // The open tab reloads to the answer for a route gone (a tab left on the page fails here).
    await gone;
    assert.deepEqual(moves.slice(renamedIn), [
      { builds: deleting, oldOnDisk: false, removed: ['/en/docs/guides/updating/'], moved: [] },
    ]);
  } finally {
    await browser.close();
    await dev.close();
    await dispose();
  }
});

test('a rename the file system reports as a removal and, a moment later, an addition still takes the open tab to the new route', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  const moved: [string, string][] = [];
  const { dev, url } = await startWatchServer(root, { onMoved: (m) => moved.push(...m.moved) });
  const browser = await launchBrowser();
  try {
    await dev.firstBuild;
    const page = await browser.newPage();
    await page.goto(`${url}/en/docs/guides/upgrade/`);
    await page.waitForFunction(() => document.readyState === 'complete');
    const old = path.join(root, 'content/en/docs/guides/upgrade.md');
    const text = await readFile(old, 'utf8');
    // As an editor's "save as, then delete the old file" does it, apart.
    await rm(old);
    await until(() => page.url().endsWith('/en/docs/guides/upgrade/') && existsSync(old) === false, 'removed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeFile(path.join(root, 'content/en/docs/guides/updating.md'), text);
    await page.waitForURL(`${url}/en/docs/guides/updating/`);
    await page.locator('main h1', { hasText: 'Upgrade en' }).waitFor();
    assert.deepEqual(moved, [['/en/docs/guides/upgrade/', '/en/docs/guides/updating/']]);
  } finally {
    await browser.close();
    await dev.close();
    await dispose();
  }
});
