// The lines of the dev overlay open the file at its line in the writer's editor: the config's
// `editor`, else $SITE_EDITOR, else the editor $VISUAL or $EDITOR starts, else VS Code.

import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { overlayState } from '../../../generator/dev/dev-overlay.ts';
import { diagnostic } from '../../../generator/diagnostics/diagnostic-rules.ts';
import { editorTemplate, editorUrl } from '../../../generator/diagnostics/editor-links.ts';
import type { SiteGraph } from '../../../generator/types.ts';

const FILE = '/home/lena/site/content/en/services/backups.md';

test('a named editor, a URL template of its own, or the environment chooses the link', () => {
  assert.equal(
    editorUrl(editorTemplate('vscode', {}), FILE, 41, 12),
    'vscode://file/home/lena/site/content/en/services/backups.md:41:12',
  );
  assert.equal(
    editorUrl(editorTemplate('idea', {}), FILE, 3, 1),
    'idea://open?file=/home/lena/site/content/en/services/backups.md&line=3&column=1',
  );
  assert.equal(
    editorUrl(editorTemplate('sublime', {}), FILE, 3, 5),
    'subl://open?url=file:///home/lena/site/content/en/services/backups.md&line=3&column=5',
  );
  assert.equal(
    editorUrl(editorTemplate('https://ide.example/open?path={file}&l={line}', {}), FILE, 7),
    'https://ide.example/open?path=/home/lena/site/content/en/services/backups.md&l=7',
  );
  // Written by hand with a slash before {file}: the path brings its own.
  assert.equal(
    editorUrl(editorTemplate('cursor://file/{file}:{line}:{column}', {}), FILE, 2, 4),
    'cursor://file/home/lena/site/content/en/services/backups.md:2:4',
  );
  assert.equal(
    editorTemplate(undefined, { SITE_EDITOR: 'zed', EDITOR: 'vim' }),
    'zed://file{file}:{line}:{column}',
    '$SITE_EDITOR first',
  );
  assert.equal(
    editorTemplate(undefined, { EDITOR: '/usr/local/bin/code --wait' }),
    'vscode://file{file}:{line}:{column}',
    'the program $EDITOR starts',
  );
  assert.equal(
    editorTemplate(undefined, { VISUAL: 'subl -w', EDITOR: 'vim' }),
    'subl://open?url=file://{file}&line={line}&column={column}',
  );
  assert.equal(
    editorTemplate(undefined, { EDITOR: 'vim' }),
    'vscode://file{file}:{line}:{column}',
    'an editor without a URL scheme: VS Code',
  );
  assert.equal(
    editorTemplate('webstorm', { SITE_EDITOR: 'zed' }),
    'webstorm://open?file={file}&line={line}&column={column}',
    'the config first',
  );
});

test('a path with spaces or on Windows is written as a URL can carry it', () => {
  assert.equal(
    editorUrl(editorTemplate('vscode', {}), '/home/lena/my site/a#b.md', 1, 1),
    'vscode://file/home/lena/my%20site/a%23b.md:1:1',
  );
  assert.equal(
    editorUrl(editorTemplate('vscode', {}), 'C:\\sites\\almwerk\\index.md', 2, 3),
    'vscode://file/C:/sites/almwerk/index.md:2:3',
  );
});

test('the overlay links each error to its file and line, and shows an outdated translation on its page', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'overlay-'));
  try {
    await mkdir(path.join(root, 'content/de/services'), { recursive: true });
    await writeFile(path.join(root, 'content/de/services/backups.md'), '---\ntitle: x\n---\n');
    const broken = diagnostic({ file: 'content/de/services/backups.md', line: 9, column: 4 }, 'broken-link', 'noPage', {
      target: '/gone/',
      route: '/gone/',
    });
    const theme = diagnostic({ file: 'theme (rendered on /)' }, 'broken-theme-link', 'target', { href: '/x/' });
    const outdated = diagnostic({ file: 'content/de/services/backups.md' }, 'translation-outdated', 'behind', {
      source: 'content/en/services/backups.md',
      commits: [{ hash: 'abcdef0123', date: '2026-11-20', subject: 'Restore tests' }],
      since: '2026-11-01',
      translatedIn: '0123456789',
    });
    const graph = {
      pages: { '/services/backups/': { route: '/services/backups/', doc: 'content/de/services/backups.md' } },
    } as unknown as SiteGraph;
    const state = overlayState('a-1', [broken, theme, outdated], root, editorTemplate('vscode', {}), graph);
    assert.equal(state.problems.length, 2, 'errors only; the warning belongs to its page');
    assert.equal(state.problems[0].url, `vscode://file${path.join(root, 'content/de/services/backups.md')}:9:4`);
    assert.match(
      state.problems[0].text,
      /^content\/de\/services\/backups\.md:9:4 {2}link target \/gone\/ does not exist/,
    );
    assert.equal(state.problems[1].url, undefined, 'a problem in no file of the site has no link');
    assert.deepEqual(Object.keys(state.pages), ['/services/backups/']);
    assert.match(
      state.pages['/services/backups/'][0].text,
      /warning: translation is behind content\/en\/services\/backups\.md by 1 commit/,
    );
    assert.equal(
      state.pages['/services/backups/'][0].url,
      `vscode://file${path.join(root, 'content/de/services/backups.md')}:1:1`,
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('an editor the config names that no link can be made for is a config error with "did you mean"', async () => {
  const { validateConfig } = await import('../../../generator/config/config.ts');
  const { default: config } = await import('../../fixtures/basic/config/site.config.ts');
  const result = validateConfig({ ...config, editor: 'vscod' }, [
    { id: 'config/site.config.ts', raw: "export default { ...base, editor: 'vscod' };\n" },
  ]);
  assert.deepEqual(
    result.diagnostics.map((d) => [d.file, d.line, d.message]),
    [['config/site.config.ts', 1, 'editor "vscod" is no editor the dev overlay knows; did you mean "vscode"?']],
  );
  assert.match(
    result.diagnostics[0].hint ?? '',
    /^name one of vscode, .*, or write a URL template with \{file\}, \{line\} and \{column\}$/,
  );
  assert.equal(validateConfig({ ...config, editor: 'myide://open?f={file}' }).diagnostics.length, 0);
});
