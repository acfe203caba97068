// No layout drops what an editor wrote: every word of each page's Markdown body is in the page's
// HTML, in the order written, whatever the theme makes of it (a table turned into cards keeps its
// header cells, a section laid out as columns keeps its lead-in).
//
// The body is cut into runs: the text of each paragraph, heading, table cell (header cells
// included), list item's paragraph, quote, footnote, admonition title and code block, with the
// text of its links and inline code; a run's words must stand in the page one after the other.
// Images' alt text is a run of its own, found in the page's alt attributes. Left out, as they are
// not text a reader sees: the front matter (title and description go to the head, checked
// elsewhere), link and image targets, raw HTML and comments (an inline one cuts its run in two),
// an admonition's type word (`:::tip`, which the theme names in the page's language) and footnote
// labels (shown as numbers).
//
// A word is a run of letters and digits, compared in lower case after Unicode normalisation; on
// the HTML side the text of `<main>` is read, elements' text joined as the browser joins it
// (`<span>4</span>GB` is one word), with the names its elements carry for screen readers
// (aria-label) and its images' alt text.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import matter from 'gray-matter';
import type { Nodes as MdastNodes } from 'mdast';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { directive } from 'micromark-extension-directive';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { REPO } from '../../helpers.ts';
import { realSiteBuild } from '../../real-site.ts';

type HtmlNode = DefaultTreeAdapterMap['node'];

const CONTENT = path.join(REPO, 'content');
let out: string;

before(async () => {
  out = (await realSiteBuild()).dir;
});

const WORD = /[\p{L}\p{N}]+/gu;
const wordsOf = (text: string): string[] => text.normalize('NFC').toLowerCase().match(WORD) ?? [];

/** A run of words an editor wrote one after the other, with the line it starts on. */
interface Run {
  words: string[];
  line: number;
  /** Alt text of an image, found in the page's alt attributes rather than its text. */
  alt?: boolean;
}

/** The runs of a Markdown body. */
export function markdownRuns(body: string): Run[] {
  const tree = fromMarkdown(body, {
    extensions: [gfmAutolinkLiteral(), gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem(), directive()],
    mdastExtensions: [
      gfmAutolinkLiteralFromMarkdown(),
      gfmFootnoteFromMarkdown(),
      gfmStrikethroughFromMarkdown(),
      gfmTableFromMarkdown(),
      gfmTaskListItemFromMarkdown(),
      directiveFromMarkdown(),
    ],
  });
  const runs: Run[] = [];
  let text = '';
  let line = 0;
  const cut = () => {
    const words = wordsOf(text);
    if (words.length) runs.push({ words, line });
    text = '';
  };
  const walk = (node: MdastNodes) => {
    const start = node.position?.start.line ?? line;
    if (!text) line = start;
    if (node.type === 'text' || node.type === 'inlineCode') text += node.value;
    else if (node.type === 'code') {
      cut();
      text = node.value;
      line = start;
      cut();
    } else if (node.type === 'image' || node.type === 'imageReference') {
      cut();
      const words = wordsOf(node.alt ?? '');
      if (words.length) runs.push({ words, line: start, alt: true });
    } else if (node.type === 'html' || node.type === 'break') cut();
    else if ('children' in node) {
      // A block's text ends with it; an inline element's text runs on.
      const block = !['emphasis', 'strong', 'delete', 'link', 'linkReference'].includes(node.type);
      if (block) cut();
      for (const child of node.children) walk(child as MdastNodes);
      if (block) cut();
    }
  };
  walk(tree);
  cut();
  return runs;
}

/** Elements whose text does not run on into their neighbours'. */
const BLOCKS = new Set(
  'address article aside blockquote br caption dd details div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul'.split(
    ' ',
  ),
);

/** The words of the page's `<main>` as one string (` w1 w2 … `), and those of its alt texts and aria-labels. */
export function htmlText(html: string): { text: string; alt: string } {
  const text: string[] = [];
  const alt: string[] = [];
  const walk = (node: HtmlNode, inMain: boolean) => {
    if (node.nodeName === '#text') {
      if (inMain) text.push((node as DefaultTreeAdapterMap['textNode']).value);
      return;
    }
    if (!('childNodes' in node)) return;
    if (!('tagName' in node)) {
      for (const child of node.childNodes) walk(child, inMain);
      return;
    }
    if (node.tagName === 'script' || node.tagName === 'style' || node.tagName === 'template') return;
    const main = inMain || node.tagName === 'main';
    if (main)
      for (const { name, value } of node.attrs)
        if (name === 'alt' || name === 'aria-label') alt.push(` ${wordsOf(value).join(' ')} `);
    const block = BLOCKS.has(node.tagName);
    if (block && main) text.push(' ');
    for (const child of node.childNodes) walk(child, main);
    if (block && main) text.push(' ');
  };
  walk(parse(html), false);
  return { text: ` ${wordsOf(text.join('')).join(' ')} `, alt: alt.join('') };
}

/** Every Markdown file of the content tree, relative to it: `de/services/index.md`. */
function markdownFiles(dir = CONTENT, base = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? markdownFiles(path.join(dir, e.name), `${base}${e.name}/`)
      : e.name.endsWith('.md')
        ? [`${base}${e.name}`]
        : [],
  );
}

/** The built page of a content file: German at the root, other locales under their prefix. */
function builtPage(file: string): string {
  const [locale, ...rest] = file.split('/');
  const route = rest
    .join('/')
    .replace(/\.md$/, '')
    .replace(/(^|\/)index$/, '');
  return path.join(out, locale === 'de' ? '' : locale, route, 'index.html');
}

test('every word of each page’s Markdown body, table headers included, is in the page’s HTML, in the order written', () => {
  const files = markdownFiles();
  assert.ok(files.length > 200, `the content tree is found (${files.length} files)`);
  const missing: string[] = [];
  let checked = 0;
  for (const file of files) {
    const { content, data } = matter(readFileSync(path.join(CONTENT, file), 'utf8'));
    if (data.draft === true) continue;
    const page = builtPage(file);
    assert.ok(existsSync(page), `${file} is built to ${path.relative(out, page)}`);
    const { text, alt } = htmlText(readFileSync(page, 'utf8'));
    // Front matter lines come before the body: the line numbers name the line in the file.
    const offset = readFileSync(path.join(CONTENT, file), 'utf8').split('\n').length - content.split('\n').length;
    for (const run of markdownRuns(content)) {
      const phrase = ` ${run.words.join(' ')} `;
      if (!(run.alt ? alt : text).includes(phrase))
        missing.push(`content/${file}:${run.line + offset}: ${phrase.trim()}`);
    }
    checked++;
  }
  assert.ok(checked > 200);
  assert.deepEqual(missing, [], 'words of the Markdown missing from the built page');
});
