// Every diagram of the site (an SVG with text in public/ or content/) read as a visitor on a phone
// reads it: drawn as wide as the content column of a 390 px screen, in the light and the dark
// colour mode. Its text must be at least 12 px, stay inside the box it labels, and keep a contrast
// of 4.5:1 against what is behind it; the diagram's own background must follow the colour mode.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../browser-harness.ts';
import { REPO } from '../../helpers.ts';

// The content column of a 390 px wide phone: the page's gutters are 16 px on each side there.
const COLUMN = 390 - 2 * 16;

function diagrams(): string[] {
  const found: string[] = [];
  for (const dir of ['public', 'content']) {
    for (const name of readdirSync(path.join(REPO, dir), { recursive: true, encoding: 'utf8' })) {
      if (!name.endsWith('.svg')) continue;
      const file = path.join(dir, name);
      if (readFileSync(path.join(REPO, file), 'utf8').includes('<text')) found.push(file);
    }
  }
  return found.sort();
}

interface Reading {
  smallestFontPx: number;
  backgroundLuminance: number;
  problems: string[];
}

// Runs in the page (a string: the test runner's transform must not touch it).
const MEASURE = `(() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) ?? []).slice(0, 3).map(Number);
  const luminance = ([r, g, b]) => {
    const lin = (v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const contrast = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const svg = document.querySelector('svg');
  const scale = svg.getScreenCTM().a;
  const shapes = [...svg.querySelectorAll('rect, circle')];
  const problems = [];
  let smallest = Infinity;
  for (const text of svg.querySelectorAll('text')) {
    const label = text.textContent ?? '';
    const px = parseFloat(getComputedStyle(text).fontSize) * scale;
    smallest = Math.min(smallest, px);
    const box = text.getBoundingClientRect();
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    // What is drawn behind the text: the topmost shape under its centre.
    const behind = document.elementsFromPoint(cx, cy).find((e) => shapes.includes(e));
    if (!behind) {
      problems.push(\`"\${label}" has nothing behind it\`);
      continue;
    }
    const ratio = contrast(rgb(getComputedStyle(text).fill), rgb(getComputedStyle(behind).fill));
    if (ratio < 4.5) problems.push(\`"\${label}" has a contrast of \${ratio.toFixed(2)}:1\`);
    // Straight labels stay inside the smallest rectangle that holds their centre.
    if (text.querySelector('textPath')) continue;
    const host = shapes
      .filter((s) => s.tagName === 'rect')
      .map((s) => s.getBoundingClientRect())
      .filter((r) => cx > r.left && cx < r.right && cy > r.top && cy < r.bottom)
      .sort((a, b) => a.width * a.height - b.width * b.height)[0];
    if (host && (box.left < host.left || box.right > host.right)) problems.push(\`"\${label}" runs out of its box\`);
  }
  const background = rgb(getComputedStyle(shapes.find((s) => s.tagName === 'rect')).fill);
  return { smallestFontPx: smallest, backgroundLuminance: luminance(background), problems };
})()`;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser?.close());

async function read(file: string, colorScheme: 'light' | 'dark'): Promise<Reading> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme });
  try {
    // Inline, so the test can look inside; an <img> gets the same colours (the page's color-scheme
    // reaches the image's prefers-color-scheme).
    const svg = readFileSync(path.join(REPO, file), 'utf8').replace(
      '<svg ',
      `<svg style="display:block;width:${COLUMN}px;height:auto" `,
    );
    await page.setContent(`<!doctype html><body style="margin:0;padding:0 16px">${svg}</body>`);
    // The whole diagram in the viewport: what lies below it cannot be hit-tested.
    await page.setViewportSize({
      width: 390,
      height: Math.ceil((await page.evaluate('document.body.scrollHeight')) as number),
    });
    return (await page.evaluate(MEASURE)) as Reading;
  } finally {
    await page.close();
  }
}

test('the site has diagrams to check', () => {
  assert.ok(diagrams().length >= 10, `found ${diagrams().length} SVG diagrams with text`);
});

for (const file of diagrams()) {
  test(`${file} reads on a phone in both colour modes`, async () => {
    const light = await read(file, 'light');
    const dark = await read(file, 'dark');
    for (const [mode, reading] of [
      ['light', light],
      ['dark', dark],
    ] as const) {
      assert.ok(
        reading.smallestFontPx >= 12,
        `${mode}: the smallest text is ${reading.smallestFontPx.toFixed(1)} px at ${COLUMN} px wide`,
      );
      assert.deepEqual(reading.problems, [], `${mode} mode`);
    }
    assert.ok(
      light.backgroundLuminance > 0.7,
      `light mode: the diagram's background is light (luminance ${light.backgroundLuminance.toFixed(2)})`,
    );
    assert.ok(
      dark.backgroundLuminance < 0.05,
      `dark mode: the diagram's background is dark (luminance ${dark.backgroundLuminance.toFixed(2)})`,
    );
  });
}
