// Blocks documentation writes beyond CommonMark: code block meta, tabs, GitHub alerts. Each case is
// input Markdown, the HTML a visitor gets, and what is reported.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMarkdownProcessor, renderMarkdown } from '../../../generator/markdown/markdown.ts';
import { messages } from './factories.ts';

const en = messages.en;
const processor = createMarkdownProcessor({ titles: en.admonition }, en.docs);
const render = (body: string) => renderMarkdown(processor, body);
const reported = (body: string) => render(body).messages.map((m) => [m.line, m.column, m.rule, m.severity, m.message]);

// ---- Code blocks ----

const CODE: [string, string, string][] = [
  [
    'a block without meta stays as it was',
    '```sh\nsite build\n```\n',
    '<pre><code class="hljs language-sh">site build\n</code></pre>',
  ],
  [
    'a title is the caption of a figure',
    '```yaml title="config/site.yml"\nname: x\n```\n',
    '<figure class="code-block"><figcaption class="code-title">config/site.yml</figcaption><pre><code class="hljs language-yaml"><span class="hljs-attr">name:</span> <span class="hljs-string">x</span>\n</code></pre></figure>',
  ],
  [
    'a title in single quotes, with spaces',
    "```text title='Read me first'\nHello\n```\n",
    '<figure class="code-block"><figcaption class="code-title">Read me first</figcaption><pre><code class="hljs language-text">Hello\n</code></pre></figure>',
  ],
  [
    'line ranges mark their lines with <mark>',
    '```text {1,3-4}\none\ntwo\nthree\nfour\nfive\n```\n',
    '<pre><code class="hljs language-text"><mark class="code-line">one</mark>\n<span class="code-line">two</span>\n<mark class="code-line">three</mark>\n<mark class="code-line">four</mark>\n<span class="code-line">five</span>\n</code></pre>',
  ],
  [
    'highlight comments mark lines and leave the code',
    '```js\n// highlight-next-line\nconst a = 1;\nconst b = 2;\n// highlight-start\nconst c = 3;\nconst d = 4;\n// highlight-end\n```\n',
    '<pre><code class="hljs language-js"><mark class="code-line"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;</mark>\n<span class="code-line"><span class="hljs-keyword">const</span> b = <span class="hljs-number">2</span>;</span>\n<mark class="code-line"><span class="hljs-keyword">const</span> c = <span class="hljs-number">3</span>;</mark>\n<mark class="code-line"><span class="hljs-keyword">const</span> d = <span class="hljs-number">4</span>;</mark>\n</code></pre>',
  ],
  [
    'shell and HTML comments work as highlight comments too',
    '```text\n# highlight-next-line\nfirst\n<!-- highlight-next-line -->\nsecond\nthird\n```\n',
    '<pre><code class="hljs language-text"><mark class="code-line">first</mark>\n<mark class="code-line">second</mark>\n<span class="code-line">third</span>\n</code></pre>',
  ],
  [
    'line numbers are hidden from screen readers, and may start elsewhere',
    '```text showLineNumbers=9\nnine\nten\n```\n',
    '<pre class="line-numbers"><code class="hljs language-text"><span class="code-line"><span class="code-line-number" aria-hidden="true">9</span>nine</span>\n<span class="code-line"><span class="code-line-number" aria-hidden="true">10</span>ten</span>\n</code></pre>',
  ],
  [
    'a span across lines is cut at each line end',
    '```js {2}\nconst s = `a\nb`;\n```\n',
    '<pre><code class="hljs language-js"><span class="code-line"><span class="hljs-keyword">const</span> s = <span class="hljs-string">`a</span></span>\n<mark class="code-line"><span class="hljs-string">b`</span>;</mark>\n</code></pre>',
  ],
  [
    'a diff marks added and removed lines, signs kept as text',
    '```diff\n- old\n+ new\n```\n',
    '<pre><code class="hljs language-diff"><span class="hljs-deletion">- old</span>\n<span class="hljs-addition">+ new</span>\n</code></pre>',
  ],
];

for (const [name, input, html] of CODE) {
  test(`code block: ${name}`, () => {
    const r = render(input);
    assert.equal(r.html, html);
    assert.deepEqual(r.messages, []);
  });
}

test('code block: unknown meta is a warning at the fence, never dropped silently', () => {
  assert.deepEqual(reported('Text.\n\n```js title="a.js" live noInline {x}\nrun()\n```\n'), [
    [3, 1, 'code-meta', 'warning', 'code block meta "live" is unknown and has no effect'],
    [3, 1, 'code-meta', 'warning', 'code block meta "noInline" is unknown and has no effect'],
    [3, 1, 'code-meta', 'warning', 'code block meta {x}: not a list of lines like {1,3-4}'],
  ]);
});

test('code block: highlighting a line the block does not have is a warning', () => {
  assert.deepEqual(reported('```text {2,9}\none\ntwo\n```\n'), [
    [1, 1, 'code-meta', 'warning', 'code block meta highlights line 9, but the block has 2 lines'],
  ]);
});

test('code block: a highlight comment in prose or inline code is text', () => {
  const r = render('Write `// highlight-next-line` above the line.\n');
  assert.equal(r.html, '<p>Write <code>// highlight-next-line</code> above the line.</p>');
});

// ---- Tabs ----

test('tabs: every panel shows under its label without JavaScript, the group named for the runtime', () => {
  const r = render(
    '::::tabs{group="pkg"}\n:::tab[npm]\n```sh\nnpm install site\n```\n:::\n:::tab[`pnpm`]\nUse **pnpm**.\n:::\n::::\n',
  );
  assert.equal(
    r.html,
    '<div class="tabs" data-group="pkg"><div class="tab-panel" data-tab="npm"><p class="tab-label">npm</p><pre><code class="hljs language-sh">npm install site\n</code></pre></div><div class="tab-panel" data-tab="pnpm"><p class="tab-label"><code>pnpm</code></p><p>Use <strong>pnpm</strong>.</p></div></div>',
  );
  assert.deepEqual(r.messages, []);
});

