// The Markdown stage: what a body turns into, and what it hands on to the later stages
// (headings, ids, links with positions, excerpt, problems).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  createMarkdownProcessor,
  isExternal,
  LINK_MARKER,
  renderMarkdown,
} from '../../../generator/markdown/markdown.ts';
import { ADMONITION_KINDS } from '../../../generator/markdown/plugins/admonitions.ts';
import { parseSource } from '../../../generator/parse/parse.ts';
import { labelsOf, markdownFile, messages, source } from './factories.ts';

const en = messages.en;
const de = messages.de;
const processor = createMarkdownProcessor({ titles: en.admonition }, en.docs);
const render = (body: string) => renderMarkdown(processor, body);

test('headings get ids and levels; their text leaves out the anchor link', () => {
  const r = render('# Title\n\n## First *part*\n\n### Deeper `code`\n\n#### Fourth\n\n## First part\n');
  assert.deepEqual(r.headings, [
    { depth: 1, id: 'title', text: 'Title' },
    { depth: 2, id: 'first-part', text: 'First part' },
    { depth: 3, id: 'deeper-code', text: 'Deeper code' },
    { depth: 4, id: 'fourth', text: 'Fourth' },
    { depth: 2, id: 'first-part-1', text: 'First part' },
  ]);
  assert.deepEqual(r.ids, ['title', 'first-part', 'deeper-code', 'fourth', 'first-part-1']);
  assert.match(
    r.html,
    /<h2 id="first-part">First <em>part<\/em><a class="hash-link" aria-label="Direct link to this section" href="#first-part">#<\/a><\/h2>/,
  );
  assert.doesNotMatch(r.html, /<h1[^>]*>[^<]*<a class="hash-link"/, 'h1 gets no anchor link');
});

test('links and images are collected with line and column; internal links become markers', () => {
  const r = render(
    'Intro line.\n\nSee [install](./install.md#req) and\n  [root](/docs/) or ![logo](/img/logo.svg) and ![A & "B"](/img/b.png "Its title").\n',
  );
  assert.deepEqual(r.links, [
    { url: './install.md#req', line: 3, column: 5, kind: 'link' },
    { url: '/docs/', line: 4, column: 3, kind: 'link' },
    { url: '/img/logo.svg', line: 4, column: 21, kind: 'image', alt: 'logo' },
    // Alt text and title as written, from the syntax tree: the image step writes its own <img>.
    { url: '/img/b.png', line: 4, column: 48, kind: 'image', alt: 'A & "B"', title: 'Its title' },
  ]);
  assert.match(r.html, new RegExp(`<a href="${LINK_MARKER}0">install</a>`));
  assert.match(r.html, new RegExp(`<a href="${LINK_MARKER}1">root</a>`));
  assert.match(
    r.html,
    /<img src="\/img\/logo.svg" alt="logo" data-site-image="2" loading="lazy" decoding="async">/,
    'images keep their src',
  );
  assert.doesNotMatch(r.html, /install\.md/);
});

test('external links stay as written, are not collected and get rel="noopener"', () => {
  const r = render('[a](https://example.org/x) [b](mailto:hi@example.org) [c](//cdn.example.org/y)\n');
  assert.deepEqual(r.links, []);
  assert.match(r.html, /<a href="https:\/\/example.org\/x" rel="noopener">a<\/a>/);
  assert.match(r.html, /<a href="mailto:hi@example.org">b<\/a>/);
  assert.match(r.html, /<a href="\/\/cdn.example.org\/y">c<\/a>/);
  assert.equal(isExternal('https://x.at'), true);
  assert.equal(isExternal('tel:+43'), true);
  assert.equal(isExternal('//x.at/'), true);
  assert.equal(isExternal('/docs/'), false);
  assert.equal(isExternal('install.md'), false);
  assert.equal(isExternal('#top'), false);
});

test('reference-style links and images are collected where they are used, images as images', () => {
  const r = render(
    'Use [the guide][g] twice: [again][g].\n\n![Rack][pic]\n\n[g]: ../guides/index.md\n[pic]: /img/rack.png "The rack"\n',
  );
  assert.deepEqual(r.links, [
    { url: '../guides/index.md', line: 1, column: 5, kind: 'link' },
    { url: '../guides/index.md', line: 1, column: 27, kind: 'link' },
    { url: '/img/rack.png', line: 3, column: 1, kind: 'image', alt: 'Rack', title: 'The rack' },
  ]);
  assert.match(
    r.html,
    new RegExp(`<a href="${LINK_MARKER}0">the guide</a> twice: <a href="${LINK_MARKER}1">again</a>`),
  );
  assert.match(r.html, /<img src="\/img\/rack.png" alt="Rack" title="The rack" data-site-image="2"/);
});

