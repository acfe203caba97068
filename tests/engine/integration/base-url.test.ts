// The fixture site built with `baseUrl: '/docs/'`: what the build writes names every URL under the
// base (pages, Markdown twins, llms.txt, feeds, redirects, nginx.conf), `_routes.json` keeps the
// routes without it, and `site serve` answers under it.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { runBuild } from '../../../generator/build/build.ts';
import { closeParseWorkers } from '../../../generator/build/worker-pool.ts';
import { startDevServer } from '../../../generator/dev/serve.ts';
import { devServerHooks } from '../../../server/dev-hooks.ts';
import { fixtureCopy } from '../../helpers.ts';

const SITE = 'https://fixture.example';
let root: string;
let dispose: () => Promise<void>;
const out = (file: string) => readFileSync(path.join(root, 'build', file), 'utf8');

before(async () => {
  ({ root, dispose } = await fixtureCopy('basic'));
  await writeFile(
    path.join(root, 'config/site.config.ts'),
    "import { base } from './base.ts';\n\nexport default { ...base, baseUrl: '/docs/' };\n",
  );
  const result = await runBuild({ root, mode: 'build' });
  assert.deepEqual(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
});
after(async () => {
  await closeParseWorkers();
  await dispose();
});

/** The site's own absolute URLs in a text. */
const ownUrls = (text: string) => [...text.matchAll(/https:\/\/fixture\.example[^\s"'<>)\]]*/g)].map((m) => m[0]);

test('every page names its links, assets, forms and islands under /docs/', () => {
  const htmlFiles = readdirSync(path.join(root, 'build'), { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.html'),
  );
  assert.ok(htmlFiles.length > 30);
  const outside = new Set<string>();
  for (const file of htmlFiles) {
    const html = out(file);
    for (const m of html.matchAll(/\s(?:href|src|action|data-src|data-bundle)="(\/[^"]*)"/g))
      if (!m[1].startsWith('/docs/')) outside.add(`${file}: ${m[1]}`);
    for (const url of ownUrls(html)) if (!url.startsWith(`${SITE}/docs/`)) outside.add(`${file}: ${url}`);
  }
  assert.deepEqual([...outside], []);
});

test('Markdown twins and llms.txt link absolute URLs under the base', () => {
  const twin = out('en/docs/guides/install/index.md');
  assert.match(twin, /\(https:\/\/fixture\.example\/docs\/en\/docs\/guides\/upgrade\/\)/);
  assert.match(twin, /\(https:\/\/fixture\.example\/docs\/img\/diagram\.svg\)/);
  for (const file of ['llms.txt', 'en/llms.txt', 'en/llms-full.txt']) {
    const urls = ownUrls(out(file));
    assert.ok(urls.length > 3, file);
    for (const url of urls) assert.ok(url.startsWith(`${SITE}/docs/`), `${file}: ${url}`);
  }
  assert.match(out('en/llms.txt'), /\(https:\/\/fixture\.example\/docs\/en\/docs\/guides\/install\/index\.md\)/);
});

test('feeds, sitemap and robots.txt name the base', () => {
  for (const file of ['en/news/rss.xml', 'en/news/atom.xml', 'news/rss.xml', 'sitemap.xml', 'robots.txt']) {
    const urls = ownUrls(out(file));
    assert.ok(urls.length > 0, file);
    for (const url of urls) assert.ok(url.startsWith(`${SITE}/docs/`), `${file}: ${url}`);
  }
});

test('redirects lead under the base: the page, _redirects and nginx.conf', () => {
  assert.match(out('old/index.html'), /content="0; url=\/docs\/docs\/"/);
  assert.match(out('_redirects'), /^\/docs\/old\/ \/docs\/docs\/ 301$/m);
  const nginx = out('nginx.conf');
  assert.match(nginx, /location = "\/docs\/old\/" \{ return 301 "\/docs\/docs\/\$is_args\$args"; \}/);
  assert.match(nginx, /^location \/docs \{$/m);
  assert.match(nginx, /^ {2}location \/docs\/assets\/ \{$/m);
  assert.match(nginx, /^ {2}location \/docs\/en\/ \{$/m);
  assert.match(nginx, /^# Served under \/docs\/:/m);
});

test('_routes.json holds the routes without the base, so a move under a subpath removes none', () => {
  const manifest = JSON.parse(out('_routes.json')) as { pages: { route: string }[]; redirects: { from: string }[] };
  const routes = manifest.pages.map((p) => p.route);
  assert.ok(routes.includes('/en/docs/guides/install/'));
  assert.ok(!routes.some((r) => r.startsWith('/docs/en/')));
  assert.ok(manifest.redirects.some((r) => r.from === '/old/'));
});

test('site serve answers under the base and sends / there', async () => {
  const dev = await startDevServer({
    root,
    port: 0,
    host: '127.0.0.1',
    watch: false,
    out: '.serve',
    hooks: devServerHooks({ root }),
  });
  try {
    const address = dev.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const get = (p: string) => fetch(`${origin}${p}`, { redirect: 'manual' });
    assert.equal((await get('/')).headers.get('location'), '/docs/');
    const page = await get('/docs/en/docs/guides/install/');
    assert.equal(page.status, 200);
    assert.match(
      await page.text(),
      /<link rel="canonical" href="https:\/\/fixture\.example\/docs\/en\/docs\/guides\/install\/"\/>/,
    );
    assert.equal((await get('/docs/old/')).headers.get('location'), '/docs/docs/');
    assert.equal((await get('/en/docs/')).status, 404);
    // Live reload's events come from under the base too.
    const events = new AbortController();
    const stream = await fetch(`${origin}/docs/__site/events`, { signal: events.signal });
    assert.equal(stream.headers.get('content-type'), 'text/event-stream');
    events.abort();
  } finally {
    await dev.close();
  }
});
