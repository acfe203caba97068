// What a production build does again after an edit, counted as Hugo's rebuild tests count renders:
// a sentence appended to one page renders that page alone, and makes again only its Markdown twin,
// its language's llms-full.txt and the one search shard that holds it; every other file of build/
// keeps its bytes. A title edit renders the pages that show the title, and build/ changes exactly
// where the new title is shown. Builds run through the CLI, as a deploy runs them, each a new
// process that has only .cache/ from the last one.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fixtureCopy, REPO } from '../../helpers.ts';

/** Pages per language added to the fixture: enough for its search index to be made in shards. */
const PAGES = 320;
let root: string;
let dispose: () => Promise<void>;

before(async () => {
  ({ root, dispose } = await fixtureCopy('basic'));
  for (const locale of ['de', 'en']) {
    const dir = path.join(root, 'content', locale, 'docs', 'many');
    mkdirSync(dir);
    writeFileSync(path.join(dir, '_category.yml'), 'label: Many\nposition: 9\ncollapsed: true\n');
    for (let i = 0; i < PAGES; i++)
      writeFileSync(
        path.join(dir, `page-${i}.md`),
        `---\ntitle: Page ${i} (${locale})\ndescription: Page ${i} of many.\nsidebar_position: ${i + 1}\n---\n\n## Part one\n\nWords about page ${i} to index. ${'Servers, backups and restores. '.repeat(30)}\n`,
      );
  }
  const cold = cliBuild();
  assert.ok(cold.rendered >= cold.pages, 'a cold build renders every page (and the not-found pages)');
});
after(() => dispose());

interface CliBuild {
  pages: number;
  rendered: number;
  /** Files other than pages and compressed copies whose bytes no build before had made. */
  madeFiles: number;
  search: { built: number; of: number };
}

/** `site build --timings` as a deploy runs it; what it says it did. */
function cliBuild(): CliBuild {
  const r = spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), 'build', '--timings'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  const number = (pattern: RegExp) => {
    const match = pattern.exec(r.stdout);
    assert.ok(match, `${pattern} in:\n${r.stdout}`);
    return Number(match[1]);
  };
  return {
    pages: number(/^(\d+) pages?, /m),
    rendered: number(/^Rendered (\d+) pages?/m),
    madeFiles: number(/^Made anew: \d+ pages?, (\d+) other files?/m),
    search: { built: number(/^Search index: (\d+) of/m), of: number(/^Search index: \d+ of (\d+) bundles/m) },
  };
}

/** Every file of build/ (the generation it links to) but the compressed copies, with the hash of its bytes. */
function snapshot(): Map<string, string> {
  const dir = path.join(root, 'build');
  const files = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || /\.(br|gz)$/.test(e.name)) continue;
    const full = path.join(e.parentPath, e.name);
    files.set(path.relative(dir, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
  }
  return files;
}

/** The paths whose bytes differ between two snapshots, or that only one has. */
function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((p) => before.get(p) !== after.get(p)).sort();
}

test('a sentence appended to one page renders that page alone and makes again its twin, llms-full.txt and one search shard', () => {
  const before = snapshot();
  const sentence = 'A sentence about zeppelins, appended by an editor.';
  appendFileSync(path.join(root, 'content', 'en', 'docs', 'many', 'page-150.md'), `\n${sentence}\n`);
  const build = cliBuild();

  const after = snapshot();
  const diff = changed(before, after);
  assert.equal(build.rendered, 1, 'one page rendered');
  assert.deepEqual(
    diff.filter((p) => !p.startsWith('pagefind/')),
    ['en/docs/many/page-150/index.html', 'en/docs/many/page-150/index.md', 'en/llms-full.txt'],
    'only the page, its twin and its language’s llms-full.txt changed',
  );
  const search = diff.filter((p) => p.startsWith('pagefind/'));
  const shards = new Set(search.map((p) => p.replace(/(index|fragment|filter)\/[^/]+$|[^/]+$/, '')));
  assert.deepEqual([...shards].length, 1, `one shard of the index changed: ${[...shards].join(', ')}`);
  assert.ok([...shards][0].startsWith('pagefind/en/'), 'of the English index');
  assert.ok(build.search.of >= 4, `the search index is in shards: ${build.search.of} bundles`);
  assert.equal(build.search.built, 1, 'Pagefind ran for that shard alone');
  const made = diff.filter((p) => after.has(p) && p !== 'en/docs/many/page-150/index.html');
  assert.equal(build.madeFiles, made.length, 'the files made anew are the files whose bytes changed, the page aside');
  for (const file of ['en/docs/many/page-150/index.html', 'en/docs/many/page-150/index.md', 'en/llms-full.txt'])
    assert.match(readFileSync(path.join(root, 'build', file), 'utf8'), /zeppelins, appended by an editor/, file);
});

test('a title edit renders again the pages that show the title, and build/ changes exactly where it is shown', () => {
  const before = snapshot();
  const file = path.join(root, 'content', 'en', 'docs', 'many', 'page-40.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('title: Page 40 (en)', 'title: Airship hangar 40'));
  const build = cliBuild();

  const after = snapshot();
  const pages = changed(before, after).filter((p) => p.endsWith('.html'));
  const showing = [...after.keys()]
    .filter((p) => p.endsWith('.html'))
    .filter((p) => readFileSync(path.join(root, 'build', p), 'utf8').includes('Airship hangar 40'));
  assert.ok(showing.length > 1, 'the title is shown on other pages too (sidebar, neighbours, lists)');
  assert.deepEqual(pages, showing.sort(), 'a page changed if and only if it shows the new title');
  assert.equal(build.rendered, pages.length, `only pages that changed were rendered, of ${build.pages}`);
});
