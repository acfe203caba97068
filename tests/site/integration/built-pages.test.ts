// Every page of the Almwerk site as a sharer, a search engine and a reader meet it: a social image
// that exists and has the size networks expect, addresses only where a page has one, a title of
// its own within its language, breadcrumbs and names that say where a link leads, lists in the
// order of their language.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import sharp from 'sharp';
import { ENGINE_MESSAGES } from '../../../common/messages.ts';
import { formatDate } from '../../../theme/format.ts';
import { REPO } from '../../helpers.ts';
import { realSiteBuild } from '../../real-site.ts';
import { listedPage, sidebarLinks, sidebarWalk } from '../../sidebar-walk.ts';

const SITE_URL = 'https://almwerk.example';
let out: string;
/** Every HTML page of the build, by path relative to the output. */
const pages = new Map<string, string>();

function htmlFiles(dir: string, base = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? htmlFiles(path.join(dir, e.name), `${base}${e.name}/`)
      : e.name.endsWith('.html')
        ? [`${base}${e.name}`]
        : [],
  );
}
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
const titleOf = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];
const isRedirect = (html: string) => html.includes('http-equiv="refresh"');

before(async () => {
  const site = await realSiteBuild();
  assert.deepEqual(site.diagnostics, []);
  out = site.dir;
  for (const file of htmlFiles(out)) pages.set(file, readFileSync(path.join(out, file), 'utf8'));
});

test('every page has an og:image and twitter:image that exist in the output as 1200 x 630 JPEG files', async () => {
  const problems: string[] = [];
  const sizes = new Map<string, string>();
  let checked = 0;
  for (const [file, html] of pages) {
    if (isRedirect(html)) continue;
    const og = meta(html, 'og:image');
    const twitter = meta(html, 'twitter:image');
    if (!og?.startsWith(`${SITE_URL}/`)) {
      problems.push(`${file}: og:image ${og}`);
      continue;
    }
    if (twitter !== og) problems.push(`${file}: twitter:image ${twitter} differs from og:image ${og}`);
    const image = og.slice(SITE_URL.length);
    if (!sizes.has(image)) {
      try {
        const { width, height, format } = await sharp(path.join(out, image)).metadata();
        sizes.set(image, `${format} ${width}x${height}`);
      } catch (error) {
        sizes.set(image, `unreadable (${(error as Error).message})`);
      }
    }
    if (sizes.get(image) !== 'jpeg 1200x630') problems.push(`${file}: ${image} is ${sizes.get(image)}`);
    checked++;
  }
  assert.deepEqual(problems, []);
  assert.ok(checked > 300, `only ${checked} pages checked`);
});

test('pages of different titles get different social images', () => {
  const imageOf = (file: string) => meta(pages.get(file)!, 'og:image');
  assert.notEqual(imageOf('services/kubernetes/index.html'), imageOf('glossary/ops/kubernetes/index.html'));
  assert.notEqual(imageOf('index.html'), imageOf('en/index.html'));
});

test('the not-found pages claim no address of their own', () => {
  for (const file of ['404.html', 'en/404.html']) {
    const html = pages.get(file)!;
    assert.equal(meta(html, 'og:url'), undefined, file);
    assert.doesNotMatch(html, /rel="canonical"/, file);
  }
});

test('no two pages of a locale share a <title>; redirect pages have a title in words', () => {
  const byTitle = new Map<string, string[]>();
  for (const [file, html] of pages) {
    const title = titleOf(html) ?? '';
    if (isRedirect(html)) {
      assert.doesNotMatch(title, /^\//, `${file}: the title of a redirect page is "${title}"`);
      continue;
    }
    if (file.endsWith('404.html')) continue;
    const key = `${file.startsWith('en/') ? 'en' : 'de'} ${title}`;
    byTitle.set(key, [...(byTitle.get(key) ?? []), file]);
  }
  const shared = [...byTitle]
    .filter(([, files]) => files.length > 1)
    .map(([title, files]) => `${title}: ${files.join(', ')}`);
  assert.deepEqual(shared, []);
  // Each blog section has its list of authors: the section's name tells them apart.
  assert.equal(titleOf(pages.get('blog/authors/index.html')!), 'Autorinnen und Autoren | Blog | Almwerk');
  assert.equal(titleOf(pages.get('insights/authors/index.html')!), 'Autorinnen und Autoren | Insights | Almwerk');
});

test('data-block scripts name their module in a data attribute, never in src (invalid HTML)', () => {
  const invalid: string[] = [];
  for (const [file, html] of pages) {
    for (const tag of html.matchAll(/<script\b[^>]*>/g)) {
      const type = /\stype="([^"]*)"/.exec(tag[0])?.[1];
      const isData = type !== undefined && type !== 'module' && !/javascript/.test(type);
      if (isData && /\ssrc=/.test(tag[0])) invalid.push(`${file}: ${tag[0]}`);
    }
  }
  assert.deepEqual(invalid, []);
  assert.match(
    pages.get('contact/index.html')!,
    /<script type="text\/x-site-island" data-src="\/assets\/[^"]+\.js" data-island="contact"><\/script>/,
  );
});

