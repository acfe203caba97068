// A folder's test files run in one process through its all.ts, which imports each of them (and
// tests/unit.ts, integration.ts and browser.ts import the engine's and the site's all.ts): a test
// file run in a process of its own loads the TypeScript loader and the modules it tests again, about
// 1.8 s of CPU each, and the browser tests launch a Chromium each besides. The imports are static,
// so every file has registered its tests and hooks before the first test runs. Tests of one
// process run one after another: a test may change process-wide state (an environment variable)
// if it puts it back when it ends (`t.after`), never for the rest of its file (a root `after`).
// This test fails when a file of the folder is missing from its all.ts. One file still runs
// alone: `node --import tsx --test tests/engine/unit/<name>.test.ts`.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

export function everyFileImported(entry: string): void {
  const file = fileURLToPath(entry);
  const folder = path.relative(path.dirname(fileURLToPath(import.meta.url)), path.dirname(file));
  test(`every test file of tests/${folder}/ is imported by its all.ts`, () => {
    const listed = new Set(
      [...readFileSync(file, 'utf8').matchAll(/^import '\.\/(.+\.test\.ts)';$/gm)].map((m) => m[1]),
    );
    const missing = readdirSync(path.dirname(file)).filter((f) => f.endsWith('.test.ts') && !listed.has(f));
    assert.deepEqual(missing, [], `add to tests/${folder}/all.ts: ${missing.map((f) => `import './${f}';`).join(' ')}`);
  });
}
