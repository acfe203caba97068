// Advice that passes when followed: each hint of `site check` that names a change is applied here
// as printed, and the check run again passes.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fixtureCopy, REPO } from '../../helpers.ts';

const site = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), ...args], { cwd, encoding: 'utf8' });

type Reported = { file: string; line?: number; rule: string; severity: string; message: string; hint: string };
const check = (root: string, ...args: string[]) => {
  const run = site(root, 'check', '--format', 'json', ...args);
  return { status: run.status, reported: JSON.parse(run.stdout || '[]') as Reported[], stderr: run.stderr };
};

test('a redirect to a mistyped route is told the route it likely means, and the redirect written so passes', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    const config = path.join(root, 'config/site.config.ts');
    writeFileSync(
      config,
      "import { base } from './base.ts';\n\nexport default {\n  ...base,\n  redirects: [...base.redirects, { from: '/docs/setup/', to: '/docs/guides/instal/' }],\n};\n",
    );
    const first = check(root);
    assert.equal(first.status, 1);
    const missing = first.reported.filter((d) => d.rule === 'redirect-target-missing');
    assert.ok(missing.length > 0, JSON.stringify(first.reported));
    const written = /write `(to: '[^']+')`/.exec(missing[0].hint)?.[1];
    assert.equal(written, "to: '/docs/guides/install/'", missing[0].hint);
    writeFileSync(config, readFileSync(config, 'utf8').replace("to: '/docs/guides/instal/'", written));
    const fixed = check(root);
    assert.deepEqual(
      fixed.reported.filter((d) => d.severity === 'error'),
      [],
    );
    assert.equal(fixed.status, 0, fixed.stderr);
  } finally {
    await dispose();
  }
});
