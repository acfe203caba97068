// Content laid out as Docusaurus lays it out: number prefixes on files and folders,
// `_category_.json` / `_category_.yml` (label from the folder name when missing), `# Title` bodies,
// `{#custom-id}` headings, `:::caution` and `:::tip Title`, and front matter keys of another tool
// that the config accepts. `site check` and `site build` agree on it.

import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { exists, fixtureCopy } from '../../helpers.ts';

let fixture: { root: string; dispose: () => Promise<void> };
let checkResult: Awaited<ReturnType<typeof runBuild>>;
let buildResult: Awaited<ReturnType<typeof runBuild>>;
const out = () => path.join(fixture.root, 'build');

before(async () => {
  fixture = await fixtureCopy('basic');
  const { root } = fixture;
  await writeFile(
    path.join(root, 'config', 'site.config.ts'),
    "import { base } from './base.ts';\n\nexport default { ...base, extraFrontMatterKeys: ['custom_edit_url'] };\n",
  );
  for (const locale of ['de', 'en']) {
    const dir = path.join(root, 'content', locale, 'docs', '02-media-server');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, '01-intro.md'),
      `---\ntitle: Intro ${locale}\ndescription: First steps (${locale}).\ncustom_edit_url: https://example.org/edit\n---\n\n# Intro ${locale}\n\nSee [DLNA](3_dlna.md#ports) and [the guides](../guides/install.md).\n\n:::caution\nMind the firewall.\n:::\n\n:::tip Before you start\nRead this.\n:::\n`,
    );
    await writeFile(
      path.join(dir, '3_dlna.md'),
      `---\ntitle: DLNA ${locale}\ndescription: Streaming (${locale}).\n---\n\n## Open the ports {#ports}\n\nUDP 1900.\n`,
    );
  }
  await writeFile(
    path.join(root, 'content', 'en', 'docs', '02-media-server', '_category_.json'),
    '{ "label": "Media server", "position": 3 }\n',
  );
  await writeFile(path.join(root, 'content', 'de', 'docs', '02-media-server', '_category_.yml'), 'position: 3\n');
  checkResult = await runBuild({ root, mode: 'check' });
  buildResult = await runBuild({ root, mode: 'build', outDir: out() });
});
after(async () => {
  await fixture?.dispose();
});

test('site check and site build both pass on Docusaurus-style content', () => {
  assert.deepEqual(checkResult.diagnostics.map(formatDiagnostic), []);
  assert.deepEqual(buildResult.diagnostics.map(formatDiagnostic), []);
  assert.ok(checkResult.ok && buildResult.ok);
});

test('number prefixes order the sidebar, numerically, and are no part of routes', async () => {
  const html = await readFile(path.join(out(), 'en', 'docs', 'media-server', 'dlna', 'index.html'), 'utf8');
  const sidebar = html.slice(html.indexOf('Media server'));
  assert.ok(
    sidebar.indexOf('>Intro en<') !== -1 && sidebar.indexOf('>Intro en<') < sidebar.indexOf('>DLNA en<'),
    '01-intro comes before 3_dlna',
  );
  assert.ok(exists(out(), 'en/docs/media-server/intro/index.html'));
  assert.ok(exists(out(), 'en/docs/media-server/dlna/index.html'));
  assert.ok(exists(out(), 'docs/media-server/intro/index.html'));
  assert.ok(!exists(out(), 'en/docs/02-media-server'));
});

test('a page whose body opens with its title shows one h1; admonitions and heading ids work', async () => {
  const html = await readFile(path.join(out(), 'en', 'docs', 'media-server', 'intro', 'index.html'), 'utf8');
  assert.equal(html.match(/<h1\b/g)?.length, 1);
  assert.match(html, /href="\/en\/docs\/media-server\/dlna\/#ports"/);
  assert.match(html, /href="\/en\/docs\/guides\/install\/"/);
  assert.match(html, /admonition-warning[\s\S]*?Mind the firewall/);
  assert.match(html, /<p class="admonition-title">Before you start<\/p>/);
  const dlna = await readFile(path.join(out(), 'en', 'docs', 'media-server', 'dlna', 'index.html'), 'utf8');
  assert.match(dlna, /<h2 id="ports">Open the ports/);
});

test('category labels come from _category_.json, or from the folder name when the file has none', async () => {
  const en = await readFile(path.join(out(), 'en', 'docs', 'media-server', 'intro', 'index.html'), 'utf8');
  assert.match(en, />Media server</);
  const de = await readFile(path.join(out(), 'docs', 'media-server', 'intro', 'index.html'), 'utf8');
  assert.match(de, />media-server</);
});
