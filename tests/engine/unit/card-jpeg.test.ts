// A card's JPEG spliced from the background's coded rows and its text band's must be the very file
// sharp makes of the whole card; where splicing cannot hold, it declines and the card is encoded whole.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp, { type JpegOptions } from 'sharp';
import { bandRows, clearOfEdges, encodedBackground, MCU_ROWS, splice } from '../../../generator/images/card-jpeg.ts';

const WIDTH = 1200;
const HEIGHT = 630;
const JPEG = { quality: 85, optimiseCoding: false } as const;

/** A background with detail everywhere (gradients, stripes, noise), so every block codes differently. */
function background(): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 7;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const i = (y * WIDTH + x) * 3;
      pixels[i] = (x / 5 + (seed & 15)) & 255;
      pixels[i + 1] = ((y * 3) ^ x) & 255;
      pixels[i + 2] = (x + y) % 64 < 8 ? 240 : 20 + (seed & 31);
    }
  }
  return pixels;
}

/** The background with "text": blocks of other colours in rows [top, bottom), columns [left, right). */
function card(base: Buffer, top: number, bottom: number, left = 80, right = 1120): Buffer {
  const pixels = Buffer.from(base);
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      if ((x >> 3) % 3 === 0) continue;
      const i = (y * WIDTH + x) * 3;
      pixels[i] = 250;
      pixels[i + 1] = (x * y) & 255;
      pixels[i + 2] = 30;
    }
  }
  return pixels;
}

const encode = (pixels: Buffer, height = HEIGHT, options: JpegOptions = JPEG) =>
  sharp(pixels, { raw: { width: WIDTH, height, channels: 3 } })
    .jpeg(options)
    .toBuffer();

/** Encodes only the band's rows and splices them in, as social-images.ts does. */
async function spliced(
  base: Awaited<ReturnType<typeof prepared>>,
  pixels: Buffer,
  top: number,
  bottom: number,
  options: JpegOptions = JPEG,
) {
  const rows = bandRows(base, top, bottom);
  assert.ok(rows, `rows ${top}-${bottom} can be spliced`);
  const first = rows.first * MCU_ROWS;
  const end = Math.min((rows.last + 1) * MCU_ROWS, HEIGHT);
  const band = await encode(pixels.subarray(first * WIDTH * 3, end * WIDTH * 3), end - first, options);
  return splice(base, band, rows);
}

async function prepared(pixels: Buffer) {
  const encoded = encodedBackground(await encode(pixels));
  assert.ok(encoded, 'the background is read');
  return encoded;
}

test('a card spliced from its text band and the background is byte for byte the JPEG of the whole card', async () => {
  const base = background();
  const encoded = await prepared(base);
  // A title of one line, of three, a band starting mid-block, one ending on the partial last row.
  for (const [top, bottom] of [
    [199, 335],
    [199, 500],
    [250, 251],
    [37, 70],
    [300, 620],
  ]) {
    const pixels = card(base, top, bottom);
    const whole = await encode(pixels);
    const result = await spliced(encoded, pixels, top, bottom);
    assert.ok(result, `rows ${top}-${bottom} were spliced`);
    assert.ok(
      Buffer.from(result).equals(whole),
      `rows ${top}-${bottom}: the spliced card differs from the whole card's JPEG`,
    );
  }
  // The same rows again: from the rows kept for the first card, with other text in them.
  const pixels = card(base, 199, 335, 96, 700);
  assert.ok(Buffer.from((await spliced(encoded, pixels, 199, 335))!).equals(await encode(pixels)));
  assert.deepEqual(
    await sharp(Buffer.from((await spliced(encoded, pixels, 199, 335))!))
      .metadata()
      .then((m) => [m.format, m.width, m.height]),
    ['jpeg', WIDTH, HEIGHT],
  );
});

test('splicing declines what it cannot make exactly: text on the first or last row or column of blocks, other settings, other encodings', async () => {
  const base = background();
  const encoded = await prepared(base);
  assert.equal(bandRows(encoded, 10, 100), undefined, 'a band on the first row');
  assert.equal(bandRows(encoded, 400, 625), undefined, 'a band on the last row');
  assert.equal(clearOfEdges(encoded, 80, 1120), true);
  assert.equal(clearOfEdges(encoded, 8, 1120), false, 'text in the first column of blocks');
  assert.equal(clearOfEdges(encoded, 80, 1190), false, 'text in the last column of blocks');
  // A band encoded at another quality has other tables.
  assert.equal(
    await spliced(encoded, card(base, 199, 335), 199, 335, { quality: 70, optimiseCoding: false }),
    undefined,
  );
  // Optimised tables differ from the standard ones, progressive scans are not spliced.
  assert.equal(
    await spliced(encoded, card(base, 199, 335), 199, 335, { quality: 85, optimiseCoding: true }),
    undefined,
  );
  assert.equal(encodedBackground(await encode(base, HEIGHT, { quality: 85, progressive: true })), undefined);
  assert.equal(
    encodedBackground(
      await sharp(base, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
        .png()
        .toBuffer(),
    ),
    undefined,
  );
});
