// A table wider than a phone (the service levels' severity table at 390 px) shows that it
// scrolls: it sits in a named region the keyboard reaches, and the edge with more columns behind
// it is shaded, in the dark colour mode (the site's default) and in the light one, until the
// table is scrolled to that edge.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { type RealSite, withRealSite } from '../../browser-harness.ts';

let real: RealSite;
withRealSite((r) => (real = r));

/** The mean brightness (0–255) of a strip of the element's right edge, below its header row. */
async function rightEdge(page: Page, selector: string): Promise<number> {
  const box = await page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    const header = el.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    return { x: r.right - 10, y: r.top + header + 4, width: 8, height: Math.min(r.height - header - 8, 300) };
  });
  const png = await page.screenshot({ clip: box });
  const { channels } = await sharp(png).stats();
  return (channels[0].mean + channels[1].mean + channels[2].mean) / 3;
}

for (const mode of ['dark', 'light'] as const)
  test(`on a phone a wide table shows that it scrolls (${mode} mode)`, async () => {
    const context = await real.browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: mode });
    try {
      const page = await context.newPage();
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await page.goto(`${real.server.url}/trust/service-level/`);
      // The severity table: the first one that does not fit.
      const index = await page.$$eval('.table-scroll', (els) => els.findIndex((el) => el.scrollWidth > el.clientWidth));
      assert.ok(index >= 0, 'a table wider than the phone');
      const selector = `.table-scroll >> nth=${index}`;
      const scroller = page.locator(selector);
      await scroller.scrollIntoViewIfNeeded();
      assert.equal(await scroller.getAttribute('role'), 'region');
      assert.equal(await scroller.getAttribute('tabindex'), '0', 'the keyboard reaches it, and scrolls it');
      assert.ok(await scroller.getAttribute('aria-label'), 'named for screen readers');
      const handle = (await scroller.elementHandle())!;
      await handle.evaluate((el) => el.setAttribute('data-probe', 'wide'));
      const probe = '[data-probe="wide"]';
      const shaded = await rightEdge(page, probe);
      await handle.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await page.waitForTimeout(100);
      const atEnd = await rightEdge(page, probe);
      // The shade is of the text's colour: lighter than the page in the dark mode, darker in the
      // light one; far more than the text of the cut column alone makes (about 5).
      const difference = mode === 'dark' ? shaded - atEnd : atEnd - shaded;
      assert.ok(
        difference > 15,
        `the edge is shaded while columns wait behind it (${shaded.toFixed(1)} against ${atEnd.toFixed(1)})`,
      );
    } finally {
      await context.close();
    }
  });
