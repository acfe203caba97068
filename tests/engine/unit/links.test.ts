// Link resolution and checking: what a Markdown link resolves to, and what an editor is told
// when it does not.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../../generator/graph/graph.ts';
import type { ParsedDocument, SiteGraph, SourceLink } from '../../../generator/types.ts';
import {
  checkMarkdownLinks,
  type LinkContext,
  RenderedLinkCheck,
  type Resolution,
  resolveLink,
  routeMap,
  scanHtml,
} from '../../../generator/validate/links.ts';
import { config, doc, heading, messages } from './factories.ts';

const documents = [
  doc({ path: 'index', title: 'Home' }),
  doc({ path: 'docs/index', title: 'Overview' }),
  doc({
    path: 'docs/guides/install',
    headings: [heading(2, 'Requirements'), heading(3, 'Disk space')],
    ids: ['requirements', 'disk-space', 'user-content-fn-1'],
  }),
  doc({ path: 'docs/guides/upgrade' }),
  doc({ path: 'docs/reference/cli' }),
  doc({ path: 'docs/reference/renamed', fm: { slug: 'new-name' } }),
  doc({ locale: 'en', path: 'docs/index', title: 'Overview' }),
  doc({ locale: 'en', path: 'docs/guides/install', headings: [heading(2, 'Requirements')] }),
];
const { graph } = buildGraph({
  config,
  documents,
  categories: new Map(),
  authors: {},
  tags: {},
  messages,
  includeDrafts: false,
});

function context(): LinkContext {
  return {
    config,
    graph,
    files: new Set(['/img/logo.svg', '/files/report.pdf', '/sitemap.xml']),
    routeOfSource: routeMap(config, graph),
    redirectSources: new Map(graph.redirects.map((r) => [r.from, r.to])),
  };
}

const byPath = (locale: string, path: string): ParsedDocument => graph.documents[`content/${locale}/${path}.md`];
const link = (url: string, kind: SourceLink['kind'] = 'link'): SourceLink => ({ url, line: 7, column: 3, kind });

/** Resolves `url` written on the page of `path` (German unless said otherwise). */
function resolve(
  url: string,
  path = 'docs/guides/upgrade',
  locale = 'de',
  kind: SourceLink['kind'] = 'link',
): Resolution {
  const from = byPath(locale, path);
  const ctx = context();
  return resolveLink(ctx, from, link(url, kind), ctx.routeOfSource.get(from.source)!);
}

const href = (r: Resolution) => {
  assert.ok(r.ok, `expected a resolved link, got: ${r.ok ? '' : `${r.message} [${r.rule}]`}`);
  return r.href;
};

test('relative .md links resolve from the folder of the file to the target route', () => {
  assert.equal(href(resolve('install.md')), '/docs/guides/install/');
  assert.equal(href(resolve('./install.md')), '/docs/guides/install/');
  assert.equal(href(resolve('../reference/cli.md')), '/docs/reference/cli/');
  assert.equal(href(resolve('../index.md')), '/docs/');
  assert.equal(href(resolve('guides/install.md', 'docs/index')), '/docs/guides/install/');
  assert.equal(
    href(resolve('../reference/renamed.md')),
    '/docs/reference/new-name/',
    'a slug changes the route, not the file to link to',
  );
});

test('.md links starting with / are relative to the locale tree, and stay in the page locale', () => {
  assert.equal(href(resolve('/docs/guides/install.md')), '/docs/guides/install/');
  assert.equal(href(resolve('/docs/guides/install.md', 'docs/index', 'en')), '/en/docs/guides/install/');
  assert.equal(href(resolve('guides/install.md', 'docs/index', 'en')), '/en/docs/guides/install/');
});

