// The front matter fast path (generator/content/plain-yaml.ts) reads exactly what the YAML parser reads, or
// leaves the block to it: an editor's front matter means the same whichever reads it.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import matter from 'gray-matter';
import YAML from 'yaml';
import { plainYaml, plainYamlLines } from '../../../generator/content/plain-yaml.ts';
import { REPO } from '../../helpers.ts';

/** The front matter block of every Markdown file under the site's content and the test fixtures. */
function frontMatterBlocks(): { file: string; block: string }[] {
  const blocks: { file: string; block: string }[] = [];
  for (const dir of ['content', 'tests/fixtures', 'generator/scaffold/starter']) {
    for (const entry of readdirSync(path.join(REPO, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const raw = readFileSync(file, 'utf8');
      if (!raw.startsWith('---')) continue;
      blocks.push({
        file: path.relative(REPO, file),
        block: matter(raw, { engines: { yaml: () => ({}) } }).matter.replace(/^\r?\n/, ''),
      });
    }
  }
  return blocks;
}

test('on every front matter of the site and the fixtures, the fast path reads what YAML reads, and it takes most of them', () => {
  const blocks = frontMatterBlocks();
  assert.ok(blocks.length > 300, `${blocks.length} front matter blocks found`);
  let taken = 0;
  for (const { file, block } of blocks) {
    const fast = plainYaml(block);
    if (fast === undefined) continue;
    taken++;
    assert.deepEqual(fast, YAML.parse(block), `${file} reads differently`);
  }
  // The site's pages are what the dev server reads before it answers: the fast path must take them.
  const site = blocks.filter((b) => b.file.startsWith('content/'));
  const siteTaken = site.filter((b) => plainYaml(b.block) !== undefined).length;
  assert.ok(siteTaken / site.length > 0.9, `the fast path took ${siteTaken} of ${site.length} of the site's pages`);
  assert.ok(taken < blocks.length, 'some fixtures need the YAML parser (nested maps, comments, escapes)');
});

test('plain lines are read as YAML 1.2 reads them: strings, whole numbers, booleans, one-line lists, quoted text', () => {
  const block =
    'title: "Backups, replicas: all of it"\nsidebar_label: \'Ops\'\nsidebar_position: 3\ndraft: false\ndate: 2024-05-01\nslot: 12:30\nanswer: no\ntags: [kubernetes, "postgres", backups]\nempty: []\nlanguage: C#';
  assert.deepEqual(plainYaml(block), YAML.parse(block));
  assert.deepEqual(plainYaml(block), {
    title: 'Backups, replicas: all of it',
    sidebar_label: 'Ops',
    sidebar_position: 3,
    draft: false,
    date: '2024-05-01',
    slot: '12:30',
    answer: 'no',
    tags: ['kubernetes', 'postgres', 'backups'],
    empty: [],
    language: 'C#',
  });
});

test('what YAML could read otherwise is left to YAML: nulls, floats, leading zeros, escapes, comments, nesting, anchors, repeated keys', () => {
  for (const block of [
    'title: ~',
    'title: null',
    'weight: 1.5',
    'weight: 1e3',
    'code: 007',
    'weight: -3',
    'title: "line\\nbreak"',
    'title: Foo # a comment',
    'author:\n  name: Ada',
    'tags:\n  - a\n  - b',
    'title: &anchor Foo',
    'title: *anchor',
    'title: |',
    'title: Foo\ntitle: Bar',
    'title: Foo: bar: baz',
    'tags: [a, [b]]',
    'tags: ["a, b"]',
    '',
  ]) {
    assert.equal(plainYaml(block), undefined, JSON.stringify(block));
  }
});

test('titles and descriptions written as plain lines are what YAML writes, byte for byte, and it takes most of them', () => {
  let written = 0;
  let all = 0;
  for (const { file, block } of frontMatterBlocks()) {
    let data: Record<string, unknown> | null;
    try {
      data = YAML.parse(block) as Record<string, unknown> | null;
    } catch {
      continue; // the broken fixtures' front matter
    }
    const fields = { title: data?.title, description: data?.description };
    if (
      typeof fields.title !== 'string' ||
      (fields.description !== undefined && typeof fields.description !== 'string')
    )
      continue;
    all++;
    const plain = plainYamlLines(fields as Record<string, string | undefined>);
    if (plain === undefined) continue;
    written++;
    assert.equal(plain, YAML.stringify(fields, { lineWidth: 0 }), `${file} is written differently`);
  }
  // Those left are titles and descriptions with ": " in them, which YAML quotes.
  assert.ok(written / all > 0.7, `plain lines for ${written} of ${all}`);
  // What needs quotes is left to YAML's writer.
  for (const title of ['Preise: alles inklusive', '"Zitat"', 'true', '2026', 'a # b', '- dash', 'trailing ']) {
    assert.equal(plainYamlLines({ title }), undefined, title);
  }
});
