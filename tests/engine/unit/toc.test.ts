// The table of contents: which headings a page lists, by default and as its front matter says.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TOC_DEFAULT, tocOf } from '../../../generator/graph/toc.ts';
import { parseSource } from '../../../generator/parse/parse.ts';
import type { FrontMatter } from '../../../generator/types.ts';
import { heading, labelsOf, markdownFile, source } from './factories.ts';

const headings = [
  heading(1, 'Title'),
  heading(2, 'Setup'),
  heading(3, 'Disk'),
  heading(4, 'Deep'),
  heading(5, 'Deeper'),
  heading(2, 'Run'),
  heading(6, 'Deepest'),
];
const fm = (extra: Partial<FrontMatter> = {}): FrontMatter => ({ title: 'T', description: 'D', ...extra });
const ids = (items: { id: string }[]) => items.map((i) => i.id);

test('levels 2 to 3 by default, in document order', () => {
  assert.deepEqual(TOC_DEFAULT, { min: 2, max: 3 });
  assert.deepEqual(tocOf(headings, fm()), [
    { id: 'setup', text: 'Setup', depth: 2 },
    { id: 'disk', text: 'Disk', depth: 3 },
    { id: 'run', text: 'Run', depth: 2 },
  ]);
});

test('toc_max_heading_level and toc_min_heading_level narrow or widen the range', () => {
  assert.deepEqual(ids(tocOf(headings, fm({ toc_max_heading_level: 5 }))), ['setup', 'disk', 'deep', 'deeper', 'run']);
  assert.deepEqual(ids(tocOf(headings, fm({ toc_max_heading_level: 2 }))), ['setup', 'run']);
  assert.deepEqual(ids(tocOf(headings, fm({ toc_min_heading_level: 3 }))), ['disk']);
  assert.deepEqual(ids(tocOf(headings, fm({ toc_min_heading_level: 3, toc_max_heading_level: 6 }))), [
    'disk',
    'deep',
    'deeper',
    'deepest',
  ]);
});

test('a minimum above the default maximum still shows that level', () => {
  assert.deepEqual(ids(tocOf(headings, fm({ toc_min_heading_level: 4 }))), ['deep']);
  assert.deepEqual(
    ids(tocOf(headings, fm({ toc_min_heading_level: 5, toc_max_heading_level: 3 }))),
    ['deeper'],
    'a maximum below the minimum counts as the minimum',
  );
});

test('hide_table_of_contents hides it whatever the levels say', () => {
  assert.deepEqual(tocOf(headings, fm({ hide_table_of_contents: true, toc_max_heading_level: 6 })), []);
  assert.deepEqual(tocOf(headings, fm({ hide_table_of_contents: false })).length, 3);
});

test('the title (h1) is never in it', () => {
  assert.ok(!ids(tocOf(headings, fm({ toc_max_heading_level: 6 }))).includes('title'));
});

test('from Markdown: heading ids and texts as the page renders them', () => {
  const r = parseSource(
    source('en', 'docs/x', markdownFile('## Install `site`\n\nText.\n\n### On Debian & Ubuntu\n\n#### Too deep\n')),
    'doc',
    labelsOf('en'),
  );
  assert.deepEqual(tocOf(r.doc!.headings, r.doc!.frontMatter), [
    { id: 'install-site', text: 'Install site', depth: 2 },
    { id: 'on-debian--ubuntu', text: 'On Debian & Ubuntu', depth: 3 },
  ]);
});

test('footnotes do not add a "Footnotes" entry to the table of contents', () => {
  // GFM footnotes render a visually hidden <h2 id="footnote-label">; it is not a section of the page.
  const r = parseSource(
    source('en', 'docs/x', markdownFile('## Only section\n\nA claim.[^1]\n\n[^1]: Source.\n')),
    'doc',
    labelsOf('en'),
  );
  assert.deepEqual(ids(tocOf(r.doc!.headings, r.doc!.frontMatter)), ['only-section']);
});
