// Includes (generator/markdown/plugins/includes.ts): input Markdown with the files it may include, the HTML a
// visitor gets, and what is reported where.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LINK_MARKER } from '../../../generator/markdown/markdown.ts';
import { parseAll, parseSource } from '../../../generator/parse/parse.ts';
import { messages as engineMessages, labelsOf, markdownFile, source } from './factories.ts';

const PAGE = 'content/en/docs/guides/setup.md';
const parse = (body: string, files: Record<string, string>) =>
  parseSource(source('en', 'docs/guides/setup', markdownFile(body)), 'doc', labelsOf('en'), undefined, files);
/** markdownFile's front matter takes the first lines: the body's first line is this line of the file. */
const BODY_LINE = markdownFile('x').split('\n').indexOf('x') + 1;

test("an include puts the other file's body in its place, front matter left out", () => {
  const r = parse('Before.\n\n::include{file="./_install.md"}\n\nAfter.\n', {
    'content/en/docs/guides/_install.md': '---\nsidebar_label: ignored\n---\n\nRun:\n\n```sh\nsite build\n```\n',
  });
  assert.equal(
    r.doc!.html,
    '<p>Before.</p>\n<p>Run:</p>\n<pre><code class="hljs language-sh">site build\n</code></pre>\n<p>After.</p>',
  );
  assert.deepEqual(r.diagnostics, []);
});

test('links and images of an included file start from its own folder, and are reported in it', () => {
  const partial = 'content/en/docs/_shared/_links.md';
  const r = parse('::include{file="../_shared/_links.md"}\n', {
    [partial]: 'See [the guide](./guide.md#step), [home](/docs/) and ![Plan](plan.png).\n',
  });
  assert.deepEqual(r.doc!.links, [
    { url: '../_shared/guide.md#step', line: 1, column: 5, kind: 'link', file: partial },
    { url: '/docs/', line: 1, column: 35, kind: 'link', file: partial },
    { url: '../_shared/plan.png', line: 1, column: 54, kind: 'image', alt: 'Plan', file: partial },
  ]);
  assert.match(r.doc!.html, new RegExp(`<a href="${LINK_MARKER}0">the guide</a>`));
});

test('includes nest; problems in included text are reported at their own file and line', () => {
  const a = 'content/en/docs/guides/_a.md';
  const b = 'content/en/docs/guides/_b.md';
  const r = parse('Intro.\n\n::include{file="_a.md"}\n', {
    [a]: '---\nx: 1\n---\nA.\n\n::include{file="./_b.md"}\n',
    [b]: 'B with <font>old</font>.\n',
  });
  assert.equal(r.doc!.html, '<p>Intro.</p>\n<p>A.</p>\n<p>B with old.</p>');
  assert.deepEqual(
    r.diagnostics.map((d) => [d.file, d.line, d.column, d.rule]),
    [[b, 1, 8, 'raw-html']],
  );
});

test('a missing file is an error at the include, with the chain that led there', () => {
  const a = 'content/en/docs/guides/_a.md';
  const r = parse('Text.\n\n::include{file="./_a.md"}\n', { [a]: 'A.\n\n::include{file="./_gone.md"}\n' });
  assert.deepEqual(
    r.diagnostics.map((d) => [d.file, d.line, d.column, d.rule, d.severity, d.message]),
    [
      [
        a,
        3,
        1,
        'include',
        'error',
        `included file content/en/docs/guides/_gone.md does not exist (${PAGE}:${BODY_LINE + 2} → ${a}:3 → content/en/docs/guides/_gone.md)`,
      ],
    ],
  );
  assert.equal(r.doc!.html, '<p>Text.</p>\n<p>A.</p>');
});

test('a cycle is an error with the chain, and ends there', () => {
  const a = 'content/en/docs/guides/_a.md';
  const b = 'content/en/docs/guides/_b.md';
  const r = parse('::include{file="./_a.md"}\n', {
    [a]: 'A.\n\n::include{file="./_b.md"}\n',
    [b]: 'B.\n\n::include{file="./_a.md"}\n',
  });
  assert.deepEqual(
    r.diagnostics.map((d) => [d.file, d.line, d.rule, d.message]),
    [[b, 3, 'include', `include cycle: ${PAGE}:${BODY_LINE} → ${a}:3 → ${b}:3 → ${a} includes itself again`]],
  );
  assert.equal(r.doc!.html, '<p>A.</p>\n<p>B.</p>');
});

test('a line like ::name that is no include stays text as typed', () => {
  const r = parse('::vector\n\n::note[x]\n', {});
  assert.equal(r.doc!.html, '<p>::vector</p>\n<p>::note[x]</p>');
  assert.deepEqual(r.diagnostics, []);
});

test('an include in a code block is code', () => {
  const r = parse('```text\n::include{file="./_a.md"}\n```\n', {});
  assert.match(r.doc!.html, /::include\{file="\.\/_a\.md"\}/);
  assert.deepEqual(r.diagnostics, []);
});

test('parseAll parses a page again when a file it includes changes, and not otherwise', async () => {
  const config = { sections: [{ id: 'docs', kind: 'docs' }], markdown: undefined } as never;
  const messages = { en: engineMessages.en } as never;
  const page = source('en', 'docs/guides/setup', markdownFile('::include{file="./_install.md"}\n'));
  const other = source('en', 'docs/guides/plain', markdownFile('Plain.\n'));
  const partial = (text: string) => source('en', 'docs/guides/_install', text);
  const cache = new Map();
  let parsedItems: string[][] = [];
  const pool = {
    parse: async (items: { source: { id: string }; includes?: Record<string, string> }[]) => {
      parsedItems.push(items.map((i) => i.source.id));
      return items.map((i) => parseSource(i.source as never, 'doc', labelsOf('en'), undefined, i.includes));
    },
  } as never;
  const first = await parseAll(config, messages, [page, other], cache, pool, undefined, [partial('One.\n')]);
  assert.match(first.results[0].doc!.html, /One\./);
  parsedItems = [];
  await parseAll(config, messages, [page, other], cache, pool, undefined, [partial('One.\n')]);
  assert.deepEqual(parsedItems, [[]], 'nothing changed, nothing parsed');
  const second = await parseAll(config, messages, [page, other], cache, pool, undefined, [partial('Two.\n')]);
  assert.deepEqual(parsedItems, [[], [PAGE]], 'the including page only');
  assert.match(second.results[0].doc!.html, /Two\./);
});
