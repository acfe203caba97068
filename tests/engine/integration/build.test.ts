// Builds the small fixture site and checks what a visitor, a crawler and a feed reader get.

import assert from 'node:assert/strict';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { type BuildResult, runBuild } from '../../../generator/build/build.ts';
import { exists, fixtureCopy, read } from '../../helpers.ts';

let root: string;
let dispose: () => Promise<void>;
let result: BuildResult;
const out = () => path.join(root, 'build');
const page = (route: string) => read(out(), `${route.slice(1)}index.html`);

before(async () => {
  ({ root, dispose } = await fixtureCopy('basic'));
  result = await runBuild({ root, mode: 'build' });
});
after(() => dispose());

test('the build succeeds without diagnostics', () => {
  assert.deepEqual(result.diagnostics, []);
  assert.equal(result.ok, true);
});

test('every route is written as <route>/index.html in both locales', () => {
  for (const route of [
    '/',
    '/docs/',
    '/docs/guides/',
    '/docs/guides/install/',
    '/docs/reference/',
    '/docs/reference/cli/',
    '/news/',
    '/news/first/',
    '/news/archive/',
    '/news/tags/',
    '/news/tags/ops/',
    '/news/authors/',
    '/news/authors/anna/',
    '/contact/',
  ]) {
    assert.ok(exists(out(), `${route.slice(1)}index.html`), `missing ${route}`);
    assert.ok(exists(out(), `en${route}index.html`), `missing /en${route}`);
  }
  assert.ok(exists(out(), '404.html'));
  assert.ok(exists(out(), 'en/404.html'));
});

test('head tags: title with delimiter, description, canonical, hreflang, Open Graph, Twitter, lang', async () => {
  const html = await page('/en/docs/guides/install/');
  assert.match(html, /^<!DOCTYPE html><html lang="en"/);
  assert.match(html, /<title>Install en \| Fixture<\/title>/);
  assert.match(html, /<meta name="description" content="How to install \(en\)."\/>/);
  assert.match(html, /<link rel="canonical" href="https:\/\/fixture.example\/en\/docs\/guides\/install\/"\/>/);
  assert.match(
    html,
    /<link rel="alternate" hrefLang="de" href="https:\/\/fixture.example\/docs\/guides\/install\/"\/>/,
  );
  assert.match(
    html,
    /<link rel="alternate" hrefLang="en" href="https:\/\/fixture.example\/en\/docs\/guides\/install\/"\/>/,
  );
  assert.match(
    html,
    /<link rel="alternate" hrefLang="x-default" href="https:\/\/fixture.example\/docs\/guides\/install\/"\/>/,
  );
  assert.match(html, /<meta property="og:title" content="Install en"\/>/);
  assert.match(html, /<meta name="twitter:card" content="summary_large_image"\/>/);
  // The page's own card, drawn by the build (generator/images/social-images.ts).
  assert.match(
    html,
    /<meta property="og:image" content="https:\/\/fixture.example\/en\/docs\/guides\/install\/social.jpg"\/>/,
  );
  assert.match(html, /<link rel="alternate" type="application\/rss\+xml" href="\/en\/news\/rss.xml"/);
});

test('JSON-LD: Organization and WebSite on home, BreadcrumbList on docs, BlogPosting on posts', async () => {
  const ld = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
  const home = ld(await page('/'));
  assert.deepEqual(
    home['@graph'].map((n: { '@type': string }) => n['@type']),
    ['Organization', 'WebSite'],
  );
  // The organisation is the one config/site.config.ts names, with its address.
  assert.equal(home['@graph'][0].name, 'Fixture Works Ltd');
  assert.deepEqual(home['@graph'][0].address, {
    '@type': 'PostalAddress',
    addressLocality: 'Fixtureville',
    addressCountry: 'XX',
  });
  const doc = ld(await page('/docs/guides/install/'));
  assert.equal(doc['@type'], 'BreadcrumbList');
  assert.deepEqual(
    doc.itemListElement.map((i: { name: string }) => i.name),
    ['Docs de', 'Guides de', 'Install de'],
  );
  const post = ld(await page('/en/news/second/'));
  assert.equal(post['@type'], 'BlogPosting');
  assert.equal(post.datePublished, '2025-06-01');
  assert.equal(post.author[0].name, 'Anna Berger');
});

