// Which files the build writes compressed twins for: the table of docs/outputs.md ("Precompressed files")
// read as it stands and held to `twinsOf`, and the twins an output actually gets written.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { MIN_BYTES, precompressed, type Twin, twinsOf } from '../../../generator/write/compress.ts';
import type { Output } from '../../../generator/write/write.ts';
import { REPO } from '../../helpers.ts';

/** The rows of the docs' table: the example files of each, and the twins it names. */
function readmeRows(): { files: string[]; twins: Twin[]; label: string }[] {
  const doc = readFileSync(path.join(REPO, 'docs/outputs.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Precompressed files'));
  const table = section.slice(section.indexOf('| files |'), section.indexOf('\n\n', section.indexOf('| files |')));
  return table
    .split('\n')
    .slice(2)
    .map((row) => {
      const [label, br, gz] = row.split(' | ');
      const twins: Twin[] = [...(br === 'yes' ? ['br' as const] : []), ...(gz === 'yes' ? ['gz' as const] : [])];
      const files = [...label.matchAll(/`([^`]+\.[a-z0-9]+)`/g)].map((m) => m[1]);
      return { files, twins, label: label.replace(/^\| /, '').split(':')[0] };
    });
}

test("the docs' table of twins is what the build writes", () => {
  const rows = readmeRows();
  assert.deepEqual(
    rows.map((r) => r.label),
    ['pages', 'hashed assets', 'read by programs', 'the rest served as text', 'none'],
  );
  for (const { files, twins, label } of rows) {
    assert.ok(files.length >= 2, `${label}: examples named`);
    for (const file of files) {
      // The files of the last row are too small (robots.txt) or no twin's at any size.
      const size = file === 'robots.txt' ? 200 : 10_000;
      assert.deepEqual(twinsOf(file, size), twins, `${label}: ${file}`);
    }
  }
  assert.deepEqual(twinsOf('docs/intro/index.md', MIN_BYTES - 1), [], 'under 1 KB, none');
  assert.deepEqual(twinsOf('docs/intro/index.md', MIN_BYTES), ['gz']);
});

test('an output gets the twins twinsOf names, each decompressing to its file', async () => {
  const written = new Map<string, Uint8Array>();
  const inner: Output = {
    write: async (file, contents) =>
      void written.set(file, typeof contents === 'string' ? Buffer.from(contents) : contents),
    link: async () => assert.fail('no store, nothing linked'),
    copyFiles: async () => undefined,
    finish: async () => ({ written: written.size, unchanged: 0, removed: 0, files: [...written.keys()] }),
    abort: async () => undefined,
  };
  const output = precompressed(inner);
  const text = '<p>A paragraph that is written again and again.</p>\n'.repeat(100);
  const files = ['docs/index.html', 'assets/site.X.css', 'docs/index.md', 'robots.txt', '_server/site.json'];
  for (const file of files) await output.write(file, file === 'robots.txt' ? 'User-agent: *\n' : text);
  await output.finish();
  assert.deepEqual([...written.keys()].filter((f) => !files.includes(f)).sort(), [
    'assets/site.X.css.br',
    'assets/site.X.css.gz',
    'docs/index.html.br',
    'docs/index.md.gz',
  ]);
  assert.equal(gunzipSync(written.get('docs/index.md.gz')!).toString(), text);
});
