// The search index the build writes for the fixture site: one Pagefind bundle per language with
// exactly the listed content pages of that language (no draft, no unlisted page, no list page),
// each record holding the page's title, description and body text but not the site's chrome.
// Production builds (each a new process of the CLI) keep the bundles in the output store and run
// Pagefind only for a language whose listed pages changed, or whose stored bundle was tampered with.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { searchBundleDir } from '../../../common/search-bundle.ts';
import { type BuildResult, runBuild } from '../../../generator/build/build.ts';
import { hashOf } from '../../../generator/content-hash.ts';
import { searchablePages, searchIndexFiles } from '../../../generator/extras/search-index.ts';
import { OUTPUT_STORE_DIR } from '../../../generator/write/output-store.ts';
import { fixtureCopy, REPO } from '../../helpers.ts';

let root: string;
let dispose: () => Promise<void>;
let result: BuildResult;

before(async () => {
  ({ root, dispose } = await fixtureCopy('basic'));
  const install = path.join(root, 'content', 'en', 'docs', 'guides', 'install.md');
  writeFileSync(
    install,
    readFileSync(install, 'utf8').replace(
      'sidebar_position: 1\n',
      'sidebar_position: 1\nkeywords: [setup, onboarding]\n',
    ),
  );
  result = await runBuild({ root, mode: 'build' });
  assert.equal(result.ok, true);
});
after(() => dispose());

interface Fragment {
  url: string;
  content: string;
  meta: { title: string; section?: string; keywords?: string };
}

/** Pagefind's page records of a language: gzip, a signature, then JSON. */
function fragments(locale: string, site = root): Fragment[] {
  const dir = path.join(site, 'build', 'pagefind', locale, 'fragment');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pf_fragment'))
    .map(
      (f) =>
        JSON.parse(
          gunzipSync(readFileSync(path.join(dir, f)))
            .toString('utf8')
            .replace(/^pagefind_dcd/, ''),
        ) as Fragment,
    );
}

test('each language has its own bundle with exactly its listed content pages', () => {
  for (const locale of ['de', 'en']) {
    const expected = Object.values(result.graph!.pages)
      .filter((p) => p.locale === locale && 'doc' in p && p.doc && !p.draft && !p.unlisted)
      .map((p) => p.route)
      .sort();
    const found = fragments(locale)
      .map((f) => f.url)
      .sort();
    assert.deepEqual(found, expected, locale);
    assert.ok(!found.some((url) => /draft|hidden/.test(url)), 'no draft, no unlisted page');
    const files = readdirSync(path.join(root, 'build', 'pagefind', locale));
    assert.ok(
      files.includes('pagefind.js') && files.includes(`wasm.${locale}.pagefind`),
      `${locale}: the engine with its language's stemmer`,
    );
    assert.ok(
      !files.some((f) => f.startsWith('pagefind-ui') || f.startsWith('pagefind-component-ui')),
      "Pagefind's own UIs are not shipped",
    );
  }
});

