// remark-parse with GFM's syntax, left without literal autolinks where a body cannot hold one
// (generator/markdown/gfm.ts; markdown.ts keeps a processor of each). What the pair gives must be the tree the full GFM parser gives, positions included, for every spec
// example and for the ways a link's characters can be written without being typed as they are.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import remarkGfmSyntax, { mayHoldLiteralAutolink } from '../../../generator/markdown/gfm.ts';
import { FIXTURES } from '../../helpers.ts';

const require = createRequire(import.meta.url);
const commonmark = (require('commonmark-spec') as { tests: { markdown: string }[] }).tests.map((t) => t.markdown);
const gfmSpec = [
  ...readFileSync(path.join(FIXTURES, 'gfm-spec', 'extensions.txt'), 'utf8').matchAll(
    /^`{32} example[^\n]*\n([\s\S]*?)^\.\n/gm,
  ),
].map((m) => m[1].replaceAll('→', '\t'));

/** Characters of a link written another way than typed: escaped, as references, in other case. */
const DISGUISED = [
  'Write to office\\@example.at today.',
  'Write to office&#64;example.at today.',
  'Write to office&commat;example.at today.',
  'See www\\.example.at for more.',
  'See www&period;example.at for more.',
  'See WWW.EXAMPLE.AT for more.',
  'See http\\://example.at/path and HTTPS\\:\\/\\/example.at.',
  'See https&colon;//example.at/path.',
  'mailto\\:office\\@example.at and xmpp&colon;office&#x40;example.at/home',
  'A [link](https://example.at/) and ![an image](/img/a.png), and <https://example.at/>.',
  'Write to office&#x40;example.at or see www&#46;example.at.',
  'Plain prose: no address, no link, only `code`, **strong** words, Tipps & Tricks and a table.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n',
];

const full = (markdown: string) =>
  fromMarkdown(markdown, {
    extensions: [gfmAutolinkLiteral(), gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()],
    mdastExtensions: [
      gfmAutolinkLiteralFromMarkdown(),
      gfmFootnoteFromMarkdown(),
      gfmStrikethroughFromMarkdown(),
      gfmTableFromMarkdown(),
      gfmTaskListItemFromMarkdown(),
    ],
  });

test('the parser gives the full GFM tree for every spec example and every disguised link', () => {
  const withLiterals = unified().use(remarkParse).use(remarkGfmSyntax, { literalAutolinks: true });
  const withoutLiterals = unified().use(remarkParse).use(remarkGfmSyntax, { literalAutolinks: false });
  const parse = (markdown: string) =>
    (mayHoldLiteralAutolink(markdown) ? withLiterals : withoutLiterals).parse(markdown);
  const inputs = [...commonmark, ...gfmSpec, ...DISGUISED];
  assert.ok(gfmSpec.length > 20, 'the GFM spec examples were read');
  for (const markdown of inputs)
    assert.deepEqual(parse(markdown), full(markdown), `the same tree for ${JSON.stringify(markdown)}`);
  // Both ways were taken: the test compares the shortcut too, not only the full parser.
  const shortcut = inputs.filter((markdown) => !mayHoldLiteralAutolink(markdown));
  assert.ok(shortcut.length > 200, `${shortcut.length} of ${inputs.length} inputs parsed without literal autolinks`);
});

test('only a body that could hold a literal autolink is searched for one', () => {
  const prose = DISGUISED.at(-1)!;
  // Every other input could: a link written as Markdown too, as its URL has `https://` in it.
  for (const markdown of DISGUISED.filter((m) => m !== prose))
    assert.equal(mayHoldLiteralAutolink(markdown), true, markdown);
  // An ampersand in prose is no character reference.
  assert.equal(mayHoldLiteralAutolink(prose), false);
});
