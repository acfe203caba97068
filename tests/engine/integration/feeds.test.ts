// Every feed of the real site read as a feed reader reads it: a strict XML parser takes each RSS
// and Atom file without an error, and each entry shows the title its page shows, with its tags;
// a section's RSS and Atom feeds list the same posts in the same order.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { htmlText, readFeed } from '../../feed-xml.ts';
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
