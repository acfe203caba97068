// Watch mode across a replaced content/ folder, as `git checkout` of another branch or a restore
// from a backup does it: the watcher waits for the tree to be quiet, builds it whole, says that it
// lost and regained the folder, and keeps rebuilding afterwards.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import type { BuildResult } from '../../../generator/build/build.ts';
import { fixtureCopy } from '../../helpers.ts';
import { HANG_MS, until } from '../../waiting.ts';
import { startWatchServer } from '../../watch-server.ts';

const sh = promisify(execFile);
const ROUNDS = 3;

test('replacing content/ as a whole: one build of the whole tree, a message, and edits afterwards still rebuild', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  await sh('cp', ['-a', path.join(root, 'content'), path.join(root, 'backup')]);
  const said: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => said.push(args.join(' '));
  const watch = await startWatchServer(root);
  const { dev, url: base, builds } = watch;
  // Undefined when no build comes before only a hang would keep it away.
  const nextBuild = () =>
    new Promise<BuildResult | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), HANG_MS);
      void watch.nextBuild().then((r) => {
        clearTimeout(timer);
        resolve(r);
      });
    });
  // Edits below wait for the builds they start, not for the end of the first.
  await dev.firstBuild;
  try {
    const page = path.join(root, 'content/en/docs/guides/upgrade.md');
    let outages = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const first = builds.length;
      const replaced = nextBuild();
      // The first time as a slow restore: the folder comes back only after the server has said it
      // is gone (on a busy machine a fixed pause may be shorter than the server's notice); then
      // as `git checkout` does.
      if (round === 0) {
        await sh('rm', ['-rf', 'content'], { cwd: root });
        await until(() => said.some((line) => line.includes('content/ disappeared')), 'the server to notice');
        await sh('cp', ['-a', 'backup', 'content'], { cwd: root });
      } else {
        await sh('sh', ['-c', 'rm -rf content && cp -a backup content'], { cwd: root });
      }
      const result = await replaced;
      // Give a wrongly early build the chance to be followed by another one.
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.ok(result, `round ${round}: the replaced tree was built`);
      const after = builds.slice(first);
      assert.deepEqual(
        after.map((b) => b.diagnostics.filter((d) => d.severity === 'error').length),
        after.map(() => 0),
        `round ${round}: no build ran on a half-copied tree`,
      );

      const marker = `Edited in round ${round}`;
      await writeFile(page, (await readFile(page, 'utf8')).replace(/Back to|Edited in round \d+/, marker));
      // The page served shows the edit (however long a busy machine takes), or the watch is out.
      await until(
        async () => (await (await fetch(`${base}/en/docs/guides/upgrade/`)).text()).includes(marker),
        'the edit to be served',
        { everyMs: 100 },
      ).catch(() => outages++);
    }
    assert.equal(outages, 0, 'watch outages');
    const told = said.filter((line) => /content\//.test(line));
    assert.deepEqual(told.slice(0, 2), [
      '[site] content/ disappeared; waiting for it to come back before building',
      '[site] content/ is back; building it whole',
    ]);
    // Under load the file system may report one replacement as two; each is said, none is missed.
    const again = told.slice(2);
    assert.ok(again.length >= ROUNDS - 1, `each later replacement is told:\n${told.join('\n')}`);
    for (const line of again) assert.equal(line, '[site] content/ was removed and created again; building it whole');
  } finally {
    console.log = log;
    await dev.close();
    await dispose();
  }
});
