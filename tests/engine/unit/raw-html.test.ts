// Raw HTML through the allow-list (generator/markdown/plugins/raw-html.ts), as READMEs write it: input Markdown,
// the HTML a visitor gets, and what is reported.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMarkdownProcessor, LINK_MARKER, renderMarkdown } from '../../../generator/markdown/markdown.ts';
import { messages } from './factories.ts';

const en = messages.en;
const processor = createMarkdownProcessor({ titles: en.admonition }, en.docs);
const render = (body: string) => renderMarkdown(processor, body);

/** Input, expected HTML: what the list keeps comes out as written, nothing reported. */
const KEPT: [string, string][] = [
  [
    '<details>\n<summary>Show the log</summary>\n\n```sh\nsite build\n```\n\n</details>\n',
    '<details>\n<summary>Show the log</summary>\n<pre><code class="hljs language-sh">site build\n</code></pre>\n</details>',
  ],
  ['<details open><summary>Open</summary>Text</details>\n', '<details open><summary>Open</summary>Text</details>'],
  ['Press <kbd>Ctrl</kbd> + <kbd>K</kbd>.\n', '<p>Press <kbd>Ctrl</kbd> + <kbd>K</kbd>.</p>'],
  ['H<sub>2</sub>O and E = mc<sup>2</sup>\n', '<p>H<sub>2</sub>O and E = mc<sup>2</sup></p>'],
  ['Line one<br>line two<br/>line three\n', '<p>Line one<br>line two<br>line three</p>'],
  [
    '<ins>new</ins> <del>old</del> <abbr title="Service level agreement">SLA</abbr> <mark>hit</mark>\n',
    '<p><ins>new</ins> <del>old</del> <abbr title="Service level agreement">SLA</abbr> <mark>hit</mark></p>',
  ],
  ['<p align="center">\n  <b>Centred</b>\n</p>\n', '<p align="center">\n  <b>Centred</b>\n</p>'],
  ['<div><span lang="de">Grüß Gott</span></div>\n', '<div><span lang="de">Grüß Gott</span></div>'],
  [
    '<table>\n  <tr><th scope="col">Plan</th><th>Price</th></tr>\n  <tr><td colspan="2" align="right">on request</td></tr>\n</table>\n',
    '<table>\n  <tbody><tr><th scope="col">Plan</th><th>Price</th></tr>\n  <tr><td colspan="2" align="right">on request</td></tr>\n</tbody></table>',
  ],
  [
    '<picture>\n  <source media="(prefers-color-scheme: dark)" srcset="https://example.org/dark.png">\n  <img alt="Logo" src="https://example.org/light.png" width="120">\n</picture>\n',
    '<picture>\n  <source media="(prefers-color-scheme: dark)" srcset="https://example.org/dark.png">\n  <img alt="Logo" src="https://example.org/light.png" width="120" loading="lazy" decoding="async">\n</picture>',
  ],
  [
    '<a href="https://example.org/" title="Example">site</a>\n',
    '<p><a href="https://example.org/" title="Example" rel="noopener">site</a></p>',
  ],
];

for (const [input, html] of KEPT) {
  test(`kept as written: ${JSON.stringify(input.slice(0, 50))}`, () => {
    const r = render(input);
    assert.equal(r.html, html);
    assert.deepEqual(r.messages, []);
  });
}

/** Input, expected HTML, what is reported (line, column, rule, severity). */
const REMOVED: [string, string, [number, number, string, string][]][] = [
  ['<span style="color:red">red</span>\n', '<p><span>red</span></p>', [[1, 1, 'raw-html', 'warning']]],
  [
    '<img src="https://example.org/x.png" alt="x" onerror="steal()">\n',
    '<img src="https://example.org/x.png" alt="x" loading="lazy" decoding="async">',
    [[1, 1, 'raw-html', 'warning']],
  ],
  ['Before\n\n<script>alert(1)</script>\n\nAfter\n', '<p>Before</p>\n\n<p>After</p>', [[3, 1, 'raw-html', 'warning']]],
  ['<iframe src="https://example.org/"></iframe>\n', '', [[1, 1, 'raw-html', 'warning']]],
  [
    '<object data="x.swf"></object><embed src="x.swf">\n',
    '<p></p>',
    [
      [1, 1, 'raw-html', 'warning'],
      [1, 31, 'raw-html', 'warning'],
    ],
  ],
  [
    '<form action="/x"><button>Send</button></form>\n',
    'Send',
    [
      [1, 1, 'raw-html', 'warning'],
      [1, 19, 'raw-html', 'warning'],
    ],
  ],
  ['<style>body{display:none}</style>\n\nText\n', '<p>Text</p>', [[1, 1, 'raw-html', 'warning']]],
  ['<a href="javascript:alert(1)">click</a>\n', '<p><a>click</a></p>', [[1, 1, 'unsafe-link', 'error']]],
  ['<a href="&#106;avascript:alert(1)">click</a>\n', '<p><a>click</a></p>', [[1, 1, 'unsafe-link', 'error']]],
  ['<div class="hero" id="top">Hi</div>\n', '<div id="top">Hi</div>', [[1, 1, 'raw-html', 'warning']]],
  ['<!-- note for editors -->\n\nText\n', '<p>Text</p>', [[1, 1, 'raw-html', 'warning']]],
  ['<custom-card>Inside</custom-card>\n', '<p>Inside</p>', [[1, 1, 'raw-html', 'warning']]],
];

for (const [input, html, reported] of REMOVED) {
  test(`removed and reported: ${JSON.stringify(input.slice(0, 50))}`, () => {
    const r = render(input);
    assert.equal(r.html.trim(), html);
    assert.deepEqual(
      r.messages.map((m) => [m.line, m.column, m.rule, m.severity]),
      reported,
    );
  });
}

