// A write that fails fails the build and leaves the old site as it was: the build writes into a
// fresh folder and swaps it in only when every file is on disk. An output folder that cannot be
// made at all (a read-only file system) is the same error, naming why.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { fixtureCopy } from '../../helpers.ts';

const run = promisify(execFile);

/** Every file under `dir` with its bytes, by relative path. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return new Map(
    await Promise.all(files.map(async (f) => [path.relative(dir, f), (await readFile(f)).toString('base64')] as const)),
  );
}

test('a file that cannot be written fails the build, names the file, and the old build/ stays as it was', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    const first = await runBuild({ root, mode: 'build' });
    assert.equal(first.ok, true);
    const before = await snapshot(path.join(root, 'build'));
    assert.ok(before.has('news/rss.xml'));

    // A post named like the section's feed: its page becomes the folder news/rss.xml/, so the feed
    // file news/rss.xml cannot be written over it (EISDIR).
    for (const locale of ['de', 'en']) {
      await writeFile(
        path.join(root, 'content', locale, 'news', 'rss.xml.md'),
        `---\ntitle: Feed ${locale}\ndescription: A post named like the feed.\ndate: 2025-02-01\nauthors: [anna]\ntags: [ops]\n---\n\nText.\n`,
      );
    }
    const failed = await runBuild({ root, mode: 'build' });
    assert.equal(failed.ok, false);
    const problems = failed.diagnostics.filter((d) => d.rule === 'write');
    assert.equal(problems.length, 1, failed.diagnostics.map(formatDiagnostic).join('\n'));
    assert.match(
      formatDiagnostic(problems[0]),
      /^build\/news\/rss\.xml {2}could not be written: EISDIR.*\(nothing was swapped in: build\/ is as the last good build left it\) {2}\[write\]$/,
    );

    assert.deepEqual(await snapshot(path.join(root, 'build')), before, 'build/ is byte for byte the previous build');
    assert.deepEqual(
      (await readdir(root)).filter((f) => f.startsWith('build')),
      ['build', 'build.generations'],
    );
    assert.deepEqual(
      (await readdir(path.join(root, 'build.generations'))).filter((f) => !/^g-\d+-\d+$/.test(f)),
      [],
      'no half-written generation or lock is left beside it',
    );
  } finally {
    await dispose();
  }
});

test('an output folder on a read-only file system is a write error naming it, not a stack trace', async (t) => {
  const { root, dispose } = await fixtureCopy('basic');
  const mounted = await mkdtemp(path.join(os.tmpdir(), 'site-read-only-'));
  // A file system of its own, read-only (root may write to any folder, not to such a mount).
  await run('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', mounted]);
  t.after(async () => {
    await run('umount', [mounted]);
    await rm(mounted, { recursive: true, force: true });
    await dispose();
  });
  const outDir = path.join(mounted, 'build');
  const result = await runBuild({ root, mode: 'build', outDir });
  assert.equal(result.ok, false);
  assert.deepEqual(result.diagnostics.map(formatDiagnostic), [
    `${path.relative(root, outDir)}/  could not be written: EROFS: read-only file system (nothing was swapped in: ${path.relative(root, outDir)}/ is as the last good build left it)  [write]`,
  ]);
});