test('a record holds title, description and body, its keywords and section as metadata, without navbar, footer or heading anchors', () => {
  const all = fragments('en');
  const install = all.find((f) => f.url === '/en/docs/guides/install/')!;
  assert.equal(install.meta.title, 'Install en');
  assert.match(install.content, /^Install en\. How to install \(en\)\. Intro\. Requirements\. A machine\./);
  // Searched as metadata, never shown as the text of the page.
  assert.equal(install.meta.keywords, 'setup, onboarding', 'the front matter keywords are searched');
  assert.doesNotMatch(install.content, /onboarding/);
  assert.equal(install.meta.section, 'Docs en', 'the result can say where it leads');
  assert.equal(
    all.find((f) => f.url === '/en/docs/')!.meta.section,
    undefined,
    "the section's own page names no section",
  );
  assert.match(install.content, /It is easy\./);
  assert.doesNotMatch(install.content, /Fixture|Profile|#/, 'no site chrome, no "#" of heading anchors');
});

/** A production build by the CLI, as a deploy runs it; how many bundles Pagefind made, as `--timings` says. */
function cliBuild(site: string): { built: number; of: number; rejected: number } {
  const r = spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), 'build', '--force', '--timings'], {
    cwd: site,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  const line = /Search index: (\d+) of (\d+) bundles built(?: \((\d+) changed on disk)?/.exec(r.stdout);
  assert.ok(line, r.stdout);
  return { built: +line[1], of: +line[2], rejected: +(line[3] ?? 0) };
}

/** Every file of a locale's bundle in build/ with the hash of its bytes. */
function bundleFiles(site: string, locale: string): Map<string, string> {
  const dir = path.join(site, 'build', 'pagefind', locale);
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(
    files.map((e) => {
      const full = path.join(e.parentPath, e.name);
      return [path.relative(dir, full), createHash('sha256').update(readFileSync(full)).digest('hex')];
    }),
  );
}

test('production builds run Pagefind only for a language whose listed pages changed, and never serve a tampered bundle', async (t) => {
  const site = await fixtureCopy('basic');
  t.after(() => site.dispose());

  assert.deepEqual(cliBuild(site.root), { built: 2, of: 2, rejected: 0 }, 'a cold build makes both bundles');
  const cold = { de: bundleFiles(site.root, 'de'), en: bundleFiles(site.root, 'en') };
  assert.ok(cold.en.size > 5 && cold.de.size > 5);

  assert.deepEqual(cliBuild(site.root), { built: 0, of: 2, rejected: 0 }, 'nothing changed: no Pagefind run');
  assert.deepEqual(bundleFiles(site.root, 'de'), cold.de, 'the same bytes as the cold build');
  assert.deepEqual(bundleFiles(site.root, 'en'), cold.en, 'the same bytes as the cold build');

  // A body edit of an English page: the English bundle is made again and finds the new word.
  appendFileSync(
    path.join(site.root, 'content', 'en', 'docs', 'guides', 'upgrade.md'),
    '\nA sentence about zeppelins, added by the editor.\n',
  );
  assert.deepEqual(cliBuild(site.root), { built: 1, of: 2, rejected: 0 }, 'one language changed, one bundle made');
  assert.deepEqual(bundleFiles(site.root, 'de'), cold.de, 'the German bundle is untouched');
  assert.notDeepEqual(bundleFiles(site.root, 'en'), cold.en);
  const upgrade = fragments('en', site.root).find((f) => f.url === '/en/docs/guides/upgrade/')!;
  assert.match(upgrade.content, /A sentence about zeppelins, added by the editor\./);
  const edited = bundleFiles(site.root, 'en');

  // The stored English bundle changed on disk: detected by its hash, made again, same bytes out.
  const [key] = readdirSync(path.join(site.root, OUTPUT_STORE_DIR));
  const store = path.join(site.root, OUTPUT_STORE_DIR, key);
  const ids = Object.keys(JSON.parse(readFileSync(path.join(store, 'index.json'), 'utf8')) as object).filter((id) =>
    id.startsWith('search:en:'),
  );
  assert.equal(ids.length, 1, 'one stored English bundle');
  appendFileSync(path.join(store, 'files', hashOf(ids[0])), 'tampered');
  assert.deepEqual(
    cliBuild(site.root),
    { built: 1, of: 2, rejected: 1 },
    'the tampered bundle is made again, never served',
  );
  assert.deepEqual(bundleFiles(site.root, 'en'), edited);
  assert.deepEqual(bundleFiles(site.root, 'de'), cold.de);
  assert.deepEqual(cliBuild(site.root), { built: 0, of: 2, rejected: 0 }, 'and stored again');
});

test('two sites indexed at once in one process each get their bundles (Pagefind runs one service per process)', async (t) => {
  const big = await fixtureCopy('basic');
  t.after(() => big.dispose());
  for (const locale of ['de', 'en']) {
    const many = path.join(big.root, 'content', locale, 'docs', 'many');
    mkdirSync(many);
    for (let i = 0; i < 200; i++)
      writeFileSync(
        path.join(many, `page-${i}.md`),
        `---\ntitle: Page ${i}\ndescription: Page ${i} of many.\n---\n\n${'Words to index on every page of the larger site. '.repeat(40)}\n`,
      );
  }
  const built = await runBuild({ root: big.root, mode: 'build' });
  assert.equal(built.ok, true);
  // Without a store both are indexed now; the small site is done while the large one still adds pages.
  const [small, large] = await Promise.all([
    searchIndexFiles(result.config!, result.graph!),
    searchIndexFiles(built.config!, built.graph!),
  ]);
  for (const [files, graph] of [
    [small, result.graph!],
    [large, built.graph!],
  ] as const) {
    const entry = files.find((f) => f.path === `${searchBundleDir('en')}pagefind-entry.json`);
    assert.ok(entry, 'the English bundle is made');
    const english = searchablePages(graph).filter((p) => p.locale === 'en').length;
    assert.equal(
      JSON.parse(Buffer.from(entry.contents).toString('utf8')).languages.en.page_count,
      english,
      'every English page is in it',
    );
  }
});