test("a link to a page's Markdown twin (`<route>index.md`) is a download of that page in the page's locale", () => {
  // The twins the build serves: the German and English install page; the reference has none in English.
  const files = new Set([
    '/docs/guides/install/index.md',
    '/en/docs/guides/install/index.md',
    '/docs/reference/cli/index.md',
  ]);
  const resolveTwin = (url: string, path: string, locale: string) => {
    const from = byPath(locale, path);
    const ctx = { ...context(), files };
    return resolveLink(ctx, from, link(url), ctx.routeOfSource.get(from.source)!);
  };
  assert.equal(
    href(resolveTwin('/docs/guides/install/index.md', 'docs/guides/upgrade', 'de')),
    '/docs/guides/install/index.md',
  );
  assert.equal(
    href(resolveTwin('/docs/guides/install/index.md', 'docs/index', 'en')),
    '/en/docs/guides/install/index.md',
  );
  const missing = resolveTwin('/docs/reference/cli/index.md', 'docs/index', 'en');
  assert.deepEqual(missing.ok ? undefined : [missing.rule, missing.message], [
    'broken-link',
    'link target /docs/reference/cli/index.md does not exist (looked for content/en/docs/reference/cli/index.md)',
  ]);
  assert.equal(
    href(resolveTwin('/docs/index.md', 'docs/guides/upgrade', 'de')),
    '/docs/',
    'a source file named index.md is still the page, not a download',
  );
});

test('a .md link to a file that does not exist names the file it looked for', () => {
  const r = resolve('../reference/missing.md');
  assert.equal(r.ok, false);
  assert.deepEqual(r.ok ? undefined : [r.rule, r.message], [
    'broken-link',
    'link target ../reference/missing.md does not exist (looked for content/de/docs/reference/missing.md)',
  ]);
  assert.match(r.ok ? '' : r.hint!, /relative links start from the folder of this file/);
});

test('absolute routes resolve in the page locale; routes relative to the page route work too', () => {
  assert.equal(href(resolve('/docs/reference/cli/')), '/docs/reference/cli/');
  assert.equal(href(resolve('/docs/guides/install/', 'docs/index', 'en')), '/en/docs/guides/install/');
  const notInEnglish = resolve('/docs/reference/cli/', 'docs/index', 'en');
  assert.equal(
    notInEnglish.ok ? undefined : notInEnglish.message,
    'link target /docs/reference/cli/ does not exist (no page at /en/docs/reference/cli/)',
    'resolved in English, so it must exist there',
  );
  assert.equal(href(resolve('../install/')), '/docs/guides/install/', 'relative to /docs/guides/upgrade/');
  assert.equal(href(resolve('/')), '/');
  const noEnglishHome = resolve('/', 'docs/index', 'en');
  assert.equal(noEnglishHome.ok ? undefined : noEnglishHome.message, 'link target / does not exist (no page at /en/)');
});

test('links with another locale prefix go to that locale', () => {
  assert.equal(href(resolve('/en/docs/guides/install/')), '/en/docs/guides/install/');
  assert.equal(href(resolve('/en/docs/guides/install/#requirements')), '/en/docs/guides/install/#requirements');
  const missing = resolve('/en/docs/guides/upgrade/');
  assert.deepEqual(missing.ok ? undefined : [missing.rule, missing.message], [
    'broken-link',
    'link target /en/docs/guides/upgrade/ does not exist (no page at /en/docs/guides/upgrade/)',
  ]);
});

test('a route that does not exist is reported with a "did you mean" where one fits', () => {
  const r = resolve('/docs/cli/');
  assert.equal(r.ok, false);
  assert.deepEqual(r.ok ? undefined : [r.rule, r.message, r.hint], [
    'broken-link',
    'link target /docs/cli/ does not exist (no page at /docs/cli/)',
    'did you mean /docs/reference/cli/?',
  ]);
  const none = resolve('/docs/nothing-like-it/');
  assert.equal(none.ok ? 'ok' : none.hint, undefined);
});

test('"did you mean" measures the whole route and prefers the page of the link\'s own locale', () => {
  const hint = (r: Resolution) => (r.ok ? 'resolved' : r.hint);
  assert.equal(hint(resolve('/docs/guides/instal/')), 'did you mean /docs/guides/install/?', 'a slip of one letter');
  assert.equal(
    hint(resolve('/docs/guide/install/')),
    'did you mean /docs/guides/install/?',
    'a slip in a folder, not only the last segment',
  );
  assert.equal(
    hint(resolve('/docs/guides/instal/', 'docs/index', 'en')),
    'did you mean /en/docs/guides/install/?',
    'the English page is told of the English route',
  );
  assert.equal(
    hint(resolve('/docs/guides/upgrad/', 'docs/index', 'en')),
    'did you mean /docs/guides/upgrade/?',
    'no English page is close: the closest route of another locale',
  );
});

