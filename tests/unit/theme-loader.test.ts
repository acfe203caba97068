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

test('a theme module with a syntax error is reported at its line and column; the fixed module bundles', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-theme-'));
  try {
    const entry = path.join(dir, 'index.tsx');
    await writeFile(entry, "export function colorModeScript() {\n  return 'light';\n}\nexport const renderPageHtml = () => 'page' +;\n");
    const error = await bundleTheme(dir, entry).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error, 'the broken module bundled');
    const diagnostic = bundleFailure(dir, error, 'theme/index.ts', 'The theme does not compile', 'theme');
    assert.equal(diagnostic.file, 'index.tsx');
    assert.equal(diagnostic.line, 4);
    assert.ok(diagnostic.column! > 1);
    assert.match(formatDiagnostic(diagnostic), /^index\.tsx:4:\d+  The theme does not compile: .+  \[theme\]$/);
    assert.doesNotMatch(formatDiagnostic(diagnostic), /\n\s+at /, 'no stack trace');

    await writeFile(entry, "export function colorModeScript() {\n  return 'light';\n}\nexport const renderPageHtml = () => 'fixed';\n");
    const theme = await themeAt(await bundleTheme(dir, entry));
    assert.equal(theme.colorModeScript({} as never), 'light');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
