// One broken fixture per validation rule: the basic fixture plus the files in
// tests/fixtures/broken/<rule>/ (or <rule>.<case>/ for a further case of the same rule), and in
// expected.txt the exact lines `site check` must print. `UPDATE=1 npm test` writes what the check
// prints into expected.txt instead (read the diff before committing it).

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { FIXTURES, fixtureCopy } from '../../helpers.ts';

const BROKEN = path.join(FIXTURES, 'broken');

for (const rule of readdirSync(BROKEN)) {
  test(`rule ${rule}: reported with file, line and hint, and the check fails`, async () => {
    const golden = path.join(BROKEN, rule, 'expected.txt');
    const { root, dispose } = await fixtureCopy('basic', path.join(BROKEN, rule));
    try {
      // A fixture with a file `build` is built, not checked: its problem shows only when writing.
      const result = await runBuild({ root, mode: existsSync(path.join(BROKEN, rule, 'build')) ? 'build' : 'check' });
      if (process.env.UPDATE === '1') writeFileSync(golden, `${result.diagnostics.map(formatDiagnostic).join('\n')}\n`);
      const expected = readFileSync(golden, 'utf8').trim().split('\n');
      // Warnings alone do not fail a build.
      assert.equal(
        result.ok,
        expected.every((line) => line.includes('  warning: ')),
      );
      assert.deepEqual(result.diagnostics.map(formatDiagnostic), expected);
      const rules = new Set<string>(result.diagnostics.map((d) => d.rule));
      const name = rule.split('.')[0];
      assert.ok(rules.has(name), `reported under [${name}]`);
    } finally {
      await dispose();
    }
  });
}