test('<!-- truncate --> ends the excerpt and leaves no trace in the page', () => {
  const r = render('Before the cut.\n\n<!-- truncate -->\n\nAfter the cut.\n');
  assert.equal(r.excerptHtml, '<p>Before the cut.</p>\n');
  assert.equal(r.html, '<p>Before the cut.</p>\n\n<p>After the cut.</p>');
  assert.deepEqual(r.messages, [], 'the truncate comment is not raw HTML');
  assert.equal(
    render('No marker here.\n\nA second paragraph.\n').excerptHtml,
    '<p>No marker here.</p>',
    'without a marker, the first paragraph',
  );
  assert.ok(render('One.\n\n<!--truncate-->\n\nTwo.\n').excerptHtml, 'spacing inside the comment does not matter');
});

test('raw HTML the allow-list has is kept; what it removes is reported with its position', () => {
  const r = render(
    'Text with <span>inline</span> HTML and <kbd>Ctrl</kbd>+<kbd>K</kbd>.\n\n<div>\nblock\n</div>\n\n<!-- a comment -->\n\nInline <!-- note --> comment, <font color="red">old</font> and <span style="color:red" onclick="go()">styled</span>.\n',
  );
  assert.equal(
    r.html,
    '<p>Text with <span>inline</span> HTML and <kbd>Ctrl</kbd>+<kbd>K</kbd>.</p>\n<div>\nblock\n</div>\n\n<p>Inline  comment, old and <span>styled</span>.</p>',
  );
  assert.deepEqual(
    r.messages.map((m) => [m.line, m.column, m.rule, m.severity, m.message]),
    [
      [7, 1, 'raw-html', 'warning', 'HTML comment in Markdown: it is not shown on the page'],
      [9, 8, 'raw-html', 'warning', 'HTML comment in Markdown: it is not shown on the page'],
      [9, 31, 'raw-html', 'warning', '<font> is not allowed in Markdown: the tag was left out, its content kept'],
      [9, 64, 'raw-html', 'warning', '"style", "onclick" are not allowed on <span> and were left out'],
    ],
  );
});

test('every admonition kind renders as an aside with its default title, or the title given', () => {
  for (const kind of ADMONITION_KINDS) {
    const plain = render(`:::${kind}\nBody of ${kind}.\n:::\n`);
    assert.equal(
      plain.html,
      `<aside class="admonition admonition-${kind}" role="note"><p class="admonition-title">${en.admonition[kind]}</p><p>Body of ${kind}.</p></aside>`,
    );
    const titled = render(`:::${kind}[Mind the *gap*]\nBody.\n:::\n`);
    assert.match(
      titled.html,
      new RegExp(
        `^<aside class="admonition admonition-${kind}" role="note"><p class="admonition-title">Mind the <em>gap</em></p><p>Body.</p></aside>$`,
      ),
    );
    assert.deepEqual(titled.messages, []);
  }
});

test('admonition titles follow the page locale', () => {
  const r = parseSource(source('de', 'docs/x', markdownFile(':::warning\nAchtung.\n:::\n')), 'doc', labelsOf('de'));
  assert.match(r.doc!.html, new RegExp(`<p class="admonition-title">${de.admonition.warning}</p>`));
  assert.notEqual(de.admonition.warning, en.admonition.warning);
});

test('an unknown admonition is reported; stray :words in prose stay text', () => {
  const r = render(':::spoiler\nCareful.\n:::\n\nHinweis:Text and a ::leaf here.\n');
  assert.deepEqual(
    r.messages.map((m) => [m.line, m.column, m.rule]),
    [[1, 1, 'admonition']],
  );
  assert.equal(r.messages[0].message, 'unknown admonition ":::spoiler"');
  assert.equal(r.messages[0].hint, 'use one of :::note, :::tip, :::info, :::warning, :::danger, :::caution');
  assert.match(r.html, /Hinweis:Text and a ::leaf here\./);
});

