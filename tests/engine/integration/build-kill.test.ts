// Publication of `build/` under a bad day: a build killed (SIGKILL) at any step boundary, including
// each instant of the swap, leaves `build/` a complete site (the old one, or the new one once the
// swap is done), the next build cleans up after it, concurrent builds take turns, a killed
// bundling's staging folder does not stay in .cache/, and a new bundle of the engine leaves the
// earlier ones a running process still uses.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { runBuild } from '../../../generator/build/build.ts';
import { generationsDir } from '../../../generator/write/generations.ts';
import { ENGINE_CACHE, fixtureCopy, REPO } from '../../helpers.ts';
import { spawnOwned } from '../../processes.ts';
import { startServer } from './contact-helpers.ts';

let root: string;
let dispose: () => Promise<void>;
let steps: string[];
const buildDir = () => path.join(root, 'build');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

function site(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawnOwned(process.execPath, [path.join(REPO, 'bin', 'site.js'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

/** Every file behind `build` with the hash of its bytes, as one fingerprint of the whole site. */
function snapshot(): string {
  const dir = buildDir();
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash.update(
      `${file}\0${createHash('sha256')
        .update(readFileSync(path.join(dir, file)))
        .digest('hex')}\n`,
    );
  return `${files.length}:${hash.digest('hex')}`;
}

before(async () => {
  ({ root, dispose } = await fixtureCopy('basic'));
  const result = await runBuild({ root, mode: 'build', outDir: buildDir() });
  assert.ok(result.ok);
  steps = Object.keys(result.stats.timings);
});
after(() => dispose?.());

test('a build killed at any step boundary or instant of the swap leaves build/ a complete site; the next build cleans up', async () => {
  const old = snapshot();
  assert.ok(steps.includes('render') && steps.includes('finish'), steps.join(', '));
  // A visible change, so the new site can be told from the old one.
  appendFileSync(path.join(root, 'content/en/index.md'), '\nA sentence added for the next build.\n');
  const points = [
    ...steps.map((s) => `before:${s}`),
    'publish:locked',
    'publish:set-aside',
    'publish:named',
    'publish:linked',
    'publish:swapped',
  ];
  const seen: { point: string; site: string }[] = [];
  for (const point of points) {
    const run = await site(['build'], { SITE_KILL_AT: point });
    assert.equal(
      run.signal,
      'SIGKILL',
      `the build reached ${point} and was killed there (exit ${run.code}: ${run.stderr})`,
    );
    // The folders the builds killed before left are set aside for removal, and this kill leaves them so.
    if (point === 'publish:set-aside')
      assert.ok(
        readdirSync(generationsDir(buildDir())).some((name) => name.startsWith('old-')),
        'a generation set aside and not yet removed',
      );
    seen.push({ point, site: snapshot() });
  }
  const done = await site(['build']);
  assert.equal(done.code, 0, done.stderr);
  const fresh = snapshot();
  assert.notEqual(fresh, old, 'the change is in the new site');
  for (const { point, site } of seen) {
    const expected = point === 'publish:swapped' ? fresh : old;
    assert.equal(
      site,
      expected,
      `after a kill at ${point}, build/ is the ${point === 'publish:swapped' ? 'new' : 'old'} site, whole`,
    );
  }
  // What the killed builds left is gone; the generation before this one stays until the next build.
  const left = readdirSync(generationsDir(buildDir())).sort();
  assert.equal(left.length, 2, `the published generation and the one before it, nothing else: ${left.join(', ')}`);
  assert.ok(
    left.every((name) => /^g-\d+-\d+$/.test(name)),
    left.join(', '),
  );
  assert.ok(lstatSync(buildDir()).isSymbolicLink(), 'build is a link to the published generation');

  // The production server serves the published generation.
  const server = await startServer({ root, dir: buildDir() });
  try {
    const page = await fetch(`${server.url}/en/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /A sentence added for the next build/);
  } finally {
    await server.stop();
  }
});

test('builds of one project take turns: a build waits while another process holds the lock and says for whom; two released at once both succeed and the site is whole', async () => {
  // Another build (this test's process, alive) is publishing: it holds the lock. Holding it here
  // makes the builds wait whatever the machine's load, where two started together may not overlap.
  const lock = path.join(generationsDir(buildDir()), 'lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  writeFileSync(lock, `${process.pid}\n`);
  appendFileSync(path.join(root, 'content/en/index.md'), '\nA sentence for the builds that take turns.\n');
  const runs = [watched(['build']), watched(['build'])];
  const waiting = new RegExp(`waiting for the build in process ${process.pid} to finish: it is publishing build/`);
  await Promise.all(runs.map((r) => r.heard(waiting)));
  assert.ok(existsSync(lock), 'neither took the lock while it was held');
  rmSync(lock);
  const [a, b] = await Promise.all(runs.map((r) => r.done));
  assert.equal(a.code, 0, a.stderr);
  assert.equal(b.code, 0, b.stderr);
  assert.doesNotMatch(a.stderr + b.stderr, /ENOTEMPTY|\n\s+at /, 'no error, no stack trace');
  assert.ok(existsSync(path.join(buildDir(), 'index.html')));
  assert.ok(!existsSync(lock), 'the lock is released');
  // The first to take the lock publishes the edit. The second publishes a generation of its own,
  // or, when every file it made is the one just published, leaves that one as it is.
  const left = readdirSync(generationsDir(buildDir())).sort();
  assert.ok(
    left.length >= 1 && left.length <= 2 && left.every((name) => /^g-\d+-\d+$/.test(name)),
    `the published generation and at most the one before it: ${left.join(', ')}`,
  );
  assert.match(
    readFileSync(path.join(buildDir(), 'en', 'index.html'), 'utf8'),
    /A sentence for the builds that take turns/,
  );
});

/** A `site` run whose standard error can be waited on while it runs. */
function watched(args: string[]): { done: Promise<Run>; heard: (pattern: RegExp) => Promise<void> } {
  let stderr = '';
  const listeners = new Set<() => void>();
  const child = spawnOwned(process.execPath, [path.join(REPO, 'bin', 'site.js'), ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const listener of listeners) listener();
  });
  const done = new Promise<Run>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
  const heard = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(stderr)) return;
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
      check();
      void done.then(() =>
        pattern.test(stderr) ? resolve() : reject(new Error(`the build ended without saying ${pattern}:\n${stderr}`)),
      );
    });
  return { done, heard };
}

test('a build of the version before generations (build/ a plain folder) is taken over, and a folder its killed swap left is the site again', async () => {
  const dir = buildDir();
  const published = readdirSync(generationsDir(dir)).filter((n) => n.startsWith('g-'));
  // The older layout, killed between its two renames: no build/, the last good site in build.old-<pid>.
  const { renameSync, rmSync, unlinkSync } = await import('node:fs');
  const target = path.resolve(root, (await import('node:fs')).readlinkSync(dir));
  unlinkSync(dir);
  renameSync(target, `${dir}.old-999999`);
  for (const name of published) rmSync(path.join(generationsDir(dir), name), { recursive: true, force: true });
  mkdirSync(`${dir}.tmp-999999/en`, { recursive: true });
  writeFileSync(`${dir}.tmp-999999/en/index.html`, 'half a build');
  const run = await site(['build'], { SITE_KILL_AT: 'before:render' });
  assert.equal(run.signal, 'SIGKILL');
  assert.ok(
    existsSync(path.join(dir, 'index.html')),
    'the last good site is published again before the build writes anything',
  );
  assert.ok(!existsSync(`${dir}.tmp-999999`), 'the half-written folder of the killed build is removed');
  const done = await site(['build']);
  assert.equal(done.code, 0, done.stderr);
  assert.ok(existsSync(path.join(dir, 'en/index.html')));
  assert.deepEqual(
    readdirSync(root)
      .filter((n) => n.startsWith('build'))
      .sort(),
    ['build', 'build.generations'],
  );
});

test('a staging folder of a bundling that was killed is removed by the next start of site', async () => {
  const cache = ENGINE_CACHE;
  const dead = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => dead.on('exit', resolve));
  const staging = path.join(cache, `staging-${dead.pid}`);
  mkdirSync(staging, { recursive: true });
  writeFileSync(path.join(staging, 'cli.partial.mjs'), 'x'.repeat(4 << 20));
  const run = await site(['--help']);
  assert.equal(run.code, 0, run.stderr);
  assert.ok(!existsSync(staging), `${staging} is removed`);
});

test('bundles of earlier engine sources are kept while a running process uses them, removed once none does', async () => {
  const cache = ENGINE_CACHE;
  // The key the next start of site uses: the bundle it loads is named after it.
  const entry = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { engineEntry } from ${JSON.stringify(path.join(REPO, 'bin', 'engine-bundle.js'))}; console.log(await engineEntry('cli'));`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(out.trim()));
  });
  const key = /cli\.([0-9a-f]{12})\.mjs$/.exec(entry)?.[1];
  assert.ok(key, entry);
  // Two earlier versions: one a process still runs on (a dev server started before an edit), one nobody does.
  const running = spawnOwned(process.execPath, ['-e', 'setTimeout(() => {}, 120000)']);
  const gone = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => gone.on('exit', resolve));
  const versions = { used: 'a1b2c3d4e5f6', unused: '0f1e2d3c4b5a' };
  const filesOf = (k: string) =>
    [`cli.${k}.mjs`, `worker.${k}.mjs`, `chunk.${k}.ABCDEFGH.mjs`].map((f) => path.join(cache, f));
  for (const file of [...filesOf(versions.used), ...filesOf(versions.unused)])
    writeFileSync(file, '// an earlier bundle\n');
  writeFileSync(path.join(cache, `in-use.${versions.used}.${running.pid}`), '');
  writeFileSync(path.join(cache, `in-use.${versions.unused}.${gone.pid}`), '');
  try {
    // Without its CLI file the current version is bundled again, which clears what is of no use.
    rmSync(path.join(cache, `cli.${key}.mjs`));
    const run = await site(['--help']);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(existsSync(path.join(cache, `cli.${key}.mjs`)), 'the current version is bundled');
    for (const file of filesOf(versions.used))
      assert.ok(existsSync(file), `${path.basename(file)} is kept: a running process uses it`);
    for (const file of filesOf(versions.unused))
      assert.ok(!existsSync(file), `${path.basename(file)} is removed: no process uses it`);
    assert.ok(
      !existsSync(path.join(cache, `in-use.${versions.unused}.${gone.pid}`)),
      'the mark of a process that is gone is removed',
    );
  } finally {
    running.kill();
    for (const file of filesOf(versions.used)) rmSync(file, { force: true });
    rmSync(path.join(cache, `in-use.${versions.used}.${running.pid}`), { force: true });
  }
});
