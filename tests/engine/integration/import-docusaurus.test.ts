// `site import docusaurus` on a small Docusaurus project (tests/fixtures/docusaurus): what it
// writes, what it reports, and that `site check` then passes on everything but the reported MDX.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import YAML from 'yaml';
import { exists, FIXTURES, REPO, read } from '../../helpers.ts';

const PROJECT = path.join(FIXTURES, 'docusaurus');
const site = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), ...args], { cwd, encoding: 'utf8' });

async function tempDir(): Promise<{ root: string; dispose: () => Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-import-'));
  return { root, dispose: () => rm(root, { recursive: true, force: true }) };
}

/** `path:line:col  [rule]` of every report line, with the project folder shortened to `P/`. */
function positions(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => /^\S+:\d+:\d+ {2}.* {2}\[[\w-]+\]$/.test(line))
    .map((line) => line.replace(/^(\S+:\d+:\d+) {2}.* {2}(\[[\w-]+\])$/, '$1  $2').replace(`${PROJECT}/`, 'P/'));
}

const EXPECTED_REPORT = [
  'P/docs/02-guides/02-configure.mdx:5:1  [front-matter]',
  'P/docs/02-guides/02-configure.mdx:10:1  [mdx-export]',
  'P/docs/02-guides/02-configure.mdx:30:1  [mdx-comment]',
  'P/docusaurus.config.js:1:1  [redirect]',
  'P/docusaurus.config.js:1:1  [navbar]',
  'P/src/pages/index.js:1:1  [page]',
  'content/authors.yml:1:1  [author]',
  'content/authors.yml:11:1  [author]',
  'content/de/docs/guides/advanced/rotation.md:1:1  [missing-translation]',
  'content/en/docs/guides/configure.md:11:58  [mdx-expression]',
];

const EXPECTED_FILES = [
  'config/site.config.ts',
  'content/authors.yml',
  'content/tags.yml',
  'import-report.md',
  'package.json',
  ...['en', 'de'].flatMap((l) => [
    `content/${l}/index.md`,
    `content/${l}/docs/index.md`,
    `content/${l}/docs/guides/_category.yml`,
    `content/${l}/docs/guides/install.md`,
    `content/${l}/docs/guides/configure.md`,
    `content/${l}/docs/guides/advanced/_category.yml`,
    `content/${l}/docs/guides/advanced/rotation.md`,
    `content/${l}/news/first-release.md`,
    `content/${l}/news/rotation-tips.md`,
  ]),
  'public/img/favicon.svg',
  'public/img/logo.svg',
  'public/img/mara.svg',
  'public/img/pipeline.svg',
].sort();

function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

