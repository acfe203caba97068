// The overlay of `site serve --watch` as a writer meets it: a broken link shows as a line that
// opens the file at its line in the editor; the overlay can be dismissed, stays dismissed when the
// page reloads, and comes back with a problem it did not show; a page whose translation lags
// behind shows that status.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { closeParseWorkers } from '../../../generator/build/worker-pool.ts';
import { launchBrowser } from '../../browser-harness.ts';
import { fixtureCopy } from '../../helpers.ts';
import { startWatchServer } from '../../watch-server.ts';

/** Counts the build states the page's overlay has handled ('problems' events), so a test can wait
 * until the overlay has decided what to show instead of pausing. */
const COUNT_STATES = `
  window.__states = 0;
  const add = EventSource.prototype.addEventListener;
  EventSource.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'problems') return add.call(this, type, listener, options);
    return add.call(this, type, (event) => { try { listener.call(this, event); } finally { window.__states++; } }, options);
  };
`;
const stateHandled = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __states: number }).__states > 0);

test('the overlay links each problem to the editor, can be dismissed, and comes back with a new problem', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  const file = path.join(root, 'content/en/docs/guides/upgrade.md');
  await writeFile(file, `${await readFile(file, 'utf8')}\nSee [the backups](/gone/).\n`);
  await writeFile(
    path.join(root, 'config/site.config.ts'),
    "import { base } from './base.ts';\n\nexport default { ...base, editor: 'idea' };\n",
  );
  const { dev, url, nextBuild } = await startWatchServer(root);
  const browser = await launchBrowser();
  try {
    assert.equal((await dev.firstBuild).ok, false);
    const page = await browser.newPage();
    await page.addInitScript(COUNT_STATES);
    await page.goto(`${url}/en/docs/guides/install/`);
    const overlay = page.locator('#site-dev-overlay');
    const line = overlay.locator('a', { hasText: 'link target /gone/ does not exist' });
    await line.waitFor();
    const href = await line.getAttribute('href');
    assert.match(
      href ?? '',
      new RegExp(
        `^idea://open\\?file=${path.join(root, 'content/en/docs/guides/upgrade.md').replace(/[.?]/g, '\\$&')}&line=\\d+&column=\\d+$`,
      ),
      "the config's editor opens the file at the line",
    );
    assert.match(await overlay.innerText(), /^×?\s*Build failed/);

    await overlay.getByRole('button', { name: 'Dismiss until a new problem' }).click();
    assert.equal(await overlay.count(), 0, 'dismissed');
    await page.reload();
    await stateHandled(page);
    assert.equal(await overlay.count(), 0, 'still dismissed after a reload: no new problem since');

    const rebuilt = nextBuild();
    await writeFile(file, (await readFile(file, 'utf8')).replace('/gone/', '/gone-again/'));
    await overlay.locator('a', { hasText: 'link target /gone-again/ does not exist' }).waitFor();
    assert.equal((await rebuilt).ok, false);
  } finally {
    await browser.close();
    await dev.close();
    await closeParseWorkers();
    await dispose();
  }
});

test('a page whose translation lags behind its source shows that status in the overlay, and only that page', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  await writeFile(
    path.join(root, 'config', 'site.config.ts'),
    "import { base } from './base.ts';\n\nexport default { ...base, translations: { source: 'en' }, editor: 'zed' };\n",
  );
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=Editor', '-c', 'user.email=editor@fixture.example', '-c', 'commit.gpgsign=false', ...args],
      { cwd: root, stdio: 'pipe' },
    );
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'The fixture in both languages');
  await appendFile(
    path.join(root, 'content/en/docs/guides/install.md'),
    '\nA new step: check the checksum of the download.\n',
  );
  git('commit', '-q', '-am', 'Install: check the checksum');
  const { dev, url: base } = await startWatchServer(root);
  const browser = await launchBrowser();
  try {
    assert.equal((await dev.firstBuild).ok, true, 'an outdated translation is a warning');
    const page = await browser.newPage();
    await page.addInitScript(COUNT_STATES);
    await page.goto(`${base}/docs/guides/install/`);
    const overlay = page.locator('#site-dev-overlay');
    const line = overlay.locator('a', {
      hasText: 'translation is behind content/en/docs/guides/install.md by 1 commit',
    });
    await line.waitFor();
    assert.equal(
      await line.getAttribute('href'),
      `zed://file${path.join(root, 'content/de/docs/guides/install.md')}:1:1`,
    );
    assert.equal(await overlay.getAttribute('role'), 'status', 'a status, not an alarm: the build did not fail');
    await page.goto(`${base}/docs/guides/upgrade/`);
    await stateHandled(page);
    assert.equal(await overlay.count(), 0, 'a page whose translation is done shows nothing');
  } finally {
    await browser.close();
    await dev.close();
    await closeParseWorkers();
    await dispose();
  }
});
