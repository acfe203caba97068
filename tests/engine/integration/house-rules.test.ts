// A site that `site init` wrote holds no house rules of any other site: "20 MB" with an ordinary
// space, a TODO and a link without its trailing slash pass `site check` with the engine's defaults
// (the latter two as warnings), and the site's own config makes them errors when it wants them.

import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { runBuild } from '../../../generator/build/build.ts';
import { starterSite } from '../../../generator/scaffold/starter-site.ts';
import { REPO } from '../../helpers.ts';

const PAGE = `---
title: Sizes
description: What the download takes.
---

The download takes 20 MB and unpacks in 30 s. TODO: name the mirrors.

Read [getting started](/docs/getting-started) first.
`;

async function starter(): Promise<{ root: string; dispose: () => Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-house-rules-'));
  for (const file of starterSite({ name: 'plain', locales: ['en'], engine: 'file:../engine', today: '2026-11-26' })) {
    await mkdir(path.dirname(path.join(root, file.path)), { recursive: true });
    await writeFile(path.join(root, file.path), file.contents);
  }
  // The config imports `sitesmith`, as after `npm install`.
  await mkdir(path.join(root, 'node_modules'));
  await symlink(REPO, path.join(root, 'node_modules', 'sitesmith'));
  await writeFile(path.join(root, 'content/en/docs/sizes.md'), PAGE);
  return { root, dispose: () => rm(root, { recursive: true, force: true }) };
}

test('a site from site init passes site check with "20 MB" in its text; its config makes number-unit an error', async () => {
  const { root, dispose } = await starter();
  try {
    const config = path.join(root, 'config/site.config.ts');
    assert.doesNotMatch(await readFile(config, 'utf8'), /rules:/, 'site init writes no house rules');
    const lenient = await runBuild({ root, mode: 'check' });
    assert.equal(lenient.ok, true, JSON.stringify(lenient.diagnostics, null, 1));
    assert.deepEqual(
      lenient.diagnostics.map((d) => [d.rule, d.severity]),
      [
        ['placeholder', 'warning'],
        ['trailing-slash', 'warning'],
      ],
    );

    const written = await readFile(config, 'utf8');
    await writeFile(
      config,
      written.replace(/\n\}\);\s*$/, "\n  rules: { 'number-unit': 'error', 'trailing-slash': 'off' },\n});\n"),
    );
    const strict = await runBuild({ root, mode: 'check' });
    assert.equal(strict.ok, false);
    assert.deepEqual(
      strict.diagnostics.map((d) => [d.file, d.line, d.rule, d.severity, d.message]),
      [
        [
          'content/en/docs/sizes.md',
          6,
          'number-unit',
          'error',
          '"20 MB": a line may break between the number and its unit',
        ],
        [
          'content/en/docs/sizes.md',
          6,
          'number-unit',
          'error',
          '"30 s": a line may break between the number and its unit',
        ],
        ['content/en/docs/sizes.md', 6, 'placeholder', 'warning', 'placeholder text "TODO"'],
      ],
    );
  } finally {
    await dispose();
  }
});
