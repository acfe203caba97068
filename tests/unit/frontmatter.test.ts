// Front matter: what an editor gets back for each kind of mistake.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitFrontMatter } from '../../generator/frontmatter.ts';

const file = 'content/en/x.md';

test('valid docs front matter is returned typed, with the line where the body starts', () => {
  const r = splitFrontMatter('---\ntitle: A\ndescription: B\nsidebar_position: 2\n---\n\nBody', file, 'doc');
  assert.deepEqual(r.diagnostics, []);
  assert.deepEqual(r.data, { title: 'A', description: 'B', sidebar_position: 2 });
  assert.equal(r.bodyLine, 6, 'the blank line after the closing ---');
});

test('an unknown key is reported at its own line, with the closest known key; the other keys still count', () => {
  const r = splitFrontMatter('---\ntitle: A\ndescription: B\nsidebar-position: 2\ncustom_edit_url: x\n---\n', file, 'doc');
  assert.deepEqual(r.data, { title: 'A', description: 'B' });
  assert.deepEqual(
    r.diagnostics.map((d) => [d.line, d.column, d.message, d.rule, d.key]),
    [
      [4, 1, 'unknown key "sidebar-position"; did you mean "sidebar_position"?', 'front-matter', 'sidebar-position'],
      [5, 1, 'unknown key "custom_edit_url"', 'front-matter', 'custom_edit_url'],
    ],
  );
  assert.match(r.diagnostics[0].hint!, /extraFrontMatterKeys in config\/site\.config\.ts/);
  assert.equal(splitFrontMatter('---\ntitle: A\ndescription: B\nsidebar_positon: 2\n---\n', file, 'doc').diagnostics[0].message, 'unknown key "sidebar_positon"; did you mean "sidebar_position"?');
});

test('a wrong type names the key and its line', () => {
  const r = splitFrontMatter('---\ntitle: A\ndescription: B\ndraft: "yes"\n---\n', file, 'doc');
  assert.equal(r.diagnostics[0].line, 4);
  assert.match(r.diagnostics[0].message, /^"draft": .*expected boolean/);
});

test('a missing required key is named', () => {
  const r = splitFrontMatter('---\ntitle: A\n---\n', file, 'doc');
  assert.deepEqual(r.diagnostics.map((d) => d.message), ['"description" is required']);
});

test('posts need a date written YYYY-MM-DD and at least one author; dates stay strings', () => {
  const bad = splitFrontMatter('---\ntitle: A\ndescription: B\ndate: 12.3.2025\nauthors: []\n---\n', file, 'post');
  assert.deepEqual(bad.diagnostics.map((d) => [d.line, d.message]), [
    [4, '"date": must be a date written YYYY-MM-DD'],
    [5, '"authors": name at least one author from content/authors.yml'],
  ]);
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