test('tabs: a tab may name its value for syncing apart from its label', () => {
  const r = render('::::tabs{group="os"}\n:::tab[macOS (Homebrew)]{value="mac"}\nbrew\n:::\n::::\n');
  assert.match(
    r.html,
    /<div class="tab-panel" data-tab="mac"><p class="tab-label">macOS \(Homebrew\)<\/p><p>brew<\/p><\/div>/,
  );
});

test('tabs: a tab without a label, a tab outside tabs and stray content are warnings with positions', () => {
  assert.deepEqual(reported('::::tabs\nStray text.\n\n:::tab\nNo label.\n:::\n::::\n\n:::tab[Alone]\nText.\n:::\n'), [
    [2, 1, 'tabs', 'warning', 'content in a ::::tabs block outside any :::tab belongs to no tab'],
    [4, 1, 'tabs', 'warning', ':::tab without a label: write it as :::tab[Label]'],
    [9, 1, 'tabs', 'warning', ':::tab outside a ::::tabs block: shown as a plain section'],
  ]);
});

test('tabs: the directive is no admonition', () => {
  const r = render('::::tabs\n:::tab[A]\na\n:::\n::::\n');
  assert.doesNotMatch(r.html, /admonition/);
  assert.deepEqual(r.messages, []);
});

// ---- GitHub alerts ----

const ALERTS: [string, string, string][] = [
  ['NOTE', 'note', 'Note'],
  ['TIP', 'tip', 'Tip'],
  ['IMPORTANT', 'info', en.admonition.info],
  ['WARNING', 'warning', en.admonition.warning],
  ['CAUTION', 'danger', en.admonition.danger],
];

for (const [marker, kind, title] of ALERTS) {
  test(`GitHub alert [!${marker}] renders as the ${kind} admonition`, () => {
    const r = render(`> [!${marker}]\n> Read **this** first.\n>\n> Second paragraph.\n`);
    assert.equal(
      r.html,
      `<aside class="admonition admonition-${kind}" role="note">\n<p class="admonition-title">${title}</p>\n<p>Read <strong>this</strong> first.</p>\n<p>Second paragraph.</p>\n</aside>`,
    );
    assert.deepEqual(r.messages, []);
  });
}

test('GitHub alerts: lower case works; a marker not alone on its line or unknown stays a quote', () => {
  assert.match(render('> [!tip]\n> Text.\n').html, /admonition-tip/);
  assert.equal(render('> [!TIP] Not alone\n').html, '<blockquote>\n<p>[!TIP] Not alone</p>\n</blockquote>');
  assert.equal(render('> [!FOO]\n> Text.\n').html, '<blockquote>\n<p>[!FOO]\nText.</p>\n</blockquote>');
  assert.equal(
    render('> A quote with [!NOTE] inside.\n').html,
    '<blockquote>\n<p>A quote with [!NOTE] inside.</p>\n</blockquote>',
  );
});

// ---- Code blocks inside ::: containers ----

test('a ::: line inside a fenced code block of an admonition is code: the block and the text after it stay in place', () => {
  const r = render(':::tip\n\n```md\n:::\nYour text\n```\n\nAfter the example.\n:::\n\nOutside.\n');
  assert.equal(
    r.html,
    '<aside class="admonition admonition-tip" role="note"><p class="admonition-title">Tip</p><pre><code class="hljs language-md">:::\nYour text\n</code></pre><p>After the example.</p></aside>\n<p>Outside.</p>',
  );
  assert.deepEqual(r.messages, []);
});

test('code showing ::: syntax inside tabs and nested admonitions keeps every line; each block closes on its own fence', () => {
  const r = render(
    '::::tabs{group="doc"}\n:::tab[Markdown]\n~~~md\n:::note\nText\n:::\n::::\n~~~\n:::\n::::\n\n::::warning\n:::tip\n```\n:::\n```\n:::\nStill the warning.\n::::\n\nOutside.\n',
  );
  assert.match(r.html, /<pre><code class="hljs language-md">:::note\nText\n:::\n::::\n<\/code><\/pre><\/div><\/div>/);
  assert.match(
    r.html,
    /<aside class="admonition admonition-warning" role="note"><p class="admonition-title">Warning<\/p><aside class="admonition admonition-tip" role="note"><p class="admonition-title">Tip<\/p><pre><code>:::\n<\/code><\/pre><\/aside><p>Still the warning\.<\/p><\/aside>\n<p>Outside\.<\/p>$/,
  );
  assert.deepEqual(r.messages, []);
});

test('a code fence in a list item or block quote inside an admonition holds a ::: line too', () => {
  assert.match(
    render(':::note\n- Step\n\n  ```\n  :::\n  ```\n:::\n\nOut\n').html,
    /<pre><code>:::\n<\/code><\/pre>\n<\/li>\n<\/ul><\/aside>\n<p>Out<\/p>$/,
  );
  assert.match(
    render(':::note\n> ```\n> :::\n> ```\n:::\n\nOut\n').html,
    /<blockquote>\n<pre><code>:::\n<\/code><\/pre>\n<\/blockquote><\/aside>\n<p>Out<\/p>$/,
  );
});

test('a code fence never closed inside an admonition ends with it, as CommonMark ends it with its container', () => {
  const r = render(':::tip\n```\nnpm ci\n:::\n\nAfter.\n');
  assert.match(r.html, /<pre><code>npm ci\n<\/code><\/pre><\/aside>\n<p>After\.<\/p>$/);
  assert.deepEqual(r.messages, []);
});