test('#fragments on other pages: an existing id resolves, a missing one lists the headings there', () => {
  const ok = resolve('install.md#requirements');
  assert.deepEqual(ok, {
    ok: true,
    href: '/docs/guides/install/#requirements',
    route: '/docs/guides/install/',
    fragment: 'requirements',
  });
  assert.equal(
    href(resolve('/docs/guides/install/#user-content-fn-1')),
    '/docs/guides/install/#user-content-fn-1',
    'any id counts, not only headings',
  );
  const missing = resolve('install.md#voraussetzungen');
  assert.deepEqual(missing.ok ? undefined : [missing.rule, missing.message, missing.hint], [
    'broken-fragment',
    'fragment #voraussetzungen does not exist on /docs/guides/install/',
    'headings there: #requirements, #disk-space',
  ]);
  const noHeadings = resolve('/docs/reference/cli/#x');
  assert.equal(noHeadings.ok ? '' : noHeadings.hint, 'that page has no headings');
});

test('a fragment on the same page resolves to the fragment alone', () => {
  assert.deepEqual(resolve('#requirements', 'docs/guides/install'), {
    ok: true,
    href: '#requirements',
    route: '/docs/guides/install/',
    fragment: 'requirements',
  });
});

test('a missing fragment on the same page is reported like one on another page', () => {
  const r = resolve('#voraussetzungen', 'docs/guides/install');
  assert.equal(r.ok, false, 'same-page fragments are not checked: [x](#typo) passes validation');
  assert.equal(r.ok ? undefined : r.rule, 'broken-fragment');
});

test('a fragment that is not valid percent-encoding is reported, not thrown', () => {
  // Markdown keeps %E0%A4 as written; decodeURIComponent throws a URIError on it.
  const r = resolve('install.md#%E0%A4%A');
  assert.equal(r.ok ? undefined : r.rule, 'broken-fragment');
});

test('a route without its trailing slash is reported with the fix', () => {
  for (const url of ['/docs/guides/install', '../install']) {
    const r = resolve(url);
    assert.equal(r.ok ? undefined : r.rule, 'trailing-slash', url);
  }
  const r = resolve('/docs/guides/install#requirements');
  assert.deepEqual(r.ok ? undefined : [r.message, r.hint], [
    'link /docs/guides/install#requirements lacks its trailing slash',
    'write /docs/guides/install/ : every route ends with a slash',
  ]);
});

test('a link to a redirect source is reported with the target to use', () => {
  const r = resolve('/old/');
  assert.deepEqual(r.ok ? undefined : [r.rule, r.hint], ['redirected-link', 'link to /docs/ directly']);
});

test('files: existing ones resolve with query and fragment, missing ones are reported', () => {
  assert.equal(href(resolve('/files/report.pdf#page=2')), '/files/report.pdf#page=2');
  assert.equal(href(resolve('/sitemap.xml')), '/sitemap.xml');
  const r = resolve('/files/missing.pdf');
  assert.deepEqual(r.ok ? undefined : [r.rule, r.message, r.hint], [
    'broken-link',
    'file /files/missing.pdf does not exist',
    'put it at public/files/missing.pdf',
  ]);
  assert.equal(
    href(resolve('/docs/guides/install/?tab=apt#requirements')),
    '/docs/guides/install/?tab=apt#requirements',
  );
});

test('images resolve against public/, relative ones from the folder of the file', () => {
  assert.equal(href(resolve('/img/logo.svg', undefined, undefined, 'image')), '/img/logo.svg');
  const r = resolve('img/shot.png', undefined, undefined, 'image');
  assert.deepEqual(r.ok ? undefined : [r.rule, r.message, r.hint], [
    'broken-image',
    'image img/shot.png does not exist',
    'put the file at public/docs/guides/img/shot.png',
  ]);
});

