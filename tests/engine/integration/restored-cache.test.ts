// A CI job restores the last run's .cache/ into a fresh clone: another folder, every file with
// new times and inodes. What the cache holds is keyed by content, never by a path, a time or an
// inode, so the build after one edit parses one file, renders one page and draws no card, as it
// would in the folder that made the cache. Each build is a new process of the CLI, as in CI.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { contentKey } from '../../../bin/engine-bundle.js';
import { fixtureCopy, REPO } from '../../helpers.ts';

function build(root: string, engine = REPO): { rendered: number; drawn: number; bundles: number } {
  const r = spawnSync(process.execPath, [path.join(engine, 'bin', 'site.js'), 'build', '--timings'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  const number = (pattern: RegExp) => Number(pattern.exec(r.stdout)?.[1] ?? Number.NaN);
  return {
    rendered: number(/Rendered (\d+) pages/),
    drawn: number(/Social cards: (\d+) of \d+ drawn/),
    bundles: number(/Search index: (\d+) of \d+ bundles built/),
  };
}

test('the engine is versioned by its code, not by its folder or its files’ times', async () => {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'site-engine-copy-'));
  try {
    for (const part of ['bin', 'generator', 'server', 'theme', 'common', 'package-lock.json', 'tsconfig.json'])
      await cp(path.join(REPO, part), path.join(copy, part), { recursive: true });
    assert.equal(contentKey(copy), contentKey(REPO), 'a copy with new times has the same version');
    appendFileSync(path.join(copy, 'generator', 'types.ts'), '\n');
    assert.notEqual(contentKey(copy), contentKey(REPO), 'a byte changed is another version');
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
});

/** The engine as a fresh clone has it: its files with new times, its packages in a folder of its
 * own (hard links, so it costs no copy), and no bundle of its code made yet. */
async function engineClone(dir: string): Promise<void> {
  for (const part of [
    'bin',
    'generator',
    'server',
    'theme',
    'common',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ])
    await cp(path.join(REPO, part), path.join(dir, part), { recursive: true });
  // A .git makes it a working copy, which bundles its sources as this repository does.
  await mkdir(path.join(dir, '.git'));
  const linked = spawnSync('cp', ['-al', path.join(REPO, 'node_modules'), path.join(dir, 'node_modules')]);
  assert.equal(linked.status, 0, String(linked.stderr));
  await rm(path.join(dir, 'node_modules', '.cache'), { recursive: true, force: true });
}

test('a fresh clone of the site and the engine with the last build’s .cache/ restored makes only what one edit changed', async () => {
  const first = await fixtureCopy('basic');
  const moved = await mkdtemp(path.join(os.tmpdir(), 'site-restored-'));
  const engine = await mkdtemp(path.join(os.tmpdir(), 'site-engine-clone-'));
  try {
    build(first.root);
    await engineClone(engine);
    // What a CI cache step does: the sources as checked out, .cache/ as restored, no build/.
    await cp(first.root, moved, { recursive: true, filter: (src) => !/[/\\]build(\.generations)?$/.test(src) });
    appendFileSync(path.join(moved, 'content', 'en', 'docs', 'guides', 'index.md'), '\nOne more sentence.\n');
    const after = build(moved, engine);
    assert.equal(after.rendered, 1, 'one page rendered');
    assert.equal(after.drawn, 0, 'no card drawn');
    assert.equal(after.bundles, 1, "only the edited page's language indexed again");
  } finally {
    await first.dispose();
    await rm(moved, { recursive: true, force: true });
    await rm(engine, { recursive: true, force: true });
  }
});
