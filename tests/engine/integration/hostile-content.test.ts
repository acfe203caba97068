// Content that would hang or crash a build, or publish something other than what the editor
// wrote, generated here at run time (no large or odd files in the repository): each gives one
// clear message naming the file, or is taken as the editor meant it.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { readFeed } from '../../feed-xml.ts';
import { fixtureCopy } from '../../helpers.ts';

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
  const bytes = Buffer.concat([
    Buffer.from(page('Cafe', 'The menu:\n\nCaf').trimEnd()),
    Buffer.from([0xe9]),
    Buffer.from(' au lait\n'),
  ]);
  const { result, lines } = await check({
    'content/en/docs/guides/menu.md': bytes,
    'content/de/docs/guides/menu.md': page('Cafe', 'Die Karte.'),
  });
  assert.equal(result.ok, false);
  assert.deepEqual(lines, [
    'content/en/docs/guides/menu.md:8:4  invalid UTF-8 (save the file with the encoding UTF-8; the bytes here are in another encoding (Windows-1252, Latin-1?))  [encoding]',
  ]);
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
  for (const name of names)
    for (const locale of ['de', 'en']) files[`content/${locale}/docs/guides/${name}.md`] = page('Named', 'Text.');
  const { result, lines } = await check(files);
  assert.equal(result.ok, false);
  const hint = '(rename it using only the letters a-z and A-Z, the digits 0-9, "-", "_" and ".")  [file-name]';
  const expected = (name: string, chars: string) =>
    ['de', 'en'].map(
      (l) =>
        `content/${l}/docs/guides/${name}.md  the name ${JSON.stringify(`${name}.md`)} has characters a page URL cannot carry as they are (${chars}) ${hint}`,
    );
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

/** The fixture's configuration with other Markdown limits, for limits a test can reach quickly. */
const limits = (markdown: Record<string, unknown>) =>
  `import { base } from './base.ts';\n\nexport default { ...base, markdown: ${JSON.stringify(markdown)} };\n`;

test('nesting: a 1,000-deep list and a 10,000-deep block quote stop at the line that goes too deep [markdown-depth]', async () => {
  const list = Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');
  const quote = `${'>'.repeat(10_000)} deep`;
  const { result, lines, ms } = await check({
    'content/en/docs/guides/list.md': page('List', list),
    'content/de/docs/guides/list.md': page('Liste', 'Flach.'),
    'content/en/docs/guides/quote.md': page('Quote', `Intro.\n\n${quote}`),
    'content/de/docs/guides/quote.md': page('Zitat', 'Flach.'),
  });
  assert.equal(result.ok, false);
  const hint =
    '(lists and block quotes nest this deep by mistake; flatten them, or raise markdown.maxNesting in config/site.config.ts)  [markdown-depth]';
  assert.deepEqual(lines, [
    // Line 6 is the first list line; level 101 is 200 columns in, and its marker makes 101.
    `content/en/docs/guides/list.md:106:201  nesting deeper than 100 ${hint}`,
    `content/en/docs/guides/quote.md:8:101  nesting deeper than 100 ${hint}`,
  ]);
  console.log(`nesting: check in ${Math.round(ms)} ms`);
});

test('a 5 MB Markdown file: an error naming the file and the limit, at once [markdown-size]', async () => {
  const paragraph = 'Managed hosting means someone else keeps the servers patched, backed up and watched. ';
  const big = page('Big', Array.from({ length: (5 * 1024 * 1024) / paragraph.length }, () => paragraph).join('\n\n'));
  const { result, lines, ms } = await check({
    'content/en/docs/guides/big.md': big,
    'content/de/docs/guides/big.md': page('Gross', 'Klein.'),
  });
  assert.equal(result.ok, false);
  assert.deepEqual(lines, [
    'content/en/docs/guides/big.md  is 5.1 MB, more than the 1.0 MB a Markdown file may have (split it into several pages, or raise markdown.maxFileKB in config/site.config.ts)  [markdown-size]',
  ]);
  console.log(`5 MB file: check in ${Math.round(ms)} ms`);
});

test('100 KB of emphasis markers in one paragraph: the build ends with an error naming the file [markdown-timeout]', async () => {
  const { result, lines, ms } = await check({
    'config/site.config.ts': limits({ timeoutSeconds: 2 }),
    'content/en/docs/guides/stars.md': page('Stars', 'a*'.repeat(50 * 1024)),
    'content/de/docs/guides/stars.md': page('Sterne', 'Ruhig.'),
  });
  assert.equal(result.ok, false);
  assert.deepEqual(lines, [
    'content/en/docs/guides/stars.md  took longer than 2 s to parse (simplify the page (long runs of * or _, huge tables), or raise markdown.timeoutSeconds in config/site.config.ts)  [markdown-timeout]',
  ]);
  console.log(`100 KB of *: check in ${Math.round(ms)} ms`);
});

test('a 3,000 x 300 table: the size limit names the file; above it, the memory limit does', async () => {
  const row = (cell: string) => `|${` ${cell} |`.repeat(300)}`;
  const table = [row('h'), `|${'---|'.repeat(300)}`, ...Array.from({ length: 3000 }, () => row('1'))].join('\n');
  const files = {
    'content/en/docs/guides/table.md': page('Table', table),
    'content/de/docs/guides/table.md': page('Tabelle', 'Klein.'),
  };
  const sized = await check(files);
  assert.deepEqual(sized.lines, [
    `content/en/docs/guides/table.md  is 3.4 MB, more than the 1.0 MB a Markdown file may have (split it into several pages, or raise markdown.maxFileKB in config/site.config.ts)  [markdown-size]`,
  ]);
  const { result, lines, ms } = await check({
    ...files,
    'config/site.config.ts': limits({ maxFileKB: 8192, memoryMB: 64, timeoutSeconds: 120 }),
  });
  assert.equal(result.ok, false);
  assert.deepEqual(lines, [
    'content/en/docs/guides/table.md  needs more than 64 MB of memory to parse (split the page, or raise markdown.memoryMB in config/site.config.ts)  [markdown-memory]',
  ]);
  console.log(
    `3,000 x 300 table: check in ${Math.round(sized.ms)} ms (size limit), ${Math.round(ms)} ms (memory limit)`,
  );
});

