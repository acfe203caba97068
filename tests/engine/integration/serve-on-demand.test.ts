// `site serve` answers before it has rendered the site, and before it has parsed the Markdown
// bodies: the first build reads front matter and renders only the not-found pages (public/ is served
// from where it is), a page is rendered (its bodies parsed, a social card drawn) when it is first
// asked for, and a full build parses the rest behind it.

import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { BuildResult } from '../../../generator/build/build.ts';
import { closeParseWorkers } from '../../../generator/build/worker-pool.ts';
import { startDevServer } from '../../../generator/dev/serve.ts';
import { devServerHooks } from '../../../server/dev-hooks.ts';
import { fixtureCopy } from '../../helpers.ts';

let root: string;
let dispose: () => Promise<void>;
let dev: Awaited<ReturnType<typeof startDevServer>>;
let base: string;
const builds: BuildResult[] = [];
const renders: string[] = [];

before(async () => {
  ({ root, dispose } = await fixtureCopy('basic'));
  // A page whose last segment holds a dot, as release notes name themselves.
  for (const locale of ['de', 'en'])
    writeFileSync(
      path.join(root, `content/${locale}/docs/guides/release-10.14.md`),
      '---\ntitle: Release 10.14\ndescription: What changed in release 10.14.\n---\n\nRelease words.\n',
    );
  dev = await startDevServer({
    root,
    port: 0,
    host: '127.0.0.1',
    watch: false,
    out: '.serve',
    hooks: devServerHooks({ root }),
    onBuild: (r) => builds.push(r),
    onRender: (route) => renders.push(route),
  });
  const address = dev.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
after(async () => {
  await dev.close();
  await closeParseWorkers();
  await dispose();
});

test('the dev server answers / having rendered that page alone', async () => {
  const response = await fetch(`${base}/`);
  assert.equal(response.status, 200);
  const html = await response.text();
  assert.match(html, /<title>[^<]+<\/title>/);
  // The server answered before the bodies were parsed (nothing was in the parse store): this
  // page's body was parsed for it, its link resolved.
  assert.match(html, /<h2[^>]*id="angebot"/);
  assert.match(html, /<a href="\/docs\/"[^>]*>docs<\/a>/);
  // What the page needs is there already: its stylesheet and the site's public files.
  const css = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
  assert.ok(css);
  for (const file of [css, '/img/logo.svg']) assert.equal((await fetch(`${base}${file}`)).status, 200, file);
  assert.ok(!existsSync(path.join(root, '.serve/img/logo.svg')), 'public/ is served from where it is, not copied');
  assert.deepEqual(renders, ['/']);
  assert.ok(existsSync(path.join(root, '.serve/index.html')));
  assert.ok(!existsSync(path.join(root, '.serve/docs/guides/install/index.html')), 'other pages are not written');

  const first = await dev.firstBuild;
  assert.equal(first.ok, true);
  const pages = Object.keys(first.graph!.pages).length;
  assert.ok(pages > 30, `${pages} pages`);
  // The full build that followed parsed every body; what / showed was up to date.
  assert.equal(first.stats.parsed, Object.keys(first.graph!.documents).length);
  assert.ok(
    first.stats.rendered <= Object.keys(first.graph!.notFound).length,
    'the builds rendered the not-found pages only',
  );
  assert.deepEqual(builds, [first]);
  await fetch(`${base}/`);
  assert.deepEqual(renders, ['/'], 'a page served once is not rendered again');
});

test('a page is rendered at its address in every spelling; unknown addresses get the not-found page', async () => {
  renders.length = 0;
  const page = await fetch(`${base}/en/docs/guides/install/`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /Install en/);
  // Without its slash, a page's address is sent to it before anything is rendered, a last
  // segment with a dot too, as site start answers them.
  for (const bare of ['/docs/guides/install', '/en/docs/guides/release-10.14']) {
    const answer = await fetch(`${base}${bare}?x=1`, { redirect: 'manual' });
    assert.equal(answer.status, 301, bare);
    assert.equal(answer.headers.get('location'), `${bare}/?x=1`);
  }
  assert.deepEqual(renders, ['/en/docs/guides/install/']);
  // The site's host rules (public/_redirects), a splat and placeholders, as site start answers them.
  for (const [from, to] of [
    ['/handbuch/guides/install/', '/docs/guides/install/'],
    ['/releases/install/notes?x=1', '/docs/guides/install/?x=1'],
  ]) {
    const ruled = await fetch(`${base}${from}`, { redirect: 'manual' });
    assert.deepEqual([ruled.status, ruled.headers.get('location')], [301, to], from);
  }
  const dotted = await fetch(`${base}/en/docs/guides/release-10.14/`);
  assert.equal(dotted.status, 200);
  assert.match(await dotted.text(), /Release words\./);
  const missing = await fetch(`${base}/en/no-such-page/`);
  assert.equal(missing.status, 404);
  await missing.text();
});

test("a page's social card is drawn when it is asked for", async () => {
  renders.length = 0;
  const card = await fetch(`${base}/en/docs/guides/install/social.jpg`);
  assert.equal(card.status, 200);
  assert.equal(card.headers.get('content-type'), 'image/jpeg');
  const bytes = Buffer.from(await card.arrayBuffer());
  assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff]);
  assert.deepEqual(renders, ['/en/docs/guides/install/social.jpg']);
  assert.ok(!existsSync(path.join(root, '.serve/social.jpg')), 'the cards of other pages are not drawn');
});
