// Every feed of the real site read as a feed reader reads it: a strict XML parser takes each RSS
// and Atom file without an error, and each entry shows the title its page shows, with its tags;
// a section's RSS and Atom feeds list the same posts in the same order. A character XML forbids in
// the text of a post is an error at its line, and the feeds are not published with it.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { htmlText, readFeed } from '../../feed-xml.ts';
import { exists, fixtureCopy, read } from '../../helpers.ts';
import { realSiteBuild } from '../../real-site.ts';

test('every feed of the real site is well-formed XML, and each entry shows the title of its page', async (t) => {
  const { dir } = await realSiteBuild();
  const feeds = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /(^|\/)(rss|atom)\.xml$/.test(f))
    .sort();
  assert.ok(feeds.length >= 4, `feeds found: ${feeds.join(', ')}`);
  const titles = new Map<string, string[]>();
  let entries = 0;
  for (const file of feeds) {
    const feed = readFeed(readFileSync(path.join(dir, file), 'utf8'));
    assert.ok(feed.entries.length > 0, `${file} has entries`);
    assert.equal(feed.format, file.endsWith('atom.xml') ? 'atom' : 'rss');
    for (const entry of feed.entries) {
      entries++;
      const page = readFileSync(path.join(dir, new URL(entry.link).pathname, 'index.html'), 'utf8');
      const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page)?.[1];
      assert.equal(entry.title, heading && htmlText(heading).trim(), `${file}: ${entry.link}`);
      assert.ok(
        entry.tags.every((tag) => tag.trim()),
        `${file}: ${entry.link} has a label for each tag`,
      );
    }
    titles.set(
      file,
      feed.entries.map((e) => e.title),
    );
  }
  for (const [file, list] of titles)
    if (file.endsWith('rss.xml')) assert.deepEqual(titles.get(file.replace(/rss\.xml$/, 'atom.xml')), list, file);
  t.diagnostic(`${feeds.length} feeds, ${entries} entries, each parsed strictly`);
});

test('a character XML forbids in a post (title, description, author, tag, body) is an error at its line in check and build, and no feed is published', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    const edit = async (file: string, from: string, to: string) => {
      const text = await read(root, file);
      assert.ok(text.includes(from), `${file} has ${from}`);
      await writeFile(path.join(root, file), text.replace(from, to));
    };
    await edit('content/en/news/first.md', 'title: First post en', 'title: First\u0001 post en');
    await edit('content/en/news/second.md', 'description: The second post (en).', 'description: "The \\uFFFF second"');
    await edit('content/en/news/third.md', 'tags: [linux]', 'tags: [linux, "ops\\x1B"]');
    await edit('content/authors.yml', 'name: Anna Berger', 'name: "Anna\\u000B Berger"');
    await edit('content/tags.yml', 'en: Linux', 'en: "Lin\\bux"');
    await writeFile(
      path.join(root, 'content/de/news/third.md'),
      `${await read(root, 'content/de/news/third.md')}\nEin Satz mit \u0008 darin.\n`,
    );
    const expected = [
      /^content\/authors\.yml:2:9 {2}"anna\.name": holds U\+000B/,
      /^content\/de\/news\/third\.md:11:14 {2}U\+0008 is a character XML forbids/,
      /^content\/en\/news\/first\.md:2:8 {2}"title": holds U\+0001/,
      /^content\/en\/news\/second\.md:3:14 {2}"description": holds U\+FFFF/,
      /^content\/en\/news\/third\.md:6:\d+ {2}"tags\[1\]": holds U\+001B/,
      /^content\/tags\.yml:\d+:9 {2}"linux\.label\.en": holds U\+0008/,
    ];
    for (const mode of ['check', 'build'] as const) {
      const result = await runBuild({ root, mode });
      assert.equal(result.ok, false, mode);
      const errors = result.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
      for (const pattern of expected)
        assert.ok(
          errors.some((line) => pattern.test(line)),
          `${mode}: ${pattern} in\n${errors.join('\n')}`,
        );
    }
    assert.equal(exists(root, 'build/en/news/rss.xml'), false, 'no feed published');
  } finally {
    await dispose();
  }
});
