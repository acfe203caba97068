// `site init` as a new user meets it: a folder written by the engine, `npm install` of the engine by
// its `file:` path (offline: nothing comes from the registry), then `npx site build` and `npx site
// check` inside the folder. The build runs as an unprivileged user, for whom the engine's folder
// is read-only: whatever the engine caches goes to the site's own .cache/.

import assert from 'node:assert/strict';
import { type SpawnSyncOptions, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ENGINE_CACHE, exists, REPO, read } from '../../helpers.ts';

const NOBODY = 65534;
const run = (command: string, args: string[], cwd: string, options: SpawnSyncOptions = {}) =>
  spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 600_000, ...options }) as {
    status: number | null;
    stdout: string;
    stderr: string;
  };
const site = (cwd: string, ...args: string[]) =>
  run(process.execPath, [path.join(REPO, 'bin', 'site.js'), ...args], cwd);
const npm = (cwd: string, ...args: string[]) => run('npm', [...args, '--offline', '--no-audit', '--no-fund'], cwd);

/** Runs as user nobody where the test runs as root (root may write anywhere, so read-only is shown as another user). */
const asNobody = (command: string[], cwd: string) =>
  process.getuid?.() === 0
    ? run('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', ...command], cwd, {
        env: { ...process.env, HOME: cwd, npm_config_cache: path.join(cwd, '.npm') },
      })
    : run(command[0], command.slice(1), cwd);

/**
 * What the engine's folders hold: its own site's .cache/ but for the builds the other test files
 * share there (tests/real-site.ts), which they may make while this test runs, and its bundles' cache
 * but for the bundles of the engine itself.
 */
const ownCache = () =>
  [
    ...readdirSync(path.join(REPO, '.cache')).filter((f) => !/^(real-site|fixture-sites)(\.lock)?$/.test(f)),
    ...readdirSync(ENGINE_CACHE)
      .filter((f) => !/^(cli|api|worker|chunk)\./.test(f) && !/^in-use\./.test(f))
      .map((f) => `engine:${f}`),
  ].sort();

function chownTree(dir: string): void {
  chownSync(dir, NOBODY, NOBODY);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) chownTree(full);
    else chownSync(full, NOBODY, NOBODY);
  }
}

test('site init writes a two-locale site that builds with its own npx site, the engine read-only, and passes site check', async () => {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'site-init-'));
  try {
    chmodSync(tmp, 0o755);
    const made = site(tmp, 'init', 'acme', '--locales', 'de,en');
    assert.equal(made.status, 0, made.stderr);
    assert.match(made.stdout, /^Wrote a site in 2 locales \(de, en\) to acme\/: \d+ files\./m);
    const dir = path.join(tmp, 'acme');
    const manifest = JSON.parse(await read(dir, 'package.json')) as {
      name: string;
      private: boolean;
      dependencies: Record<string, string>;
    };
    assert.equal(manifest.name, 'acme');
    assert.equal(path.resolve(dir, manifest.dependencies.sitesmith.replace(/^file:/, '')), REPO.replace(/\/$/, ''));
    assert.match(await read(dir, 'config/site.config.ts'), /^import \{ defineConfig \} from 'sitesmith';$/m);

    const installed = npm(dir, 'install');
    assert.equal(installed.status, 0, installed.stderr);

    if (process.getuid?.() === 0) chownTree(dir);
    const engineCache = ownCache();
    const built = asNobody(['npx', '--offline', 'site', 'build'], dir);
    assert.equal(built.status, 0, `${built.stdout}\n${built.stderr}`);
    assert.match(built.stdout, /^\d+ pages, \d+ files written in [\d.]+ s\.$/m);
    for (const page of [
      'index.html',
      'en/index.html',
      'docs/index.html',
      'docs/getting-started/index.html',
      'en/docs/getting-started/index.html',
      'blog/index.html',
      'blog/welcome/index.html',
      'en/blog/welcome/index.html',
      'sitemap.xml',
    ]) {
      assert.ok(exists(dir, `build/${page}`), `build/${page} was written`);
    }
    const home = await read(dir, 'build/en/index.html');
    assert.match(home, /<title>[^<]*acme[^<]*<\/title>/);
    assert.match(home, /href="\/en\/docs\/"/, "the navbar links the docs in the page's locale");
    assert.doesNotMatch(home, /Almwerk/, "the new site carries nothing of the repository's own site");

    // What the engine cached is in the site's folder; the engine's own folder gained nothing.
    for (const part of ['parse', 'social', 'outputs', 'fonts'])
      assert.ok(statSync(path.join(dir, '.cache', part)).isDirectory(), `.cache/${part} in the site`);
    if (process.getuid?.() === 0)
      assert.ok(
        readdirSync(path.join(dir, '.cache', 'engine')).some((f) => /^cli\..*\.mjs$/.test(f)),
        'the CLI was bundled into the site, the engine being read-only',
      );
    assert.deepEqual(ownCache(), engineCache);

    const checked = run('npx', ['--offline', 'site', 'check'], dir);
    assert.equal(checked.status, 0, `${checked.stdout}\n${checked.stderr}`);
    assert.match(checked.stdout, /^No problems found\.$/m);
    assert.doesNotMatch(checked.stderr, /warning/i);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});

test('site init in one locale, and the programmatic API from plain Node', async () => {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'site-init-'));
  try {
    const made = site(tmp, 'init', 'solo');
    assert.equal(made.status, 0, made.stderr);
    const dir = path.join(tmp, 'solo');
    assert.ok(exists(dir, 'content/en/index.md') && !exists(dir, 'content/de'));
    assert.ok(npm(dir, 'install').status === 0);
    // A script of the site's own, no TypeScript loader: `sitesmith/api` resolves through the package's exports.
    await writeFile(
      path.join(dir, 'check.mjs'),
      "import { check } from 'sitesmith/api';\nconst r = await check();\nconsole.log(JSON.stringify({ ok: r.ok, pages: r.stats.pages, problems: r.diagnostics.length }));\n",
    );
    const checked = run(process.execPath, ['check.mjs'], dir);
    assert.equal(checked.status, 0, checked.stderr);
    // The same from `node -e`, whose --input-type the worker threads must not inherit.
    const evaluated = run(
      process.execPath,
      ['--input-type=module', '-e', "import { build } from 'sitesmith/api'; console.log((await build()).ok);"],
      dir,
    );
    assert.equal(evaluated.status, 0, evaluated.stderr);
    assert.match(evaluated.stdout, /^true$/m);
    assert.ok(exists(dir, 'build/index.html'));
    const result = JSON.parse(checked.stdout.trim().split('\n').at(-1)!) as {
      ok: boolean;
      pages: number;
      problems: number;
    };
    assert.equal(result.ok, true);
    assert.equal(result.problems, 0);
    assert.ok(result.pages >= 5, `${result.pages} pages`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});

test('site init refuses a folder that is not empty, and locales that are none', async () => {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'site-init-'));
  try {
    assert.equal(site(tmp, 'init', 'x').status, 0);
    const again = site(tmp, 'init', 'x');
    assert.equal(again.status, 1);
    assert.equal(again.stderr.trim(), 'site init: x is not empty; name a new folder or an empty one.');
    const bad = site(tmp, 'init', 'y', '--locales', 'de,English');
    assert.equal(bad.stderr.trim(), 'site init: --locales: English is no locale like en, de or pt-BR.');
    assert.ok(!exists(tmp, 'y'));
    assert.equal((await readFile(path.join(tmp, 'x', 'package.json'), 'utf8')).includes('"sitesmith"'), true);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});
