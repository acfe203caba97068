// Conformance: every example of the CommonMark spec 0.31.2 (from the commonmark-spec package) and
// every example of the GFM spec's extension sections (vendored in tests/fixtures/gfm-spec/) goes
// through the project's own Markdown processor. Only what the project adds on purpose is taken out
// before comparing: heading ids and their anchor links, rel on external links, lazy loading and the
// image index on images, highlight spans, and the markers internal links carry until rendering.
// Raw HTML goes through an allow-list (generator/markdown/plugins/raw-html.ts): its examples are compared as a
// browser reads them (both sides parsed into a document and written out again), and each example
// where the list removes something is listed below with the reason, and must be reported with a
// `raw-html` warning (or an `unclosed-html` error, where an element left open takes the text after
// it along). Any other difference fails.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { raw } from 'hast-util-raw';
import { toHtml } from 'hast-util-to-html';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { ENGINE_MESSAGES } from '../../../common/messages.ts';
import {
  createMarkdownProcessor,
  LINK_MARKER,
  type MarkdownResult,
  renderMarkdown,
} from '../../../generator/markdown/markdown.ts';
import { FIXTURES } from '../../helpers.ts';

interface Example {
  markdown: string;
  html: string;
  section: string;
  number: number;
}

const require = createRequire(import.meta.url);
const commonmark = (require('commonmark-spec') as { tests: Example[] }).tests;

/** The spec files' own format: 32 backticks, "example", the Markdown, a lone ".", the HTML. */
function examplesOf(text: string): Example[] {
  const examples: Example[] = [];
  let section = '';
  const pattern = /^`{32} example[^\n]*\n([\s\S]*?)^\.\n([\s\S]*?)^`{32}$|^#{1,6} *(.*)$/gm;
  for (const m of text.matchAll(pattern)) {
    if (m[3] !== undefined) section = m[3];
    else examples.push({ markdown: m[1], html: m[2], section, number: examples.length + 1 });
  }
  return examples;
}

const gfm = examplesOf(readFileSync(path.join(FIXTURES, 'gfm-spec', 'extensions.txt'), 'utf8'));

/** CommonMark examples whose input is raw HTML: blocks, inline tags, comments, declarations. */
const COMMONMARK_RAW_HTML = [
  21, 31, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169,
  170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 201,
  308, 309, 344, 475, 476, 477, 491, 494, 524, 536, 613, 614, 615, 616, 617, 623, 625, 626, 627, 628, 629, 630, 631,
  642, 643,
];
const CLASS = "the class attribute is not on the list: a page cannot borrow the theme's styles";
const UNKNOWN = 'an element that is not on the list (custom or unknown): the tag is left out, its content shown';
const COMMENT = 'comments, processing instructions and CDATA are not shown on a page: left out';
/** Raw-HTML examples where the allow-list removes something, and why. Each is reported. */
const COMMONMARK_REFUSED: Record<number, string> = {
  150: UNKNOWN,
  152: CLASS,
  153: CLASS,
  154: CLASS,
  163: UNKNOWN,
  164: CLASS,
  169: 'the language attribute of <pre> is not on the list',
  170: 'script is refused with its content',
  171: 'textarea (a form control) is refused with its content',
  172: 'style is refused with its content: no CSS from content, the CSP stays strict',
  173: 'style is refused with its content',
  176: 'style is refused with its content',
  177: COMMENT,
  178: 'script is refused with its content',
  179: COMMENT,
  180: COMMENT,
  182: COMMENT,
  183: COMMENT,
  201: UNKNOWN,
  308: COMMENT,
  309: COMMENT,
  491: UNKNOWN,
  524: UNKNOWN,
  536: UNKNOWN,
  613: UNKNOWN,
  614: UNKNOWN,
  615: UNKNOWN,
  616: 'attributes not on the list (foo, bam, _boolean, zoop:33)',
  617: UNKNOWN,
  625: COMMENT,
  626: COMMENT,
  627: COMMENT,
  628: COMMENT,
  629: COMMENT,
};
/**
 * Raw-HTML examples whose spec output leaves an inline element open (`<a href="bar">` without
 * `</a>`): a browser reading that output repeats the element after the paragraph. Here the element
 * ends with its block, so the page shows the spec's output up to that repetition.
 */
const COMMONMARK_UNCLOSED = [21, 31, 187, 344, 476, 477, 494, 630, 631, 642, 643];
/**
 * CommonMark examples of text that plain CommonMark leaves alone and GFM's literal autolinks (on in
 * this project) turn into a link: each must come out as the spec's text with that link in it.
 */
