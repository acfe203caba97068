// Social cards kept in the site's own .cache/social/: a later build takes them from there, and an
// entry that a full disk or a crash left truncated or empty is drawn again, never published.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { type BuildResult, runBuild } from '../../../generator/build/build.ts';
import { SOCIAL_CACHE_DIR } from '../../../generator/images/social-images.ts';
import { fixtureCopy } from '../../helpers.ts';

let root: string;
let dispose: () => Promise<void>;
const INSTALL = 'en/docs/guides/install/social.jpg';
const HOME = 'social.jpg';

before(async () => {
  ({ root, dispose } = await fixtureCopy('basic'));
});
after(() => dispose());

/** A production build in a process of its own as far as cards go: nothing is kept in memory. */
async function build(): Promise<BuildResult & { card: (file: string) => Buffer }> {
  // Read when asked: keep what a later build will replace.
  const result = await runBuild({ root, mode: 'build' });
  assert.deepEqual(result.diagnostics, []);
  return { ...result, card: (file) => readFileSync(path.join(root, 'build', file)) };
}

/** The kept cards (the folder also holds their stamps). */
const entries = () => readdirSync(path.join(root, SOCIAL_CACHE_DIR)).filter((name) => name.endsWith('.jpg'));
/** The cache entry holding exactly these bytes. */
const entryOf = (bytes: Buffer) =>
  entries().find((name) => readFileSync(path.join(root, SOCIAL_CACHE_DIR, name)).equals(bytes));

test("cards are drawn once into the site's .cache/social/; a truncated or empty entry is drawn again and the page keeps its whole card", async () => {
  const first = await build();
  const total = first.stats.cards!.total;
  assert.ok(total > 20, `${total} cards`);
  // Pages that show the same title under the same section share one card.
  const kept = entries().length;
  assert.ok(kept > total / 2 && kept <= total, `${kept} entries for ${total} cards`);
  assert.equal(first.stats.cards!.drawn, kept);
  const install = first.card(INSTALL);
  const home = first.card(HOME);
  assert.deepEqual(
    await sharp(install)
      .metadata()
      .then((m) => [m.format, m.width, m.height]),
    ['jpeg', 1200, 630],
  );
  const inode = (file: string) => statSync(file).ino;
  assert.equal(
    inode(path.join(root, 'build', INSTALL)),
    inode(path.join(root, SOCIAL_CACHE_DIR, entryOf(install)!)),
    'the card in build/ is the kept file, linked: not a second copy',
  );

  const second = await build();
  assert.equal(second.stats.cards!.drawn, 0, 'every card came from .cache/social/');
  assert.ok(second.card(INSTALL).equals(install));

  // A write cut short by a full disk, and a file created but never written.
  const truncated = path.join(root, SOCIAL_CACHE_DIR, entryOf(install)!);
  truncateSync(truncated, Math.floor(install.length / 2));
  writeFileSync(path.join(root, SOCIAL_CACHE_DIR, entryOf(home)!), '');
  const third = await build();
  assert.equal(third.stats.cards!.drawn, 2);
  assert.ok(third.card(INSTALL).equals(install), 'the truncated entry was published');
  assert.ok(third.card(HOME).equals(home), 'the empty entry was published');
  assert.deepEqual(
    await sharp(third.card(INSTALL))
      .stats()
      .then((s) => s.isOpaque),
    true,
  );
  // What was drawn again replaced the broken entries.
  assert.ok(entries().every((name) => statSync(path.join(root, SOCIAL_CACHE_DIR, name)).size > 1000));
  assert.equal(entries().length, kept);

  // Bytes changed in place, the size the same (a hand edit, a bad sector): the card's stamp, taken
  // when it was written, no longer fits, so its bytes are hashed, and it is drawn again.
  const edited = path.join(root, SOCIAL_CACHE_DIR, entryOf(install)!);
  const bytes = readFileSync(edited);
  bytes.fill(0, 1000, 2000);
  writeFileSync(edited, bytes);
  const fourth = await build();
  assert.equal(fourth.stats.cards!.drawn, 1);
  assert.ok(fourth.card(INSTALL).equals(install), 'the card edited in place was published');
});

test('a page whose title changes gets a new card; the others stay as they were', async () => {
  const before = await build();
  const [install, home] = [before.card(INSTALL), before.card(HOME)];
  const file = path.join(root, 'content/en/docs/guides/install.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Installing on a fresh server'));
  const after = await build();
  assert.equal(after.stats.cards!.drawn, 1);
  assert.ok(!after.card(INSTALL).equals(install));
  assert.ok(after.card(HOME).equals(home));
});
