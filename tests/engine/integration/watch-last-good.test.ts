// Watch mode and a mistake in front matter: the one cause is the one error, and the page keeps
// being served as it was last good (the error says so) until the file is fixed.

import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { createCache, runBuild } from '../../../generator/build/build.ts';
import { closeParseWorkers } from '../../../generator/build/worker-pool.ts';
import { renderOnDemand } from '../../../generator/dev/pages-on-demand.ts';
import { fixtureCopy } from '../../helpers.ts';

// A build with a cache keeps its parse workers for the next one, as watch mode does.
after(() => closeParseWorkers());

test('a YAML mistake is one error, and the page stays as it was last good until it is fixed', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    const cache = createCache();
    const serve = (changed?: Set<string>) => runBuild({ root, mode: 'serve', outDir: '.serve', cache, changed });
    const first = await serve();
    assert.deepEqual(first.diagnostics, []);
    const file = path.join(root, 'content/en/docs/guides/upgrade.md');
    const page = path.join(root, '.serve/en/docs/guides/upgrade/index.html');
    // A tab open on the page: the dev server renders it when asked for.
    assert.ok((await renderOnDemand(cache, '/en/docs/guides/upgrade/')).rendered);
    const good = await readFile(page, 'utf8');
    const source = await readFile(file, 'utf8');
    // An unclosed quote: the front matter no longer reads.
    await writeFile(file, source.replace(/^title: (.*)$/m, 'title: "$1'));
    const broken = await serve(new Set([file]));
    const errors = broken.diagnostics.filter((d) => d.severity === 'error');
    assert.equal(errors.length, 1, errors.map((d) => `${d.file}: ${d.message}`).join('\n'));
    assert.equal(errors[0].file, 'content/en/docs/guides/upgrade.md');
    assert.match(errors[0].hint ?? '', /until then the page shows its last good version/);
    assert.equal(await readFile(page, 'utf8'), good, 'the page is served as it was');
    await writeFile(file, source.replace('Back to', 'Return to'));
    const fixed = await serve(new Set([file]));
    assert.deepEqual(fixed.diagnostics, []);
    assert.match(await readFile(page, 'utf8'), /Return to/);
  } finally {
    await dispose();
  }
});