test("German dates use the Austrian month names, as the locale's UI strings choose", () => {
  assert.equal(formatDate('2026-01-15', ENGINE_MESSAGES.de.dates.locale), '15. Jänner 2026');
  assert.equal(formatDate('2026-01-15', ENGINE_MESSAGES.en.dates.locale), '15 January 2026');
  const german = [...pages]
    .filter(([file]) => !file.startsWith('en/'))
    .flatMap(([, html]) => html.match(/<time dateTime="[^"]+">[^<]+<\/time>/g) ?? []);
  assert.ok(german.length > 0, 'German pages show dates');
  assert.ok(
    german.every((d) =>
      /\d{1,2}\. (Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}</.test(d),
    ),
    german.find((d) => !/Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember/.test(d)),
  );
});

const sidebarLabels = (html: string, group: string) => {
  const details = new RegExp(`data-category="[^"]*/${group}"[^>]*>([\\s\\S]*?)</details>`).exec(html)?.[1] ?? '';
  return [...details.matchAll(/<li><a href="[^"]*"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
};

test('the German glossary lists its terms in German alphabetical order', () => {
  // Each group, in the sidebar of its own page, where it is open.
  const index = pages.get('glossary/index.html')!;
  const links = [...index.matchAll(/<a href="\/(glossary\/[^"]+)" class="sidebar-category-link">/g)].map((m) => m[1]);
  assert.ok(links.length >= 4, 'the glossary has its groups');
  const collator = new Intl.Collator('de');
  for (const link of links) {
    const html = pages.get(`${link}index.html`)!;
    const group = /data-category="de:glossary\/([^"]+)"/.exec(html)![1];
    const labels = sidebarLabels(html, group);
    assert.ok(labels.length > 1, group);
    assert.deepEqual(labels, [...labels].sort(collator.compare), `${group}: ${labels.join(', ')}`);
  }
});

test('the glossary index lists every term of its section, by the title shown, in the order of its language', () => {
  for (const [locale, prefix] of [
    ['de', ''],
    ['en', 'en/'],
  ]) {
    const html = pages.get(`${prefix}glossary/index.html`)!;
    const sections = [...html.matchAll(/<section class="page-listing"[^>]*>([\s\S]*?)<\/section>/g)].map((m) => m[1]);
    const listed = sections.map((body) =>
      [...body.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => ({
        href: m[1],
        label: m[2].replace(/&amp;/g, '&'),
      })),
    );
    assert.ok(listed.length >= 4, `${locale}: the groups are shown`);
    const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    for (const group of listed) {
      const labels = group.map((g) => g.label);
      assert.deepEqual(labels, [...labels].sort(collator.compare), `${locale}: ${labels.join(', ')}`);
    }
    const terms = readdirSync(path.join(REPO, 'content', locale, 'glossary'), {
      recursive: true,
      encoding: 'utf8',
    }).filter((f) => f.endsWith('.md') && f.includes('/'));
    const hrefs = listed.flat().map((g) => g.href);
    assert.deepEqual(
      hrefs.toSorted(),
      terms.map((f) => `/${prefix}glossary/${f.replace(/\.md$/, '')}/`).toSorted(),
      `${locale}: every term file is listed, once`,
    );
  }
  // The title is shown (not the sidebar label), and "Überwachung" sorts with the U's.
  const infra = /id="infrastruktur"[\s\S]*?<\/ul>/.exec(pages.get('glossary/index.html')!)![0];
  const order = ['On-Premises-Hosting', 'Überwachung (Monitoring)', 'Versionierung', 'Wartung'].map((label) =>
    infra.indexOf(`>${label}</a>`),
  );
  assert.ok(
    order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1])),
    `in this order: ${order.join(', ')}`,
  );
});

test("every page of a docs section is reached by following its sidebar's links from any one of them", () => {
  const sections = new Map<string, string[]>();
  for (const [file, html] of pages) {
    if (!listedPage(html) || sidebarLinks(html).length === 0) continue;
    const route = `/${file.replace(/index\.html$/, '')}`;
    const section = /^(\/en)?\/[^/]+\//.exec(route)![0];
    sections.set(section, [...(sections.get(section) ?? []), route]);
  }
  assert.ok(sections.size >= 6, [...sections.keys()].join(' '));
  for (const [section, routes] of sections) {
    // From the last page in the order of the files (a leaf, deep in the section, where there is one).
    const reached = sidebarWalk(out, routes.sort().at(-1)!, section);
    assert.deepEqual(
      routes.filter((route) => !reached.has(route)),
      [],
      `pages of ${section} its sidebars lead to`,
    );
  }
});

