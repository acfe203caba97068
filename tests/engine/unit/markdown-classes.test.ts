// The class names of the theme contract (common/markdown-classes.ts) are the ones the Markdown
// stage writes, each for its construct, and the built-in theme's stylesheet styles every one: a
// theme written against the contract styles what the pages hold.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { admonitionKindClass, MARKDOWN_CLASSES } from '../../../common/markdown-classes.ts';
import { createMarkdownProcessor, renderMarkdown } from '../../../generator/markdown/markdown.ts';
import { REPO } from '../../helpers.ts';
import { messages } from './factories.ts';

const en = messages.en;

const body = [
  '## Install',
  '',
  ':::tip[Before you start]',
  'Back up the database.',
  ':::',
  '',
  '::::tabs',
  ':::tab[npm]',
  'Run it with npm.',
  ':::',
  ':::tab[pnpm]',
  'Run it with pnpm.',
  ':::',
  '::::',
  '',
  '```js title="app.js" {2} showLineNumbers',
  'const a = 1;',
  'const b = 2;',
  '```',
].join('\n');

const classesOf = (html: string) =>
  new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)).filter(Boolean));

test('every class name of the contract is written by the Markdown stage for its construct', () => {
  const processor = createMarkdownProcessor({ titles: en.admonition }, en.docs);
  const { html } = renderMarkdown(processor, body);
  const written = classesOf(html);
  const missing = [...Object.values(MARKDOWN_CLASSES), admonitionKindClass('tip')].filter((c) => !written.has(c));
  assert.deepEqual(missing, [], html);
  // A heading's link to itself, a highlighted line as <mark>, a title as a figure's caption.
  assert.match(html, /<h2 id="install">Install<a class="hash-link" aria-label="[^"]+" href="#install">#<\/a><\/h2>/);
  assert.match(html, /<mark class="code-line"><span class="code-line-number" aria-hidden="true">2<\/span>/);
  assert.match(html, /<figure class="code-block"><figcaption class="code-title">app\.js<\/figcaption>/);
});

test("the built-in theme's stylesheet styles every class name of the contract", () => {
  const dir = path.join(REPO, 'theme', 'styles');
  const css = readdirSync(dir)
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
  const unstyled = [...Object.values(MARKDOWN_CLASSES), admonitionKindClass('tip')].filter(
    (c) => !new RegExp(`\\.${c}(?![\\w-])`).test(css),
  );
  assert.deepEqual(unstyled, []);
});
