// Raster images in Markdown: the build writes the responsive sizes (64 to 1024 px at quality 85)
// with content-hashed names, and the page's <img> carries srcset, sizes, width and height; an
// image that opens the content loads eagerly, one further down lazily.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { IMAGE_WIDTHS, responsiveWidths } from '../../../generator/images/images.ts';
import { fixtureCopy } from '../../helpers.ts';

let fixture: { root: string; dispose: () => Promise<void> };
let html: string;
let out: string;
let checkResult: Awaited<ReturnType<typeof runBuild>>;

before(async () => {
  fixture = await fixtureCopy('basic');
  const img = path.join(fixture.root, 'public', 'img');
  await mkdir(img, { recursive: true });
  // A photo wider than the largest size, and a small one between two sizes.
  await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#2a6f4e' } })
    .png()
    .toFile(path.join(img, 'rack.png'));
  await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0583a' } })
    .jpeg()
    .toFile(path.join(img, 'badge.jpg'));
  const filler = Array.from(
    { length: 6 },
    (_, i) => `Paragraph ${i} about the rack in the data centre, long enough to push the next image down.`,
  ).join('\n\n');
  for (const locale of ['de', 'en']) {
    await writeFile(
      path.join(fixture.root, 'content', locale, 'docs', 'guides', 'photos.md'),
      `---\ntitle: Photos ${locale}\ndescription: Two pictures.\n---\n\n![The rack](/img/rack.png)\n\n${filler}\n\n![The badge](/img/badge.jpg "Badge")\n`,
    );
  }
  // `site check` first, while no size has been encoded yet: it must agree with the build.
  checkResult = await runBuild({ root: fixture.root, mode: 'check' });
  out = path.join(fixture.root, 'build');
  const result = await runBuild({ root: fixture.root, mode: 'build', outDir: out });
  assert.ok(result.ok, result.diagnostics.map(formatDiagnostic).join('\n'));
  html = await readFile(path.join(out, 'en', 'docs', 'guides', 'photos', 'index.html'), 'utf8');
});
after(async () => {
  await fixture?.dispose();
});

test('site check passes on raster images: the sizes the build will write count as served files', () => {
  assert.deepEqual(checkResult.diagnostics.map(formatDiagnostic), []);
  assert.ok(checkResult.ok);
});

const imgTags = () => [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('logo'));
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

test('every configured width up to the original is written, with a content hash in its name', async () => {
  assert.deepEqual(responsiveWidths(1600), [...IMAGE_WIDTHS]);
  assert.deepEqual(responsiveWidths(300), [64, 128, 256, 300]);
  const [rack] = imgTags();
  const candidates = attr(rack, 'srcset')!
    .split(', ')
    .map((c) => c.split(' '));
  assert.deepEqual(
    candidates.map(([, w]) => w),
    IMAGE_WIDTHS.map((w) => `${w}w`),
  );
  for (const [url, w] of candidates) {
    assert.match(url, new RegExp(`^/assets/img/rack\\.[0-9a-f]{10}\\.${Number.parseInt(w, 10)}\\.png$`));
    const file = path.join(out, url);
    assert.ok(existsSync(file), `${url} is written`);
    assert.equal((await sharp(file).metadata()).width, Number.parseInt(w, 10), `${url} is ${w} wide`);
  }
});

test('the <img> has src, srcset, sizes, width and height, so nothing shifts while it loads', () => {
  const [rack, badge] = imgTags();
  assert.equal(attr(rack, 'alt'), 'The rack');
  assert.equal(attr(rack, 'width'), '1024');
  assert.equal(attr(rack, 'height'), '512');
  assert.ok(attr(rack, 'sizes'));
  assert.ok(attr(rack, 'src')!.startsWith('/assets/img/'));
  assert.equal(attr(badge, 'title'), 'Badge');
  assert.deepEqual([attr(badge, 'width'), attr(badge, 'height')], ['300', '200']);
});

test('the image that opens the content loads at once; the one further down is lazy', () => {
  const [rack, badge] = imgTags();
  assert.equal(attr(rack, 'loading'), undefined);
  assert.equal(attr(badge, 'loading'), 'lazy');
});