test('docs page: admonition, highlighting, TOC of levels 2 to 3, breadcrumbs, previous/next, resolved links', async () => {
  const html = await page('/docs/guides/install/');
  assert.match(
    html,
    /<aside class="admonition admonition-tip" role="note"><p class="admonition-title">Good to know<\/p>/,
  );
  assert.match(html, /<code class="hljs language-yaml"><span class="hljs-attr">key:<\/span>/);
  const toc = /<nav class="toc"[\s\S]*?<\/nav>/.exec(html)![0];
  assert.match(toc, /href="#requirements"/);
  assert.match(toc, /href="#disk-space"/);
  assert.doesNotMatch(toc, /deep-detail/);
  assert.match(
    html,
    /<nav class="breadcrumbs"[\s\S]*?<a href="\/docs\/">Docs de<\/a>[\s\S]*?<a href="\/docs\/guides\/">Guides de<\/a>/,
  );
  assert.match(html, /<a class="paginator-link paginator-previous" href="\/docs\/guides\/" rel="prev">/);
  assert.match(html, /<a class="paginator-link paginator-next" href="\/docs\/guides\/upgrade\/" rel="next">/);
  assert.match(html, /<a href="\/docs\/guides\/upgrade\/">upgrade<\/a>/);
  const index = await page('/docs/');
  assert.match(
    index,
    /<a href="\/docs\/guides\/install\/#requirements">install guide<\/a>/,
    'relative .md link with fragment is resolved to its route',
  );
});

test('sidebar: categories by position, unlisted and draft pages left out, generated category page', async () => {
  const html = await page('/en/docs/reference/cli/');
  const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)![0];
  const labels = [...sidebar.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(labels, [
    '/en/docs/',
    '/en/docs/guides/',
    '/en/docs/guides/install/',
    '/en/docs/guides/upgrade/',
    '/en/docs/reference/',
    '/en/docs/reference/cli/',
  ]);
  const category = await page('/en/docs/reference/');
  assert.match(category, /<h1>Reference en<\/h1>/);
  assert.match(category, /<a href="\/en\/docs\/reference\/cli\/">CLI en<\/a>/);
  assert.ok(!exists(out(), 'docs/reference/draft/index.html'), 'drafts are not built');
  const hidden = await page('/docs/reference/hidden/');
  assert.match(hidden, /<meta name="robots" content="noindex, nofollow"\/>/);
});

test('blog: newest first, pagination, excerpt up to truncate, reading time, tags and authors', async () => {
  const list = await page('/en/news/');
  const titles = [...list.matchAll(/<h2><a href="([^"]+)">/g)].map((m) => m[1]);
  assert.deepEqual(titles, ['/en/news/third/', '/en/news/second/']);
  assert.match(list, /href="\/en\/news\/page\/2\/">Older posts »<\/a>/);
  const second = await page('/en/news/page/2/');
  assert.match(second, /Excerpt of the first post/);
  assert.doesNotMatch(second, /Rest of the first post/);
  const post = await page('/en/news/first/');
  assert.match(post, /Rest of the first post/);
  assert.match(post, /1 min read/);
  assert.match(post, /<a class="tag" href="\/en\/news\/tags\/ops\/">Operations<\/a>/);
  const tag = await page('/en/news/tags/linux/');
  assert.match(tag, /2 posts tagged &quot;Linux&quot;/);
  const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(post)![0];
  assert.match(sidebar, /<summary>2026<\/summary>[\s\S]*<summary>2025<\/summary>/);
});

test('sitemap: indexable routes of both locales with alternates, weekly, 0.5; no unlisted page', async () => {
  const xml = await read(out(), 'sitemap.xml');
  assert.match(xml, /<loc>https:\/\/fixture.example\/en\/docs\/guides\/install\/<\/loc>/);
  assert.match(
    xml,
    /<xhtml:link rel="alternate" hreflang="x-default" href="https:\/\/fixture.example\/docs\/guides\/install\/"\/>/,
  );
  assert.match(xml, /<changefreq>weekly<\/changefreq><priority>0.5<\/priority>/);
  assert.doesNotMatch(xml, /hidden/);
  assert.doesNotMatch(xml, /draft/);
});

test('feeds: RSS and Atom per section and locale, newest first, absolute links', async () => {
  const rss = await read(out(), 'en/news/rss.xml');
  const items = [...rss.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1]);
  assert.deepEqual(items, [
    'https://fixture.example/en/news/third/',
    'https://fixture.example/en/news/second/',
    'https://fixture.example/en/news/first/',
  ]);
  assert.match(rss, /href="https:\/\/fixture.example\/en\/docs\/guides\/install\/#requirements"/);
  const atom = await read(out(), 'news/atom.xml');
  assert.match(atom, /<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
  assert.match(atom, /<title type="html"><!\[CDATA\[Third post de\]\]><\/title>/);
});

