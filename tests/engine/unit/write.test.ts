// The write stage: a build swaps a fresh folder in (a failed build leaves the old site alone);
// watch mode writes only the bytes that changed and removes what is no longer produced.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { directCalls, threadedCalls } from '../../../generator/write/file-calls.ts';
import { generationsDir } from '../../../generator/write/generations.ts';
import {
  FreshOutput,
  fileIdFrom,
  fileIdOf,
  IncrementalOutput,
  type KeptFile,
  WriteError,
} from '../../../generator/write/write.ts';
import { spawnOwned } from '../../processes.ts';

/** The two ways a build makes its files (file-calls.ts): the tests that write, link and fail run with both. */
const CALLS = [
  ['calls through libuv', threadedCalls],
  ['synchronous calls', directCalls],
] as const;

let tmp: string;
before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-write-'));
});
after(() => rm(tmp, { recursive: true, force: true }));

let n = 0;
/** A folder of its own for each test, with `files` in it if given. */
async function folder(files: Record<string, string> = {}, create = true): Promise<string> {
  const dir = path.join(tmp, `case-${n++}`, 'build');
  if (create) await mkdir(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

/** Every file under `dir`, relative, sorted. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

const text = (dir: string, file: string) => readFile(path.join(dir, file), 'utf8');
const siblings = async (dir: string) => (await readdir(path.dirname(dir))).sort();
/** What the generations folder holds besides complete generations (a lock, a half-written one). */
const leftovers = async (dir: string) => (await readdir(generationsDir(dir))).filter((n) => !/^g-\d+-\d+$/.test(n));

test('FreshOutput: a first build creates the folder', async () => {
  const dir = await folder({}, false);
  const out = await new FreshOutput(dir).start();
  await out.write('index.html', '<p>home</p>');
  await out.write('en/docs/index.html', new TextEncoder().encode('<p>docs</p>'));
  const stats = await out.finish();
  assert.deepEqual(await tree(dir), ['en/docs/index.html', 'index.html']);
  assert.equal(await text(dir, 'en/docs/index.html'), '<p>docs</p>');
  const { made, ...counts } = stats;
  assert.deepEqual(counts, { written: 2, unchanged: 0, removed: 0, files: ['index.html', 'en/docs/index.html'] });
  assert.deepEqual(made?.toSorted(), ['en/docs/index.html', 'index.html'], 'both files made in the new folder');
  assert.deepEqual(await siblings(dir), ['build', 'build.generations']);
  assert.deepEqual(await leftovers(dir), [], 'no temporary folder or lock left behind');
});

test('FreshOutput: the old output stays as it was until finish, then is replaced as a whole', async () => {
  const dir = await folder({ 'index.html': 'old home', 'gone/index.html': 'old page' });
  const out = await new FreshOutput(dir).start();
  await out.write('index.html', 'new home');
  await out.write('new/index.html', 'new page');
  assert.deepEqual(await tree(dir), ['gone/index.html', 'index.html'], 'nothing written into the live folder');
  assert.equal(await text(dir, 'index.html'), 'old home');
  await out.finish();
  assert.deepEqual(await tree(dir), ['index.html', 'new/index.html'], 'files of the old build are gone');
  assert.equal(await text(dir, 'index.html'), 'new home');
  assert.deepEqual(await siblings(dir), ['build', 'build.generations']);
  assert.deepEqual(await leftovers(dir), []);
});

test('FreshOutput: abort leaves the previous output untouched and cleans up', async () => {
  const dir = await folder({ 'index.html': 'old home', 'docs/index.html': 'old docs' });
  const before = await stat(path.join(dir, 'index.html'));
  const out = await new FreshOutput(dir).start();
  await out.write('index.html', 'half a build');
  await out.write('docs/index.html', 'half a build');
  await out.abort();
  assert.deepEqual(await tree(dir), ['docs/index.html', 'index.html']);
  assert.equal(await text(dir, 'index.html'), 'old home');
  assert.equal(await text(dir, 'docs/index.html'), 'old docs');
  assert.equal((await stat(path.join(dir, 'index.html'))).mtimeMs, before.mtimeMs);
  assert.deepEqual(await leftovers(dir), [], 'the half-written generation and the lock are gone');
});

test('FreshOutput: a leftover temporary folder of a crashed build does not leak into the next one', async () => {
  const dir = await folder({ 'index.html': 'old' });
  await mkdir(`${dir}.tmp-${process.pid}`, { recursive: true });
  await writeFile(path.join(`${dir}.tmp-${process.pid}`, 'stale.html'), 'stale');
  const out = await new FreshOutput(dir).start();
  await out.write('index.html', 'new');
  await out.finish();
  assert.deepEqual(await tree(dir), ['index.html']);
});

test('FreshOutput: copyFiles copies the files named (public/, as listed) into the output, and only those', async () => {
  const publicDir = await folder({ 'img/logo.svg': '<svg/>', 'robots.txt': 'x', 'not-listed.txt': 'y' });
  const dir = await folder({}, false);
  const out = await new FreshOutput(dir).start();
  await out.copyFiles(publicDir, ['img/logo.svg', 'robots.txt']);
  await out.copyFiles(path.join(tmp, 'no-such-folder'), []);
  await out.write('index.html', 'home');
  await out.finish();
  assert.deepEqual(await tree(dir), ['img/logo.svg', 'index.html', 'robots.txt']);
  assert.equal(await text(dir, 'img/logo.svg'), '<svg/>');
});

test('IncrementalOutput: writes only files whose bytes changed, removes files no longer produced', async () => {
  const dir = await folder();
  const hashes = new Map<string, string>();
  const first = new IncrementalOutput(dir, hashes);
  await first.write('index.html', 'home');
  await first.write('a/index.html', 'a v1');
  await first.write('b/index.html', 'b');
  assert.deepEqual(await first.finish(), {
    written: 3,
    unchanged: 0,
    removed: 0,
    files: ['index.html', 'a/index.html', 'b/index.html'],
  });
  assert.equal(hashes.size, 3);

  // Date the files back, so a rewrite would show in their modification time.
  const past = new Date('2020-01-01T00:00:00Z');
  for (const file of await tree(dir)) await utimes(path.join(dir, file), past, past);

  const second = new IncrementalOutput(dir, hashes);
  await second.write('index.html', Buffer.from('home'));
  await second.write('a/index.html', 'a v2');
  await second.write('c/index.html', 'c');
  const stats = await second.finish();
  assert.deepEqual(stats, { written: 2, unchanged: 1, removed: 1, files: ['a/index.html', 'c/index.html'] });
  assert.deepEqual(await tree(dir), ['a/index.html', 'c/index.html', 'index.html']);
  assert.equal(
    (await stat(path.join(dir, 'index.html'))).mtimeMs,
    past.getTime(),
    'unchanged bytes are not written, whether string or bytes',
  );
  assert.equal(await text(dir, 'a/index.html'), 'a v2');
  assert.ok(!existsSync(path.join(dir, 'b/index.html')));
  assert.deepEqual(
    [...hashes.keys()].sort(),
    ['a/index.html', 'c/index.html', 'index.html'],
    'the removed file is forgotten',
  );
});

/** An incremental output that has written a home page and a docs page once. */
async function homeAndDocsWritten(): Promise<{ dir: string; hashes: Map<string, string> }> {
  const dir = await folder();
  const hashes = new Map<string, string>();
  const first = new IncrementalOutput(dir, hashes);
  await first.write('index.html', 'home');
  await first.write('docs/index.html', 'docs');
  await first.finish();
  return { dir, hashes };
}

test('IncrementalOutput: files kept by the caller are neither written nor removed', async () => {
  const { dir, hashes } = await homeAndDocsWritten();
  const second = new IncrementalOutput(dir, hashes);
  second.keep('docs/index.html');
  await second.write('index.html', 'home 2');
  assert.deepEqual(await second.finish(), { written: 1, unchanged: 1, removed: 0, files: ['index.html'] });
  assert.equal(await text(dir, 'docs/index.html'), 'docs');
});

test('IncrementalOutput: flush waits for the writes and removes nothing', async () => {
  const { dir, hashes } = await homeAndDocsWritten();
  const update = new IncrementalOutput(dir, hashes);
  await update.write('docs/index.html', 'docs 2');
  const stats = await update.flush();
  assert.deepEqual([stats.written, stats.removed], [1, 0]);
  assert.equal(await text(dir, 'docs/index.html'), 'docs 2');
  assert.equal(await text(dir, 'index.html'), 'home', 'not produced by this update, and still there');
});

for (const [how, calls] of CALLS)
  test(`a write that fails is reported by finish (not dropped), and the old folder stays as it was (${how})`, async () => {
    const dir = await folder({ 'index.html': 'old home', 'docs/index.html': 'old docs' });
    const out = await new FreshOutput(dir, undefined, calls).start();
    await out.write('index.html', 'new home');
    await out.write('page/index.html', 'a page');
    // A file and a folder of the same name: one of the two writes fails, whichever comes second.
    const late = out.write('page/index.html/extra.html', 'never');
    await late.catch(() => undefined);
    const failure = await out.finish().then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.ok(failure instanceof WriteError, `finish rejected with ${String(failure)}`);
    assert.ok(['page/index.html', 'page/index.html/extra.html'].includes(failure.file), failure.file);
    assert.match(failure.message, /^could not be written: E(ISDIR|NOTDIR|EXIST)/);
    await out.abort();
    assert.deepEqual(await tree(dir), ['docs/index.html', 'index.html']);
    assert.equal(await text(dir, 'index.html'), 'old home');
    assert.deepEqual(await leftovers(dir), [], 'the temporary folder is gone');
  });

test('IncrementalOutput: a reader during rewrites sees the old or the new file, never an empty or truncated one', async () => {
  const dir = await folder();
  const previous = new Map<string, string>();
  // Two versions of a page large enough that writing one takes more than one write call.
  const versions = ['a', 'b'].map((c) => `<html>${c.repeat(4 << 20)}</html>`);
  let writing = true;
  let reads = 0;
  const bad: number[] = [];
  const reader = (async () => {
    while (writing) {
      const body = await readFile(path.join(dir, 'page.html'), 'utf8').catch(() => undefined);
      if (body === undefined) continue;
      reads++;
      if (!versions.includes(body)) bad.push(body.length);
    }
  })();
  for (let i = 0; i < 30; i++) {
    const out = new IncrementalOutput(dir, previous);
    await out.write('page.html', versions[i % 2]);
    await out.finish();
  }
  writing = false;
  await reader;
  assert.ok(reads > 5, `the reader read the page during the rewrites (${reads} reads)`);
  assert.deepEqual(bad, [], 'every read saw one whole version');
  assert.deepEqual(await tree(dir), ['page.html'], 'no temporary file left behind');
});

test('FreshOutput: temporary folders of killed builds are removed at the next build, those of running ones kept', async () => {
  const dir = await folder();
  const { spawn } = await import('node:child_process');
  const dead = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => dead.on('exit', resolve));
  const alive = spawnOwned(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  try {
    await mkdir(`${dir}.tmp-${dead.pid}/en`, { recursive: true });
    await writeFile(`${dir}.tmp-${dead.pid}/en/index.html`, 'half');
    await mkdir(`${dir}.old-${dead.pid}`, { recursive: true });
    await mkdir(`${dir}.tmp-${alive.pid}`, { recursive: true });
    await mkdir(`${dir}.tmp-notapid`, { recursive: true });
    const out = await new FreshOutput(dir).start();
    await out.write('index.html', 'home');
    await out.finish();
    assert.deepEqual(
      await siblings(dir),
      ['build', 'build.generations', `build.tmp-${alive.pid}`, 'build.tmp-notapid'].sort(),
    );
  } finally {
    alive.kill();
  }
});

test('FreshOutput: a second build of the same folder waits for the first to publish, and says so', async () => {
  const dir = await folder({}, false);
  const first = await new FreshOutput(dir).start();
  const told: string[] = [];
  let secondStarted = false;
  const second = new FreshOutput(dir, (message) => told.push(message)).start().then((out) => {
    secondStarted = true;
    return out;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(secondStarted, false, 'the second build waits while the first holds the lock');
  assert.equal(told.length, 1);
  assert.match(told[0], /waiting for the other build of this process to finish publishing build\//);
  await first.write('index.html', 'first');
  await first.finish();
  const out = await second;
  await out.write('index.html', 'second');
  await out.finish();
  assert.equal(await text(dir, 'index.html'), 'second');
  assert.deepEqual(await leftovers(dir), []);
});

test('FreshOutput: the lock of a build that was killed is taken over', async () => {
  const dir = await folder({}, false);
  const { spawn } = await import('node:child_process');
  const dead = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => dead.on('exit', resolve));
  await mkdir(generationsDir(dir), { recursive: true });
  await writeFile(path.join(generationsDir(dir), 'lock'), `${dead.pid}\n`);
  const told: string[] = [];
  const out = await new FreshOutput(dir, (m) => told.push(m)).start();
  await out.write('index.html', 'home');
  await out.finish();
  assert.deepEqual(told, [], 'no waiting for a process that is gone');
  assert.equal(await text(dir, 'index.html'), 'home');
});

/** A file as the output store hands it out: its own inode, linked into each generation. */
async function keptFile(name: string, contents: string): Promise<KeptFile> {
  const file = path.join(tmp, 'store', name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, contents);
  const s = await stat(file);
  return { path: file, hash: name, size: s.size, fileId: fileIdFrom(s) };
}

/** Builds `dir` from `kept` (output path -> entry) and says where `build` points afterwards. */
async function linkBuild(dir: string, kept: Record<string, KeptFile>) {
  const out = await new FreshOutput(dir).start();
  for (const [file, entry] of Object.entries(kept)) await out.link(file, entry);
  const stats = await out.finish();
  return {
    stats,
    published: await readlink(dir),
    generations: (await readdir(generationsDir(dir))).filter((n) => /^g-/.test(n)),
  };
}

test('FreshOutput: a build whose every file is the published one leaves the published site as it is', async () => {
  const dir = await folder({}, false);
  const kept = { 'index.html': await keptFile('a', 'home'), 'docs/index.html': await keptFile('b', 'docs') };
  const first = await linkBuild(dir, kept);
  const again = await linkBuild(dir, kept);
  assert.equal(again.stats.unchangedSite, true);
  assert.equal(again.stats.written, 0);
  assert.equal(again.published, first.published, 'build/ still points at the same generation');
  assert.deepEqual(again.generations, first.generations, 'no new generation was made');
  assert.deepEqual(await leftovers(dir), [], 'no temporary folder or lock left behind');

  const changed = await linkBuild(dir, { ...kept, 'docs/index.html': await keptFile('c', 'new docs') });
  assert.notEqual(changed.published, first.published, 'one file differs: a new generation is published');
  assert.equal(changed.stats.unchangedSite, undefined);
  assert.deepEqual(await tree(dir), ['docs/index.html', 'index.html'], 'with the unchanged files too');
  assert.equal(await text(dir, 'docs/index.html'), 'new docs');
  assert.equal(await text(dir, 'index.html'), 'home');
  assert.equal(
    fileIdOf(path.join(dir, 'index.html')),
    kept['index.html'].fileId,
    "the unchanged file is the store's entry, linked",
  );
  const before = path.resolve(path.dirname(dir), first.published);
  assert.equal(
    await text(before, 'docs/index.html'),
    'docs',
    'the generation before is as it was: nothing written through its links',
  );
  assert.equal(await readFile(kept['docs/index.html'].path, 'utf8'), 'docs', "and so is the store's entry");
});

test('FreshOutput: a file removed from the site, or added, deleted or replaced by hand in build/, makes a new generation', async () => {
  const dir = await folder({}, false);
  const kept = { 'index.html': await keptFile('d', 'home'), 'old/index.html': await keptFile('e', 'old page') };
  await linkBuild(dir, kept);

  const dropped = await linkBuild(dir, { 'index.html': kept['index.html'] });
  assert.equal(dropped.stats.unchangedSite, undefined);
  assert.deepEqual(await tree(dir), ['index.html'], 'the page the site no longer has is gone');
  assert.ok(!existsSync(path.join(dir, 'old')), 'and its folder: it would answer 403, not 404');
  assert.equal(
    fileIdOf(path.join(dir, 'index.html')),
    kept['index.html'].fileId,
    "the file kept is the store's entry, linked",
  );

  await writeFile(path.join(dir, 'stray.html'), 'put there by hand');
  await linkBuild(dir, { 'index.html': kept['index.html'] });
  assert.deepEqual(await tree(dir), ['index.html'], 'a file put into build/ by hand is not kept');
  await mkdir(path.join(dir, 'deep', 'er'), { recursive: true });
  await writeFile(path.join(dir, 'deep', 'er', 'stray.html'), 'put there by hand');
  await linkBuild(dir, { 'index.html': kept['index.html'] });
  assert.deepEqual(await tree(dir), ['index.html'], 'nor one in a folder of its own');

  await rm(path.join(dir, 'index.html'));
  await linkBuild(dir, { 'index.html': kept['index.html'] });
  assert.equal(await text(dir, 'index.html'), 'home', 'a file deleted by hand is back');

  // Replaced, not written through: the store's entry is intact, the file in build/ another one.
  await rm(path.join(dir, 'index.html'));
  await writeFile(path.join(dir, 'index.html'), 'edited by hand');
  const restored = await linkBuild(dir, { 'index.html': kept['index.html'] });
  assert.equal(restored.stats.unchangedSite, undefined);
  assert.equal(await text(dir, 'index.html'), 'home', "a file replaced by hand is the build's again");
});

for (const [how, calls] of CALLS)
  test(`FreshOutput: a build takes over the generation before the published one, keeps what is the new site's there and removes the rest; the published one stays as it was (${how})`, async () => {
    const dir = await folder({}, false);
    const kept = {
      'index.html': await keptFile(`${how} r1`, 'home'),
      'docs/index.html': await keptFile(`${how} r2`, 'docs'),
      'old/deep/index.html': await keptFile(`${how} r3`, 'a page removed later'),
      x: await keptFile(`${how} r4`, 'a file where a folder comes later'),
    };
    const first = await linkBuild(dir, kept);
    const second = await linkBuild(dir, { ...kept, 'docs/index.html': await keptFile(`${how} r5`, 'docs, second') });
    const published = path.resolve(path.dirname(dir), second.published);

    const third = {
      'index.html': kept['index.html'],
      'docs/index.html': await keptFile(`${how} r6`, 'docs, third'),
      'x/index.html': await keptFile(`${how} r7`, 'a folder where a file was'),
    };
    const out = await new FreshOutput(dir, undefined, calls).start();
    assert.ok(
      !(await readdir(generationsDir(dir))).includes(path.basename(first.published)),
      'the first generation is the one being written',
    );
    for (const [file, entry] of Object.entries(third)) await out.link(file, entry);
    await out.write('new.html', 'written');
    const stats = await out.finish();

    assert.deepEqual(
      stats.made?.toSorted(),
      ['docs/index.html', 'new.html', 'x/index.html'],
      'the files made in the generation taken over: not the one it had already',
    );
    assert.deepEqual(
      await tree(dir),
      ['docs/index.html', 'index.html', 'new.html', 'x/index.html'],
      'no page removed since, no file of the generation taken over',
    );
    assert.ok(!existsSync(path.join(dir, 'old')), 'nor its folder: it would answer 403, not 404');
    assert.equal(await text(dir, 'docs/index.html'), 'docs, third');
    assert.equal(await text(dir, 'x/index.html'), 'a folder where a file was');
    assert.equal(await text(dir, 'new.html'), 'written');
    assert.equal(
      fileIdOf(path.join(dir, 'index.html')),
      kept['index.html'].fileId,
      "an unchanged file is the store's entry",
    );
    assert.equal(
      await text(published, 'docs/index.html'),
      'docs, second',
      'the generation published before is as it was',
    );
    assert.equal(
      await readFile(kept['docs/index.html'].path, 'utf8'),
      'docs',
      'and so is every entry of the store: nothing was written through a link',
    );
    assert.equal(await readFile(kept.x.path, 'utf8'), 'a file where a folder comes later');
    const generations = (await readdir(generationsDir(dir))).filter((n) => /^g-/.test(n)).sort();
    assert.equal(generations.length, 2, `the published generation and the one before it: ${generations.join(', ')}`);
    assert.ok(generations.includes(path.basename(published)));
    assert.deepEqual(await leftovers(dir), []);

    // A build that makes the published site again leaves it published and gives the generation it
    // took over its name back, as it was.
    const fourth = await linkBuild(dir, {
      ...third,
      'new.html': {
        path: path.join(dir, 'new.html'),
        hash: 'n',
        size: 7,
        fileId: fileIdOf(path.join(dir, 'new.html')),
      },
    });
    assert.equal(fourth.stats.unchangedSite, true);
    assert.deepEqual(fourth.generations.sort(), generations, 'the same two generations');
    assert.equal(await text(published, 'docs/index.html'), 'docs, second');
    assert.deepEqual(await leftovers(dir), []);
  });

/** A build folder whose next build takes over a generation: two builds, each with `index.html`
 * ('home') and `page` (other bytes each time). */
async function withGenerationToTakeOver(name: string, page: string): Promise<string> {
  const dir = await folder({}, false);
  const home = await keptFile(`${name}1`, 'home');
  await linkBuild(dir, { 'index.html': home, [page]: await keptFile(`${name}2`, 'a page removed later') });
  await linkBuild(dir, { 'index.html': home, [page]: await keptFile(`${name}3`, 'the page, second') });
  return dir;
}

for (const [how, calls] of CALLS)
  test(`FreshOutput: in a generation taken over, a file and a folder of the build at one path fail it as in a new folder; nothing of the build is removed for the other (${how})`, async () => {
    const dir = await withGenerationToTakeOver(`c-${how}`, 'x/index.html');
    for (const [first, second] of [
      ['x/index.html', 'x'],
      ['y', 'y/index.html'],
    ]) {
      const out = await new FreshOutput(dir, undefined, calls).start();
      await out.link('index.html', await keptFile(`c4-${how}-${first}`, 'home, third'));
      await out.write(first, 'first');
      // Written before the second starts, as a page is long before a feed that collides with it.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await out.write(second, 'second');
      const failed = await out.finish().then(
        () => undefined,
        (error: unknown) => error,
      );
      assert.ok(failed instanceof WriteError, `${first} then ${second}: the build fails`);
      // The writes run at once: either may be the one that finds the other in its way.
      assert.ok([first, second].includes(failed.file), `naming a file that could not be written: ${failed.file}`);
      await out.abort();
      assert.equal(await text(dir, 'index.html'), 'home', 'the published site is as it was');
      assert.deepEqual(await leftovers(dir), []);
    }
  });

test('FreshOutput: in a generation taken over, a public file goes where the older build had a folder', async () => {
  const dir = await withGenerationToTakeOver('p', 'foo/index.html');
  const from = path.join(path.dirname(dir), 'public');
  await mkdir(from, { recursive: true });
  await writeFile(path.join(from, 'foo'), 'a public file');
  const out = await new FreshOutput(dir).start();
  await out.link('index.html', await keptFile('p4', 'home, third'));
  await out.copyFiles(from, ['foo']);
  await out.finish();
  assert.deepEqual(await tree(dir), ['foo', 'index.html']);
  assert.equal(await text(dir, 'foo'), 'a public file');
});
