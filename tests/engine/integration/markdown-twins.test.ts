// Markdown twins and llms.txt on the fixture site: every listed page is also served as Markdown at
// `<route>index.md` (title and description only as front matter, links absolute), linked from its
// head; `/llms.txt` and `/en/llms.txt` list exactly those twins, `llms-full.txt` holds their text;
// drafts and unlisted pages appear nowhere, and the sitemap lists no twin.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { type BuildResult, runBuild } from '../../../generator/build/build.ts';
import { serveStatic } from '../../../server/static.ts';
import { exists, fixtureCopy, read } from '../../helpers.ts';

let root: string;
let dispose: () => Promise<void>;
let result: BuildResult;
const out = () => path.join(root, 'build');
const SITE = 'https://fixture.example';

before(async () => {
  ({ root, dispose } = await fixtureCopy('basic'));
  // The guides' index lists its pages (list_pages): its twin lists them too.
  const guides = path.join(root, 'content', 'en', 'docs', 'guides', 'index.md');
  writeFileSync(
    guides,
    readFileSync(guides, 'utf8').replace(
      'description: All guides (en).\n',
      'description: All guides (en).\nlist_pages: true\n',
    ),
  );
  result = await runBuild({ root, mode: 'build' });
  assert.equal(result.ok, true);
});
after(() => dispose());

/** Every page a visitor can reach by the site's lists: published, listed, with a Markdown source. */
function listedContentPages() {
  return Object.values(result.graph!.pages).filter((p) => 'doc' in p && p.doc && !p.unlisted && !p.draft);
}

test('every listed content page has a twin with title and description as its only front matter, linked from its head', async () => {
  const pages = listedContentPages();
  assert.ok(pages.length >= 16, `pages of both locales: ${pages.length}`);
  for (const page of pages) {
    const file = `${page.route.slice(1)}index.md`;
    assert.ok(exists(out(), file), `twin of ${page.route}`);
    const twin = await read(out(), file);
    const front = /^---\n([\s\S]*?)\n---\n/.exec(twin)?.[1];
    assert.ok(front, `${file} starts with front matter`);
    assert.deepEqual(
      front.split('\n').map((l) => l.split(':')[0]),
      ['title', 'description'],
      file,
    );
    const html = await read(out(), `${page.route.slice(1)}index.html`);
    assert.ok(
      html.includes(`<link rel="alternate" type="text/markdown" href="${page.route}index.md"/>`),
      `head of ${page.route}`,
    );
  }
});

test('a twin is the source as written, with links and images made absolute to the site', async () => {
  const twin = await read(out(), 'en/docs/guides/install/index.md');
  assert.equal(
    twin,
    [
      '---',
      'title: Install en',
      'description: How to install (en).',
      '---',
      '',
      'Intro.',
      '',
      '## Requirements',
      '',
      'A machine.',
      '',
      '### Disk space',
      '',
      'Enough.',
      '',
      '#### Deep detail',
      '',
      'Not in the TOC.',
      '',
      ':::tip[Good to know]',
      'It is easy.',
      ':::',
      '',
      '```yaml',
      'key: value',
      '```',
      '',
      `See [upgrade](${SITE}/en/docs/guides/upgrade/) and ![Diagram](${SITE}/img/diagram.svg).`,
      '',
    ].join('\n'),
  );
  // A relative link to a .md file becomes the absolute address of its page.
  assert.match(
    await read(out(), 'docs/guides/upgrade/index.md'),
    new RegExp(`Back to \\[install\\]\\(${SITE}/docs/guides/install/\\)\\.`),
  );
});

test("an index's twin lists the pages the index lists, as the page does", async () => {
  const twin = await read(out(), 'en/docs/guides/index.md');
  assert.match(
    twin,
    /\nGuides\.\n\n- \[Install en\]\(https:\/\/fixture\.example\/en\/docs\/guides\/install\/\): How to install \(en\)\.\n- \[Upgrade en\]\(https:\/\/fixture\.example\/en\/docs\/guides\/upgrade\/\): How to upgrade \(en\)\.\n$/,
  );
  const html = await read(out(), 'en/docs/guides/index.html');
  assert.match(
    html,
    /<section class="page-listing"><ul><li><a href="\/en\/docs\/guides\/install\/">Install en<\/a> – How to install \(en\)\.<\/li><li><a href="\/en\/docs\/guides\/upgrade\/">Upgrade en<\/a>/,
  );
});

