// The fuzzing surfaces of tests/fuzz/ for Markdown and front matter, a short run from a fixed seed
// (`npm run fuzz` runs them longer): generated pages render without throwing, their HTML parses,
// every word is on the page or named by a diagnostic, and front matter of any shape is a page or a
// diagnostic in the editor's words. Below them, the cases the fuzzing found, kept as examples.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMarkdownProcessor, renderMarkdown } from '../../../generator/markdown/markdown.ts';
import { checkFrontMatter, fuzzFrontMatter } from '../../fuzz/front-matter.ts';
import { fuzzMarkdown } from '../../fuzz/markdown.ts';
import { messages } from './factories.ts';

const processor = createMarkdownProcessor({ titles: messages.en.admonition }, messages.en.docs);

const SEED = 51;

test('generated Markdown of every construct renders, parses as HTML and keeps or names every word', () => {
  assert.deepEqual(fuzzMarkdown({ runs: 100, seed: SEED }), { cases: 100 });
});

test('generated front matter is a page or an error, each diagnostic at a line of the file in an editor’s words', () => {
  assert.deepEqual(fuzzFrontMatter({ runs: 200, seed: SEED }), { cases: 200 });
});

test('found by fuzzing: a line of text right after an import or export line stays on the page', () => {
  for (const statement of ["import Tabs from '@theme/Tabs'", 'export const year = 2024']) {
    const r = renderMarkdown(processor, `${statement}\nRestore the backup first.\n`);
    assert.equal(r.html, '<p>Restore the backup first.</p>', statement);
    assert.deepEqual(
      r.messages.map((m) => [m.line, m.rule]),
      [[1, 'mdx']],
    );
  }
});

test('found by fuzzing: a YAML tag or a collection as a key prints no library warning past the diagnostics', () => {
  assert.equal(checkFrontMatter('---\ntitle: !!js/function "x"\ndescription: D\n---\n', 'doc'), undefined);
  assert.equal(checkFrontMatter('---\ntitle: T\ndescription: D\n? [a]\n: b\n---\n', 'doc'), undefined);
});

test('found by fuzzing: a footnote referred to only inside its own definition is said not to show', () => {
  const r = renderMarkdown(processor, '[^n1]: Checked on every restore.\n[^n1]\n');
  assert.equal(r.html, '');
  assert.deepEqual(
    r.messages.map((m) => [m.line, m.rule, m.severity]),
    [[1, 'unused-definition', 'warning']],
  );
});
