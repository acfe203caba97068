// The open-source licences page names exactly the packages the site depends on, with the licence
// each package declares. A dependency added to package.json without a line on the page, or a
// package on the page the site does not use, fails here.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const dependencies = Object.keys(pkg.dependencies).sort();

const page = (locale: string) => readFileSync(path.join(ROOT, 'content', locale, 'legal', 'attributions.md'), 'utf8');
const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
const cells = (row: string) =>
  row
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());

/** The licence a package declares in its own package.json. */
function declaredLicence(name: string): string {
  return String(JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).license);
}

for (const locale of ['de', 'en']) {
  test(`${locale}: every package on the licences page is a dependency, and every dependency is on it`, () => {
    const text = page(locale);
    // Package names are written as code; names of the unified family are caught in prose too.
    const named = new Set([
      ...codeSpans(text),
      ...[...text.matchAll(/\b(?:remark|rehype|micromark|mdast|hast|unist)-[a-z0-9-]+/g)].map((m) => m[0]),
    ]);
    const notDependencies = [...named].filter((name) => !dependencies.includes(name)).sort();
    const missing = dependencies.filter((name) => !named.has(name));
    assert.deepEqual(notDependencies, [], 'named on the page but not a dependency in package.json');
    assert.deepEqual(missing, [], 'a dependency in package.json that the page does not name');
  });

  test(`${locale}: each package's row gives the licence the package declares`, () => {
    const rows = page(locale)
      .split('\n')
      .filter((line) => line.startsWith('|') && line.includes('`'));
    const checked = new Set<string>();
    for (const row of rows) {
      const [, packageCell] = cells(row);
      const licenceCell = cells(row).at(-1) ?? '';
      // Rows for a component shipped inside a package ("in `sharp` enthalten") carry the component's own licence.
      if (packageCell.replace(/`[^`]+`/g, '').replace(/[,\s]/g, '') !== '') continue;
      for (const name of codeSpans(packageCell)) {
        const licence = declaredLicence(name);
        assert.ok(
          licenceCell.includes(`spdx.org/licenses/${licence}.html`),
          `${name} declares ${licence}, the page says: ${licenceCell}`,
        );
        checked.add(name);
      }
    }
    assert.deepEqual([...checked].sort(), dependencies, 'every dependency has a row of its own with its licence');
  });
}
