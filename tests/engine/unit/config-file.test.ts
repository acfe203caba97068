// The site's TypeScript config is bundled once and kept in its .cache/ until one of the files it is
// made of changes: a start with nothing changed runs no bundler, an edit to any of those files is
// read at the next load, and each load is a fresh module.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { importSiteModule } from '../../../generator/config/config-file.ts';
import { diagnosis } from '../../../generator/diagnostics/diagnostic-rules.ts';

const says = (cause: string) => diagnosis('config', 'notLoaded', { cause });

test('a config module is bundled once, taken from .cache/ while its files are unchanged, and read again after an edit to a file it imports', async (t) => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'config-file-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'config'));
  const entry = path.join(root, 'config', 'site.config.ts');
  writeFileSync(entry, "import { colour } from './design.ts';\nexport default { title: 'Acme', colour };\n");
  writeFileSync(path.join(root, 'config', 'design.ts'), "export const colour = 'teal';\n");
  const load = async () => {
    const loaded = await importSiteModule(root, entry, 'config/site.config.ts', says);
    assert.ok('value' in loaded, JSON.stringify(loaded));
    return loaded.value as { title: string; colour: string };
  };
  const bundles = () =>
    readdirSync(path.join(root, '.cache'))
      .filter((f) => f.endsWith('.mjs'))
      .sort();

  const first = await load();
  assert.deepEqual(first, { title: 'Acme', colour: 'teal' });
  const made = bundles();
  assert.equal(made.length, 1, made.join(', '));

  const second = await load();
  assert.deepEqual(second, first);
  assert.notEqual(second, first, 'each load is a module of its own: a config read twice is two objects');
  assert.deepEqual(bundles(), made, 'nothing changed: the kept bundle is used');

  // An edit to an imported file, the same size (the stamp is size and modification time).
  writeFileSync(path.join(root, 'config', 'design.ts'), "export const colour = 'coral';\n");
  const later = new Date(Date.now() + 5000);
  utimesSync(path.join(root, 'config', 'design.ts'), later, later);
  assert.deepEqual(await load(), { title: 'Acme', colour: 'coral' });
  assert.equal(bundles().length, 2, 'the edited config is a new bundle');
});

test('a config with a syntax error is reported at its line, and again at the next load', async (t) => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'config-file-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'config'));
  const entry = path.join(root, 'config', 'site.config.ts');
  writeFileSync(entry, "export default {\n  title: 'Acme',,\n};\n");
  for (let i = 0; i < 2; i++) {
    const loaded = await importSiteModule(root, entry, 'config/site.config.ts', says);
    assert.ok('diagnostics' in loaded);
    assert.equal(loaded.diagnostics[0].line, 2, JSON.stringify(loaded.diagnostics[0]));
  }
});