test('drafts and unlisted pages have no twin and are in no llms file', async () => {
  for (const route of [
    'docs/reference/draft/',
    'en/docs/reference/draft/',
    'docs/reference/hidden/',
    'en/docs/reference/hidden/',
  ]) {
    assert.ok(!exists(out(), `${route}index.md`), `no twin for /${route}`);
  }
  assert.ok(exists(out(), 'en/docs/reference/hidden/index.html'), 'the unlisted page itself is built');
  const html = await read(out(), 'en/docs/reference/hidden/index.html');
  assert.doesNotMatch(html, /text\/markdown/);
  for (const file of ['llms.txt', 'llms-full.txt', 'en/llms.txt', 'en/llms-full.txt']) {
    const text = await read(out(), file);
    assert.doesNotMatch(text, /draft|hidden|Draft|Hidden/, file);
  }
});

test('llms.txt per locale: H1, summary, a section per site section with a link to every twin of that locale', async () => {
  for (const [file, locale, prefix] of [
    ['llms.txt', 'de', ''],
    ['en/llms.txt', 'en', '/en'],
  ] as const) {
    const text = await read(out(), file);
    const lines = text.split('\n');
    assert.equal(lines[0], '# Fixture', file);
    assert.match(lines[2], /^> \S/, `${file}: a blockquote summary`);
    const sections = lines.filter((l) => l.startsWith('## '));
    const titleOf = (route: string) => result.graph!.pages[route].title;
    assert.deepEqual(
      sections,
      [
        `## ${locale === 'de' ? 'Allgemein' : 'General'}`,
        `## ${titleOf(`${prefix}/docs/`)}`,
        `## ${titleOf(`${prefix}/news/`)}`,
      ],
      `${file}: one section per site section`,
    );
    const linked = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((m) => m[1]).sort();
    const expected = listedContentPages()
      .filter((p) => p.locale === locale)
      .map((p) => `${SITE}${p.route}index.md`)
      .sort();
    assert.deepEqual(linked, expected, file);
    assert.ok(linked.every((l) => l.startsWith(`${SITE}${prefix}/`)));
    assert.match(text, new RegExp(`\\(${SITE}${prefix}/llms-full\\.txt\\)`));
  }
  const full = await read(out(), 'en/llms-full.txt');
  for (const page of listedContentPages().filter((p) => p.locale === 'en'))
    assert.ok(full.includes(`# ${page.title}\n\nURL: ${SITE}${page.route}\n`), page.route);
  assert.ok(full.includes(`See [upgrade](${SITE}/en/docs/guides/upgrade/)`));
});

test('the sitemap lists no twin and no llms file', async () => {
  const sitemap = await read(out(), 'sitemap.xml');
  assert.match(sitemap, /<loc>https:\/\/fixture.example\/en\/docs\/guides\/install\/<\/loc>/);
  assert.doesNotMatch(sitemap, /index\.md|llms/);
});

test('the server sends twins as text/markdown and llms.txt as text/plain', async () => {
  const server = http.createServer((req, res) =>
    serveStatic({ dir: out(), redirects: new Map(), localePrefixes: ['/en'] }, req, res),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const twin = await fetch(`${base}/en/docs/guides/install/index.md`);
    assert.equal(twin.status, 200);
    assert.equal(twin.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.match(await twin.text(), /^---\ntitle: Install en\n/);
    const llms = await fetch(`${base}/en/llms.txt`);
    assert.equal(llms.status, 200);
    assert.equal(llms.headers.get('content-type'), 'text/plain; charset=utf-8');
  } finally {
    server.close();
  }
});
