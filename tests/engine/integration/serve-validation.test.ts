// `site serve` validates what `site check` and `site build` validate, with the same code: a post
// dated in a form that is no date (`2025-03-14T23:30:00+02:00`, `14.03.2025`) is the same
// diagnostic at the same line in serve as in check, the dev server does not crash on it, and every
// page, that post's and the feeds included, is still served.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { closeParseWorkers } from '../../../generator/build/worker-pool.ts';
import { startDevServer } from '../../../generator/dev/serve.ts';
import { devServerHooks } from '../../../server/dev-hooks.ts';
import { fixtureCopy } from '../../helpers.ts';

for (const date of ['2025-03-14T23:30:00+02:00', '14.03.2025']) {
  test(`a post dated ${date} is the same error in serve as in check, and serve serves every page`, async (t) => {
    const { root, dispose } = await fixtureCopy('basic');
    const post = path.join(root, 'content/en/news/second.md');
    writeFileSync(post, readFileSync(post, 'utf8').replace('date: 2025-06-01', `date: ${date}`));
    const checked = await runBuild({ root, mode: 'check' });
    const expected = checked.diagnostics.map(formatDiagnostic);
    assert.ok(
      expected.some((line) => line.startsWith('content/en/news/second.md:4:7  "date": must be a date')),
      expected.join('\n'),
    );
    const printed: string[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void printed.push(args.join(' '));
    const dev = await startDevServer({
      root,
      port: 0,
      host: '127.0.0.1',
      watch: false,
      out: '.serve',
      hooks: devServerHooks({ root }),
    });
    t.after(async () => {
      console.error = error;
      await dev.close();
      await closeParseWorkers();
      await dispose();
    });
    const served = await dev.firstBuild;
    assert.deepEqual(served.diagnostics.map(formatDiagnostic), expected);
    const address = dev.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    for (const page of [
      '/en/',
      '/en/news/',
      '/en/news/second/',
      '/en/news/first/',
      '/en/news/rss.xml',
      '/en/news/atom.xml',
    ])
      assert.equal((await fetch(`${base}${page}`)).status, 200, page);
    assert.deepEqual(
      printed.filter((line) => /crashed|RangeError|\n\s+at /.test(line)),
      [],
    );
  });
}