test('external links pass through unchecked', () => {
  assert.deepEqual(resolve('mailto:x@example.org'), { ok: true, href: 'mailto:x@example.org' });
});

test('checkMarkdownLinks returns the links by link index, leaves the graph as it was, and reports with the link position', () => {
  const withLinks = {
    ...byPath('de', 'docs/guides/upgrade'),
    links: [link('install.md#requirements'), link('/docs/nope/'), link('../reference/cli.md')],
  };
  const ctx = {
    ...context(),
    graph: {
      ...graph,
      documents: { ...graph.documents, [withLinks.source]: withLinks },
      links: {} as SiteGraph['links'],
    },
  };
  const { links, diagnostics } = checkMarkdownLinks(ctx);
  assert.deepEqual(links[withLinks.source], {
    0: '/docs/guides/install/#requirements',
    1: '/docs/nope/',
    2: '/docs/reference/cli/',
  });
  assert.deepEqual(ctx.graph.links, {});
  assert.deepEqual(
    diagnostics.map((d) => [d.file, d.line, d.column, d.rule, d.severity]),
    [['content/de/docs/guides/upgrade.md', 7, 3, 'broken-link', 'error']],
  );
});

test('scanHtml finds hrefs and srcs (entities decoded) and ids, and nothing that only looks like them', () => {
  const html =
    '<a href="/a/?x=1&amp;y=2">a</a><img src="/img/x.png"><link rel="alternate" hrefLang="en" href="/en/"><h2 id="top">T</h2><div data-id="no" aria-describedby="no"></div><a href="#top">t</a>';
  assert.deepEqual(scanHtml(html), { hrefs: ['/a/?x=1&y=2', '/img/x.png', '/en/', '#top'], ids: ['top'] });
});

test('RenderedLinkCheck reports theme links to missing pages, files and fragments once each; Markdown links are skipped', () => {
  const page = (hrefs: string[], ids: string[] = [], markdownHrefs: string[] = []) => ({
    hrefs,
    ids: new Set(ids),
    markdownHrefs: new Set(markdownHrefs),
  });
  const rendered = new Map([
    [
      '/docs/',
      page(
        [
          '/docs/guides/install/',
          '/docs/missing/',
          'https://example.org/',
          '#main',
          '#nav',
          '/img/logo.svg',
          '/img/nope.svg',
          '/docs/guides/install/#requirements',
          '/docs/guides/install/#nope',
          '/docs/broken-in-markdown/',
        ],
        ['nav'],
        ['/docs/broken-in-markdown/'],
      ),
    ],
    ['/docs/guides/install/', page(['/docs/missing/', '#absent'], ['requirements'])],
  ]);
  const check = new RenderedLinkCheck(context());
  for (const [route, links] of rendered) check.add(route, links);
  const diagnostics = check.finish();
  assert.deepEqual(
    diagnostics.map((d) => [d.file, d.message, d.rule]),
    [
      ['theme (rendered on /docs/)', 'link target /docs/missing/ does not exist', 'broken-theme-link'],
      ['theme (rendered on /docs/)', 'file /img/nope.svg does not exist', 'broken-theme-link'],
      ['theme (rendered on /docs/)', 'fragment #nope does not exist on /docs/guides/install/', 'broken-theme-link'],
      [
        'theme (rendered on /docs/guides/install/)',
        'fragment #absent does not exist on /docs/guides/install/',
        'broken-theme-link',
      ],
    ],
  );
});

test('relative links to files and images both start from the folder of the Markdown file', () => {
  const ctx = { ...context(), files: new Set(['/docs/guides/files/checklist.pdf', '/docs/guides/img/shot.png']) };
  const from = byPath('de', 'docs/guides/upgrade');
  const at = (url: string, kind: SourceLink['kind']) =>
    resolveLink(ctx, from, link(url, kind), ctx.routeOfSource.get(from.source)!);
  assert.equal(href(at('files/checklist.pdf', 'link')), '/docs/guides/files/checklist.pdf');
  assert.equal(href(at('./files/checklist.pdf?v=2', 'link')), '/docs/guides/files/checklist.pdf?v=2');
  assert.equal(href(at('img/shot.png', 'image')), '/docs/guides/img/shot.png');
  const missing = at('../files/old.pdf', 'link');
  assert.deepEqual(missing.ok ? undefined : [missing.rule, missing.hint], [
    'broken-link',
    'put it at public/docs/files/old.pdf',
  ]);
});

