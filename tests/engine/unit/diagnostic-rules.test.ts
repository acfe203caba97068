// The catalogue of diagnostic rules (generator/diagnostics/diagnostic-rules.ts) and the broken fixtures agree:
// every rule has a fixture under tests/fixtures/broken/<rule>/ whose expected output reports it,
// and every fixture belongs to a rule. tests/engine/integration/broken.test.ts runs the fixtures.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DIAGNOSTIC_RULES, type DiagnosticRule } from '../../../generator/diagnostics/diagnostic-rules.ts';
import { FIXTURES } from '../../helpers.ts';

const BROKEN = path.join(FIXTURES, 'broken');
const rules: [string, DiagnosticRule][] = Object.entries(DIAGNOSTIC_RULES);

test('every rule has a title, a hint, and a broken fixture that reports it (or says why none can)', () => {
  assert.ok(rules.length >= 25);
  for (const [id, rule] of rules) {
    assert.ok(rule.title && rule.hint, `${id} has a title and a hint`);
    if (rule.noFixture) continue;
    const expected = path.join(BROKEN, id, 'expected.txt');
    assert.ok(existsSync(expected), `rule ${id} has no fixture at tests/fixtures/broken/${id}/`);
    assert.match(readFileSync(expected, 'utf8'), new RegExp(`  \\[${id}\\]$`, 'm'), `the fixture of ${id} reports it`);
  }
});

test('every broken fixture belongs to a rule of the catalogue', () => {
  const ids = new Set(Object.keys(DIAGNOSTIC_RULES));
  // A further case of a rule: <rule>.<case>/.
  const strays = readdirSync(BROKEN).filter((dir) => !ids.has(dir.split('.')[0]));
  assert.deepEqual(strays, []);
});
