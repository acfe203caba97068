// `site check --format text|json|github` and `--changed <ref>` as CI runs them: the exact output
// of each format for broken fixtures, exit code 1 on any error in every format, GitHub's escaping,
// and a pull request's check that reports only what it changed and the links into it.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { githubCommand } from '../../../generator/diagnostics/diagnostic-formats.ts';
import { FIXTURES, fixtureCopy, REPO } from '../../helpers.ts';

const site = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), ...args], { cwd, encoding: 'utf8' });
const git = (cwd: string, ...args: string[]) => {
  const r = spawnSync(
    'git',
    ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', '-c', 'commit.gpgsign=false', ...args],
    { cwd, encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
};

/** The broken-link fixture plus a relative link to a missing file in the German upgrade guide. */
async function brokenSite() {
  const copy = await fixtureCopy('basic', path.join(FIXTURES, 'broken', 'broken-link'));
  const deUpgrade = path.join(copy.root, 'content/de/docs/guides/upgrade.md');
  writeFileSync(deUpgrade, readFileSync(deUpgrade, 'utf8').replace(/\n$/, '\n\nSiehe [Weg](./gone.md#teil).\n'));
  return copy;
}

const LINK_EN = {
  file: 'content/en/docs/guides/upgrade.md',
  line: 8,
  column: 9,
  rule: 'broken-link',
  severity: 'error',
  message: 'link target /docs/guides/instal/ does not exist (no page at /en/docs/guides/instal/)',
  hint: 'did you mean /en/docs/guides/install/?',
};

test('each format prints the exact diagnostics of a broken site and exits 1', async () => {
  const { root, dispose } = await brokenSite();
  try {
    const line = readFileSync(path.join(root, 'content/de/docs/guides/upgrade.md'), 'utf8').split('\n').length - 1;
    const text = site(root, 'check', '--format', 'text');
    assert.equal(text.status, 1);
    assert.equal(text.stdout, '');
    assert.deepEqual(text.stderr.trim().split('\n'), [
      `content/de/docs/guides/upgrade.md:${line}:7  link target ./gone.md#teil does not exist (looked for content/de/docs/guides/gone.md) (check the path; relative links start from the folder of this file)  [broken-link]`,
      'content/en/docs/guides/upgrade.md:8:9  link target /docs/guides/instal/ does not exist (no page at /en/docs/guides/instal/) (did you mean /en/docs/guides/install/?)  [broken-link]',
      '',
      '2 errors. Nothing was written.',
    ]);

    const json = site(root, 'check', '--format', 'json');
    assert.equal(json.status, 1);
    assert.deepEqual(JSON.parse(json.stdout), [
      {
        file: 'content/de/docs/guides/upgrade.md',
        line,
        column: 7,
        rule: 'broken-link',
        severity: 'error',
        message: 'link target ./gone.md#teil does not exist (looked for content/de/docs/guides/gone.md)',
        hint: 'check the path; relative links start from the folder of this file',
      },
      LINK_EN,
    ]);

    const github = site(root, 'check', '--format', 'github');
    assert.equal(github.status, 1);
    assert.equal(
      github.stdout,
      [
        `::error file=content/de/docs/guides/upgrade.md,line=${line},col=7,title=[broken-link]::link target ./gone.md#teil does not exist (looked for content/de/docs/guides/gone.md) (check the path; relative links start from the folder of this file)`,
        '::error file=content/en/docs/guides/upgrade.md,line=8,col=9,title=[broken-link]::link target /docs/guides/instal/ does not exist (no page at /en/docs/guides/instal/) (did you mean /en/docs/guides/install/?)',
        '',
      ].join('\n'),
    );
  } finally {
    await dispose();
  }
});

test('a problem without a position: github leaves out line and col, json gives null; a clean site prints an empty array', async () => {
  const broken = await fixtureCopy('basic', path.join(FIXTURES, 'broken', 'public-file'));
  try {
    const github = site(broken.root, 'check', '--format', 'github');
    assert.equal(github.status, 1);
    assert.equal(
      github.stdout.split('\n')[0],
      "::error file=public/sitemap.xml,title=[public-file]::the build writes sitemap.xml itself; the copy from public/ would replace it (rename or remove the file in public/ (only _headers and _redirects are merged with the build's own))",
    );
    const json = JSON.parse(site(broken.root, 'check', '--format', 'json').stdout);
    assert.equal(json[0].line, null);
    assert.equal(json[0].column, null);
  } finally {
    await broken.dispose();
  }
  const good = await fixtureCopy('basic');
  try {
    const json = site(good.root, 'check', '--format', 'json');
    assert.equal(json.status, 0, json.stderr);
    assert.deepEqual(JSON.parse(json.stdout), []);
  } finally {
    await good.dispose();
  }
});

test("github escapes %, CR and LF in messages, and also ',' and ':' in properties, as GitHub's workflow commands require", () => {
  const command = githubCommand({
    file: 'content/en/a,b:c%.md',
    line: 3,
    column: 4,
    rule: 'x:y' as never,
    severity: 'warning',
    message: '100% done\r\nnext: line',
    hint: 'a, b',
  });
  assert.equal(
    command,
    '::warning file=content/en/a%2Cb%3Ac%25.md,line=3,col=4,title=[x%3Ay]::100%25 done%0D%0Anext: line (a, b)',
  );
});

test('--changed reports problems in the changed files and broken links into them from unchanged files, and exits 1 only for those', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    // An old problem nobody touches: a broken link in the English CLI reference.
    const cli = path.join(root, 'content/en/docs/reference/cli.md');
    writeFileSync(cli, `${readFileSync(cli, 'utf8')}\nSee [nothing](/missing/).\n`);
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'base');
    const unrelated = site(root, 'check', '--changed', 'main', '--format', 'json');
    assert.equal(unrelated.status, 0, "nothing changed: the old problem is not this change's");
    assert.deepEqual(JSON.parse(unrelated.stdout), []);

    // The change deletes the English upgrade guide, which the install guide links to, and breaks a link in the German one.
    rmSync(path.join(root, 'content/en/docs/guides/upgrade.md'));
    const deUpgrade = path.join(root, 'content/de/docs/guides/upgrade.md');
    writeFileSync(deUpgrade, `${readFileSync(deUpgrade, 'utf8')}\nSiehe [fehlt](/fehlt/).\n`);
    const all = JSON.parse(site(root, 'check', '--format', 'json').stdout) as { file: string; rule: string }[];
    const changed = site(root, 'check', '--changed', 'main', '--format', 'json');
    assert.equal(changed.status, 1);
    const reported = JSON.parse(changed.stdout) as { file: string; rule: string; message: string }[];
    assert.ok(
      reported.some((d) => d.file === 'content/de/docs/guides/upgrade.md' && /\/fehlt\//.test(d.message)),
      'the new broken link in a changed file',
    );
    assert.ok(
      reported.some((d) => d.file === 'content/en/docs/guides/install.md' && d.rule === 'broken-link'),
      'the link from an unchanged page into the deleted one',
    );
    assert.ok(!reported.some((d) => d.file === 'content/en/docs/reference/cli.md'), 'not the old problem elsewhere');
    assert.ok(
      all.some((d) => d.file === 'content/en/docs/reference/cli.md'),
      'which the full check still reports',
    );
    const bad = site(root, 'check', '--changed', 'no-such-ref');
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /--changed no-such-ref: git knows no commit "no-such-ref" in this clone/);
  } finally {
    await dispose();
  }
});
