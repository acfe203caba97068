// Includes on a built site: the page shows the partial's text with its links resolved from the
// partial's folder, the partial is no page, and under `site serve --watch` an edit to the partial
// rebuilds the pages that include it.

import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { runBuild } from '../../../generator/build/build.ts';
import { closeParseWorkers } from '../../../generator/build/worker-pool.ts';
import { exists, fixtureCopy, read } from '../../helpers.ts';
import { startWatchServer } from '../../watch-server.ts';

after(() => closeParseWorkers());

const PAGE = `---
title: Upgrade en
description: How to upgrade (en).
---

Before the partial.

::include{file="../_shared/_stop.md"}

After the partial.
`;
const PARTIAL = 'Stop the service, then read [the install guide](../guides/install.md#requirements).\n';

async function siteWithInclude() {
  const copy = await fixtureCopy('basic');
  await mkdir(path.join(copy.root, 'content/en/docs/_shared'), { recursive: true });
  await writeFile(path.join(copy.root, 'content/en/docs/guides/upgrade.md'), PAGE);
  await writeFile(path.join(copy.root, 'content/en/docs/_shared/_stop.md'), PARTIAL);
  return copy;
}

test("a page shows its partial, with the partial's links resolved from its own folder; the partial is no page", async () => {
  const { root, dispose } = await siteWithInclude();
  try {
    const result = await runBuild({ root, mode: 'build' });
    assert.deepEqual(result.diagnostics, []);
    const html = await read(path.join(root, 'build'), 'en/docs/guides/upgrade/index.html');
    assert.match(
      html,
      /<p>Before the partial\.<\/p>\s*<p>Stop the service, then read <a href="\/en\/docs\/guides\/install\/#requirements">the install guide<\/a>\.<\/p>\s*<p>After the partial\.<\/p>/,
    );
    assert.equal(exists(path.join(root, 'build'), 'en/docs/_shared/_stop/index.html'), false);
    assert.equal(exists(path.join(root, 'build'), 'en/docs/_shared/index.html'), false);
  } finally {
    await dispose();
  }
});

test('under watch, an edit to a partial rebuilds the page that includes it', async () => {
  const { root, dispose } = await siteWithInclude();
  const { dev, url: base, nextBuild } = await startWatchServer(root);
  try {
    assert.match(await (await fetch(`${base}/en/docs/guides/upgrade/`)).text(), /Stop the service/);
    // The server answered before every body was parsed: the edit is timed after the full build.
    await dev.firstBuild;
    const edited = nextBuild();
    await writeFile(
      path.join(root, 'content/en/docs/_shared/_stop.md'),
      'Drain the queue first. Then read [the install guide](../guides/install.md#requirements).\n',
    );
    const rebuilt = await edited;
    assert.deepEqual(rebuilt.diagnostics, []);
    assert.equal(rebuilt.stats.parsed, 1, 'the including page is parsed again');
    const html = await (await fetch(`${base}/en/docs/guides/upgrade/`)).text();
    assert.match(html, /Drain the queue first\./);
    assert.doesNotMatch(html, /Stop the service/);
  } finally {
    await dev.close();
    await dispose();
  }
});
