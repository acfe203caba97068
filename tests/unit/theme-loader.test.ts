// A theme edited under `site serve --watch` that does not compile is a problem at its file, line and
// column (shown in the terminal and the browser's overlay), not a crash with a stack trace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundleTheme, themeAt } from '../../generator/theme-loader.ts';
import { bundleFailure } from '../../generator/config-file.ts';
import { formatDiagnostic } from '../../generator/build.ts';

const KINDS = ['doc', 'category', 'post', 'post-list', 'archive', 'tags', 'authors', 'home', 'contact', 'not-found'];

test('a theme module with a syntax error is reported at its line and column; the fixed module bundles', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-theme-'));
  try {
    const entry = path.join(dir, 'index.tsx');
    await writeFile(entry, "export default {\n  colorModeScript: () => 'light',\n  pages: () => 'page' +,\n};\n");
    const error = await bundleTheme({ dir, entry, overrides: {} }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error, 'the broken module bundled');
    const diagnostic = bundleFailure(dir, error, 'theme/index.ts', 'The theme does not compile', 'theme');
    assert.equal(diagnostic.file, 'index.tsx');
    assert.equal(diagnostic.line, 3);
    assert.ok(diagnostic.column! > 1);
    assert.match(formatDiagnostic(diagnostic), /^index\.tsx:3:\d+  The theme does not compile: .+  \[theme\]$/);
    assert.doesNotMatch(formatDiagnostic(diagnostic), /\n\s+at /, 'no stack trace');

    await writeFile(entry, `const kinds = ${JSON.stringify(KINDS)};\nexport default {\n  colorModeScript: () => 'light',\n  files: { client: 'c.ts', styles: 's.css', islands: 'islands' },\n  pages: Object.fromEntries(kinds.map((k) => [k, () => 'fixed'])),\n};\n`);
    const theme = await themeAt(await bundleTheme({ dir, entry, overrides: {} }));
    assert.equal(theme.colorModeScript({} as never), 'light');
    assert.equal(theme.pages.home({} as never), 'fixed');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a theme that does not give what the contract asks is refused, naming what is missing', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-theme-'));
  try {
    const entry = path.join(dir, 'index.ts');
    await writeFile(entry, "export default { colorModeScript: () => '', pages: { doc: () => '' } };\n");
    await assert.rejects(themeAt(await bundleTheme({ dir, entry, overrides: {} })), (error: Error) => {
      assert.match(error.message, /the theme gives no files, pages\['category'\]/);
      assert.match(error.message, /pages\['not-found'\]/);
      assert.match(error.message, /generator\/theme-contract\.ts/);
      return true;
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
