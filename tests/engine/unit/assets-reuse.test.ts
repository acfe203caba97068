// A process that builds one site after another (the dev server, the programmatic API, a test run)
// bundles the client once and takes it again while no file of it changed; an edit to any of its
// files, or a new island, is in the next bundle.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildAssets } from '../../../generator/render/assets.ts';
import { REPO } from '../../helpers.ts';

const FILES = { client: 'client.ts', styles: 'styles.css', islands: 'islands' };
const text = (built: Awaited<ReturnType<typeof buildAssets>>, file: string) =>
  new TextDecoder().decode(built.files.find((f) => `/${f.path}` === file)!.contents);

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

/** The client script another process gets from `buildAssets` for the theme in `dir`, kept in `cacheDir`. */
function scriptInAnotherProcess(dir: string, cacheDir: string): string {
  const code = `
    import { buildAssets } from ${JSON.stringify(path.join(REPO, 'generator/render/assets.ts'))};
    const theme = { dir: ${JSON.stringify(dir)}, entry: ${JSON.stringify(path.join(dir, 'index.ts'))}, overrides: {} };
    const built = await buildAssets(theme, ${JSON.stringify(FILES)}, '', ${JSON.stringify(cacheDir)});
    process.stdout.write(new TextDecoder().decode(built.files.find((f) => '/' + f.path === built.assets.js).contents));`;
  return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: REPO,
    encoding: 'utf8',
  });
}

test("the client bundle is kept in the site's .cache/ for the next process, which bundles again after an edit", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-assets-'));
  try {
    await mkdir(path.join(dir, 'islands'));
    await writeFile(path.join(dir, 'client.ts'), "import { label } from './label.ts';\ndocument.title = label;\n");
    await writeFile(path.join(dir, 'label.ts'), "export const label = 'first';\n");
    await writeFile(path.join(dir, 'styles.css'), 'body { color: red; }\n');
    const cacheDir = path.join(dir, '.cache');
    assert.match(scriptInAnotherProcess(dir, cacheDir), /first/);

    // What the next process serves comes from the note: marked there, the mark is what it gets.
    const [note] = (await readdir(cacheDir)).filter((f) => /^client-[0-9a-f]{16}\.json$/.test(f));
    assert.ok(note, 'the bundle is kept in .cache/');
    const kept = JSON.parse(await readFile(path.join(cacheDir, note), 'utf8')) as {
      built: { files: { path: string; base64: string }[] };
    };
    for (const f of kept.built.files)
      f.base64 = Buffer.from(Buffer.from(f.base64, 'base64').toString('utf8').replace('first', 'kept!')).toString(
        'base64',
      );
    await writeFile(path.join(cacheDir, note), JSON.stringify(kept));
    assert.match(
      scriptInAnotherProcess(dir, cacheDir),
      /kept!/,
      'nothing changed: the kept bundle is used, not made again',
    );

    // An edit to a file the entry imports (a new size, so its stamp changes) is bundled again.
    await writeFile(path.join(dir, 'label.ts'), "export const label = 'second, edited';\n");
    assert.match(scriptInAnotherProcess(dir, cacheDir), /second, edited/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
