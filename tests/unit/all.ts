// Every unit test in one process (`npm run test:quick`, and the unit part of `npm test`). Each
// file run in a process of its own loaded the TypeScript loader and the stages' modules again:
// about 1.8 s of CPU per file, 42 files, against some 12 s the tests themselves take. The files
// are imported statically, so all of them have registered their tests and hooks before the first
// test runs. A single file still runs alone: `node --import tsx --test tests/unit/<name>.test.ts`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import './assets-reuse.test.ts';
import './attributions.test.ts';
import './base-url.test.ts';
import './blog.test.ts';
import './booking.test.ts';
import './card-jpeg.test.ts';
import './config-file.test.ts';
import './config-reference.test.ts';
import './conformance.test.ts';
import './contact-rules.test.ts';
import './contact-server-parts.test.ts';
import './content-style.test.ts';
import './diagnostic-catalogue.test.ts';
import './diagnostic-rules.test.ts';
import './diagnostics-reference.test.ts';
import './editor-links.test.ts';
import './frontmatter.test.ts';
import './home-sections.test.ts';
import './import-docusaurus.test.ts';
import './includes.test.ts';
import './layers.test.ts';
import './links.test.ts';
import './markdown-blocks.test.ts';
import './markdown.test.ts';
import './no-silent-loss.test.ts';
import './outbox-relay-store-down.test.ts';
import './plain-yaml.test.ts';
import './raw-html.test.ts';
import './redirects.test.ts';
import './routes.test.ts';
import './search-results.test.ts';
import './sidebar.test.ts';
import './standalone-pages.test.ts';
import './starter-site.test.ts';
import './static.test.ts';
import './theme-loader.test.ts';
import './theme-strings.test.ts';
import './toc.test.ts';
import './ui-strings.test.ts';
import './visit-tree.test.ts';
import './worker-pool.test.ts';
import './write.test.ts';

test('every unit test file of this folder is imported above', () => {
  const here = new URL('.', import.meta.url);
  const listed = new Set([...readFileSync(new URL('all.ts', here), 'utf8').matchAll(/^import '\.\/(.+\.test\.ts)';$/gm)].map((m) => m[1]));
  const missing = readdirSync(here).filter((f) => f.endsWith('.test.ts') && !listed.has(f));
  assert.deepEqual(missing, [], `add to tests/unit/all.ts: ${missing.map((f) => `import './${f}';`).join(' ')}`);
});
