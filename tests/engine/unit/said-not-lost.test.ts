// What an editor wrote that the page would lose or get wrong without a word: each is kept, or is a
// diagnostic of the catalogue at its line, in the words of the page it is about.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitFrontMatter } from '../../../generator/content/frontmatter.ts';
import { createMarkdownProcessor, renderMarkdown } from '../../../generator/markdown/markdown.ts';
import { messages } from './factories.ts';

const en = messages.en;
const processor = createMarkdownProcessor({ titles: en.admonition }, en.docs);
const render = (body: string) => renderMarkdown(processor, body);
/** What is reported: line, column, rule, severity and message. */
const reported = (body: string) => render(body).messages.map((m) => [m.line, m.column, m.rule, m.severity, m.message]);

test('a code block that gives showLineNumbers twice is an error at its fence, as a second title is', () => {
  assert.deepEqual(reported('Text.\n\n```js showLineNumbers=2 showLineNumbers=5\nrun();\n```\n'), [
    [3, 1, 'code-meta', 'error', 'code block meta gives showLineNumbers 2 times ("2", "5"): only "5" is shown'],
  ]);
  assert.equal(
    render('```js showLineNumbers=2 showLineNumbers=5\nrun();\n```\n').messages[0].hint,
    'keep one showLineNumbers=N, N the number of the first line',
  );
  assert.deepEqual(reported('```js showLineNumbers=3\nrun();\n```\n'), []);
});

test('two tabs of one label are an error at the second: a reader could choose neither alone', () => {
  const r = render('::::tabs{group="pkg"}\n:::tab[npm]\nnpm ci\n:::\n:::tab[npm]\nnpm install\n:::\n::::\n');
  assert.deepEqual(
    r.messages.map((m) => [m.line, m.column, m.rule, m.severity]),
    [[5, 1, 'tabs', 'error']],
  );
  assert.equal(
    r.messages[0].message,
    'a second :::tab of this block is "npm": a reader choosing "npm" gets both tabs and cannot reach either on its own',
  );
  assert.deepEqual(
    reported('::::tabs\n:::tab[npm]\nnpm ci\n:::\n:::tab[npm]{value="npm-install"}\nnpm install\n:::\n::::\n'),
    [],
    'a value of its own sets them apart',
  );
});

test('<a name> given twice, or naming the id of a heading, is a duplicate-id at the second', () => {
  assert.deepEqual(reported('<a name="setup"></a>\n\nText.\n\n<a name="setup"></a>\n'), [
    [
      5,
      1,
      'duplicate-id',
      'error',
      '<a name="setup"> names a place a second time on this page (first <a name="setup">): a link to #setup can only lead to the first',
    ],
  ]);
  assert.deepEqual(
    render('## Setup {#setup}\n\n<a name="setup"></a>\n').messages.map((m) => [m.line, m.rule, m.message]),
    [
      [
        3,
        'duplicate-id',
        '<a name="setup"> names a place a second time on this page (first the heading "Setup"): a link to #setup can only lead to the first',
      ],
    ],
  );
  assert.deepEqual(
    reported('<a name="a" id="a"></a>\n\n<a name="b"></a>\n'),
    [],
    'a name and an id alike of one element',
  );
});

test('an image without alt text is a warning that says how to mark one that only decorates', () => {
  const r = render('Text.\n\n![](/img/rack.png)\n\n<img src="/img/logo.svg">\n\n<img src="/img/line.svg" alt="">\n');
  assert.deepEqual(
    r.messages.map((m) => [m.line, m.column, m.rule, m.severity]),
    [
      [3, 1, 'image-alt', 'warning'],
      [5, 1, 'image-alt', 'warning'],
    ],
  );
  assert.equal(
    r.messages[0].message,
    'the image /img/rack.png has no alt text: a screen reader says nothing of it, or reads out its file name',
  );
  assert.match(r.messages[0].hint!, /only decorates is written <img src="\/img\/rack\.png" alt=""> to mark it so/);
  assert.deepEqual(reported('![Three servers in a rack](/img/rack.png)\n'), []);
});

test('a link with empty parentheses is a broken-link at its place, not a link back to the page', () => {
  assert.deepEqual(reported('See [the guide]() and [this](<>).\n'), [
    [1, 5, 'broken-link', 'error', 'the link "the guide" has no target: the parentheses after it are empty'],
    [1, 23, 'broken-link', 'error', 'the link "this" has no target: the parentheses after it are empty'],
  ]);
});

