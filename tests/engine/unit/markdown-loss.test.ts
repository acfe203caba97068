// Markdown nobody here wrote: constructs whose text the page could lose (a second definition of a
// label, cells beyond a table's header, attributes of a block, a block never closed). Each text an
// editor typed is on the page or named by a problem at its line, never neither; the attributes
// remark-directive defines are on the page.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMarkdownProcessor, renderMarkdown } from '../../../generator/markdown/markdown.ts';
import { messages } from './factories.ts';

const en = messages.en;
const processor = createMarkdownProcessor({ titles: en.admonition }, en.docs);

interface Construct {
  name: string;
  body: string;
  /** What the editor wrote that a reader or a link needs: each is in the HTML or in a problem. */
  texts: string[];
  /** The problems: line, rule, severity. */
  reported: [number, string, 'error' | 'warning'][];
}

const CORPUS: Construct[] = [
  {
    name: 'an admonition never closed',
    body: 'Intro.\n\n:::tip\nTip text.\n\n## Later\n\nMore text.\n',
    texts: ['Tip text.', 'More text.', ':::tip'],
    reported: [[3, 'unclosed-container', 'error']],
  },
  {
    name: 'tabs never closed, their last tab closed',
    body: '::::tabs\n:::tab[npm]\nnpm ci\n:::\n\nAfter the tabs.\n',
    texts: ['npm ci', 'After the tabs.', '::::tabs'],
    reported: [
      [1, 'unclosed-container', 'error'],
      [6, 'tabs', 'warning'],
    ],
  },
  {
    // One line of colons closes the outer block and, with it, the inner one.
    name: 'an admonition never closed inside a closed one',
    body: ':::note\nOuter.\n\n:::tip\nInner.\n:::\n\nAfter.\n',
    texts: ['Outer.', 'Inner.', 'After.'],
    reported: [[4, 'unclosed-container', 'error']],
  },
  {
    name: 'a link label defined twice',
    body: 'See [the docs][r] and [r].\n\n[r]: /one\n[r]: /two\n',
    texts: ['/one', '/two'],
    reported: [[4, 'duplicate-definition', 'error']],
  },
  {
    name: 'a footnote defined twice',
    body: 'Text[^a].\n\n[^a]: First body.\n\n[^a]: Second body.\n',
    texts: ['First body.', '[^a]'],
    reported: [[5, 'duplicate-definition', 'error']],
  },
  {
    name: 'an id and a class on an admonition with a title',
    body: ':::tip[Before you start]{#anchorx .clsx}\nBack up first.\n:::\n\n[Read the tip](#anchorx)\n',
    texts: ['Before you start', 'anchorx', 'clsx', 'Back up first.'],
    reported: [],
  },
  {
    name: 'a title as an attribute of an admonition',
    body: ':::tip{title="Mind the gap"}\nBody.\n:::\n',
    texts: ['Mind the gap', 'Body.'],
    reported: [],
  },
  {
    name: 'a title in brackets and as an attribute',
    body: ':::tip[Shown]{title="Hidden"}\nBody.\n:::\n',
    texts: ['Shown', 'Hidden'],
    reported: [[1, 'admonition', 'error']],
  },
  {
    name: 'an attribute an admonition does not take',
    body: ':::warning{open="yes"}\nBody.\n:::\n',
    texts: ['open', 'Body.'],
    reported: [[1, 'admonition', 'warning']],
  },
  {
    name: 'an id and a class on tabs and on a tab',
    body: '::::tabs{group="pkg" #tid .wide}\n:::tab[npm]{#npm-tab}\nnpm ci\n:::\n::::\n',
    texts: ['tid', 'wide', 'npm-tab', 'pkg', 'npm ci'],
    reported: [],
  },
  {
    name: 'a table row with more cells than its header',
    body: '| Plan | Price |\n| - | - |\n| Small | 10 | monthly |\n',
    texts: ['Small', '10', 'monthly'],
    reported: [[3, 'table-cells', 'warning']],
  },
  {
    name: 'a code block with two titles',
    body: '```text title="a.txt" title="b.txt"\nrun\n```\n',
    texts: ['a.txt', 'b.txt', 'run'],
    reported: [[1, 'code-meta', 'error']],
  },
  {
    name: 'one heading id given twice',
    body: '## One {#same}\n\nText.\n\n## Two {#same}\n',
    texts: ['One', 'Two', 'same'],
    reported: [[5, 'duplicate-id', 'error']],
  },
  {
    name: 'a second truncate marker',
    body: 'Intro.\n\n<!-- truncate -->\n\nMore.\n\n<!-- truncate -->\n\nEnd.\n',
    texts: ['Intro.', 'More.', 'End.', '<!-- truncate -->'],
    reported: [[7, 'truncate', 'warning']],
  },
];

/** The HTML with entities decoded, where a text or an attribute value is looked for. */
const decoded = (html: string) =>
  html.replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16))).replace(/&amp;/g, '&');

for (const construct of CORPUS) {
  test(`no silent loss: ${construct.name}`, () => {
    const r = renderMarkdown(processor, construct.body);
    const html = decoded(r.html);
    const said = r.messages.map((m) => `${m.message} ${m.hint ?? ''}`).join('\n');
    for (const text of construct.texts)
      assert.ok(html.includes(text) || said.includes(text), `"${text}" is neither on the page nor in a problem`);
    assert.deepEqual(
      r.messages.map((m) => [m.line, m.rule, m.severity]),
      construct.reported,
    );
  });
}

test('the ids authors give a block are fragments a link may name', () => {
  const r = renderMarkdown(
    processor,
    ':::tip[T]{#anchorx}\nA.\n:::\n\n::::tabs{#tid}\n:::tab[A]{#tab-a}\na\n:::\n::::\n\n## Setup {#install}\n',
  );
  for (const id of ['anchorx', 'tid', 'tab-a', 'install']) assert.ok(r.ids.includes(id), `#${id} is an id of the page`);
});

test('a heading whose text makes an id an author gave elsewhere on the page gets another one', () => {
  const r = renderMarkdown(processor, '## Setup\n\n:::note[N]{#setup}\nA.\n:::\n');
  assert.deepEqual(r.ids, ['setup-1', 'setup']);
  assert.deepEqual(r.messages, []);
});

test('every construct is reported at its place in the file, with a hint', () => {
  const body = CORPUS.map((c) => c.body).join('\n\n');
  const r = renderMarkdown(processor, body);
  for (const m of r.messages) assert.ok(m.hint, `${m.rule} at line ${m.line} says how to fix it`);
});
