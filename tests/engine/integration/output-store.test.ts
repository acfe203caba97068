// Production builds after a change: each `site build` is a new process of the CLI, as in a deploy
// pipeline, and makes again only what the change touched (pages, compressed twins, image sizes);
// what it carries over is byte for byte what a cold build makes, and a tampered entry is made again.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { OUTPUT_STORE_DIR } from '../../../generator/write/output-store.ts';
import { fixtureCopy, REPO } from '../../helpers.ts';

let root: string;
let dispose: () => Promise<void>;

interface Built {
  rendered: number;
  resized: number;
  hits: number;
  total: number;
  rejected: number;
  /** Files carried from the store into build/ by hard link. */
  linked: number;
  written: number;
  /** Every file was the published site's own: build/ was left as it was. */
  unchanged: boolean;
}

function build(): Built {
  const r = spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), 'build', '--force', '--timings'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  const line =
    /Rendered (\d+) pages, resized (\d+) images; the output store in \.cache\/ had (\d+) of (\d+)[^(\n]*(?:\((\d+) changed on disk)?/.exec(
      r.stdout,
    );
  assert.ok(line, r.stdout);
  const linked = /Linked (\d+) of (\d+) files from the output store/.exec(r.stdout);
  const unchanged = /^\d+ pages, \d+ files, all as published: nothing written in/m.test(r.stdout);
  return {
    rendered: +line[1],
    resized: +line[2],
    hits: +line[3],
    total: +line[4],
    rejected: +(line[5] ?? 0),
    linked: +(linked?.[1] ?? 0),
    written: +(linked?.[2] ?? 0),
    unchanged,
  };
}

/** Every file of build/ with the hash of its bytes. */
function snapshot(): Map<string, string> {
  const dir = path.join(root, 'build');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(
    files.map((e) => {
      const full = path.join(e.parentPath, e.name);
      return [path.relative(dir, full), createHash('sha256').update(readFileSync(full)).digest('hex')];
    }),
  );
}

before(async () => {
  ({ root, dispose } = await fixtureCopy('basic'));
  // A raster image, so that image sizes are part of what is kept.
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 20, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  writeFileSync(path.join(root, 'public', 'img', 'photo.png'), png);
  appendFileSync(
    path.join(root, 'content', 'en', 'docs', 'guides', 'install.md'),
    '\n![A green field](/img/photo.png)\n',
  );
  appendFileSync(
    path.join(root, 'content', 'de', 'docs', 'guides', 'install.md'),
    '\n![Eine grüne Wiese](/img/photo.png)\n',
  );
});
after(() => dispose());

test('a cold build makes everything; the next build, with nothing changed, renders and resizes nothing', () => {
  const cold = build();
  assert.ok(cold.rendered > 40, `rendered ${cold.rendered}`);
  assert.ok(cold.resized >= 4, `resized ${cold.resized}`);
  assert.equal(cold.hits, 0);
  assert.equal(
    cold.linked,
    cold.written,
    'every file made by the build, public/ too, was stored and linked from the store',
  );
  const first = snapshot();
  const published = readlinkSync(path.join(root, 'build'));
  const warm = build();
  assert.equal(warm.rendered, 0);
  assert.equal(warm.resized, 0);
  assert.equal(warm.hits, warm.total);
  assert.ok(warm.unchanged, 'the build says the site is as published');
  assert.equal(
    readlinkSync(path.join(root, 'build')),
    published,
    'and build/ is the same generation: nothing linked or written',
  );
  assert.deepEqual(snapshot(), first, 'the same bytes as the cold build');
});

/** The inode of every entry of the output store. */
function storeInodes(): Set<number> {
  const [key] = readdirSync(path.join(root, OUTPUT_STORE_DIR));
  const files = path.join(root, OUTPUT_STORE_DIR, key, 'files');
  return new Set(readdirSync(files).map((name) => statSync(path.join(files, name)).ino));
}

test('a kept page and its twins are the store entries under a second name; an edit made through build/ is found and the page made again', () => {
  const expected = snapshot();
  const page = path.join(root, 'build', 'en', 'docs', 'guides', 'install', 'index.html');
  const inodes = storeInodes();
  for (const file of [page, `${page}.br`])
    assert.ok(inodes.has(statSync(file).ino), `${path.relative(root, file)} is linked, not written`);
  assert.ok(!existsSync(`${page}.gz`), 'a page has no gzip twin');
  // Written into the file in build/, and so into the store's entry through the hard link.
  appendFileSync(page, '<p>edited by hand in build/</p>');
  const after = build();
  assert.ok(after.rejected >= 1, 'the edited entry is found changed');
  assert.equal(after.rendered, 1, 'the page is rendered again');
  assert.deepEqual(snapshot(), expected, 'and served as a cold build makes it');
  assert.ok(storeInodes().has(statSync(page).ino), 'the new page is linked from its new entry');
});

test('a body edit re-renders that page only, resizes no image, and the page shows the edit', () => {
  const file = path.join(root, 'content', 'en', 'docs', 'guides', 'upgrade.md');
  appendFileSync(file, '\nA sentence added by the editor.\n');
  const after = build();
  assert.equal(after.rendered, 1);
  assert.equal(after.resized, 0);
  assert.match(
    readFileSync(path.join(root, 'build', 'en', 'docs', 'guides', 'upgrade', 'index.html'), 'utf8'),
    /A sentence added by the editor\./,
  );
});

test('a title edit re-renders the pages that show the title (sidebars, lists), and no others', () => {
  const file = path.join(root, 'content', 'en', 'news', 'first.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: A renamed first post'));
  const after = build();
  const showing = [...snapshot().keys()].filter(
    (f) =>
      f.endsWith('index.html') &&
      f.startsWith('en/') &&
      readFileSync(path.join(root, 'build', f), 'utf8').includes('A renamed first post'),
  );
  assert.ok(showing.length > 1, 'the post and the lists that name it');
  // A page that shows the new title was rendered again (it could not show it otherwise); so the
  // count says that no other page was: not the German ones, not the docs.
  assert.equal(after.rendered, showing.length, 'no page that does not show it');
});

test('deleting .cache/ gives byte-identical output', () => {
  const warm = snapshot();
  rmSync(path.join(root, '.cache'), { recursive: true, force: true });
  const cold = build();
  assert.ok(cold.rendered > 40);
  assert.deepEqual(snapshot(), warm);
});

test('an entry changed on disk is detected and made again, never served', () => {
  const expected = snapshot();
  const [key] = readdirSync(path.join(root, OUTPUT_STORE_DIR));
  const files = path.join(root, OUTPUT_STORE_DIR, key, 'files');
  // Damage every stored entry: pages, twins and image sizes alike.
  const entries = readdirSync(files);
  for (const name of entries) appendFileSync(path.join(files, name), 'tampered');
  const after = build();
  assert.equal(after.hits, 0, 'no changed entry was served');
  assert.ok(after.rejected > entries.length / 2, `${after.rejected} of ${entries.length} entries found changed`);
  assert.deepEqual(snapshot(), expected);
});

test('a symbolic link in public/ is published as the file it points to, like every other public file', () => {
  symlinkSync('img/photo.png', path.join(root, 'public', 'photo-link.png'));
  build();
  const published = path.join(root, 'build', 'photo-link.png');
  assert.ok(lstatSync(published).isFile(), 'a file, not a link that may point nowhere on the server');
  assert.deepEqual(readFileSync(published), readFileSync(path.join(root, 'public', 'img', 'photo.png')));
});
