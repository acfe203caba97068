// Social cards and a failing output: a card that cannot be written fails the drawing, which the
// build reports, and no promise is left to reject unhandled while other cards are still drawn (a
// build whose output failed, a feed written over a page's folder, ended in an unhandled rejection).

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { type CardPainter, drawSocialImages } from '../../../generator/images/social-images.ts';
import { cardLook, makeConfig } from './factories.ts';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a card that cannot be written fails the drawing; no rejection goes unhandled while other cards are drawn', async (t) => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'site-cards-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  t.after(() => void process.off('unhandledRejection', onUnhandled));

  const cards = Array.from({ length: 24 }, (_, i) => ({
    file: `p${i}/social.jpg`,
    eyebrow: 'Docs',
    title: `Page ${i}`,
  }));
  // Cards come one at a time, as a worker's batches do, the last ones well after the first fails.
  const painter: CardPainter = async (_key, _template, batch, onBatch) => {
    for (const [i] of batch.entries()) {
      await delay(i < 4 ? 1 : 20);
      onBatch(i, [new Uint8Array([0xff, 0xd8, i])]);
    }
  };
  let written = 0;
  const onFile = async () => {
    written++;
    throw new Error('could not be written: EISDIR');
  };
  const { done } = drawSocialImages(root, makeConfig(), cardLook, cards, { painter, onFile });
  await assert.rejects(done, /EISDIR/);
  await delay(50);
  assert.ok(written > 1, `${written} cards were handed on`);
  assert.deepEqual(unhandled, [], 'every failed write was waited for');
});
