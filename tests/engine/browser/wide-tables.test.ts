// Every table of every page shows all its columns: at 1366 px each fits the room it is given (a
// wide one the whole content column), on a phone a table of three columns or more is stacked, row
// by row, each cell under its header; and a table laid out as cards names the column of every
// // value. A table that still scrolls (two columns of long unbroken words, wider than a phone) sits in
// a named region the keyboard reaches, and the edge with more columns behind it is shaded, in the
// dark colour mode (the site's default) and in the light one, until the table is scrolled to that
// edge.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { inTabs, type RealSite, withRealSite } from '../../browser-harness.ts';

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
      // The site's own tables all fit a phone once stacked: a two-column table of long unbroken
      // words, as the theme wraps a table of the body, stands for one that does not.
      const cell = (tag: string, text: string) => `<${tag}><code>${text}</code></${tag}>`;
      const row = (tag: string) => `<tr>${cell(tag, 'x'.repeat(40))}${cell(tag, 'y'.repeat(40))}</tr>`;
      await page.evaluate(
        (table) => {
          const scroller = document.querySelector('main .table-scroll')!;
          const copy = scroller.cloneNode(false) as HTMLElement;
          copy.className = 'table-scroll';
          copy.innerHTML = table;
          scroller.before(copy);
        },
        `<table><thead>${row('th')}</thead><tbody>${row('td')}${row('td')}${row('td')}</tbody></table>`,
      );
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

/** Every built page that holds a table, by route. */
function pagesWithTables(dir: string): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const file = path.join(entry.parentPath, entry.name);
    if (!readFileSync(file, 'utf8').includes('<table')) continue;
    const rel = path.relative(dir, entry.parentPath).split(path.sep).join('/');
    routes.push(rel ? `/${rel}/` : '/');
  }
  return routes.sort();
}

/** What of the page's tables a visitor cannot see without scrolling it, measured in the page. */
function hiddenColumns(phone: boolean): string[] {
  const found: string[] = [];
  const width = document.documentElement.clientWidth;
  document.querySelectorAll<HTMLTableElement>('main table').forEach((table, index) => {
    const scroller = table.closest<HTMLElement>('.table-scroll');
    const name = `table ${index + 1} (${[...table.querySelectorAll('th')].map((th) => th.textContent).join(' | ')})`;
    const stacked = phone && scroller?.classList.contains('table-stack');
    if (stacked) {
      // Stacked: every cell on the screen, under its column's header.
      for (const td of table.querySelectorAll<HTMLElement>('td')) {
        const r = td.getBoundingClientRect();
        if (r.left < -1 || r.right > width + 1) found.push(`${name}: a cell from ${r.left} to ${r.right}`);
        const header = table.tHead?.rows[0]?.cells[(td as HTMLTableCellElement).cellIndex]?.textContent?.trim();
        const label = getComputedStyle(td, '::before').content;
        if (header && label !== JSON.stringify(header))
          found.push(`${name}: a cell shown under ${label}, not "${header}"`);
      }
      return;
    }
    const box = (scroller ?? table).getBoundingClientRect();
    if (box.right > width + 1) found.push(`${name}: ends at ${box.right} px of ${width}`);
    // Not stacked: it fits, or (a table of two columns on a phone) it scrolls with a cue, which the
    // tests above check.
    if (scroller && scroller.scrollWidth > scroller.clientWidth + 1 && !(phone && table.rows[0]?.cells.length <= 2))
      found.push(`${name}: ${scroller.scrollWidth - scroller.clientWidth} px hidden behind the edge`);
  });
  return found;
}

for (const viewport of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
])
  test(`every table of every page shows all its columns at ${viewport.width} px (${viewport.name})`, async () => {
    const routes = pagesWithTables(real.site.dir);
    assert.ok(routes.length >= 40, `pages with tables: ${routes.length}`);
    const context = await real.browser.newContext({ viewport });
    const problems: string[] = [];
    await inTabs(routes, 4, async (route) => {
      const page = await context.newPage();
      try {
        await page.goto(`${real.server.url}${route}`);
        for (const problem of await page.evaluate(hiddenColumns, viewport.width < 600))
          problems.push(`${route}: ${problem}`);
      } finally {
        await page.close();
      }
    });
    await context.close();
    assert.deepEqual(problems, []);
  });

test('the pricing table laid out as cards names the offer of every value, on screen and for screen readers', async () => {
  const page = await real.browser.newPage({ viewport: { width: 1366, height: 900 } });
  for (const [route, heading, offer] of [
    ['/pricing/', 'was-der-einstiegspreis-abdeckt', 'Betrieb für Agenturen, ab 480 € pro Monat'],
    ['/en/pricing/', 'what-the-entry-price-covers', 'Operations for agencies, from €480 per month'],
  ]) {
    await page.goto(`${real.server.url}${route}`);
    const section = page.locator(`section[aria-labelledby="${heading}"]`);
    const cards = await section
      .locator('.offer-card')
      .evaluateAll((els) =>
        els.map((el) => ({ shown: (el as HTMLElement).innerText.replace(/\s+/g, ' '), text: el.textContent ?? '' })),
      );
    assert.ok(cards.length >= 8, `${route}: ${cards.length} cards`);
    for (const card of cards) {
      assert.ok(card.shown.includes(offer), `${route}: "${card.shown}" names the offer its first value is for`);
      assert.match(card.text, /: /, `${route}: a screen reader hears the column before the value`);
    }
  }
  await page.close();
});
