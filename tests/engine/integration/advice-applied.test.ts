// Advice that passes when followed: each hint of `site check` that names a change is applied here
// as printed, and the check run again passes.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fixtureCopy, REPO } from '../../helpers.ts';

const site = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), ...args], { cwd, encoding: 'utf8' });

type Reported = { file: string; line?: number; rule: string; severity: string; message: string; hint: string };
const check = (root: string, ...args: string[]) => {
  const run = site(root, 'check', '--format', 'json', ...args);
  return { status: run.status, reported: JSON.parse(run.stdout || '[]') as Reported[], stderr: run.stderr };
};

test('a redirect to a mistyped route is told the route it likely means, and the redirect written so passes', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    const config = path.join(root, 'config/site.config.ts');
    writeFileSync(
      config,
      "import { base } from './base.ts';\n\nexport default {\n  ...base,\n  redirects: [...base.redirects, { from: '/docs/setup/', to: '/docs/guides/instal/' }],\n};\n",
    );
    const first = check(root);
    assert.equal(first.status, 1);
    const missing = first.reported.filter((d) => d.rule === 'redirect-target-missing');
    assert.ok(missing.length > 0, JSON.stringify(first.reported));
    const written = /write `(to: '[^']+')`/.exec(missing[0].hint)?.[1];
    assert.equal(written, "to: '/docs/guides/install/'", missing[0].hint);
    writeFileSync(config, readFileSync(config, 'utf8').replace("to: '/docs/guides/instal/'", written));
    const fixed = check(root);
    assert.deepEqual(
      fixed.reported.filter((d) => d.severity === 'error'),
      [],
    );
    assert.equal(fixed.status, 0, fixed.stderr);
  } finally {
    await dispose();
  }
});

/** The basic fixture in a git repository of its own, on `main`. */
async function repository() {
  const copy = await fixtureCopy('basic');
  const git = (...args: string[]) => {
    const r = spawnSync(
      'git',
      ['-c', 'user.name=Editor', '-c', 'user.email=editor@fixture.example', '-c', 'commit.gpgsign=false', ...args],
      { cwd: copy.root, encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
  };
  git('init', '-q', '-b', 'main');
  const commit = (message: string) => (git('add', '-A'), git('commit', '-q', '-m', message));
  commit('The fixture in both languages');
  return { ...copy, git, commit };
}

test('a missing translation created as the hint says passes, and does not make the page it was translated from outdated', async () => {
  const { root, dispose, commit } = await repository();
  try {
    // A page written in English first; German is the site's source language.
    writeFileSync(
      path.join(root, 'content/en/docs/guides/backup.md'),
      '---\ntitle: Backup en\ndescription: How to back up (en).\n---\n\nCopy the data.\n',
    );
    commit('Backup guide in English');
    const first = check(root);
    const missing = first.reported.find((d) => d.rule === 'missing-translation');
    const create = /create (content\/\S+\.md)/.exec(missing?.hint ?? '')?.[1];
    assert.equal(create, 'content/de/docs/guides/backup.md', JSON.stringify(first.reported));
    writeFileSync(
      path.join(root, create),
      '---\ntitle: Backup de\ndescription: Wie man sichert (de).\n---\n\nDie Daten kopieren.\n',
    );
    commit('Backup guide in German');
    const after = check(root);
    assert.deepEqual(
      after.reported.filter((d) => d.rule === 'missing-translation' || d.rule === 'translation-outdated'),
      [],
    );
    assert.equal(after.status, 0, after.stderr);
  } finally {
    await dispose();
  }
});

test('--changed reports the translation a change to its source outdates, as the full check does; translating it passes both', async () => {
  const { root, dispose, git, commit } = await repository();
  try {
    git('checkout', '-q', '-b', 'change');
    writeFileSync(
      path.join(root, 'content/de/docs/guides/install.md'),
      `${readFileSync(path.join(root, 'content/de/docs/guides/install.md'), 'utf8')}\nPrüfsumme prüfen.\n`,
    );
    commit('Install: the checksum step');
    const outdated = (run: ReturnType<typeof check>) =>
      run.reported.filter((d) => d.rule === 'translation-outdated').map((d) => d.file);
    assert.deepEqual(outdated(check(root)), ['content/en/docs/guides/install.md']);
    assert.deepEqual(outdated(check(root, '--changed', 'main')), ['content/en/docs/guides/install.md']);
    writeFileSync(
      path.join(root, 'content/en/docs/guides/install.md'),
      `${readFileSync(path.join(root, 'content/en/docs/guides/install.md'), 'utf8')}\nCheck the checksum.\n`,
    );
    commit('Install: the checksum step in English');
    assert.deepEqual(outdated(check(root)), []);
    assert.deepEqual(outdated(check(root, '--changed', 'main')), []);
  } finally {
    await dispose();
  }
});

test('a page others link to, moved: --changed names the redirect and the links to update, and both done as told pass the full check too', async () => {
  const { root, dispose, git, commit } = await repository();
  try {
    git('checkout', '-q', '-b', 'change');
    for (const locale of ['de', 'en'])
      renameSync(
        path.join(root, `content/${locale}/docs/guides/install.md`),
        path.join(root, `content/${locale}/docs/guides/installation.md`),
      );
    commit('The install guide under a longer name');
    const changed = check(root, '--changed', 'main');
    assert.equal(changed.status, 1);
    const removed = changed.reported.find((d) => d.rule === 'route-removed' && d.message.startsWith('/en/'));
    const hint = removed?.hint ?? '';
    const redirect = /add (\{ from: '[^']+', to: '[^']+' \})/.exec(hint)?.[1];
    assert.equal(redirect, "{ from: '/docs/guides/install/', to: '/docs/guides/installation/' }", hint);
    const linked = /is linked: ([^;]+);/.exec(hint)?.[1].split(', ');
    assert.deepEqual(
      linked,
      ['content/en/docs/guides/upgrade.md:7', 'content/en/docs/index.md:7', 'content/en/news/second.md:9'],
      hint,
    );

    // As told: the redirect into the config, and each link listed (in every locale) to the new route.
    const config = path.join(root, 'config/site.config.ts');
    writeFileSync(
      config,
      `import { base } from './base.ts';\n\nexport default { ...base, redirects: [...base.redirects, ${redirect}] };\n`,
    );
    for (const removal of changed.reported.filter((d) => d.rule === 'route-removed'))
      for (const at of /is linked: ([^;]+);/.exec(removal.hint)?.[1].split(', ') ?? []) {
        const [file, line] = at.split(':');
        const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
        lines[Number(line) - 1] = lines[Number(line) - 1].replace(
          /\]\((?:\/docs\/guides\/install\/|\.\/install\.md|guides\/install\.md)/,
          '](/docs/guides/installation/',
        );
        writeFileSync(path.join(root, file), lines.join('\n'));
      }
    commit('Links and a redirect to the new name');
    const errors = (run: ReturnType<typeof check>) => run.reported.filter((d) => d.severity === 'error');
    assert.deepEqual(errors(check(root, '--changed', 'main')), []);
    assert.deepEqual(errors(check(root)), []);
  } finally {
    await dispose();
  }
});
