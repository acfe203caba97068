// Translation status in a real git repository: the basic fixture, its English pages the source, a
// German page left behind by a later commit to its English original.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { fixtureCopy, REPO } from '../../helpers.ts';

const SITE = path.join(REPO, 'bin', 'site.js');

async function repository(): Promise<{
  root: string;
  commit: (message: string) => void;
  dispose: () => Promise<void>;
}> {
  const { root, dispose } = await fixtureCopy('basic');
  await writeFile(
    path.join(root, 'config', 'site.config.ts'),
    "import { base } from './base.ts';\n\nexport default { ...base, translations: { source: 'en' } };\n",
  );
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=Editor', '-c', 'user.email=editor@fixture.example', '-c', 'commit.gpgsign=false', ...args],
      { cwd: root, stdio: 'pipe' },
    );
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'The fixture in both languages');
  const commit = (message: string) => {
    git('add', '-A');
    git('commit', '-q', '-m', message);
  };
  return { root, commit, dispose };
}

const rules = (diagnostics: { rule: string; file: string }[], rule: string) =>
  diagnostics.filter((d) => d.rule === rule).map((d) => d.file);

test('a German page whose English source changed later is reported outdated, and shows visitors a notice', async () => {
  const repo = await repository();
  const temp = await mkdtemp(path.join(os.tmpdir(), 'site-translations-'));
  const out = path.join(temp, 'build');
  try {
    await appendFile(
      path.join(repo.root, 'content/en/docs/guides/install.md'),
      '\nA new step: check the checksum of the download.\n',
    );
    repo.commit('Install: check the checksum');

    const check = await runBuild({ root: repo.root, mode: 'check' });
    assert.equal(check.ok, true, 'outdated translations are warnings by default');
    assert.deepEqual(rules(check.diagnostics, 'translation-outdated'), ['content/de/docs/guides/install.md']);
    const line = formatDiagnostic(check.diagnostics.find((d) => d.rule === 'translation-outdated')!);
    assert.match(line, /behind content\/en\/docs\/guides\/install\.md by 1 commit/);
    assert.match(line, /"Install: check the checksum"/);
    assert.match(line, /git log -p [0-9a-f]{7}\.\.HEAD -- content\/en\/docs\/guides\/install\.md/);

    const strict = await runBuild({ root: repo.root, mode: 'check', strictTranslations: true });
    assert.equal(strict.ok, false, '--strict-translations fails the check');
    assert.equal(strict.diagnostics.find((d) => d.rule === 'translation-outdated')?.severity, 'error');

    const built = await runBuild({ root: repo.root, mode: 'build', outDir: out });
    assert.equal(built.ok, true);
    const german = await readFile(path.join(out, 'docs/guides/install/index.html'), 'utf8');
    assert.match(
      german,
      /class="banner banner-outdated"[\s\S]*?Diese Übersetzung ist möglicherweise nicht aktuell: das Original \(English\)/,
    );
    assert.match(german, /<a href="\/en\/docs\/guides\/install\/" hrefLang="en">Original lesen<\/a>/i);
    const english = await readFile(path.join(out, 'en/docs/guides/install/index.html'), 'utf8');
    assert.doesNotMatch(english, /banner-outdated/, 'the source shows no notice');

    // Translating the change ends it.
    await appendFile(
      path.join(repo.root, 'content/de/docs/guides/install.md'),
      '\nEin neuer Schritt: die Prüfsumme des Downloads prüfen.\n',
    );
    repo.commit('Install: the checksum step in German');
    const after = await runBuild({ root: repo.root, mode: 'check' });
    assert.deepEqual(rules(after.diagnostics, 'translation-outdated'), []);
  } finally {
    await rm(temp, { recursive: true, force: true });
    await repo.dispose();
  }
});

test('a commit with the trailer "Translation: none", or listed in .translation-ignore-revs, outdates nothing', async () => {
  const repo = await repository();
  try {
    await appendFile(path.join(repo.root, 'content/en/docs/guides/upgrade.md'), '\nTypo fixed.\n');
    repo.commit('Upgrade: a typo\n\nTranslation: none');
    await appendFile(path.join(repo.root, 'content/en/docs/guides/install.md'), '\nWording.\n');
    repo.commit('Install: wording');
    const before = await runBuild({ root: repo.root, mode: 'check' });
    assert.deepEqual(rules(before.diagnostics, 'translation-outdated'), ['content/de/docs/guides/install.md']);

    const head = execFileSync('git', ['rev-parse', '--short=9', 'HEAD'], { cwd: repo.root, encoding: 'utf8' }).trim();
    await writeFile(
      path.join(repo.root, '.translation-ignore-revs'),
      `# English wording only\n${head}  # Install: wording\n`,
    );
    const after = await runBuild({ root: repo.root, mode: 'check' });
    assert.deepEqual(rules(after.diagnostics, 'translation-outdated'), []);
  } finally {
    await repo.dispose();
  }
});

test('a heading, code block or link target missing in the translation is reported, naming it', async () => {
  const repo = await repository();
  try {
    await appendFile(
      path.join(repo.root, 'content/en/docs/reference/cli.md'),
      '\n## Exit codes\n\n```sh\nsite check; echo $?\n```\n\nSee the [upgrade guide](/docs/guides/upgrade/).\n',
    );
    const result = await runBuild({ root: repo.root, mode: 'check' });
    const structure = result.diagnostics.filter((d) => d.rule === 'translation-structure').map(formatDiagnostic);
    assert.equal(structure.length, 1, structure.join('\n'));
    assert.match(
      structure[0],
      /^content\/de\/docs\/reference\/cli\.md {2}warning: translation lacks what content\/en\/docs\/reference\/cli\.md has: the heading ## "Exit codes"; 1 code block; links to \/docs\/guides\/upgrade\//,
    );
  } finally {
    await repo.dispose();
  }
});

test('site i18n status lists every page with done, outdated and source states; without git only what exists', async () => {
  const repo = await repository();
  try {
    await appendFile(path.join(repo.root, 'content/en/docs/guides/install.md'), '\nMore.\n');
    repo.commit('Install: more');
    const status = (format: string) =>
      execFileSync(process.execPath, [SITE, 'i18n', 'status', '--format', format], {
        cwd: repo.root,
        encoding: 'utf8',
      });
    const pages = JSON.parse(status('json')) as {
      path: string;
      source: string;
      states: Record<string, { state: string; commits?: { subject: string }[] }>;
    }[];
    const install = pages.find((p) => p.path === 'docs/guides/install')!;
    assert.equal(install.source, 'en');
    assert.equal(install.states.en.state, 'source');
    assert.equal(install.states.de.state, 'outdated');
    assert.deepEqual(
      install.states.de.commits?.map((c) => c.subject),
      ['Install: more'],
    );
    assert.equal(pages.find((p) => p.path === 'docs/guides/upgrade')!.states.de.state, 'done');
    assert.match(status('text'), /^docs\/guides\/install\s+outdated \(1 commit since \d{4}-\d\d-\d\d\)\s+source$/m);
    assert.match(
      status('md'),
      /^\| docs\/guides\/install \| outdated \(1 commit since \d{4}-\d\d-\d\d\) \| source \|$/m,
    );

    await rm(path.join(repo.root, '.git'), { recursive: true, force: true });
    const plain = JSON.parse(status('json')) as typeof pages;
    assert.equal(
      plain.find((p) => p.path === 'docs/guides/install')!.states.de.state,
      'done',
      'no history: nothing can be outdated',
    );
  } finally {
    await repo.dispose();
  }
});
