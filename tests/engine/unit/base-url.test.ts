// A site under a subpath (`baseUrl: '/docs/'`): every URL it hands out carries the base, every path
// it is asked for loses it, and a site at `/` is written exactly as before.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { absoluteUrl, requestUnderBase, routeOfServedPath, servedPath } from '../../../common/served-url.ts';
import { feedFiles } from '../../../generator/extras/feeds.ts';
import { nginxConfig } from '../../../generator/extras/nginx-config.ts';
import {
  netlifyRedirects,
  nginxRedirects,
  redirectPage,
  servedRedirects,
} from '../../../generator/extras/redirects.ts';
import { robotsTxt } from '../../../generator/extras/robots.ts';
import { sitemapXml } from '../../../generator/extras/sitemap.ts';
import { buildGraph } from '../../../generator/graph/graph.ts';
import { LINK_MARKER } from '../../../generator/markdown/markdown.ts';
import { alternatesOf, resolveMarkers } from '../../../generator/render/render.ts';
import { RenderedLinkCheck, routeMap } from '../../../generator/validate/links.ts';
import { parseBaseline } from '../../../generator/validate/route-manifest.ts';
import { doc, makeConfig, messages, config as rootConfig } from './factories.ts';

const config = makeConfig({ baseUrl: '/docs/' });

test('a route is served under the base; links that are no site path pass through unchanged', () => {
  assert.equal(servedPath(config, '/'), '/docs/');
  assert.equal(servedPath(config, '/en/blog/?page=2#top'), '/docs/en/blog/?page=2#top');
  assert.equal(servedPath(config, '/assets/app.123.js'), '/docs/assets/app.123.js');
  for (const other of [
    'https://example.org/x/',
    '//cdn.example/x.js',
    '#main',
    'mailto:a@b.example',
    'data:image/png;base64,AA',
    'relative/x/',
  ]) {
    assert.equal(servedPath(config, other), other);
  }
  assert.equal(servedPath(rootConfig, '/en/blog/'), '/en/blog/', 'a site at / is unchanged');
  assert.equal(absoluteUrl(config, '/en/'), 'https://unit.example/docs/en/');
  assert.equal(absoluteUrl(rootConfig, '/en/'), 'https://unit.example/en/');
});

test('a served path becomes its route again; one outside the base has none', () => {
  assert.equal(routeOfServedPath(config, '/docs/en/blog/'), '/en/blog/');
  assert.equal(routeOfServedPath(config, '/docs/'), '/');
  assert.equal(routeOfServedPath(config, '/docs'), '/');
  assert.equal(routeOfServedPath(config, '/docsx/'), undefined);
  assert.equal(routeOfServedPath(config, '/en/blog/'), undefined);
  assert.equal(routeOfServedPath(rootConfig, '/en/blog/'), '/en/blog/');
});

test('a server under a base sends / and the bare base to the base, and serves nothing else outside it', () => {
  assert.deepEqual(requestUnderBase(config, '/'), { redirect: '/docs/', permanent: false });
  assert.deepEqual(requestUnderBase(config, '/docs'), { redirect: '/docs/', permanent: true });
  assert.deepEqual(requestUnderBase(config, '/docs/en/'), { route: '/en/' });
  assert.deepEqual(requestUnderBase(config, '/en/'), { outside: true });
  assert.deepEqual(requestUnderBase(rootConfig, '/'), { route: '/' });
});

test("robots.txt names the site's part and its sitemap under the base; at / it is as it always was", () => {
  assert.equal(robotsTxt(config), 'User-agent: *\nAllow: /docs/\n\nSitemap: https://unit.example/docs/sitemap.xml\n');
  assert.equal(robotsTxt(rootConfig), 'User-agent: *\nAllow: /\n\nSitemap: https://unit.example/sitemap.xml\n');
});

const documents = [
  doc({ path: 'index', title: 'Home' }),
  doc({ locale: 'en', path: 'index', title: 'Home' }),
  doc({ path: 'docs/index', title: 'Overview' }),
  doc({ locale: 'en', path: 'docs/index', title: 'Overview' }),
  doc({ path: 'news/first', title: 'First', fm: { date: '2026-01-05' } }),
  doc({ locale: 'en', path: 'news/first', title: 'First', fm: { date: '2026-01-05' } }),
];
const graphOf = (c: typeof config) =>
  buildGraph({ config: c, documents, categories: new Map(), authors: {}, tags: {}, messages, includeDrafts: false })
    .graph;

