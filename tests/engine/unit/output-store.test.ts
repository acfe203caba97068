// The output store within one build: an entry made twice with the same bytes (two files of one
// content, each compressed at once) stays one file, so every name build/ gives it is that file, and
// the next build finds the entry as the file build/ holds.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { OutputStore } from '../../../generator/write/output-store.ts';

test('an entry set again with the same bytes, after the first write finished, is the same file', async (t) => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'site-store-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const store = OutputStore.open(root, 'test-key')!;
  const bytes = new TextEncoder().encode('console.log("the same script in two locales");\n'.repeat(40));
  const first = await store.set('br5:abc', bytes);
  const second = await store.set('br5:abc', bytes);
  assert.ok(first && second);
  assert.equal(second.fileId, first.fileId, 'not written again: the file linked first is still the entry');
  await store.close();

  const next = OutputStore.open(root, 'test-key')!;
  assert.equal(next.keep('br5:abc')?.fileId, first.fileId, 'the next build finds that very file');
});
