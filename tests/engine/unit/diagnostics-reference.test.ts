// docs/diagnostics.md is written from the catalogue of diagnostics (generator/diagnostics/diagnostic-rules.ts):
// it must list every rule as the catalogue has it. UPDATE=1 writes it anew. `site explain` prints
// the same entries in the terminal.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DIAGNOSTIC_RULES } from '../../../generator/diagnostics/diagnostic-rules.ts';
import {
  DIAGNOSTICS_REFERENCE,
  diagnosticsReference,
  explainRule,
  unknownRule,
} from '../../../generator/diagnostics/diagnostics-reference.ts';
import { REPO } from '../../helpers.ts';

const FILE = path.join(REPO, DIAGNOSTICS_REFERENCE);

test('docs/diagnostics.md lists every rule of the catalogue with its hint, example and fix', () => {
  const written = diagnosticsReference();
  if (process.env.UPDATE === '1') writeFileSync(FILE, written);
  assert.equal(
    readFileSync(FILE, 'utf8'),
    written,
    'docs/diagnostics.md is out of date: run with UPDATE=1 and commit it',
  );
  for (const id of Object.keys(DIAGNOSTIC_RULES)) {
    assert.match(written, new RegExp(`^## ${id}$`, 'm'), `a section for ${id}`);
    assert.match(
      written,
      new RegExp(`^\\| \\[\`${id}\`\\]\\(#${id}\\) \\|`, 'm'),
      `${id} in the index, linking its section`,
    );
  }
  assert.ok(
    written.includes('[backups](/services/backup/)\n```\n\nIts fix:\n\n```\n[backups](/services/backups/)'),
    'the broken link example and its fix',
  );
});

test('the README and the CI guide link the catalogue', () => {
  const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
  assert.ok(readme.includes(`(${DIAGNOSTICS_REFERENCE})`), 'the README links docs/diagnostics.md');
  const ci = readFileSync(path.join(REPO, 'docs/ci.md'), 'utf8');
  assert.ok(ci.includes(`(${path.basename(DIAGNOSTICS_REFERENCE)})`), 'docs/ci.md links the catalogue beside it');
});

test('site explain prints the entry with its example, and says which rule was meant', () => {
  const text = explainRule('unknown-tag');
  assert.match(text, /^unknown-tag \(error by default\)\nA post names a tag that is not defined\n/);
  assert.match(
    text,
    /The mistake, in content\/en\/blog\/launch\.md:\n {4}tags: \[kubernets\]\n\nIts fix:\n {4}tags: \[kubernetes\]/,
  );
  assert.match(text, /More: docs\/diagnostics\.md#unknown-tag/);
  // A house rule says it is off and how a site turns it on; one the engine keeps says why.
  assert.match(
    explainRule('number-unit'),
    /^number-unit \(off by default\)\n.*\n\nSeverity on this site: set rules: \{ 'number-unit': 'error' \| 'warning' \| 'off' \} in config\/site\.config\.ts \(default 'off'\)\./,
  );
  assert.match(
    explainRule('config'),
    /\n\nIts severity is the engine's: without a valid config there is no site to build\.\n/,
  );
  assert.equal(
    unknownRule('broken-lnk'),
    '"broken-lnk" is no rule; did you mean "broken-link"? (site explain broken-link)\n',
  );
  assert.match(
    unknownRule('xyzzy-plugh-quux'),
    /is no rule\. The rules:\n {2}config {2,}The site configuration is invalid\n/,
  );
});
