// Watch mode: an edit re-parses one file, re-renders and re-writes only what shows it, and the
// served page has the new text; a content error keeps the server running.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startDevServer } from '../../generator/serve.ts';
import type { BuildResult } from '../../generator/build.ts';
import { fixtureCopy } from '../helpers.ts';

test('a one-page edit re-parses one file and rewrites one page; an error keeps the server up', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  const builds: BuildResult[] = [];
  let waiting: ((r: BuildResult) => void) | undefined;
  const nextBuild = () => new Promise<BuildResult>((resolve) => (waiting = resolve));
  const dev = await startDevServer({ root, port: 0, host: '127.0.0.1', watch: true, out: '.serve', onBuild: (r) => (builds.push(r), waiting?.(r)) });
  try {
    const address = dev.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    assert.equal(builds[0].stats.parsed, 24);
    const file = path.join(root, 'content/en/docs/guides/upgrade.md');
    const edited = nextBuild();
    await writeFile(file, (await readFile(file, 'utf8')).replace('Back to', 'Return to'));
    const rebuilt = await edited;
    assert.equal(rebuilt.stats.parsed, 1);
    assert.equal(rebuilt.stats.rendered, 1);
    assert.deepEqual(rebuilt.stats.write?.files, ['en/docs/guides/upgrade/index.html']);
    assert.match(await (await fetch(`${base}/en/docs/guides/upgrade/`)).text(), /Return to/);

    const broken = nextBuild();
    await writeFile(file, '---\ntitle: Upgrade en\ndescription: x\n---\n\n[gone](/gone/)\n');
    const failed = await broken;
    assert.equal(failed.ok, false);
    assert.match(failed.diagnostics.map((d) => d.message).join(), /link target \/gone\/ does not exist/);
    const response = await fetch(`${base}/en/docs/guides/install/`);
    assert.equal(response.status, 200, 'the server keeps serving');
  } finally {
    await dev.close();
    await dispose();
  }
});