test('code is highlighted at build time: hljs class names in the HTML, no detection for plain blocks', () => {
  const r = render('```ts\nconst answer: number = 42;\n```\n\n```sh\necho hi\n```\n\n```\nplain text\n```\n');
  assert.match(
    r.html,
    /<pre><code class="hljs language-ts"><span class="hljs-keyword">const<\/span> .*<span class="hljs-built_in">number<\/span> = <span class="hljs-number">42<\/span>;/,
  );
  assert.match(
    r.html,
    /<code class="hljs language-sh"><span class="hljs-built_in">echo<\/span> hi/,
    'sh is an alias of bash',
  );
  assert.match(r.html, /<pre><code>plain text\n<\/code><\/pre>/);
});

test('GFM: tables, task lists and strikethrough', () => {
  const r = render('| Plan | Price |\n| :--- | ----: |\n| S | 10 |\n\n- [x] done\n- [ ] open\n\n~~gone~~\n');
  assert.match(r.html, /<table>\s*<thead>\s*<tr>\s*<th align="left">Plan<\/th>\s*<th align="right">Price<\/th>/);
  assert.match(r.html, /<td align="left">S<\/td>\s*<td align="right">10<\/td>/);
  assert.match(
    r.html,
    /<ul class="contains-task-list">\s*<li class="task-list-item"><input type="checkbox" checked disabled> done<\/li>\s*<li class="task-list-item"><input type="checkbox" disabled> open<\/li>/,
  );
  assert.match(r.html, /<del>gone<\/del>/);
});

test('GFM: footnotes link both ways and their ids are valid fragments', () => {
  const r = render('A claim.[^src]\n\n[^src]: The source.\n');
  assert.match(r.html, /<sup><a href="#user-content-fn-src" id="user-content-fnref-src" data-footnote-ref/);
  assert.match(r.html, /<li id="user-content-fn-src">\s*<p>The source. <a href="#user-content-fnref-src"/);
  for (const id of ['user-content-fn-src', 'user-content-fnref-src']) assert.ok(r.ids.includes(id), id);
});

test('footnotes are labelled in the page language, not always in English', () => {
  // remark-rehype's defaults are "Footnotes" and "Back to reference 1" unless it is told otherwise.
  const r = parseSource(
    source('de', 'docs/x', markdownFile('Eine Behauptung.[^1]\n\n[^1]: Die Quelle.\n')),
    'doc',
    labelsOf('de'),
  );
  const html = r.doc?.html ?? '';
  assert.match(html, /<h2 class="sr-only" id="footnote-label">Fußnoten<\/h2>/, 'the German footnote heading');
  assert.match(html, /aria-label="Zurück zum Verweis 1"/, 'the German back-link label');
  assert.doesNotMatch(html, />Footnotes</, 'German page with an English footnote heading');
});

test('GFM: bare URLs and www. addresses become links without the tokenizer extension', () => {
  const r = render('Visit https://example.org or www.example.org, or write to team@example.org.\n');
  assert.match(r.html, /<a href="https:\/\/example.org" rel="noopener">https:\/\/example.org<\/a>/);
  assert.match(
    r.html,
    /<a href="http:\/\/www.example.org" rel="noopener">www.example.org<\/a>,/,
    'trailing punctuation is not part of the link',
  );
  assert.match(r.html, /<a href="mailto:team@example.org">team@example.org<\/a>\./);
  assert.deepEqual(r.links, [], 'bare URLs are external');
  assert.doesNotMatch(render('`https://example.org` in code\n').html, /<a /, 'not inside inline code');
});

test('words are counted in prose, not in code blocks', () => {
  const r = render('One two three.\n\n```js\nconst a = b + c + d + e;\n```\n\n## Four five\n');
  assert.equal(r.words, 5);
});

test('Docusaurus admonitions: every keyword, caution as warning, titles in brackets or after the keyword', () => {
  const r = render(
    ':::caution\nCareful.\n:::\n\n:::tip Before you start\nRead this.\n:::\n\n:::danger[Data *loss*]\nBack up first.\n:::\n\n```md\n:::note Kept as code\n```\n',
  );
  assert.deepEqual(r.messages, []);
  assert.match(
    r.html,
    /<aside class="admonition admonition-warning" role="note"><p class="admonition-title">Warning<\/p>\s*<p>Careful\.<\/p>/,
  );
  assert.match(
    r.html,
    /<aside class="admonition admonition-tip" role="note"><p class="admonition-title">Before you start<\/p>\s*<p>Read this\.<\/p>/,
  );
  assert.match(r.html, /<p class="admonition-title">Data <em>loss<\/em><\/p>/);
  assert.match(r.html, /<code class="hljs language-md">:::note Kept as code\n<\/code>/, 'fenced code is left alone');
  for (const kind of ['note', 'info', 'warning'])
    assert.match(render(`:::${kind}\nx\n:::\n`).html, new RegExp(`admonition-${kind}`));
  assert.match(
    render(':::tip Brackets [a] in it\nx\n:::\n').html,
    /<p class="admonition-title">Brackets \[a\] in it<\/p>/,
  );
});