test('a route whose last segment has dots is a route, not a file', () => {
  const r = resolve('/posts/jellyfin-release-10.9.0');
  assert.deepEqual(r.ok ? undefined : [r.rule, r.hint], [
    'trailing-slash',
    'write /posts/jellyfin-release-10.9.0/ : every route ends with a slash',
  ]);
  const missing = resolve('/posts/jellyfin-release-10.9.0/');
  assert.equal(missing.ok ? undefined : missing.rule, 'broken-link');
});

test('a relative .md link starts from the real folder, number prefixes included', () => {
  const prefixed = [
    { ...doc({ path: 'docs/setup/intro' }), source: 'content/de/docs/02-setup/01-intro.md' },
    { ...doc({ path: 'docs/setup/dlna' }), source: 'content/de/docs/02-setup/3_dlna.md' },
  ];
  const g = buildGraph({
    config,
    documents: [...documents, ...prefixed],
    categories: new Map(),
    authors: {},
    tags: {},
    messages,
    includeDrafts: false,
  }).graph;
  const ctx = { ...context(), graph: g, routeOfSource: routeMap(config, g) };
  const from = g.documents['content/de/docs/02-setup/01-intro.md'];
  assert.equal(href(resolveLink(ctx, from, link('3_dlna.md'), '/docs/setup/intro/')), '/docs/setup/dlna/');
  assert.equal(
    href(resolveLink(ctx, from, link('../guides/install.md'), '/docs/setup/intro/')),
    '/docs/guides/install/',
  );
});

test('a Markdown link to a #fragment on a generated folder page is checked once that page is rendered', () => {
  const withLink = {
    ...byPath('de', 'docs/guides/upgrade'),
    links: [link('/docs/guides/#nope'), link('/docs/guides/#main')],
  };
  const g = {
    ...graph,
    documents: { ...graph.documents, [withLink.source]: withLink },
    links: { [withLink.source]: { 0: '/docs/guides/#nope', 1: '/docs/guides/#main' } },
  };
  assert.ok(
    g.pages['/docs/guides/'] && !('doc' in g.pages['/docs/guides/'] && g.pages['/docs/guides/'].doc),
    'the fixture has a generated folder page',
  );
  const check = new RenderedLinkCheck({ ...context(), graph: g });
  check.add('/docs/guides/', { hrefs: [], ids: new Set(['main']), markdownHrefs: new Set() });
  assert.deepEqual(
    check.finish().map((d) => [d.file, d.line, d.column, d.rule, d.message]),
    [[withLink.source, 7, 3, 'broken-fragment', 'fragment #nope does not exist on /docs/guides/']],
  );
});

test("the head is checked too: social image tags, and absolute links on the site's own origin", () => {
  const html =
    '<meta property="og:image" content="https://unit.example/img/social-card.png"/><meta name="twitter:image" content="https://unit.example/img/logo.svg"/><meta property="og:url" content="https://unit.example/docs/"/><meta name="description" content="/not/a/link/"/><link rel="canonical" href="https://unit.example/docs/gone/"/>';
  const { hrefs } = scanHtml(html);
  assert.deepEqual(hrefs, [
    'https://unit.example/docs/gone/',
    'https://unit.example/img/social-card.png',
    'https://unit.example/img/logo.svg',
    'https://unit.example/docs/',
  ]);
  const check = new RenderedLinkCheck(context());
  check.add('/docs/', { hrefs, ids: new Set(), markdownHrefs: new Set() });
  assert.deepEqual(
    check.finish().map((d) => d.message),
    ['link target /docs/gone/ does not exist', 'file /img/social-card.png does not exist'],
  );
});
