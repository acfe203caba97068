// What an editor types is what the page shows: everyday prose with colons, brackets and braces
// comes out character for character, next to the links and footnotes written beside it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ENGINE_MESSAGES } from '../../../common/messages.ts';
import { createMarkdownProcessor, LINK_MARKER, renderMarkdown } from '../../../generator/markdown/markdown.ts';

const en = ENGINE_MESSAGES.en;
const processor = createMarkdownProcessor({ titles: en.admonition }, en.docs);
const render = (body: string) => renderMarkdown(processor, body);

/** The text a reader sees: tags out, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The first paragraph's visible text. */
const paragraphText = (html: string) => visibleText(/<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '');

for (const url of [
  'https://grafana.example.com:3000/d/abc',
  'http://192.168.0.10:8096',
  'https://en.wikipedia.org/wiki/Help:Contents',
  'https://x.example/?q=a:b',
]) {
  test(`a bare URL with colons is one link, the whole URL: ${url}`, () => {
    const r = render(`Open ${url} in the browser.\n`);
    assert.equal(r.html, `<p>Open <a href="${url}" rel="noopener">${url}</a> in the browser.</p>`);
    assert.deepEqual(r.messages, []);
  });
}

for (const [line, before] of [
  ['Start 10:30[^1]', 'Start 10:30'],
  ['Step 1:Install[^2]', 'Step 1:Install'],
] as const) {
  test(`text before a footnote reference stays as typed: ${line}`, () => {
    const label = line.slice(line.indexOf('[^') + 2, -1);
    const r = render(`${line} and more.\n\n[^${label}]: The note.\n`);
    // Footnotes are numbered in the order they are referenced: this one shows as 1.
    assert.equal(paragraphText(r.html), `${before}1 and more.`);
    assert.match(
      r.html,
      new RegExp(
        `${before}<sup><a href="#user-content-fn-${label}" id="user-content-fnref-${label}" data-footnote-ref aria-describedby="footnote-label">1</a></sup> and more\\.`,
      ),
    );
    assert.match(
      r.html,
      new RegExp(`<li id="user-content-fn-${label}">\\s*<p>The note\\.`),
      'the footnote is rendered',
    );
    assert.deepEqual(r.messages, []);
  });
}

test('text glued to a link stays as typed, and the link works: Termin:Montag[hier](/kontakt/)', () => {
  const r = render('Termin:Montag[hier](/kontakt/) vereinbaren.\n');
  assert.equal(r.html, `<p>Termin:Montag<a href="${LINK_MARKER}0">hier</a> vereinbaren.</p>`);
  assert.deepEqual(r.links, [{ url: '/kontakt/', line: 1, column: 14, kind: 'link' }]);
  assert.deepEqual(r.messages, []);
});

for (const text of [
  'a:b[c]',
  'key:value{x}',
  'a:hover{color:red}',
  '10:30',
  '3:1',
  '16:9',
  'std::vector',
  '::1',
  '[::]:443',
  ':smile:',
  'Hinweis:Text',
]) {
  test(`prose comes out exactly as typed: ${text}`, () => {
    // `[::]:443` alone on a line is a link definition to CommonMark: tested below.
    const bodies =
      text === '[::]:443' ? [`Before ${text} after.\n`] : [`${text}\n`, `Before ${text} after.\n`, `- ${text}\n`];
    for (const body of bodies) {
      const r = render(body);
      assert.equal(visibleText(r.html).trim(), body.replace(/^- /, '').trim(), `from ${JSON.stringify(body)}`);
      assert.deepEqual(r.messages, [], `no complaint about ${JSON.stringify(body)}`);
    }
  });
}

test('a line that Markdown takes as an unused link definition is reported, not dropped silently', () => {
  const r = render('Listen on all addresses:\n\n[::]:443\n');
  assert.deepEqual(
    r.messages.map((m) => [m.line, m.column, m.rule]),
    [[3, 1, 'unused-definition']],
  );
  assert.match(
    r.messages[0].message,
    /\[::\]: 443 is a link definition nothing uses, so the line does not show on the page/,
  );
  assert.match(r.messages[0].hint ?? '', /escape the bracket/);
});