test('a heading keeps its own id written as {#custom-id}; the braces do not show', () => {
  const r = render('## Install the agent {#install}\n\n### Then *this* {#then-this}\n\n## Plain\n');
  assert.deepEqual(
    r.headings.map((h) => [h.id, h.text]),
    [
      ['install', 'Install the agent'],
      ['then-this', 'Then this'],
      ['plain', 'Plain'],
    ],
  );
  assert.match(r.html, /<h2 id="install">Install the agent<a class="hash-link"[^>]*href="#install">#<\/a><\/h2>/);
  assert.doesNotMatch(r.html, /\{#/);
});

test('braces in prose are MDX only where MDX would evaluate them', () => {
  const prose = render(
    'Returns **{Object}**; call it with options = {} or { retries: 3 }, type `{T}`.\n\n- {Boolean} whether to wait\n',
  );
  assert.deepEqual(prose.messages, []);
  assert.match(prose.html, /<strong>\{Object\}<\/strong>; call it with options = \{\} or \{ retries: 3 \}/);
  const mdx = render(
    'Version {props.version}, year {new Date().getFullYear()}, {/* a note */} and {siteConfig.title}.\n',
  );
  assert.deepEqual(
    mdx.messages.map((m) => [m.line, m.column, m.rule]),
    [
      [1, 9, 'mdx'],
      [1, 31, 'mdx'],
      [1, 59, 'mdx'],
      [1, 78, 'mdx'],
    ],
  );
});

test('a footnote nothing refers to is a warning, not a silent loss', () => {
  const r = render('Text with a note[^used].\n\n[^used]: Shown.\n\n[^spare]: Never referred to.\n');
  assert.deepEqual(
    r.messages.map((m) => [m.line, m.column, m.rule, m.message]),
    [
      [
        5,
        1,
        'unused-definition',
        'footnote [^spare] is defined but nothing refers to it, so it does not show on the page',
      ],
    ],
  );
  assert.match(r.html, /Shown\./);
});

test('a body that opens with the page title as # heading shows it once; another # heading is reported', () => {
  const same = renderMarkdown(processor, '# Upgrade\n\nText.\n', 'Upgrade');
  assert.equal(same.html, '<p>Text.</p>');
  assert.equal(same.leadingTitle, undefined);
  const other = parseSource(
    source('en', 'docs/x', '---\ntitle: Upgrade\ndescription: How.\n---\n\n# Upgrading safely\n\nText.\n'),
    'doc',
    labelsOf('en'),
  );
  assert.deepEqual(
    other.diagnostics.map((d) => [d.line, d.column, d.rule]),
    [[6, 1, 'duplicate-title']],
  );
  assert.match(other.diagnostics[0].message, /starts with the heading "Upgrading safely" but its title is "Upgrade"/);
  assert.equal(render('Intro.\n\n# Later\n').leadingTitle, undefined, 'only a heading that opens the body counts');
});

test('MDX in a .md file is reported with its position and never shows as text', () => {
  const r = render(
    "import Tabs from '@theme/Tabs';\nexport const year = 2024;\n\nThe year is {year} and {props.name}.\n\nCSS a:hover{color:red} stays.\n",
  );
  assert.deepEqual(
    r.messages.map((m) => [m.line, m.column, m.rule]),
    [
      [1, 1, 'mdx'],
      [4, 13, 'mdx'],
      [4, 24, 'mdx'],
    ],
  );
  assert.match(r.messages[0].message, /MDX import statement/);
  assert.match(r.messages[1].message, /MDX expression \{year\}: Markdown does not evaluate it/);
  assert.doesNotMatch(r.html, /import Tabs|export const/);
  assert.match(r.html, /a:hover\{color:red\} stays/);
  const escaped = render('Placeholders look like \\{name} here.\n');
  assert.deepEqual(escaped.messages, [], 'an escaped brace is text');
  assert.match(escaped.html, /<p>Placeholders look like \{name\} here\.<\/p>/);
});