test('a sidebar holds the way to its page, not the pages of the categories away from it', () => {
  const html = pages.get('glossary/ops/database/index.html')!;
  const links = sidebarLinks(html);
  assert.ok(links.includes('/glossary/ops/ci-cd/'), 'the pages beside it');
  assert.ok(links.includes('/glossary/infra/'), 'the other categories, by their pages');
  assert.ok(!links.includes('/glossary/infra/backups/'), 'not the pages in them');
  assert.match(html, /<li><a href="\/glossary\/infra\/" class="sidebar-category-link">Infrastruktur<\/a><\/li>/);
});

test('the footer column titles come from the footer strings', () => {
  assert.match(
    pages.get('en/index.html')!,
    /<h2 class="footer-title" id="footer-knowledge">Knowledge and Insights<\/h2>/,
  );
  assert.match(pages.get('index.html')!, /<h2 class="footer-title" id="footer-knowledge">Wissen und Einblicke<\/h2>/);
});

test('every section index page has breadcrumbs naming the section; links to a folder name the folder', () => {
  for (const section of [
    'about-us',
    'services',
    'solutions',
    'compare',
    'policies',
    'trust',
    'glossary',
    'legal',
    'faq',
  ]) {
    for (const prefix of ['', 'en/']) {
      const html = pages.get(`${prefix}${section}/index.html`)!;
      assert.match(html, /<nav class="breadcrumbs"/, `${prefix}${section}/`);
    }
  }
  assert.match(
    pages.get('services/index.html')!,
    /<nav class="breadcrumbs"[\s\S]*?<li aria-current="page">Leistungen<\/li>/,
  );
  assert.match(
    pages.get('services/databases/postgresql/index.html')!,
    /<nav class="breadcrumbs"[\s\S]*?<a href="\/services\/">Leistungen<\/a>/,
  );
  const previous =
    /class="paginator-link paginator-previous" href="([^"]+)"[^>]*>[\s\S]*?paginator-title">« ([^<]+)</.exec(
      pages.get('services/databases/postgresql/index.html')!,
    );
  assert.deepEqual(previous?.slice(1), ['/services/databases/', 'Datenbanken']);
  assert.doesNotMatch([...pages.values()].join(''), /paginator-title">« Übersicht</, 'no back link named "Übersicht"');
});

test('every page asks at once for what it starts with: each font face, and the runtime with its chunks', () => {
  const head = (html: string) => html.slice(0, html.indexOf('</head>'));
  const home = pages.get('index.html')!;
  const css = /<link rel="stylesheet" href="\/([^"]+)"/.exec(home)![1];
  const js = /<script type="module" src="\/([^"]+)"/.exec(home)![1];
  const faces = [...readFileSync(path.join(out, css), 'utf8').matchAll(/url\("?\.\/([^")]+\.woff2)"?\)/g)].map(
    (m) => `/assets/${m[1]}`,
  );
  const chunks = [...readFileSync(path.join(out, js), 'utf8').matchAll(/from\s*"\.\/(chunk\.[^"]+\.js)"/g)].map(
    (m) => `/assets/${m[1]}`,
  );
  assert.equal(faces.length, 3, `the stylesheet declares the three faces of the design: ${faces.join(', ')}`);
  assert.ok(chunks.length > 0, 'the runtime imports its shared chunks');
  const problems: string[] = [];
  for (const [file, html] of pages) {
    if (isRedirect(html)) continue;
    const h = head(html);
    for (const face of faces)
      if (!h.includes(`<link rel="preload" href="${face}" as="font" type="font/woff2" crossorigin="anonymous"/>`))
        problems.push(`${file}: ${face} not preloaded`);
    for (const chunk of chunks)
      if (!h.includes(`<link rel="modulepreload" href="${chunk}"/>`)) problems.push(`${file}: ${chunk} not preloaded`);
    if (!h.includes(`<script type="module" src="/${js}"></script>`)) problems.push(`${file}: the runtime is missing`);
  }
  assert.deepEqual(problems, []);
});

test('no page offers a version menu: every section of the site has one version, and a contract is no "version 1.19"', () => {
  const withMenu = [...pages]
    .filter(([, html]) => html.includes('class="dropdown docs-version"'))
    .map(([file]) => file);
  assert.deepEqual(withMenu, []);
  // The docs frame is there all the same: the test looks where the menu would be.
  assert.ok([...pages.values()].some((html) => html.includes('class="docs-sidebar')));
});