test('the sitemap lists every page and its alternates at their URLs under the base', async () => {
  const graph = graphOf(config);
  const xml = await sitemapXml(config, graph, alternatesOf(graph));
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const alternates = [...xml.matchAll(/<xhtml:link [^>]*href="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(locs.includes('https://unit.example/docs/en/docs/'), locs.join(' '));
  assert.ok(locs.length > 4 && alternates.length > 4);
  for (const url of [...locs, ...alternates]) assert.ok(url.startsWith('https://unit.example/docs/'), url);
});

test("feeds link the posts, the feeds and the content's links at their absolute URLs under the base", () => {
  const graph = graphOf(config);
  const feed = graph.feeds.find((f) => f.locale === 'en')!;
  const post = graph.pages['/en/news/first/'];
  assert.ok(post && 'doc' in post && post.doc);
  const source = post.doc;
  const withLink = {
    ...graph,
    documents: {
      ...graph.documents,
      [source]: {
        ...graph.documents[source],
        html: `<p><a href="${LINK_MARKER}0">x</a><img src="/docs/img/a.png"></p>`,
      },
    },
    links: { ...graph.links, [source]: { 0: '/en/docs/' } },
  };
  const { rss, atom } = feedFiles(config, withLink, feed, '');
  assert.match(rss, /<link>https:\/\/unit\.example\/docs\/en\/news\/first\/<\/link>/);
  assert.match(atom, /<link rel="self" href="https:\/\/unit\.example\/docs\/en\/news\/atom\.xml"\/>/);
  assert.match(rss, /href="https:\/\/unit\.example\/docs\/en\/docs\/"/, 'a link in the content');
  assert.match(
    rss,
    /src="https:\/\/unit\.example\/docs\/img\/a\.png"/,
    'an image in the content (served path already)',
  );
  assert.doesNotMatch(rss + atom, /https:\/\/unit\.example\/(?!docs\/)/);
});

test('redirects under the base: the page, _redirects and nginx name served paths', () => {
  const redirect = { from: '/old/', to: '/en/docs/', origin: 'config/site.config.ts' };
  const page = redirectPage(config, redirect, 'de', 'Moved to');
  assert.match(page, /<link rel="canonical" href="https:\/\/unit\.example\/docs\/en\/docs\/">/);
  assert.match(page, /content="0; url=\/docs\/en\/docs\/"/);
  assert.match(page, /<a href="\/docs\/en\/docs\/">/);
  assert.equal(netlifyRedirects(servedRedirects(config, [redirect])), '/docs/old/ /docs/en/docs/ 301\n');
  assert.equal(
    nginxRedirects(servedRedirects(config, [redirect])),
    'location = "/docs/old/" { return 301 "/docs/en/docs/$is_args$args"; }\nlocation = "/docs/old" { return 301 "/docs/en/docs/$is_args$args"; }\n',
  );
  const nginx = nginxConfig({ scriptHashes: [], redirects: [redirect], localePrefixes: ['', '/en'], base: config });
  assert.match(nginx, /^location \/docs \{$/m);
  assert.match(nginx, /^ {2}location \/docs\/en\/ \{\n {4}error_page 403 404 =404 \/docs\/en\/404\.html;\n {2}\}$/m);
  assert.match(nginx, /^error_page 403 404 =404 \/docs\/404\.html;$/m);
  assert.match(nginx, /^ {2}location \/docs\/assets\/ \{$/m);
  assert.equal(
    nginxConfig({ scriptHashes: [], redirects: [redirect], localePrefixes: ['', '/en'], base: rootConfig }).includes(
      '/docs/',
    ),
    true,
    'the redirect target /en/docs/ only',
  );
  assert.doesNotMatch(
    nginxConfig({ scriptHashes: [], redirects: [], localePrefixes: ['', '/en'], base: rootConfig }),
    /\/docs\//,
  );
});

test("a baseline sitemap of a site under a base gives routes; its URLs outside the base are not the site's", () => {
  const sitemap =
    '<urlset><url><loc>https://unit.example/docs/en/docs/</loc></url><url><loc>https://unit.example/other-app/</loc></url></urlset>';
  assert.deepEqual(parseBaseline(sitemap, config), [{ route: '/en/docs/' }]);
});

test('links of the content go to served URLs; the graph keeps routes', () => {
  const html = `<a href="${LINK_MARKER}0">a</a> <a href="${LINK_MARKER}1">b</a> <a href="${LINK_MARKER}2">c</a>`;
  const links = { 0: '/en/docs/#x', 1: 'https://example.org/', 2: '#top' };
  assert.equal(
    resolveMarkers(html, links, config),
    '<a href="/docs/en/docs/#x">a</a> <a href="https://example.org/">b</a> <a href="#top">c</a>',
  );
  assert.equal(
    resolveMarkers(html, links, rootConfig),
    '<a href="/en/docs/#x">a</a> <a href="https://example.org/">b</a> <a href="#top">c</a>',
  );
});

test('the build refuses a rendered link that misses the base, and checks the others as routes', () => {
  const graph = graphOf(config);
  const check = new RenderedLinkCheck({
    config,
    graph,
    files: new Set(['/img/logo.svg']),
    routeOfSource: routeMap(config, graph),
    redirectSources: new Map(),
  });
  check.add('/en/', {
    hrefs: ['/docs/en/docs/', '/docs/img/logo.svg', 'https://unit.example/docs/en/', '/en/docs/', '/docs/en/missing/'],
    ids: new Set(),
    markdownHrefs: new Set(),
  });
  assert.deepEqual(
    check.finish().map((d) => d.message),
    ["link /en/docs/ is outside the site's baseUrl /docs/", 'link target /en/missing/ does not exist'],
  );
});

test('a path in url must be the baseUrl: the site would otherwise hand out URLs without it', async () => {
  const { validateConfig } = await import('../../../generator/config/config.ts');
  const { configInput } = await import('./factories.ts');
  const refused = validateConfig({ ...configInput, url: 'https://unit.example/handbook/', baseUrl: '/' });
  assert.deepEqual(
    refused.diagnostics.map((d) => [d.message, d.hint]),
    [
      [
        'url "https://unit.example/handbook/" has the path /handbook/, but baseUrl is "/"',
        'write the origin as url ("https://unit.example") and the path as baseUrl ("/handbook/")',
      ],
    ],
  );
  assert.ok(
    validateConfig({ ...configInput, url: 'https://unit.example/handbook', baseUrl: '/handbook/' }).config,
    'the same path in both is fine',
  );
});

test("images of the content, a <picture>'s sources too, are at their served URLs", async () => {
  const { rewriteImages } = await import('../../../generator/images/images.ts');
  const html =
    '<picture><source srcset="/img/dark.png 1x,/img/dark@2x.png 2x"><img src="/img/light.png" alt="" data-site-image="0"></picture>';
  const images = new Map([
    [
      '/img/light.png',
      { src: '/img/light.png', srcset: '/img/light-480.webp 480w, /img/light-960.webp 960w', width: 960, height: 480 },
    ],
  ]);
  const served = (file: string) => servedPath(config, file);
  const out = rewriteImages(
    html,
    [{ url: '/img/light.png', line: 1, column: 1, kind: 'image', alt: '' }],
    new Map([[0, '/img/light.png']]),
    images,
    false,
    served,
  );
  assert.match(out, /<source srcset="\/docs\/img\/dark\.png 1x,\/docs\/img\/dark@2x\.png 2x">/);
  assert.match(
    out,
    /src="\/docs\/img\/light\.png" srcset="\/docs\/img\/light-480\.webp 480w, \/docs\/img\/light-960\.webp 960w"/,
  );
  assert.equal(
    rewriteImages(
      html,
      [{ url: '/img/light.png', line: 1, column: 1, kind: 'image', alt: '' }],
      new Map([[0, '/img/light.png']]),
      images,
      false,
      (f) => f,
    ).includes('<source srcset="/img/dark.png 1x,/img/dark@2x.png 2x">'),
    true,
  );
});

test('_headers names the hashed assets at their served path', async () => {
  const { headersFile, parseHeadersFile } = await import('../../../common/security-headers.ts');
  assert.match(
    headersFile([], config),
    /^\/docs\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m,
  );
  assert.match(headersFile([], rootConfig), /^\/assets\/\*$/m);
  assert.ok(
    parseHeadersFile(headersFile([], config))['content-security-policy'],
    'the headers of every path are read as before',
  );
});
