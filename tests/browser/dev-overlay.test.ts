// The overlay of `site serve --watch` as a writer meets it: a broken link shows as a line that
// opens the file at its line in the editor; the overlay can be dismissed, stays dismissed when the
// page reloads, and comes back with the next build that has problems.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startDevServer } from '../../generator/serve.ts';
import { devServerHooks } from '../../server/dev-hooks.ts';
import { closeParseWorkers } from '../../generator/worker-pool.ts';
import type { BuildResult } from '../../generator/build.ts';
import { fixtureCopy } from '../helpers.ts';
import { launchBrowser } from './harness.ts';

test('the overlay links each problem to the editor, can be dismissed, and comes back after the next build', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  const file = path.join(root, 'content/en/docs/guides/upgrade.md');
  await writeFile(file, `${await readFile(file, 'utf8')}\nSee [the backups](/gone/).\n`);
  await writeFile(path.join(root, 'config/site.config.ts'), "import { base } from './base.ts';\n\nexport default { ...base, editor: 'idea' };\n");
  let waiting: ((r: BuildResult) => void) | undefined;
  const nextBuild = () => new Promise<BuildResult>((resolve) => (waiting = resolve));
  const dev = await startDevServer({ root, port: 0, host: '127.0.0.1', watch: true, out: '.serve', hooks: devServerHooks({ root }), onBuild: (r) => waiting?.(r) });
  const browser = await launchBrowser();
  try {
    assert.equal((await dev.firstBuild).ok, false);
    const address = dev.server.address();
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/en/docs/guides/install/`);
    const overlay = page.locator('#site-dev-overlay');
    const line = overlay.locator('a', { hasText: 'link target /gone/ does not exist' });
    await line.waitFor();
    const href = await line.getAttribute('href');
    assert.match(href ?? '', new RegExp(`^idea://open\\?file=${path.join(root, 'content/en/docs/guides/upgrade.md').replace(/[.?]/g, '\\$&')}&line=\\d+&column=\\d+$`), 'the config\'s editor opens the file at the line');
    assert.match(await overlay.innerText(), /^×?\s*Build failed/);

    await overlay.getByRole('button', { name: 'Dismiss until the next build' }).click();
    assert.equal(await overlay.count(), 0, 'dismissed');
    await page.reload();
    await page.waitForTimeout(300);
    assert.equal(await overlay.count(), 0, 'still dismissed after a reload: nothing was built since');

    const rebuilt = nextBuild();
    await writeFile(file, (await readFile(file, 'utf8')).replace('/gone/', '/gone-again/'));
    assert.equal((await rebuilt).ok, false);
    await overlay.locator('a', { hasText: 'link target /gone-again/ does not exist' }).waitFor();
  } finally {
    await browser.close();
    await dev.close();
    await closeParseWorkers();
    await dispose();
  }
});
