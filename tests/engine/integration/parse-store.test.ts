// Parse results on disk: a build in a new process parses only the files whose bytes changed since
// the last build of the same code, and a change to the code (a new bundle key) starts afresh.

import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, type TestContext, test } from 'node:test';
import { runBuild } from '../../../generator/build/build.ts';
import { PARSE_STORE_DIR, ParseStore } from '../../../generator/parse/parse-store.ts';
import { fixtureCopy } from '../../helpers.ts';

let fixture: { root: string; dispose: () => Promise<void> };
const key = process.env.SITE_BUNDLE_KEY;

before(async () => {
  fixture = await fixtureCopy('basic');
});
after(() => fixture?.dispose());

/** The test's builds run under `value` as the bundle key; the process's own key is back after it
 * (the other integration tests run in this process). */
function useKey(t: TestContext, value: string | undefined) {
  const set = (v: string | undefined) =>
    v === undefined ? delete process.env.SITE_BUNDLE_KEY : (process.env.SITE_BUNDLE_KEY = v);
  t.after(() => void set(key));
  set(value);
}

/** A build as a new process of the CLI runs it: no results in memory. */
const check = async () => (await runBuild({ root: fixture.root, mode: 'check' })).stats;

test('without a bundle key nothing is stored', async (t) => {
  useKey(t, undefined);
  const first = await check();
  assert.ok(first.parsed > 20);
  assert.equal((await check()).parsed, first.parsed);
  assert.equal(existsSync(path.join(fixture.root, PARSE_STORE_DIR)), false);
});

test('with one, the next build parses only what changed, and stale results are removed', async (t) => {
  useKey(t, 'version-a');
  const all = (await check()).parsed;
  const dir = path.join(fixture.root, PARSE_STORE_DIR, 'version-a');
  assert.equal(readdirSync(dir).length, all);
  assert.equal((await check()).parsed, 0, 'nothing changed');
  await appendFile(path.join(fixture.root, 'content', 'en', 'docs', 'guides', 'install.md'), '\nOne more line.\n');
  assert.equal((await check()).parsed, 1, 'one file changed');
  assert.equal(readdirSync(dir).length, all, 'the result for the old bytes is gone');
});

test('a new version of the code parses everything again and drops the old results', async (t) => {
  useKey(t, 'version-b');
  assert.ok((await check()).parsed > 20);
  assert.deepEqual(readdirSync(path.join(fixture.root, PARSE_STORE_DIR)), ['version-b']);
});

test('a key that is not a plain name is not used as a folder', () => {
  assert.equal(ParseStore.open(fixture.root, '../elsewhere'), undefined);
});
