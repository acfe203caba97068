// A process that builds one site after another (the dev server, the programmatic API, a test run)
// bundles the client once and takes it again while no file of it changed; an edit to any of its
// files, or a new island, is in the next bundle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildAssets } from '../../generator/assets.ts';

const FILES = { client: 'client.ts', styles: 'styles.css', islands: 'islands' };
const text = (built: Awaited<ReturnType<typeof buildAssets>>, file: string) => new TextDecoder().decode(built.files.find((f) => `/${f.path}` === file)!.contents);

test('the client bundle is made once while its files are unchanged, and again after an edit or a new island', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-assets-'));
  try {
    await mkdir(path.join(dir, 'islands'));
    await writeFile(path.join(dir, 'client.ts'), "import { label } from './label.ts';\ndocument.title = label;\n");
    await writeFile(path.join(dir, 'label.ts'), "export const label = 'first';\n");
    await writeFile(path.join(dir, 'styles.css'), '@import "site:design";\nbody { color: red; }\n');
    const theme = { dir, entry: path.join(dir, 'index.ts'), overrides: {} };

    const first = await buildAssets(theme, FILES, '');
    assert.match(text(first, first.assets.js), /first/);
    assert.equal(await buildAssets(theme, FILES, ''), first, 'nothing changed: the same bundle');

    // A file the entry imports, not the entry itself.
    await writeFile(path.join(dir, 'label.ts'), "export const label = 'second';\n");
    const edited = await buildAssets(theme, FILES, '');
    assert.notEqual(edited.assets.js, first.assets.js);
    assert.match(text(edited, edited.assets.js), /second/);

    await writeFile(path.join(dir, 'islands', 'Map.tsx'), "document.body.dataset.island = 'map';\n");
    const withIsland = await buildAssets(theme, FILES, '');
    assert.deepEqual(Object.keys(withIsland.assets.islands), ['Map']);

    const otherDesign = await buildAssets(theme, FILES, ':root { --accent: #123456; }');
    assert.match(text(otherDesign, otherDesign.assets.css), /#123456/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
