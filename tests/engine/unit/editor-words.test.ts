// A problem is told where the editor made it and in an editor's words: the `slug:` line that made a
// route another page has, the value (not the key) of a front matter field, the catalogue's
// sentences rather than the schema library's, two pages of one locale with one title, a
// placeholder `site new` wrote that was only partly rewritten, and every summary counted right.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkVerdict, resultSummary, translationSummary } from '../../../bin/summaries.ts';
import { count } from '../../../common/count.ts';
import { splitFrontMatter } from '../../../generator/content/frontmatter.ts';
import { formatDiagnostic } from '../../../generator/diagnostics/diagnostic-formats.ts';
import { buildGraph } from '../../../generator/graph/graph.ts';
import { parseSource } from '../../../generator/parse/parse.ts';
import type { Diagnostic } from '../../../generator/types.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { config, labelsOf, messages, source } from './factories.ts';

const parsed = (locale: string, path: string, raw: string, kind: 'doc' | 'post' = 'doc') => {
  const result = parseSource(source(locale, path, raw), kind, labelsOf(locale));
  assert.ok(result.doc, `${path} parses: ${result.diagnostics.map(formatDiagnostic).join('; ')}`);
  return result.doc;
};

const graphOf = (documents: ReturnType<typeof parsed>[]) =>
  buildGraph({ config, documents, categories: new Map(), authors: {}, tags: {}, messages, includeDrafts: false });

test('a slug that makes the route of another page is blamed at its slug line, and the other page stays', () => {
  const documents = [
    parsed('en', 'docs/nushell', '---\ntitle: Nushell\ndescription: A shell.\nslug: containers\n---\n\nText.\n'),
    parsed('en', 'docs/containers', '---\ntitle: Containers\ndescription: Boxes.\n---\n\nText.\n'),
  ];
  // In either order: the file the editor touched is the one at fault.
  for (const order of [documents, [...documents].reverse()]) {
    const { graph, diagnostics } = graphOf(order);
    assert.deepEqual(
      diagnostics.map((d) => [d.file, d.line, d.column, d.rule]),
      [['content/en/docs/nushell.md', 4, 7, 'duplicate-route']],
    );
    assert.match(
      diagnostics[0].message,
      /slug "containers" makes the route \/en\/docs\/containers\/, which content\/en\/docs\/containers\.md has already/,
    );
    assert.equal((graph.pages['/en/docs/containers/'] as { doc?: string }).doc, 'content/en/docs/containers.md');
  }
});

const frontMatterProblems = (raw: string, kind: 'doc' | 'post' = 'doc') =>
  splitFrontMatter(raw, 'f.md', kind).diagnostics.map((d) => [d.line, d.column, d.message]);

test('schema problems in the catalogue’s words, at the value', () => {
  assert.deepEqual(frontMatterProblems('---\ntitle:\ndescription: x\n---\n'), [
    [2, 7, '"title" is empty: it needs text'],
  ]);
  assert.deepEqual(frontMatterProblems('---\ntitle: ""\ndescription: x\n---\n'), [
    [2, 8, '"title" is empty: it needs text'],
  ]);
  assert.deepEqual(frontMatterProblems('---\ntitle: 2026\ndescription: x\nsidebar_position: two\n---\n'), [
    [2, 8, '"title" must be text, not the number 2026'],
    [4, 19, '"sidebar_position" must be a number, not the text "two"'],
  ]);
  assert.deepEqual(frontMatterProblems(`---\ntitle: T\ndescription: ${'x'.repeat(301)}\n---\n`), [
    [3, 14, '"description" has 301 characters, more than the 300 it may have'],
  ]);
  assert.deepEqual(
    frontMatterProblems('---\ntitle: T\ndescription: x\ndate: 2026-13-03\nauthors: [a]\n---\n', 'post'),
    [[4, 7, '"date": month 13 does not exist: a date is written YYYY-MM-DD, the month from 01 to 12']],
  );
  const quoted = splitFrontMatter('---\ntitle: 2026\ndescription: x\n---\n', 'f.md', 'doc').diagnostics[0];
  assert.match(quoted.hint ?? '', /put the value in quotes/);
});