const COMMONMARK_GFM_LITERALS: Record<number, string> = {
  602: '<a href="https://foo.bar/baz">https://foo.bar/baz</a>',
  606: '<a href="mailto:foo+@bar.example.com">foo+@bar.example.com</a>',
  608: '<a href="https://foo.bar">https://foo.bar</a>',
  611: '<a href="https://example.com">https://example.com</a>',
  612: '<a href="mailto:foo@bar.example.com">foo@bar.example.com</a>',
};
/** GFM extension examples whose input is raw HTML, and those the allow-list changes. */
const GFM_RAW_HTML = [27];
const GFM_REFUSED: Record<number, string> = {
  27: 'title, textarea, style, xmp, iframe, noembed, noframes, script and plaintext are refused with their content (the disallowed raw HTML extension, stricter)',
};
/** GFM examples where the parser follows github.com as it is today: `ftp://` is not linked there any more. */
const GFM_FTP = 22;

const en = ENGINE_MESSAGES.en;
const processor = createMarkdownProcessor({ titles: en.admonition }, en.docs);

// ---- HTML normalisation: the same for the spec's HTML and ours ----

const BLOCK_TAGS = new Set([
  'p',
  'li',
  'ul',
  'ol',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'div',
  'section',
  'br',
]);
const TAG = /(<(?:[^>"']|"[^"]*"|'[^']*')*>)/;

function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    }
    const decoded = decodeNamedCharacterReference(ref);
    return decoded === false ? whole : decoded;
  });
}

const encode = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function normalizeTag(tag: string): { name: string; closing: boolean; text: string } | undefined {
  const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([\s\S]*?)\/?>$/.exec(tag);
  if (!m) return undefined;
  const name = m[2].toLowerCase();
  const attrs: string[] = [];
  for (const a of m[3].matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const value = a[2] ?? a[3] ?? a[4];
    attrs.push(
      value === undefined || value === ''
        ? a[1].toLowerCase()
        : `${a[1].toLowerCase()}="${encode(decodeEntities(value))}"`,
    );
  }
  attrs.sort();
  return { name, closing: m[1] === '/', text: `<${m[1]}${name}${attrs.map((a) => ` ${a}`).join('')}>` };
}

function normalizeHtml(html: string): string {
  const parts = html.split(TAG);
  const out: string[] = [];
  let inPre = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (i % 2 === 1) {
      const tag = normalizeTag(part);
      if (!tag) {
        out.push(part);
        continue;
      }
      if (tag.name === 'pre') inPre += tag.closing ? -1 : 1;
      out.push(tag.text);
      continue;
    }
    let text = encode(decodeEntities(part));
    if (!inPre) {
      const blockBefore = i > 0 && BLOCK_TAGS.has(normalizeTag(parts[i - 1])?.name ?? '');
      const blockAfter = i < parts.length - 1 && BLOCK_TAGS.has(normalizeTag(parts[i + 1])?.name ?? '');
      text = text.replace(/\s+/g, ' ');
      if (blockBefore || i === 0) text = text.trimStart();
      if (blockAfter || i === parts.length - 1) text = text.trimEnd();
    }
    out.push(text);
  }
  return out.join('');
}

/** HTML as a browser reads it: parsed into a document fragment and written out again. */
const asBrowserReadsIt = (html: string) =>
  toHtml(raw({ type: 'root', children: [{ type: 'raw', value: html }] } as never));

/** Takes out what the project adds to the spec's HTML on purpose. `asWritten`: links of raw HTML
 * keep their URL as written (the spec passes raw HTML through untouched). */
function withoutProjectAdditions(result: MarkdownResult, asWritten = false): string {
  return (
    result.html
      // Anchor links appended to headings, and the headings' ids.
      .replace(/<a class="hash-link"[^>]*>#<\/a>/g, '')
      .replace(/(<h[1-6]) id="[^"]*"/g, '$1')
      // Internal links carry a marker until the render stage puts in the resolved URL.
      .replace(
        new RegExp(`href="${LINK_MARKER}(\\d+)"`, 'g'),
        (_, i: string) =>
          `href="${encode(asWritten ? result.links[Number(i)].url : normalizeUri(result.links[Number(i)].url))}"`,
      )
      .replace(/ rel="noopener"/g, '')
      // Styling hooks on task lists.
      .replace(/ class="(?:contains-task-list|task-list-item)"/g, '')
      .replace(/ (?:data-site-image="\d+"|loading="lazy"|decoding="async")/g, '')
      // Syntax highlighting: the hljs class and its spans.
      .replace(/<code class="hljs( [^"]*)?">/g, (_, rest?: string) =>
        rest ? `<code class="${rest.trim()}">` : '<code>',
      )
      .replace(
        /<pre><code([^>]*)>([\s\S]*?)<\/code><\/pre>/g,
        (_, attrs: string, body: string) => `<pre><code${attrs}>${body.replace(/<\/?span[^>]*>/g, '')}</code></pre>`,
      )
  );
}

const tabs = (s: string) => s.replace(/→/g, '\t');

