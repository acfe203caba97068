// Content that would hang or crash a build, or publish something other than what the editor
// wrote, generated here at run time (no large or odd files in the repository): each gives one
// clear message naming the file, or is taken as the editor meant it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runBuild, formatDiagnostic } from '../../generator/build.ts';
import { fixtureCopy } from '../helpers.ts';

/** A page with valid front matter and `body`, in both locales unless `only` names one. */
const page = (title: string, body: string) => `---\ntitle: ${title}\ndescription: A page for a test.\n---\n\n${body}\n`;

async function check(files: Record<string, string | Uint8Array>) {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    for (const [file, contents] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), contents);
    }
    const started = performance.now();
    const result = await runBuild({ root, mode: 'check' });
    return { result, lines: result.diagnostics.map(formatDiagnostic), ms: performance.now() - started };
  } finally {
    await dispose();
  }
}

test('bytes that are not UTF-8: file, line and column of the first one [encoding]', async () => {
  const bytes = Buffer.concat([Buffer.from(page('Cafe', 'The menu:\n\nCaf').trimEnd()), Buffer.from([0xe9]), Buffer.from(' au lait\n')]);
  const { result, lines } = await check({ 'content/en/docs/guides/menu.md': bytes, 'content/de/docs/guides/menu.md': page('Cafe', 'Die Karte.') });
  assert.equal(result.ok, false);
  assert.deepEqual(lines, ['content/en/docs/guides/menu.md:8:4  invalid UTF-8 (save the file with the encoding UTF-8; the bytes here are in another encoding (Windows-1252, Latin-1?))  [encoding]']);
});

test('a UTF-8 byte order mark and Windows line ends are taken as the editor meant them', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    for (const locale of ['de', 'en']) {
      const file = path.join(root, `content/${locale}/docs/guides/install.md`);
      await writeFile(file, `\uFEFF${crlf(await readFile(file, 'utf8'))}`);
    }
    const out = '.out';
    const result = await runBuild({ root, mode: 'build', outDir: path.join(root, out) });
    assert.deepEqual(result.diagnostics.map(formatDiagnostic), []);
    const html = await readFile(path.join(root, out, 'en/docs/guides/install/index.html'), 'utf8');
    assert.match(html, /<meta name="description" content="How to install \(en\)\."\/>/);
    assert.doesNotMatch(html, /\r/, 'no carriage return anywhere in the page');
    assert.doesNotMatch(html, /\uFEFF/);
  } finally {
    await dispose();
  }
});

test('file names a URL cannot carry as they are: an error naming the file and the allowed characters [file-name]', async () => {
  const names = ['tab\there', '100%', 'why?', 'c#', 'café', 'two words'];
  const files: Record<string, string> = {};
  for (const name of names) for (const locale of ['de', 'en']) files[`content/${locale}/docs/guides/${name}.md`] = page('Named', 'Text.');
  const { result, lines } = await check(files);
  assert.equal(result.ok, false);
  const hint = '(rename it using only the letters a-z and A-Z, the digits 0-9, "-", "_" and ".")  [file-name]';
  const expected = (name: string, chars: string) =>
    ['de', 'en'].map((l) => `content/${l}/docs/guides/${name}.md  the name ${JSON.stringify(`${name}.md`)} has characters a page URL cannot carry as they are (${chars}) ${hint}`);
  assert.deepEqual(
    lines,
    [
      ...expected('100%', '"%"'),
      ...expected('c#', '"#"'),
      ...expected('café', '"é"'),
      ...expected('tab\there', '"\\t"'),
      ...expected('two words', '" "'),
      ...expected('why?', '"?"'),
    ].sort((a, b) => a.split('  ')[0].localeCompare(b.split('  ')[0])),
  );
});

test('a dangling .md symlink and a pipe named .md are skipped with a warning naming them', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    await symlink(path.join(root, 'nowhere.md'), path.join(root, 'content/en/docs/guides/gone.md'));
    execFileSync('mkfifo', [path.join(root, 'content/de/docs/guides/pipe.md')]);
    const result = await runBuild({ root, mode: 'check' });
    assert.deepEqual(result.diagnostics.map(formatDiagnostic), [
      'content/de/docs/guides/pipe.md  warning: is not a regular file (a pipe, socket or device); skipped (remove it, or point the link at a Markdown file)  [content-file]',
      'content/en/docs/guides/gone.md  warning: is a symbolic link to a file that does not exist; skipped (remove it, or point the link at a Markdown file)  [content-file]',
    ]);
    assert.equal(result.ok, true, 'the rest of the site builds');
  } finally {
    await dispose();
  }
});