test('no message of a schema problem is the schema library’s', () => {
  const raw = '---\ntitle:\ndescription: ""\nsidebar_position: two\ndraft: yes\nkeywords: k\n---\n';
  for (const d of splitFrontMatter(raw, 'f.md', 'doc').diagnostics)
    assert.doesNotMatch(d.message, /Invalid input|Too small|Too big|expected \w+, received/, formatDiagnostic(d));
});

test('two pages of one locale with one title: a warning at the later one’s title line', () => {
  const documents = [
    parsed('en', 'docs/kubernetes', '---\ntitle: Kubernetes\ndescription: The service.\n---\n\nText.\n'),
    parsed(
      'en',
      'news/kubernetes',
      '---\ntitle: Kubernetes\ndescription: A post.\ndate: 2026-01-02\nauthors: [anna]\n---\n\nText.\n',
      'post',
    ),
    parsed('de', 'docs/kubernetes', '---\ntitle: Kubernetes\ndescription: Der Dienst.\n---\n\nText.\n'),
  ];
  const { graph } = graphOf(documents);
  const { diagnostics } = validate({ config, graph, sources: new Map(), files: new Set() });
  const titles = diagnostics.filter((d: Diagnostic) => d.rule === 'duplicate-title');
  assert.deepEqual(
    titles.map((d) => [d.file, d.line, d.column, d.severity]),
    [['content/en/news/kubernetes.md', 2, 8, 'warning']],
  );
  assert.match(titles[0].message, /"Kubernetes" is also the title of content\/en\/docs\/kubernetes\.md/);
});

test('a placeholder site new wrote, partly rewritten, is still a placeholder', () => {
  for (const [body, left] of [
    ['Write the introduction here: upgrades run every Tuesday.', 'Write the introduction here'],
    ['Upgrades run weekly: what the page is about and whom it is for.', 'what the page is about and whom it is for'],
    ['Schreiben Sie hier die Einleitung: Upgrades laufen dienstags.', 'Schreiben Sie hier die Einleitung'],
  ]) {
    const result = parseSource(
      source('en', 'docs/upgrade', `---\ntitle: Upgrade\ndescription: Upgrades.\n---\n\n${body}\n`),
      'doc',
      labelsOf('en'),
    );
    const placeholders = result.diagnostics.filter((d) => d.rule === 'placeholder');
    assert.equal(placeholders.length, 1, `${body}: ${result.diagnostics.map(formatDiagnostic).join('; ')}`);
    assert.equal(placeholders[0].line, 6);
    assert.match(placeholders[0].message, new RegExp(`^"${left}" is left of the placeholder`));
  }
  const own = parseSource(
    source(
      'en',
      'docs/upgrade',
      '---\ntitle: Upgrade\ndescription: Upgrades.\n---\n\nThe title of the page shows in the tab.\n',
    ),
    'doc',
    labelsOf('en'),
  );
  assert.deepEqual(own.diagnostics, [], 'words of its own that a placeholder also has are no placeholder');
});

test('every summary counts one as one', () => {
  assert.equal(count(1, 'warning'), '1 warning');
  assert.equal(count(2, 'entry', 'entries'), '2 entries');
  const warning = { file: 'a.md', rule: 'table-cells', severity: 'warning', message: 'm' } as const;
  const error = { ...warning, rule: 'broken-link', severity: 'error' } as const;
  const stats = { pages: 1, parsed: 0, rendered: 0, resized: 0, timings: {} };
  assert.equal(resultSummary({ diagnostics: [warning], stats }, '0.50'), '1 page in 0.50 s (1 warning).');
  assert.equal(
    resultSummary({ diagnostics: [error, warning], stats }, '0.50'),
    '\n1 error, 1 warning. Nothing was written.',
  );
  assert.equal(resultSummary({ diagnostics: [error, error], stats }, '0.50'), '\n2 errors. Nothing was written.');
  assert.equal(checkVerdict({ diagnostics: [] }), 'No problems found.');
  assert.equal(checkVerdict({ diagnostics: [warning] }), 'No errors; 1 warning above.');
  const outdated = { state: 'outdated' } as const;
  assert.equal(
    translationSummary([{ states: { de: { state: 'source' }, en: outdated } }], ['de', 'en']),
    '1 page in 2 locales: 1 translation outdated, 0 missing.',
  );
});
