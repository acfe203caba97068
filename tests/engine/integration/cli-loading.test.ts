// What a command of the `site` CLI loads before it does its work: `site --version` answers from
// package.json without the engine, and `site check` renders every page without the card renderer
// (sharp) or the search indexer (Pagefind), which only a build's outputs need. Every module the
// process resolves is noted by a resolve hook (node:module's `register`) loaded before the CLI.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fixtureCopy, REPO } from '../../helpers.ts';

/** A resolve hook that appends every URL resolved to the file named by SITE_TEST_LOADED. */
const HOOKS = [
  "import { appendFileSync } from 'node:fs';",
  'export async function resolve(specifier, context, next) {',
  '  const resolved = await next(specifier, context);',
  "  appendFileSync(process.env.SITE_TEST_LOADED, resolved.url + '\\n');",
  '  return resolved;',
  '}',
].join('\n');
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`;

/** Runs `site ...args` in `cwd`; its output and the URLs of every module it resolved (main thread and workers). */
function siteLoading(cwd: string, ...args: string[]): { status: number | null; stdout: string; loaded: string[] } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-loaded-'));
  const file = path.join(dir, 'loaded.txt');
  try {
    const r = spawnSync(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, path.join(REPO, 'bin', 'site.js'), ...args],
      { cwd, encoding: 'utf8', env: { ...process.env, SITE_TEST_LOADED: file } },
    );
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    let loaded: string[] = [];
    try {
      loaded = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    } catch {
      // Nothing was resolved: no file.
    }
    return { status: r.status, stdout: r.stdout, loaded };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('site --version prints the version without loading the engine', () => {
  const { stdout, loaded } = siteLoading(REPO, '--version');
  assert.equal(stdout.trim(), JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).version);
  const modules = loaded.filter((url) => url.startsWith('file:'));
  assert.deepEqual(
    modules.map((url) => path.relative(REPO, new URL(url).pathname)),
    [path.join('bin', 'site.js')],
    'the command itself, and no module of the engine or of a package',
  );
});

test('site check renders every page without loading the card renderer or the search indexer', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    const { stdout, loaded } = siteLoading(root, 'check', '--timings');
    assert.match(stdout, /No problems found\./);
    assert.match(stdout, /^Rendered \d+ pages/m, 'the pages were rendered');
    const packages = new Set(loaded.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []));
    assert.ok(packages.has('react-dom'), `the pages were rendered with React: ${[...packages].join(', ')}`);
    for (const name of ['sharp', 'pagefind'])
      assert.ok(!packages.has(name), `${name} was loaded by site check: ${[...packages].join(', ')}`);
  } finally {
    await dispose();
  }
});