test('site import docusaurus writes the content tree, config and public files, and reports what it could not carry', async () => {
  const { root, dispose } = await tempDir();
  try {
    const r = site(root, 'import', 'docusaurus', PROJECT);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(positions(r.stdout), EXPECTED_REPORT);
    // Each line says what happened to the text, so nothing is lost without a word.
    assert.doesNotMatch(r.stdout, /import Tabs/, 'the imports of converted components need no word');
    assert.match(
      r.stdout,
      /docusaurus\.config\.js:1:1 {2}2 URLs of blog\/ changed \(such as \/news\/2024\/01\/05\/first-release -> \/news\/first-release\/\); a redirect from each old URL is in config\/site\.config\.ts {2}\[redirect\]/,
    );
    assert.match(r.stdout, /02-configure\.mdx:30:1 {2}MDX comment left out: "Keep this list short\."/);
    assert.match(
      r.stdout,
      /^content\/en\/docs\/guides\/configure\.md:11:58 {2}MDX expression "\{defaultSize\}" kept as written/m,
    );
    assert.doesNotMatch(r.stdout, /custom heading id/, 'a custom heading id is kept, as the engine takes it');
    assert.match(
      r.stdout,
      /^Imported 4 docs pages and 2 posts in 2 locales \(en, de\), 2 authors, 3 tags; 23 files written, 4 copied into \.\/\. 10 items to look at: 2 author, 1 front-matter, 1 mdx-comment, 1 mdx-export, 1 mdx-expression, 1 missing-translation, 1 navbar, 1 page, 1 redirect\.\nURLs of the Docusaurus site: 26 kept, 6 redirected, 0 lost; import-report\.md lists each\.$/m,
    );

    assert.deepEqual(listFiles(root).sort(), EXPECTED_FILES);

    // Number prefixes gone, `slug: /` made the section's index, the `# Title` became the title,
    // admonitions and links in the engine's form.
    assert.equal(
      await read(root, 'content/en/docs/index.md'),
      `---
title: What Tidewatch does
description: Tidewatch rotates log files while the service keeps writing to them, so no line is lost and no disk fills up overnight.
sidebar_label: Introduction
sidebar_position: 1
---

Tidewatch rotates log files while the service keeps writing to them, so no line is lost and no disk fills up overnight.

![Write, rotate, compress](/img/pipeline.svg)

:::warning
Rotation by size needs Tidewatch 2.0 or later.
:::

:::tip[Before you start]
Read [Installation](guides/install.md) and then [Configuration](/docs/guides/configure/).
:::
`,
    );
    const deInstall = await read(root, 'content/de/docs/guides/install.md');
    assert.match(
      deInstall,
      /^---\ntitle: Installation\ndescription: Tidewatch aus dem Paket-Repository oder als einzelne Binärdatei installieren\.\nsidebar_position: 1\n---\n\n/,
    );
    assert.match(deInstall, /:::note\[Dienstbenutzer\]\n/);
    assert.match(deInstall, /\[Konfiguration\]\(configure\.md#rules\)/, 'a link to a custom id keeps it');
    assert.match(await read(root, 'content/en/docs/guides/install.md'), /\[configuration\]\(configure\.md#rules\)/);

    const configure = await read(root, 'content/en/docs/guides/configure.md');
    assert.doesNotMatch(configure, /^(import|export) /m);
    assert.doesNotMatch(configure, /Keep this list short/);
    assert.match(configure, /The default limit is \{defaultSize\}\./);
    assert.match(configure, /^::::tabs\n:::tab\[By size\]\n\n```toml\n[\s\S]*?\n```\n\n:::\n::::$/m);
    assert.match(configure, /Read the \[introduction\]\(\.\.\/index\.md\)/);
    assert.match(await read(root, 'content/de/docs/guides/configure.md'), /^## Regeln \{#rules\}$/m);
    const rotation = await read(root, 'content/en/docs/guides/advanced/rotation.md');
    assert.match(
      rotation,
      /```md\n:::caution\nThis fence shows Markdown and stays as it is\.\n:::\n```/,
      'code is never rewritten',
    );
    assert.match(rotation, /^:::danger$/m);
    assert.match(rotation, /\[installation\]\(\/docs\/guides\/install\/\)/);
    assert.equal(
      await read(root, 'content/de/docs/guides/advanced/rotation.md'),
      rotation,
      'the missing translation shows the original, as Docusaurus did',
    );

    assert.equal(
      await read(root, 'content/en/docs/guides/_category.yml'),
      'label: Guides\nposition: 2\ndescription: Install Tidewatch and set it up for your services.\n',
    );
    assert.equal(
      await read(root, 'content/de/docs/guides/_category.yml'),
      'label: Anleitungen\nposition: 2\ndescription: Tidewatch installieren und für die eigenen Dienste einrichten.\n',
    );
    assert.equal(
      await read(root, 'content/de/docs/guides/advanced/_category.yml'),
      'label: Für Fortgeschrittene\nposition: 3\ncollapsed: false\n',
    );

    // Dates from file names, authors by id (inline ones added), tags by id with labels per locale.
    const firstRelease = await read(root, 'content/de/news/first-release.md');
    assert.match(
      firstRelease,
      /^---\ntitle: Tidewatch 1\.0 ist da\ndescription: Die erste stabile Version rotiert nach Zeit und nach Größe\.\ndate: 2024-01-05\nauthors: \[mara\]\ntags: \[release, logging\]\n---\n/,
    );
    assert.match(firstRelease, /\n<!-- truncate -->\n/);
    const tips = await read(root, 'content/en/news/rotation-tips.md');
    assert.match(tips, /\ndate: 2024-03-12\nauthors: \[jonas-weber\]\ntags: \[logging, operations\]\n/);
    assert.match(tips, /^:::warning\[Watch the inodes\]$/m);
    assert.match(tips, /\[first release\]\(\/news\/first-release\/\)/);
    assert.match(await read(root, 'content/de/news/rotation-tips.md'), /^:::warning\[Auf die Inodes achten\]$/m);
    assert.deepEqual(YAML.parse(await read(root, 'content/authors.yml')), {
      mara: {
        name: 'Mara Lindqvist',
        page: 'https://code.example/mara',
        image: '/img/mara.svg',
        title: { en: 'Maintainer', de: 'Maintainerin' },
        bio: { en: 'Maintainer', de: 'Maintainerin' },
      },
      'jonas-weber': {
        name: 'Jonas Weber',
        title: { en: 'Site reliability engineer', de: 'Site-Reliability-Engineer' },
        bio: { en: 'Site reliability engineer', de: 'Site-Reliability-Engineer' },
      },
    });
    assert.deepEqual(YAML.parse(await read(root, 'content/tags.yml')), {
      logging: { label: { en: 'Logging', de: 'Protokolle' }, description: { en: 'Logging', de: 'Protokolle' } },
      operations: { label: { en: 'Operations', de: 'Betrieb' }, description: { en: 'Operations', de: 'Betrieb' } },
      release: {
        label: { en: 'Release', de: 'Release' },
        description: { en: 'New versions of Tidewatch.', de: 'New versions of Tidewatch.' },
      },
    });

    const config = await read(root, 'config/site.config.ts');
    for (const expected of [
      /title: "Tidewatch"/,
      /url: "https:\/\/tidewatch\.example"/,
      /defaultLocale: "en"/,
      /de: \{\n\s+label: "Deutsch",\n\s+htmlLang: "de-AT",\n\s+path: "de"\n/,
      /id: "news",\n\s+kind: "blog",\n\s+postsPerPage: 5/,
      /label: "Documentation",\n\s+to: "\/docs\/"/,
      /from: "\/news\/2024\/01\/05\/first-release\/",\n\s+to: "\/news\/first-release\/"/,
      /from: "\/docs\/category\/guides\/",\n\s+to: "\/docs\/guides\/"/,
      /href: "https:\/\/code\.example\/tidewatch",\n\s+label: "Source"/,
    ])
      assert.match(config, expected);

    // The engine finds nothing to complain about: the {defaultSize} the importer named is text
    // once its export is gone, and the page shows it as written.
    const check = site(root, 'check');
    assert.equal(check.status, 0, check.stderr);
    assert.match(check.stdout, /No problems found\./);
    assert.doesNotMatch(check.stderr, /\n\s+at /, 'no stack trace');
  } finally {
    await dispose();
  }
});

test('site import docusaurus refuses a non-empty content/ without --force and keeps an existing config', async () => {
  const { root, dispose } = await tempDir();
  try {
    await mkdir(path.join(root, 'content', 'en'), { recursive: true });
    await writeFile(path.join(root, 'content', 'en', 'keep.md'), 'mine\n');
    await mkdir(path.join(root, 'config'));
    await writeFile(path.join(root, 'config', 'site.config.ts'), 'export default {};\n');
    const refused = site(root, 'import', 'docusaurus', PROJECT);
    assert.equal(refused.status, 1);
    assert.equal(
      refused.stderr.trim(),
      'site import docusaurus: content/ is not empty; nothing was written. Import into an empty folder (--out <dir>), or add --force to replace content/ as a whole.',
    );
    assert.equal(await read(root, 'content/en/keep.md'), 'mine\n');
    assert.ok(!exists(root, 'content/en/docs'));

    const forced = site(root, 'import', 'docusaurus', PROJECT, '--force');
    assert.equal(forced.status, 0, forced.stderr);
    assert.ok(!exists(root, 'content/en/keep.md'), '--force replaces content/ as a whole');
    assert.ok(exists(root, 'content/en/docs/index.md'));
    assert.equal(await read(root, 'config/site.config.ts'), 'export default {};\n', 'an existing config is left alone');
    assert.match(
      forced.stdout,
      /config\/site\.config\.ts exists and was left as it is\. The imported settings, to merge by hand:\n\n\/\/ Made by `site import docusaurus`[\s\S]*title: "Tidewatch"/,
    );
  } finally {
    await dispose();
  }
});

test('site import docusaurus names a folder that is no Docusaurus project, and --out writes elsewhere', async () => {
  const { root, dispose } = await tempDir();
  try {
    await mkdir(path.join(root, 'empty'));
    const wrong = site(root, 'import', 'docusaurus', 'empty');
    assert.equal(wrong.status, 1);
    assert.equal(
      wrong.stderr.trim(),
      'site import docusaurus: empty has no docusaurus.config.js, no docs/ and no blog/: is it the folder of a Docusaurus project?',
    );
    assert.doesNotMatch(wrong.stderr, /\n\s+at /);
    const missing = site(root, 'import', 'docusaurus', 'nowhere');
    assert.equal(missing.stderr.trim(), 'site import docusaurus: nowhere is not a folder');

    const elsewhere = site(root, 'import', 'docusaurus', PROJECT, '--out', 'new-site');
    assert.equal(elsewhere.status, 0, elsewhere.stderr);
    assert.match(
      elsewhere.stdout,
      /^new-site\/content\/en\/docs\/guides\/configure\.md:11:58 {2}MDX expression "\{defaultSize\}" kept as written/m,
    );
    assert.ok(exists(root, 'new-site/content/en/docs/index.md'));
    assert.ok(!exists(root, 'content'));
    // A site of its own: `npm install && npx site build` in it takes this engine.
    const manifest = JSON.parse(await read(root, 'new-site/package.json')) as {
      private: boolean;
      dependencies: Record<string, string>;
    };
    assert.equal(manifest.private, true);
    assert.deepEqual(Object.keys(manifest.dependencies), ['sitesmith']);
    assert.equal(
      path.resolve(root, 'new-site', manifest.dependencies.sitesmith.replace(/^file:/, '')),
      REPO.replace(/\/$/, ''),
    );

    const help = site(root, 'import', 'docusaurus', '--help');
    assert.equal(help.status, 0);
    assert.match(help.stdout, /Usage: site import docusaurus \[options\] <dir>/);
    assert.match(help.stdout, /--force/);
  } finally {
    await dispose();
  }
});
