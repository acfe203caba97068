// The pages outside the sections (the root page, the contact page) are standalone pages of the
// graph with a layout name; the theme's `layouts` render them, and a layout it does not have is
// reported at the page's file, naming the layouts it has.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDiagnostic } from '../../../generator/build/build.ts';
import { buildGraph } from '../../../generator/graph/graph.ts';
import { unknownLayouts } from '../../../generator/graph/standalone-pages.ts';
import { kindOf, parseSource } from '../../../generator/parse/parse.ts';
import { renderWith, type Theme, type ThemeContext } from '../../../generator/theming/theme-contract.ts';
import { config, doc, labelsOf, markdownFile, messages, source } from './factories.ts';

const graphOf = (...documents: ReturnType<typeof doc>[]) =>
  buildGraph({ config, documents, categories: new Map(), authors: {}, tags: {}, messages, includeDrafts: false }).graph;

test("the root page and the contact page are standalone pages whose layout is their name or their front matter's", () => {
  const graph = graphOf(
    doc({ path: 'index' }),
    doc({ path: 'contact' }),
    doc({ locale: 'en', path: 'index', fm: { layout: 'landing' } }),
    doc({ path: 'docs/intro' }),
  );
  const standalone = Object.values(graph.pages).filter((p) => p.kind === 'standalone');
  assert.deepEqual(
    standalone.map((p) => [p.route, p.kind === 'standalone' && p.layout]),
    [
      ['/', 'home'],
      ['/contact/', 'contact'],
      ['/en/', 'landing'],
    ],
  );
  assert.equal(graph.pages['/docs/intro/'].kind, 'doc');
  assert.ok(
    !Object.values(graph.pages).some((p) => (p.kind as string) === 'home' || (p.kind as string) === 'contact'),
    'no marketing page kind in the graph',
  );
});

test("a layout the theme does not have is an error at the page's file, listing the theme's layouts", () => {
  const graph = graphOf(
    doc({ path: 'index' }),
    doc({ path: 'contact' }),
    doc({ locale: 'en', path: 'index', fm: { layout: 'landing' } }),
  );
  const problems = unknownLayouts(graph, { layouts: { home: () => '', plain: () => '' } });
  assert.deepEqual(problems.map(formatDiagnostic), [
    'content/de/contact.md:1:1  this page\'s layout "contact" (from its file name) is not a layout of the theme (the theme\'s layouts are home, plain: name one in the front matter (layout: home))  [unknown-layout]',
    'content/en/index.md:1:1  layout "landing" is not a layout of the theme (the theme\'s layouts are home, plain: write one of them as layout: in the front matter)  [unknown-layout]',
  ]);
  assert.deepEqual(unknownLayouts(graph, { layouts: { home: () => '', contact: () => '', landing: () => '' } }), []);
});

test('a standalone page is rendered by its layout; `layout` is front matter of standalone pages only', () => {
  const graph = graphOf(doc({ path: 'contact' }));
  const theme = { layouts: { contact: (ctx: ThemeContext) => `contact page ${ctx.page.route}` } } as unknown as Theme;
  assert.equal(renderWith(theme, { page: graph.pages['/contact/'] } as ThemeContext), 'contact page /contact/');

  const page = source('de', 'index', markdownFile('Hello.', { layout: 'home' }));
  assert.equal(kindOf(config, page), 'page');
  assert.equal(parseSource(page, 'page', labelsOf('de')).doc?.frontMatter.layout, 'home');
  const docPage = source('de', 'docs/intro', markdownFile('Hello.', { layout: 'home' }));
  assert.equal(kindOf(config, docPage), 'doc');
  const { diagnostics } = parseSource(docPage, 'doc', labelsOf('de'));
  assert.deepEqual(
    diagnostics.map((d) => [d.rule, d.file]),
    [['front-matter', 'content/de/docs/intro.md']],
  );
});
