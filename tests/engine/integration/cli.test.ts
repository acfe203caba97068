// The `site` command as a user runs it: exit codes, output, scaffolding.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ENGINE_CACHE, exists, fixtureCopy, REPO } from '../../helpers.ts';

const site = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), ...args], { cwd, encoding: 'utf8' });

test('site --help lists the commands', () => {
  const r = site(REPO, '--help');
  assert.equal(r.status, 0);
  for (const command of ['build', 'check', 'serve', 'new']) assert.match(r.stdout, new RegExp(`^  ${command}`, 'm'));
});

test('site --version prints the version of the engine it runs', () => {
  const r = site(REPO, '--version');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).version);
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
    assert.match(
      bad.stderr,
      /^content\/en\/docs\/reference\/cli\.md:10:5 {2}link target \/missing\/ does not exist \(no page at \/en\/missing\/\) {2}\[broken-link\]$/m,
    );
    assert.doesNotMatch(bad.stderr, /\n\s+at /, 'no stack trace');
  } finally {
    await dispose();
  }
});

test('site build writes the site; site new scaffolds a draft page in both locales that passes the check', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    const created = site(root, 'new', 'docs', 'guides/backup', '--title', 'de=Datensicherung', '--title', 'en=Backups');
    assert.equal(created.status, 0, created.stderr);
    assert.match(created.stdout, /created content\/de\/docs\/guides\/backup\.md/);
    assert.match(created.stdout, /created content\/en\/docs\/guides\/backup\.md/);
    const german = readFileSync(path.join(root, 'content/de/docs/guides/backup.md'), 'utf8');
    const english = readFileSync(path.join(root, 'content/en/docs/guides/backup.md'), 'utf8');
    assert.match(german, /^---\ntitle: "Datensicherung"\ndescription: "TODO: Beschreiben Sie die Seite/);
    assert.match(german, /\nSchreiben Sie hier die Einleitung: .*\n\n## Überschrift des ersten Abschnitts\n/);
    assert.match(english, /^---\ntitle: "Backups"\ndescription: "TODO: describe the page/);
    assert.match(english, /\nWrite the introduction here: .*\n\n## Heading of the first section\n/);
    const untitled = site(root, 'new', 'docs', 'guides/restore');
    assert.equal(untitled.status, 0, untitled.stderr);
    assert.match(
      readFileSync(path.join(root, 'content/de/docs/guides/restore.md'), 'utf8'),
      /^---\ntitle: "TODO: Titel der Seite"\n/,
      'a title to write, in the language of the file',
    );
    assert.match(
      readFileSync(path.join(root, 'content/en/docs/guides/restore.md'), 'utf8'),
      /^---\ntitle: "TODO: title of the page"\n/,
    );
    const again = site(root, 'new', 'docs', 'guides/backup');
    assert.equal(again.status, 1);
    assert.match(again.stderr, /Already there/);
    // A post's author is chosen by the editor: none is put in by default, and the command lists them.
    const anonymous = site(root, 'new', 'news', 'fourth');
    assert.equal(anonymous.status, 1);
    assert.match(anonymous.stderr, /A post needs its author: pass --author <id>\. Authors: anna \(Anna Berger\)/);
    assert.ok(!exists(root, 'content/en/news/fourth.md'), 'nothing written');
    const stranger = site(root, 'new', 'news', 'fourth', '--author', 'bob');
    assert.equal(stranger.status, 1);
    assert.match(stranger.stderr, /Unknown author "bob"\. Authors: anna/);
    const post = site(root, 'new', 'news', 'fourth', '--author', 'anna');
    assert.equal(post.status, 0, post.stderr);
    assert.match(readFileSync(path.join(root, 'content/en/news/fourth.md'), 'utf8'), /\nauthors: \[anna\]\n/);
    const check = site(root, 'check');
    assert.equal(check.status, 0, `drafts may hold placeholders: ${check.stderr}`);
    const build = site(root, 'build');
    assert.equal(build.status, 0, build.stderr);
    assert.ok(exists(root, 'build/en/docs/guides/install/index.html'));
    assert.ok(!exists(root, 'build/en/docs/guides/backup/index.html'), 'the scaffold is a draft');
    // The built-in theme's bundle is the engine's code alone: kept with the engine's own bundle and
    // made once for every site, so this site's first build found it there.
    assert.deepEqual(
      readdirSync(path.join(root, '.cache')).filter((f) => f.startsWith('theme-')),
      [],
    );
    assert.ok(
      readdirSync(ENGINE_CACHE).some((f) => /^theme-[0-9a-f]{16}\.mjs$/.test(f)),
      "the theme's bundle is kept with the engine's",
    );
    // Published with its placeholders, the page is reported: as warnings by default (a site makes
    // them errors in its config, tests/fixtures/broken/placeholder/).
    for (const locale of ['de', 'en']) {
      const file = path.join(root, `content/${locale}/docs/guides/backup.md`);
      writeFileSync(file, readFileSync(file, 'utf8').replace('draft: true\n', ''));
    }
    const published = site(root, 'check');
    assert.equal(published.status, 0, published.stderr);
    assert.match(
      published.stderr,
      /^content\/de\/docs\/guides\/backup\.md:3:\d+ {2}warning: description: placeholder text "TODO"/m,
    );
    assert.match(
      published.stderr,
      /^content\/en\/docs\/guides\/backup\.md:6:1 {2}warning: placeholder text "Write the introduction here: /m,
    );
    assert.match(published.stderr, /\[placeholder\]/);
    const unknown = site(root, 'new', 'nope', 'x');
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /Unknown section "nope"\. Sections: docs, news\./);
  } finally {
    await dispose();
  }
});
