// Front matter: what an editor gets back for each kind of mistake.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import matter from 'gray-matter';
import YAML from 'yaml';
import { splitFrontMatter, splitMatter } from '../../../generator/content/frontmatter.ts';
import { REPO } from '../../helpers.ts';

const file = 'content/en/x.md';

test('valid docs front matter is returned typed, with the line where the body starts', () => {
  const r = splitFrontMatter('---\ntitle: A\ndescription: B\nsidebar_position: 2\n---\n\nBody', file, 'doc');
  assert.deepEqual(r.diagnostics, []);
  assert.deepEqual(r.data, { title: 'A', description: 'B', sidebar_position: 2 });
  assert.equal(r.bodyLine, 6, 'the blank line after the closing ---');
});

test('an unknown key is reported at its own line, with the closest known key; the other keys still count', () => {
  const r = splitFrontMatter(
    '---\ntitle: A\ndescription: B\nsidebar-position: 2\ncustom_edit_url: x\n---\n',
    file,
    'doc',
  );
  assert.deepEqual(r.data, { title: 'A', description: 'B' });
  assert.deepEqual(
    r.diagnostics.map((d) => [d.line, d.column, d.message, d.rule, d.key]),
    [
      [4, 1, 'unknown key "sidebar-position"; did you mean "sidebar_position"?', 'front-matter', 'sidebar-position'],
      [5, 1, 'unknown key "custom_edit_url"', 'front-matter', 'custom_edit_url'],
    ],
  );
  assert.match(r.diagnostics[0].hint!, /extraFrontMatterKeys in config\/site\.config\.ts/);
  assert.equal(
    splitFrontMatter('---\ntitle: A\ndescription: B\nsidebar_positon: 2\n---\n', file, 'doc').diagnostics[0].message,
    'unknown key "sidebar_positon"; did you mean "sidebar_position"?',
  );
});

test('a wrong type names the key, what it takes and what was written, at the value', () => {
  const r = splitFrontMatter('---\ntitle: A\ndescription: B\ndraft: "yes"\n---\n', file, 'doc');
  assert.equal(r.diagnostics[0].line, 4);
  assert.equal(r.diagnostics[0].column, 8);
  assert.equal(r.diagnostics[0].message, '"draft" must be true or false, not the text "yes"');
});

test('a missing required key is named', () => {
  const r = splitFrontMatter('---\ntitle: A\n---\n', file, 'doc');
  assert.deepEqual(
    r.diagnostics.map((d) => d.message),
    ['"description" is required'],
  );
});

test('posts need a date written YYYY-MM-DD and at least one author; dates stay strings', () => {
  const bad = splitFrontMatter('---\ntitle: A\ndescription: B\ndate: 12.3.2025\nauthors: []\n---\n', file, 'post');
  assert.deepEqual(
    bad.diagnostics.map((d) => [d.line, d.message]),
    [
      [4, '"date": must be a date written YYYY-MM-DD'],
      [5, '"authors": name at least one author from content/authors.yml'],
    ],
  );
  const good = splitFrontMatter('---\ntitle: A\ndescription: B\ndate: 2025-03-12\nauthors: [x]\n---\n', file, 'post');
  assert.equal(good.data?.date, '2025-03-12');
});

test('broken YAML is reported with its position, not thrown', () => {
  const r = splitFrontMatter('---\ntitle: A: B: C\ndescription: x\n---\n', file, 'doc');
  assert.equal(r.diagnostics[0].rule, 'front-matter');
  assert.equal(r.diagnostics[0].line, 2);
  assert.match(r.diagnostics[0].message, /^front matter is not valid YAML/);
});

test('a page without front matter gets a hint on how to start one', () => {
  const r = splitFrontMatter('# Hello\n', file, 'doc');
  assert.equal(r.diagnostics[0].message, 'the page has no front matter');
});

test('front matter in JavaScript or another language than YAML or JSON is refused at its first line, never run; the body is kept', () => {
  const ran = globalThis as { ranFrontMatter?: boolean };
  for (const language of ['js', 'javascript', 'coffee', 'toml']) {
    const r = splitFrontMatter(
      `---${language}\n{ title: (function () { globalThis.ranFrontMatter = true; return 'Ran'; })(), description: 'x' }\n---\nThe body.\n`,
      file,
      'doc',
    );
    assert.equal(ran.ranFrontMatter, undefined, `---${language}: the block was run`);
    assert.equal(r.data, undefined);
    assert.deepEqual([r.body, r.bodyLine], ['The body.\n', 4]);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.file, d.line, d.rule]),
      [[file, 1, 'front-matter']],
    );
    assert.match(r.diagnostics[0].message, new RegExp(`"${language}" is not read`));
  }
});

test('front matter reads as gray-matter with the YAML parser alone reads it, on every Markdown file of the site and the fixtures and on the odd cases', () => {
  // The split's plain-line fast path and its refusal of other languages change nothing gray-matter
  // with the YAML 1.2 parser gives for a block in YAML or JSON.
  const reference = (raw: string) => {
    const m = matter(raw, { engines: { yaml: (s: string) => (YAML.parse(s) ?? {}) as object } });
    // gray-matter gives an empty file no `matter` at all.
    return { data: m.data, matter: m.matter ?? '', content: m.content };
  };
  const odd = [
    'no front matter\n',
    '',
    '----\ntitle: A\n----\nbody\n',
    '--- \ntitle: A\n---\nbody\n',
    '---yaml\ntitle: A\n---\nbody\n',
    '---YML\ntitle: A\n---\n\nbody\n',
    '---json\n{"title": "A"}\n---\nbody\n',
    '---\ntitle: A\n',
    '---\n---\nbody\n',
    '---\n# only a comment\n---\nbody\n',
    '---\ntitle: A\n---more\nbody\n',
    '\uFEFF---\ntitle: A\n---\nbody\n',
    '---\ntitle: A\n---\r\nbody\n',
    '---\ntitle: A\n----\nbody\n',
    '---',
  ];
  const files: string[] = [];
  for (const dir of ['content', 'tests/fixtures', 'generator/scaffold/starter']) {
    for (const entry of readdirSync(path.join(REPO, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.mdx?$/.test(entry.name))
        files.push(readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    }
  }
  assert.ok(files.length > 300, `${files.length} files`);
  for (const raw of [...odd, ...files]) {
    let expected: ReturnType<typeof reference>;
    try {
      expected = reference(raw);
    } catch {
      // Front matter neither reads (broken YAML in the fixtures): both throw.
      assert.throws(() => splitMatter(raw), JSON.stringify(raw.slice(0, 80)));
      continue;
    }
    assert.deepEqual(splitMatter(raw), expected, JSON.stringify(raw.slice(0, 80)));
  }
});
