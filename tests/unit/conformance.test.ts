// Conformance: every example of the CommonMark spec 0.31.2 (from the commonmark-spec package) and
// every example of the GFM spec's extension sections (vendored in tests/fixtures/gfm-spec/) goes
// through the project's own Markdown processor. Only what the project adds on purpose is taken out
// before comparing: heading ids and their anchor links, rel on external links, lazy loading and the
// image index on images, highlight spans, and the markers internal links carry until rendering.
// Raw HTML is not allowed in content: those examples are listed below, and each of them must
// produce a `raw-html` diagnostic instead of the spec's HTML. Any other difference fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { createMarkdownProcessor, renderMarkdown, LINK_MARKER, type MarkdownResult } from '../../generator/markdown.ts';
import { ENGINE_MESSAGES } from '../../common/messages.ts';
import { FIXTURES } from '../helpers.ts';

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
  21, 31, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174,
  175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 201, 308, 309, 344, 475, 476, 477, 491, 494, 524, 536,
  613, 614, 615, 616, 617, 623, 625, 626, 627, 628, 629, 630, 631, 642, 643,
];
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
/** GFM extension examples whose input is raw HTML. */
const GFM_RAW_HTML = [27];
/** GFM examples where the parser follows github.com as it is today: `ftp://` is not linked there any more. */
const GFM_FTP = 22;

const en = ENGINE_MESSAGES.en;
const processor = createMarkdownProcessor({ titles: en.admonition }, en.docs);

// ---- HTML normalisation: the same for the spec's HTML and ours ----

const BLOCK_TAGS = new Set(['p', 'li', 'ul', 'ol', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'div', 'section', 'br']);
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

const encode = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function normalizeTag(tag: string): { name: string; closing: boolean; text: string } | undefined {
  const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([\s\S]*?)\/?>$/.exec(tag);
  if (!m) return undefined;
  const name = m[2].toLowerCase();
  const attrs: string[] = [];
  for (const a of m[3].matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const value = a[2] ?? a[3] ?? a[4];
    attrs.push(value === undefined || value === '' ? a[1].toLowerCase() : `${a[1].toLowerCase()}="${encode(decodeEntities(value))}"`);
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

/** Takes out what the project adds to the spec's HTML on purpose. */
function withoutProjectAdditions(result: MarkdownResult): string {
  return (
    result.html
      // Anchor links appended to headings, and the headings' ids.
      .replace(/<a class="hash-link"[^>]*>#<\/a>/g, '')
      .replace(/(<h[1-6]) id="[^"]*"/g, '$1')
      // Internal links carry a marker until the render stage puts in the resolved URL.
      .replace(new RegExp(`href="${LINK_MARKER}(\\d+)"`, 'g'), (_, i: string) => `href="${encode(normalizeUri(result.links[Number(i)].url))}"`)
      .replace(/ rel="noopener"/g, '')
      // Styling hooks on task lists.
      .replace(/ class="(?:contains-task-list|task-list-item)"/g, '')
      .replace(/ (?:data-site-image="\d+"|loading="lazy"|decoding="async")/g, '')
      // Syntax highlighting: the hljs class and its spans.
      .replace(/<code class="hljs( [^"]*)?">/g, (_, rest?: string) => (rest ? `<code class="${rest.trim()}">` : '<code>'))
      .replace(/<pre><code([^>]*)>([\s\S]*?)<\/code><\/pre>/g, (_, attrs: string, body: string) => `<pre><code${attrs}>${body.replace(/<\/?span[^>]*>/g, '')}</code></pre>`)
  );
}

const tabs = (s: string) => s.replace(/→/g, '\t');

function run(examples: Example[], rawHtml: number[], name: string, literals: Record<number, string> = {}) {
  const exceptions = new Set(rawHtml);
  let passed = 0;
  const failures: string[] = [];
  for (const example of examples) {
    const markdown = tabs(example.markdown);
    const result = renderMarkdown(processor, markdown);
    const ours = normalizeHtml(withoutProjectAdditions(result));
    const theirs = normalizeHtml(tabs(example.html));
    if (exceptions.has(example.number)) {
      if (!result.messages.some((m) => m.rule === 'raw-html')) failures.push(`${name} ${example.number} (${example.section}): raw HTML without a raw-html diagnostic\n  ${JSON.stringify(markdown)}`);
      continue;
    }
    const literal = literals[example.number];
    if (literal !== undefined) {
      const unlinked = ours.replace(literal, literal.replace(/<[^>]+>/g, ''));
      if (ours.includes(literal) && unlinked === theirs) passed++;
      else failures.push(`${name} ${example.number} (${example.section}): expected the spec's text with ${literal}, got ${JSON.stringify(ours)}`);
      continue;
    }
    if (ours === theirs) passed++;
    else failures.push(`${name} ${example.number} (${example.section}):\n  input    ${JSON.stringify(markdown)}\n  expected ${JSON.stringify(theirs)}\n  actual   ${JSON.stringify(ours)}`);
  }
  return { passed, total: examples.length, failures };
}

test('CommonMark 0.31.2: every example renders as the spec says, raw HTML is reported instead', () => {
  assert.equal(commonmark.length, 652);
  const { passed, failures } = run(commonmark, COMMONMARK_RAW_HTML, 'CommonMark example', COMMONMARK_GFM_LITERALS);
  assert.deepEqual(failures, []);
  assert.equal(passed, commonmark.length - COMMONMARK_RAW_HTML.length);
});

test('GFM extensions: tables, task lists, strikethrough, autolinks render as the spec says', () => {
  assert.equal(gfm.length, 27);
  const { passed, failures } = run(gfm, GFM_RAW_HTML, 'GFM example');
  assert.deepEqual(
    failures.map((f) => f.split(' (')[0]),
    [`GFM example ${GFM_FTP}`],
    failures.filter((f) => !f.startsWith(`GFM example ${GFM_FTP} `)).join('\n'),
  );
  assert.match(failures[0], /Anonymous FTP is available at ftp:\/\/foo\.bar\.baz\.<\/p>/, 'only the ftp:// link differs');
  assert.equal(passed, gfm.length - GFM_RAW_HTML.length - 1);
});

test('bare URLs end where the GFM spec says: before `<` and before a trailing entity', () => {
  const html = (md: string) => renderMarkdown(processor, md).html;
  assert.equal(html('www.commonmark.org/he<lp'), '<p><a href="http://www.commonmark.org/he" rel="noopener">www.commonmark.org/he</a>&#x3C;lp</p>');
  assert.equal(html('www.google.com/search?q=commonmark&hl;'), '<p><a href="http://www.google.com/search?q=commonmark" rel="noopener">www.google.com/search?q=commonmark</a>&#x26;hl;</p>');
});

