// `site check --changed <ref>` on a branch: beside the changed files' own problems, every problem
// the change causes elsewhere fails it: a slug that takes another page's route, a page that is gone
// (moved, or lost to another on its route), and the links and redirects into it, from files the
// change never touched. A suggested redirect, added as printed, makes the check pass.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fixtureCopy, REPO } from '../../helpers.ts';

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

/** The basic fixture as `main`, with a redirect into the install guide, and a branch `change` checked out. */
async function repository() {
  const copy = await fixtureCopy('basic');
  writeFileSync(
    path.join(copy.root, 'config/site.config.ts'),
    "import { base } from './base.ts';\n\nexport default {\n  ...base,\n  redirects: [\n    ...base.redirects,\n    { from: '/docs/setup/', to: '/docs/guides/install/' },\n  ],\n};\n",
  );
  git(copy.root, 'init', '-q', '-b', 'main');
  git(copy.root, 'add', '-A');
  git(copy.root, 'commit', '-q', '-m', 'base');
  git(copy.root, 'checkout', '-q', '-b', 'change');
  return copy;
}

const commit = (root: string, message: string) => {
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', message);
};

/** `file:line` and the rule of each annotation `--format github` printed. */
const annotations = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const m = /^::(error|warning) file=([^,]+)(?:,line=(\d+))?.*title=\[([\w-]+)\]::(.*)$/.exec(l);
      assert.ok(m, `an annotation: ${l}`);
      return { where: m[3] ? `${m[2]}:${m[3]}` : m[2], rule: m[4], message: m[5] };
    });

test('a slug that takes another page’s route fails --changed: the conflict, the page gone, and the links and redirects into it', async () => {
  const { root, dispose } = await repository();
  try {
    // The English install guide takes the upgrade guide's route: as the first of the two, it would
    // have pushed the untouched upgrade guide out.
    const install = path.join(root, 'content/en/docs/guides/install.md');
    writeFileSync(install, readFileSync(install, 'utf8').replace('description:', 'slug: upgrade\ndescription:'));
    commit(root, 'The install guide at a shorter address');

    const full = site(root, 'check', '--format', 'github');
    assert.equal(full.status, 1);
    const changed = site(root, 'check', '--changed', 'main', '--format', 'github');
    assert.equal(changed.status, 1, changed.stdout);
    const reported = annotations(changed.stdout);
    const has = (where: string, rule: string) =>
      assert.ok(
        reported.some((a) => a.where.startsWith(where) && a.rule === rule),
        `${rule} at ${where} in:\n${changed.stdout}`,
      );
    // The conflict, at the slug the change wrote; the untouched upgrade guide keeps its route.
    has('content/en/docs/guides/install.md:3', 'duplicate-route');
    // The install guide's old route is gone, and the change answers for everything that led there:
    has('content/en/docs/guides/install.md', 'route-removed');
    has('content/en/news/second.md', 'broken-link');
    has('config/site.config.ts:7', 'redirect-target-missing');
    assert.ok(!reported.some((a) => a.where.startsWith('content/en/docs/guides/upgrade.md')), 'not the untouched page');
  } finally {
    await dispose();
  }
});

test('a page moved without a redirect fails --changed even when nothing links to it; the suggested redirect, added as printed, passes', async () => {
  const { root, dispose } = await repository();
  try {
    for (const locale of ['de', 'en'])
      renameSync(
        path.join(root, `content/${locale}/docs/reference/hidden.md`),
        path.join(root, `content/${locale}/docs/reference/secret.md`),
      );
    commit(root, 'The hidden reference under another name');
    assert.equal(site(root, 'check').status, 0, 'the site itself is whole');

    const changed = site(root, 'check', '--changed', 'main', '--format', 'json');
    assert.equal(changed.status, 1, changed.stdout);
    const reported = JSON.parse(changed.stdout) as { file: string; rule: string; message: string; hint: string }[];
    assert.deepEqual(
      reported.map((d) => [d.file, d.rule, d.message]),
      [
        [
          'content/de/docs/reference/hidden.md',
          'route-removed',
          '/docs/reference/hidden/ was served at main and is neither a page nor a redirect now (likely successor: /docs/reference/secret/)',
        ],
        [
          'content/en/docs/reference/hidden.md',
          'route-removed',
          '/en/docs/reference/hidden/ was served at main and is neither a page nor a redirect now (likely successor: /en/docs/reference/secret/)',
        ],
      ],
    );
    // The redirect as the hint writes it, into the config's redirects: it applies in every locale.
    const suggested = /add (\{ from: '[^']+', to: '[^']+' \})/.exec(reported[1].hint)?.[1];
    assert.equal(suggested, "{ from: '/docs/reference/hidden/', to: '/docs/reference/secret/' }");
    const config = path.join(root, 'config/site.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace('    ...base.redirects,\n', `    ...base.redirects,\n    ${suggested},\n`),
    );
    const fixed = site(root, 'check', '--changed', 'main');
    assert.equal(fixed.status, 0, fixed.stderr);
    assert.equal(site(root, 'check').status, 0);
  } finally {
    await dispose();
  }
});

test('a config link into a page the change moved fails --changed', async () => {
  const { root, dispose } = await repository();
  try {
    // contact.terms is /docs/reference/cli/.
    for (const locale of ['de', 'en'])
      renameSync(
        path.join(root, `content/${locale}/docs/reference/cli.md`),
        path.join(root, `content/${locale}/docs/reference/command-line.md`),
      );
    commit(root, 'The CLI reference under a longer name');
    const changed = site(root, 'check', '--changed', 'main', '--format', 'github');
    assert.equal(changed.status, 1);
    assert.ok(
      annotations(changed.stdout).some((a) => a.where.startsWith('config/base.ts') && a.rule === 'config-link'),
      changed.stdout,
    );
  } finally {
    await dispose();
  }
});