test('<!-- truncate --> inside a list item is said to do nothing, and the excerpt is no cut-off list', () => {
  const r = render('Intro.\n\n- Step one\n\n  <!-- truncate -->\n\n  More of step one.\n');
  assert.deepEqual(
    r.messages.map((m) => [m.line, m.column, m.rule, m.severity, m.message]),
    [
      [
        5,
        3,
        'truncate',
        'warning',
        '<!-- truncate --> inside a list item: the excerpt can only end between the blocks of the page, so this one does nothing and is left out',
      ],
    ],
  );
  assert.equal(r.excerptHtml, '<p>Intro.</p>');
  assert.match(r.html, /<p>Step one<\/p>\n<p>More of step one\.<\/p>/);
});

test('// highlight-start without its end is a warning at the comment line', () => {
  assert.deepEqual(reported('Text.\n\n```js\nsetup();\n// highlight-start\nrun();\nstop();\n```\n'), [
    [
      5,
      1,
      'code-meta',
      'warning',
      '// highlight-start is never ended: every line after it to the end of the block is highlighted',
    ],
  ]);
  assert.deepEqual(reported('```js\n// highlight-start\nrun();\n// highlight-end\nstop();\n```\n'), []);
});

test('[^my note]: a footnote label with a space is an error at each place, shown as typed, never a link to a word', () => {
  for (const definition of ['The note, in a sentence.', 'Wikipedia']) {
    const r = render(`Text[^my note] here.\n\n[^my note]: ${definition}\n`);
    assert.deepEqual(
      r.messages.map((m) => [m.line, m.column, m.rule, m.severity]),
      [
        [1, 5, 'footnote-label', 'error'],
        [3, 1, 'footnote-label', 'error'],
      ],
      definition,
    );
    assert.equal(
      r.messages[0].message,
      '[^my note] is no footnote: a footnote label cannot hold a space, so Markdown reads it as text or as a link',
    );
    assert.equal(
      r.messages[0].hint,
      'write the label without spaces where it is referred to and where it is defined: [^my-note]',
    );
    assert.equal(r.html, `<p>Text[^my note] here.</p>\n<p>[^my note]: ${definition}</p>`);
    assert.deepEqual(r.links, [], 'no link to check, so no trailing-slash hint');
  }
});

test('a definition inside a ::: block that text outside it names is said to be out of its reach', () => {
  const r = render('See [docs].\n\n:::tip\n[docs]: /en/docs/\n:::\n');
  assert.deepEqual(
    r.messages.map((m) => [m.line, m.column, m.rule, m.severity, m.message]),
    [
      [
        4,
        1,
        'unused-definition',
        'warning',
        '[docs]: /en/docs/ is defined inside the :::tip block, where [docs] outside the block does not find it: there it shows as text, not as a link',
      ],
    ],
  );
  assert.match(r.messages[0].hint!, /move the definition out of the block/);
});

test('front matter ended by "..." is an error at that line in the words of the site, not of the YAML library', () => {
  const r = splitFrontMatter('---\ntitle: A\ndescription: B\n...\n\nBody.\n', 'content/en/a.md', 'doc');
  assert.deepEqual(
    r.diagnostics.map((d) => [d.line, d.column, d.rule, d.severity, d.message, d.hint]),
    [
      [
        4,
        1,
        'front-matter',
        'error',
        'the front matter ends with a line "...": only a line "---" ends it, so what follows is read as front matter',
        'write --- in place of ...',
      ],
    ],
  );
});

test('a description longer than search results show is a warning at its value, naming the length', () => {
  const description = `${'Managed PostgreSQL with tested restores, '.repeat(5)}and more.`;
  const r = splitFrontMatter(`---\ntitle: A\ndescription: ${description}\n---\n`, 'content/en/a.md', 'doc');
  assert.ok(r.data, 'the page is still built');
  assert.deepEqual(
    r.diagnostics.map((d) => [d.line, d.column, d.rule, d.severity, d.message]),
    [
      [
        3,
        14,
        'front-matter',
        'warning',
        `"description" has ${description.length} characters: search results and link previews cut it after about 160`,
      ],
    ],
  );
  const fits = splitFrontMatter(`---\ntitle: A\ndescription: ${'x'.repeat(160)}\n---\n`, 'content/en/a.md', 'doc');
  assert.deepEqual(fits.diagnostics, []);
});