test('redirects: static pages, _redirects and an nginx include, in both locales', async () => {
  const html = await page('/en/old/');
  assert.match(html, /<meta http-equiv="refresh" content="0; url=\/en\/docs\/">/);
  assert.match(html, /<link rel="canonical" href="https:\/\/fixture.example\/en\/docs\/">/);
  assert.match(html, /<meta name="robots" content="noindex">/);
  // The site's own host rules (public/_redirects) first, then the config's.
  assert.equal(
    await read(out(), '_redirects'),
    '/handbuch/*  /docs/:splat  301\n/releases/:version/notes  /docs/guides/:version/  301\n/old/ /docs/ 301\n/en/old/ /en/docs/ 301\n',
  );
  // Its rules with a splat or placeholders are regular expressions in the nginx include.
  assert.match(
    await read(out(), 'nginx.conf'),
    /location ~ "\^\/handbuch\(\?:\/\(\.\*\)\)\?\$" \{ return 301 "\/docs\/\$1\$is_args\$args"; \}\n {2}location ~ "\^\/releases\/\(\[\^\/\]\+\)\/notes\/\?\$" \{ return 301 "\/docs\/guides\/\$1\/\$is_args\$args"; \}/,
  );
  // With and without the trailing slash, the query kept, as site start answers (tests/engine/integration/nginx.test.ts).
  assert.equal(
    await read(out(), 'nginx-redirects.conf'),
    'location = "/old/" { return 301 "/docs/$is_args$args"; }\nlocation = "/old" { return 301 "/docs/$is_args$args"; }\nlocation = "/en/old/" { return 301 "/en/docs/$is_args$args"; }\nlocation = "/en/old" { return 301 "/en/docs/$is_args$args"; }\n',
  );
});

test('assets have content-hashed names and public/ is copied', async () => {
  const assets = await readdir(path.join(out(), 'assets'));
  assert.ok(
    assets.some((f) => /^app\.[A-Z0-9]{8}\.js$/.test(f)),
    assets.join(),
  );
  assert.ok(
    assets.some((f) => /^site\.[A-Z0-9]{8}\.css$/.test(f)),
    assets.join(),
  );
  assert.ok(exists(out(), 'img/diagram.svg'));
  assert.equal(
    await read(out(), 'robots.txt'),
    'User-agent: *\nAllow: /\n\nSitemap: https://fixture.example/sitemap.xml\n',
  );
});

test('a failed build leaves the previous output untouched', async () => {
  const before = await page('/docs/');
  await writeFile(
    path.join(root, 'content/de/docs/guides/upgrade.md'),
    '---\ntitle: Upgrade\ndescription: x\n---\n\n[broken](/nowhere/)\n',
  );
  const failed = await runBuild({ root, mode: 'build' });
  assert.equal(failed.ok, false);
  assert.equal(await page('/docs/'), before);
  assert.deepEqual(
    (await readdir(root)).filter((f) => f.startsWith('build.')),
    ['build.generations'],
  );
  assert.deepEqual(
    (await readdir(path.join(root, 'build.generations'))).filter((f) => !/^g-\d+-\d+$/.test(f)),
    [],
    'no half-written generation or lock is left behind',
  );
});

test('the engine speaks only of the site it builds: no output file names the company whose site the repository also holds', async () => {
  // Words of the Almwerk site (config/, i18n/, content/ at the repository root) that no file the
  // fixture's build writes may contain: its name, its town, its street, phone and e-mail.
  const foreign = ['Almwerk', 'Graz', 'Beispielgasse 12', '+43 316 555 0100', 'hello@almwerk.example'];
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (!/\.(br|gz|woff2?|png|jpe?g|webp|avif)$/.test(entry.name)) files.push(file);
    }
  };
  await walk(out());
  assert.ok(files.length > 50, `only ${files.length} files were written`);
  for (const file of files) {
    const text = await read(out(), path.relative(out(), file));
    for (const word of foreign) assert.ok(!text.includes(word), `${path.relative(out(), file)} contains "${word}"`);
  }
  // What the fixture says instead, from its config and its i18n/ folder.
  const home = await page('/en/');
  assert.match(home, /Copyright © \d{4} Fixture Works Ltd\./);
  assert.match(home, /<span>Write to the fixture<\/span>/);
  assert.match(await read(out(), 'en/news/rss.xml'), /<copyright>Fixture Works Ltd<\/copyright>/);
});
