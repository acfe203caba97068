// The `site` command as a user runs it: exit codes, output, scaffolding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, fixtureCopy, exists } from '../helpers.ts';

const site = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), ...args], { cwd, encoding: 'utf8' });

test('site --help lists the commands', () => {
  const r = site(REPO, '--help');
  assert.equal(r.status, 0);
  for (const command of ['build', 'check', 'serve', 'new']) assert.match(r.stdout, new RegExp(`^  ${command}`, 'm'));
});

test('site check passes on a good site, writes nothing, and fails with file:line:col on a broken link', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    const ok = site(root, 'check');
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, /No problems found\./);
    assert.ok(!exists(root, 'build'));
    const file = path.join(root, 'content/en/docs/reference/cli.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nSee [nothing](/missing/).\n`);
    const bad = site(root, 'check');
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /^content\/en\/docs\/reference\/cli\.md:10:5 {2}link target \/missing\/ does not exist \(no page at \/en\/missing\/\) {2}\[broken-link\]$/m);
    assert.doesNotMatch(bad.stderr, /\n\s+at /, 'no stack trace');
  } finally {
    await dispose();
  }
});

test('site build writes the site; site new scaffolds a draft page in both locales that passes the check', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    const created = site(root, 'new', 'docs', 'guides/backup');
    assert.equal(created.status, 0, created.stderr);
    assert.match(created.stdout, /created content\/de\/docs\/guides\/backup\.md/);
    assert.match(created.stdout, /created content\/en\/docs\/guides\/backup\.md/);
    assert.match(readFileSync(path.join(root, 'content/en/docs/guides/backup.md'), 'utf8'), /^---\ntitle: Backup\n/);
    const again = site(root, 'new', 'docs', 'guides/backup');
    assert.equal(again.status, 1);
    assert.match(again.stderr, /Already there/);
    const post = site(root, 'new', 'news', 'fourth');
    assert.equal(post.status, 0, post.stderr);
    const build = site(root, 'build');
    assert.equal(build.status, 0, build.stderr);
    assert.ok(exists(root, 'build/en/docs/guides/install/index.html'));
    assert.ok(!exists(root, 'build/en/docs/guides/backup/index.html'), 'the scaffold is a draft');
    const unknown = site(root, 'new', 'nope', 'x');
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /Unknown section "nope"\. Sections: docs, news\./);
  } finally {
    await dispose();
  }
});