test('javascript:, vbscript: and data: in links and images are errors; data: images when the config allows them [unsafe-link]', async () => {
  const body = [
    '[run](javascript:alert(1)) and [old](VBScript:msgbox) and <javascript:alert(2)>',
    '',
    '![pixel](data:image/png;base64,iVBORw0KGgo=) and [doc](data:text/html;base64,PHNjcmlwdD4=)',
    '',
    '[ref]: javascript:alert(3)',
    '',
    'Prose may say javascript: and data: without a link, and `[x](javascript:y)` in code is text.',
    '',
    'See [ref].',
  ].join('\n');
  const files = {
    'content/en/docs/guides/unsafe.md': page('Unsafe', body),
    'content/de/docs/guides/unsafe.md': page('Unsicher', 'Sicher.'),
  };
  const js = '(remove it: a link on this site opens a page or a file, it does not run code)  [unsafe-link]';
  const data =
    '(link to a file in public/ instead; data: images can be allowed with markdown.dataImages in config/site.config.ts)  [unsafe-link]';
  const { lines } = await check(files);
  assert.deepEqual(lines, [
    `content/en/docs/guides/unsafe.md:6:7  javascript: URL in a link or image ${js}`,
    `content/en/docs/guides/unsafe.md:6:38  vbscript: URL in a link or image ${js}`,
    `content/en/docs/guides/unsafe.md:6:60  javascript: URL in a link or image ${js}`,
    `content/en/docs/guides/unsafe.md:8:10  data: URL in a link or image ${data}`,
    `content/en/docs/guides/unsafe.md:8:56  data: URL in a link or image ${data}`,
    `content/en/docs/guides/unsafe.md:10:8  javascript: URL in a link or image ${js}`,
  ]);
  const allowed = await check({ ...files, 'config/site.config.ts': limits({ dataImages: true }) });
  assert.deepEqual(
    allowed.lines.filter((l) => l.includes('data:')),
    [`content/en/docs/guides/unsafe.md:8:56  data: URL in a link or image ${data}`],
    'the data: image is allowed, the data: link is not',
  );
});

test('a data: link after an attribute that holds ">" is found on the parsed page, not missed by a pattern over its HTML [unsafe-link]', async () => {
  const body = [
    'Open <a title=">" href="data:text/html,<script>alert(1)</script>">the report</a> now.',
    '',
    'And <img alt=\'>\' src="data:text/html;base64,PHNjcmlwdD4="> too.',
  ].join('\n');
  const { result, lines } = await check({
    'content/en/docs/guides/unsafe.md': page('Unsafe', body),
    'content/de/docs/guides/unsafe.md': page('Unsicher', 'Sicher.'),
  });
  const data =
    '(link to a file in public/ instead; data: images can be allowed with markdown.dataImages in config/site.config.ts)  [unsafe-link]';
  assert.equal(result.ok, false, 'nothing is published');
  assert.deepEqual(lines, [
    `content/en/docs/guides/unsafe.md:6:25  data: URL in a link or image ${data}`,
    `content/en/docs/guides/unsafe.md:8:23  data: URL in a link or image ${data}`,
  ]);
});

test('feeds stay well-formed XML whatever a tag label, a title or a post holds, and show front-matter text as the page does [feeds]', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    const label = 'Ops <& "Co"> ]]>';
    const title = 'Use <b>bold</b> & <script>x</script> ]]> twice ]]>';
    const description = '<img src=x onerror=alert(1)> & ]]>';
    await writeFile(
      path.join(root, 'content/tags.yml'),
      (await readFile(path.join(root, 'content/tags.yml'), 'utf8')).replace(
        /en: Operations/,
        `en: ${JSON.stringify(label)}`,
      ),
    );
    const post = path.join(root, 'content/en/news/first.md');
    await writeFile(
      post,
      (await readFile(post, 'utf8'))
        .replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`)
        .replace(/^description: .*$/m, `description: ${JSON.stringify(description)}`)
        .concat('\n```text\nend ]]> and ]]> again\n```\n'),
    );
    const out = path.join(root, '.out');
    const result = await runBuild({ root, mode: 'build', outDir: out });
    assert.deepEqual(
      result.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
    const page = await readFile(path.join(out, 'en/news/first/index.html'), 'utf8');
    assert.ok(page.includes('Use &lt;b&gt;bold&lt;/b&gt;'), 'the page shows the title as text');
    for (const file of ['en/news/rss.xml', 'en/news/atom.xml']) {
      const feed = readFeed(await readFile(path.join(out, file), 'utf8'));
      const entry = feed.entries.find((e) => e.link.endsWith('/en/news/first/'));
      assert.ok(entry, `${file} lists the post`);
      assert.equal(entry.title, title, `${file}: the title as text`);
      assert.equal(entry.description, description, `${file}: the description as text`);
      assert.deepEqual(entry.tags, [label], `${file}: the tag's label`);
    }
    // The German feeds, whose label has no markup, stay as they were.
    for (const file of ['news/rss.xml', 'news/atom.xml'])
      assert.ok(readFeed(await readFile(path.join(out, file), 'utf8')).entries.length > 0, file);
  } finally {
    await dispose();
  }
});