test('a removal names what was removed and where the list is', () => {
  const r = render('<span style="color:red" onclick="go()">x</span> <script>x()</script>\n');
  assert.deepEqual(
    r.messages.map((m) => m.message),
    [
      '"style", "onclick" are not allowed on <span> and were left out',
      '<script> is not allowed in Markdown and was left out with its content',
    ],
  );
  assert.match(r.messages[0].hint!, /docs\/content\.md/);
});

test('links and images of raw HTML are collected and marked like Markdown', () => {
  const r = render(
    'Intro\n\n<p align="center">\n  <a href="./install.md#req"><img src="/img/logo.svg" alt="Almwerk" width="80" title="Logo"></a>\n</p>\n\n<picture><source srcset="/img/dark.png 1x, /img/dark@2x.png 2x"><img src="diagram.png" alt=""></picture>\n',
  );
  assert.deepEqual(r.links, [
    { url: './install.md#req', line: 4, column: 3, kind: 'link' },
    { url: '/img/logo.svg', line: 4, column: 30, kind: 'image', alt: 'Almwerk', title: 'Logo' },
    { url: '/img/dark.png', line: 7, column: 10, kind: 'image', alt: '' },
    { url: '/img/dark@2x.png', line: 7, column: 10, kind: 'image', alt: '' },
    { url: 'diagram.png', line: 7, column: 65, kind: 'image', alt: '' },
  ]);
  assert.match(
    r.html,
    new RegExp(
      `<a href="${LINK_MARKER}0"><img src="/img/logo.svg" alt="Almwerk" width="80" title="Logo" data-site-image="1"`,
    ),
  );
  assert.match(r.html, /<img src="diagram.png" alt="" data-site-image="4"/);
});

test('ids of raw HTML and <a name> take part in #fragment checks', () => {
  const r = render('<a name="legacy"></a>\n\n<div id="install-steps">Steps</div>\n\n## Heading\n');
  assert.deepEqual([...r.ids].sort(), ['heading', 'install-steps', 'legacy']);
});

test('a page without raw HTML is not parsed twice: Markdown output stays byte for byte', () => {
  const r = render('Text[^1]\n\n[^1]: Note.\n');
  assert.match(r.html, /data-footnote-ref aria-describedby/);
});

test('an <img> of raw HTML keeps the width it was given, its height follows the picture', async () => {
  const { rewriteImages } = await import('../../../generator/images/images.ts');
  const html = render('<img src="/img/rack.png" alt="Rack" width="120" align="right">\n').html;
  const links = render('<img src="/img/rack.png" alt="Rack" width="120" align="right">\n').links;
  const images = new Map([['/img/rack.png', { src: '/img/rack.png', width: 1200, height: 600 }]]);
  const out = rewriteImages(html, links, new Map([[0, '/img/rack.png']]), images, false, (f) => f);
  assert.match(
    out,
    /<img src="\/img\/rack.png" alt="Rack" width="120" height="60" align="right" loading="lazy" decoding="async">/,
  );
  const markdown = rewriteImages(
    render('![Rack](/img/rack.png)\n').html,
    links,
    new Map([[0, '/img/rack.png']]),
    images,
    false,
    (f) => f,
  );
  assert.match(markdown, /width="1200" height="600"/, "a Markdown image has the picture's own size");
});

// An element whose content goes with it, never closed: a browser runs it over everything after it,
// so the page would lose the paragraphs and headings that follow without a word of the editor's
// being shown. That is an error at its line, not the warning a closed one gets.
for (const tag of [
  'noscript',
  'plaintext',
  'xmp',
  'textarea',
  'title',
  'style',
  'script',
  'iframe',
  'noembed',
  'noframes',
]) {
  test(`<${tag}> left open after other raw HTML is an error at its line, naming what it takes`, () => {
    const r = render(`Intro.\n\n<div align="center">Banner</div>\n<${tag}>\n\nPara one.\n\n## Heading\n\nPara two.\n`);
    const open = r.messages.filter((m) => m.rule === 'unclosed-html');
    assert.deepEqual(
      open.map((m) => [m.line, m.column, m.severity]),
      [[4, 1, 'error']],
      JSON.stringify(r.messages),
    );
    assert.match(open[0].message, new RegExp(`^<${tag}> is never closed: a browser takes .+ as its content`));
    assert.equal(open[0].hint, `delete <${tag}>, or write it in backticks (\`<${tag}>\`) to show the tag as text`);
    assert.ok(!r.messages.some((m) => m.rule === 'raw-html' && m.line === 4), 'one message for the element');
  });
}

test('how far an unclosed element reaches is said in the words of the page', () => {
  const extent = (body: string) => render(body).messages.find((m) => m.rule === 'unclosed-html')?.message;
  assert.match(extent('<noscript>\n\nA.\n\n## B\n')!, /takes everything to the end of the page as its content/);
  assert.match(extent('Say <noscript> this\n\nNext.\n')!, /takes the rest of its line as its content/);
  assert.match(extent('<title>\n\nA.\n\n## B\n')!, /takes the next 2 lines as its content/);
});

test('a closed <noscript> and a <meta>, which has no end tag, stay warnings', () => {
  for (const body of ['<noscript>Enable JavaScript</noscript>\n\nText.\n', '<meta charset="utf-8">\n\nText.\n']) {
    const r = render(body);
    assert.deepEqual(
      r.messages.map((m) => [m.rule, m.severity]),
      [['raw-html', 'warning']],
    );
    assert.match(r.html, /<p>Text\.<\/p>/);
  }
});