interface Exceptions {
  /** Examples whose input is raw HTML. */
  rawHtml?: number[];
  /** Of those, what the allow-list changes, with the reason. */
  refused?: Record<number, string>;
  unclosed?: number[];
  literals?: Record<number, string>;
}

function run(
  examples: Example[],
  name: string,
  { rawHtml = [], refused = {}, unclosed = [], literals = {} }: Exceptions = {},
) {
  let passed = 0;
  const failures: string[] = [];
  for (const example of examples) {
    const markdown = tabs(example.markdown);
    const result = renderMarkdown(processor, markdown);
    const isRaw = rawHtml.includes(example.number);
    const ours = normalizeHtml(
      isRaw ? asBrowserReadsIt(withoutProjectAdditions(result, true)) : withoutProjectAdditions(result),
    );
    const theirs = normalizeHtml(isRaw ? asBrowserReadsIt(tabs(example.html)) : tabs(example.html));
    const label = `${name} ${example.number} (${example.section})`;
    if (refused[example.number] !== undefined) {
      if (!result.messages.some((m) => m.rule === 'raw-html' || m.rule === 'unclosed-html'))
        failures.push(
          `${label}: refused HTML without a raw-html or unclosed-html report\n  ${JSON.stringify(markdown)}`,
        );
      else if (ours === theirs) failures.push(`${label}: listed as refused, but renders as the spec says`);
      else passed++;
      continue;
    }
    if (unclosed.includes(example.number)) {
      // Compared without white space, which the open element's repetition moves about.
      const squeeze = (html: string) => html.replace(/\s+/g, '');
      if (ours !== theirs && squeeze(theirs).startsWith(squeeze(ours)) && ours.length > 0) passed++;
      else
        failures.push(
          `${label}: expected the spec's output up to the repeated open element\n  expected ${JSON.stringify(theirs)}\n  actual   ${JSON.stringify(ours)}`,
        );
      continue;
    }
    const literal = literals[example.number];
    if (literal !== undefined) {
      const unlinked = ours.replace(literal, literal.replace(/<[^>]+>/g, ''));
      if (ours.includes(literal) && unlinked === theirs) passed++;
      else failures.push(`${label}: expected the spec's text with ${literal}, got ${JSON.stringify(ours)}`);
      continue;
    }
    if (ours === theirs && !(isRaw && result.messages.some((m) => m.rule === 'raw-html'))) passed++;
    else
      failures.push(
        `${label}:\n  input    ${JSON.stringify(markdown)}\n  expected ${JSON.stringify(theirs)}\n  actual   ${JSON.stringify(ours)}\n  ${result.messages.map((m) => m.message).join('; ')}`,
      );
  }
  return { passed, total: examples.length, failures };
}

test('CommonMark 0.31.2: every example renders as the spec says; raw HTML as a browser reads it, what the allow-list refuses reported', () => {
  assert.equal(commonmark.length, 652);
  const { passed, failures } = run(commonmark, 'CommonMark example', {
    rawHtml: COMMONMARK_RAW_HTML,
    refused: COMMONMARK_REFUSED,
    unclosed: COMMONMARK_UNCLOSED,
    literals: COMMONMARK_GFM_LITERALS,
  });
  assert.deepEqual(failures, []);
  assert.equal(passed, commonmark.length);
  // Of the 72 raw-HTML examples, these pass as the spec says: kept by the list as written.
  assert.equal(COMMONMARK_RAW_HTML.length - Object.keys(COMMONMARK_REFUSED).length - COMMONMARK_UNCLOSED.length, 27);
});

test('GFM extensions: tables, task lists, strikethrough, autolinks render as the spec says; disallowed raw HTML is reported', () => {
  assert.equal(gfm.length, 27);
  const { passed, failures } = run(gfm, 'GFM example', { rawHtml: GFM_RAW_HTML, refused: GFM_REFUSED });
  assert.deepEqual(
    failures.map((f) => f.split(' (')[0]),
    [`GFM example ${GFM_FTP}`],
    failures.filter((f) => !f.startsWith(`GFM example ${GFM_FTP} `)).join('\n'),
  );
  assert.match(
    failures[0],
    /Anonymous FTP is available at ftp:\/\/foo\.bar\.baz\.<\/p>/,
    'only the ftp:// link differs',
  );
  assert.equal(passed, gfm.length - 1);
});

test('bare URLs end where the GFM spec says: before `<` and before a trailing entity', () => {
  const html = (md: string) => renderMarkdown(processor, md).html;
  assert.equal(
    html('www.commonmark.org/he<lp'),
    '<p><a href="http://www.commonmark.org/he" rel="noopener">www.commonmark.org/he</a>&#x3C;lp</p>',
  );
  assert.equal(
    html('www.google.com/search?q=commonmark&hl;'),
    '<p><a href="http://www.google.com/search?q=commonmark" rel="noopener">www.google.com/search?q=commonmark</a>&#x26;hl;</p>',
  );
});
