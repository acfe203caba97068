// esbuild's helpers chunk is imported by every entry of a split build (evanw/esbuild#1892); the
// bundler removes the imports that name nothing, and what it leaves still runs.

import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { withoutUnusedHelperImports } from '../../../generator/render/assets.ts';

test('an entry that uses no esbuild helper no longer loads their chunk; one that does still imports it, and both run', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-helpers-'));
  try {
    await writeFile(path.join(dir, 'legacy.cjs'), 'module.exports = { answer: 42 };');
    await writeFile(path.join(dir, 'shared.js'), 'export const shared = "shared";');
    await writeFile(
      path.join(dir, 'plain.js'),
      'import { shared } from "./shared.js"; export const plain = `plain ${shared}`;',
    );
    await writeFile(
      path.join(dir, 'island.js'),
      'import legacy from "./legacy.cjs"; import { shared } from "./shared.js"; export const island = `${shared} ${legacy.answer}`;',
    );
    await writeFile(path.join(dir, 'alone.js'), 'export const alone = "alone";');
    await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }');
    const result = await esbuild.build({
      absWorkingDir: dir,
      entryPoints: ['plain.js', 'island.js', 'alone.js'],
      bundle: true,
      format: 'esm',
      splitting: true,
      minify: true,
      outdir: 'out',
      chunkNames: 'chunk.[hash]',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const before = result.outputFiles.map((f) => ({ path: path.relative(dir, f.path), contents: f.contents }));
    const helper = Object.entries(result.metafile.outputs).find(
      ([out, meta]) => out.includes('chunk.') && Object.keys(meta.inputs).length === 0,
    )?.[0];
    assert.ok(helper, 'esbuild made a chunk of its helpers');
    const helperName = path.basename(helper);
    const text = (files: typeof before, name: string) =>
      Buffer.from(files.find((f) => f.path === `out/${name}`)!.contents).toString();
    assert.ok(
      text(before, 'plain.js').includes(`import"./${helperName}";`),
      'esbuild imports the helpers from the plain entry (if it stops, this step can go)',
    );

    const after = withoutUnusedHelperImports(before, result.metafile);
    assert.ok(!text(after, 'plain.js').includes(helperName), 'the plain entry no longer names the helpers chunk');
    assert.ok(
      text(after, 'island.js').includes(`from"./${helperName}"`),
      'the entry that loads CommonJS still imports the helpers',
    );
    assert.deepEqual(
      result.metafile.outputs['out/plain.js'].imports.map((i) => i.path).filter((p) => p === helper),
      [],
      'nor does the metafile list it for the plain entry (no modulepreload)',
    );
    assert.ok(result.metafile.outputs['out/island.js'].imports.some((i) => i.path === helper));

    await mkdir(path.join(dir, 'out'));
    for (const f of after) await writeFile(path.join(dir, f.path), f.contents);
    const plain = await import(pathToFileURL(path.join(dir, 'out/plain.js')).href);
    const island = await import(pathToFileURL(path.join(dir, 'out/island.js')).href);
    assert.equal(plain.plain, 'plain shared');
    assert.equal(island.island, 'shared 42');
    assert.equal((await import(pathToFileURL(path.join(dir, 'out/alone.js')).href)).alone, 'alone');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
