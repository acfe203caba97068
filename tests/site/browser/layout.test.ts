// Alignment and layout as a visitor sees it, measured by bounding boxes in Chromium: one content
// edge for header, page and footer; prices of a row on one line; the chevrons of the phone menu in
// one column; wide tables that say they scroll; home page cards that all link.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { inTabs, type RealSite, withRealSite } from '../../browser-harness.ts';

let real: RealSite;
withRealSite((r) => (real = r));

const left = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => Math.round(el.getBoundingClientRect().left));

for (const width of [1366, 1024, 390]) {
  test(`at ${width} px the logo, the page's content and the footer start at the same x`, async () => {
    const page = await real.browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${real.server.url}/`);
    const logo = await left(page, '.navbar .navbar-brand');
    // The hamburger stands before the logo on small screens: there the header's edge is its own.
    const header = width <= 996 ? await left(page, '.navbar-toggle') : logo;
    const edges = {
      header,
      heroTitle: await left(page, '.hero h1'),
      section: await left(page, '.home-section .home-inner'),
      footerBrand: await left(page, '.footer-brand'),
      footerDivider: await left(page, '.footer-bottom'),
      footerText: await left(page, '.footer-bottom p'),
    };
    const offsets = Object.entries(edges).filter(([, x]) => Math.abs(x - edges.heroTitle) > (width <= 996 ? 8 : 1));
    assert.deepEqual(offsets, [], `edges: ${JSON.stringify(edges)}`);
    await page.goto(`${real.server.url}/services/databases/postgresql/`);
    if (width > 996)
      assert.equal(
        await left(page, '.docs-sidebar'),
        await left(page, '.navbar .navbar-brand'),
        'docs sidebar under the logo',
      );
    await page.close();
  });
}

test('from 997 px (the phone menu ends) to 1440 px the navbar stays on one line in both languages: nothing scrolls sideways, the logo keeps its width, the booking button and the language menu keep their names', async () => {
  const page = await real.browser.newPage();
  const problems: string[] = [];
  for (const route of ['/', '/en/', '/en/services/databases/postgresql/']) {
    for (const width of [997, 1024, 1100, 1200, 1280, 1366, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${real.server.url}${route}`);
      // The page is set in its web fonts, as a returning visitor sees it (wider than the fallback).
      await page.evaluate(() => document.fonts.ready);
      const seen = await page.evaluate(() => {
        const brand = document.querySelector('.navbar-brand')!;
        const inner = document.querySelector('.navbar-inner')!;
        const middles = ['.navbar-brand', '.navbar-items', '.navbar-right']
          .map((selector) => document.querySelector(selector)!.getBoundingClientRect())
          .map((box) => box.top + box.height / 2);
        return {
          sideways: document.documentElement.scrollWidth - innerWidth,
          navbar: inner.scrollWidth - inner.clientWidth,
          logoClipped: brand.scrollWidth - brand.clientWidth,
          // One line: the logo, the links and the buttons share their middle.
          offLine: Math.round(Math.max(...middles) - Math.min(...middles)),
        };
      });
      if (seen.sideways > 0 || seen.navbar > 0 || seen.logoClipped > 0 || seen.offLine > 2)
        problems.push(`${route} at ${width} px: ${JSON.stringify(seen)}`);
    }
  }
  for (const [route, cta, language] of [
    ['/', 'Termin vereinbaren', /Deutsch/],
    ['/en/', 'Book an appointment', /English/],
  ] as const) {
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.goto(`${real.server.url}${route}`);
    await page.getByRole('link', { name: cta }).first().waitFor();
    assert.equal(
      await page.locator('.navbar-inner').getByRole('link', { name: cta }).count(),
      1,
      `${route}: the booking button is named though only its icon shows`,
    );
    assert.match((await page.locator('.language-toggle').textContent()) ?? '', language);
  }
  await page.close();
  assert.deepEqual(problems, []);
});

test('the quickstart prices on the home page stand at the same height', async () => {
  const page = await real.browser.newPage({ viewport: { width: 1366, height: 900 } });
  for (const route of ['/', '/en/']) {
    await page.goto(`${real.server.url}${route}`);
    const tops = await page
      .locator('.offer-price')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    assert.ok(tops.length >= 3, route);
    assert.equal(new Set(tops).size, 1, `${route}: prices at ${tops.join(', ')}`);
  }
  await page.close();
});

test('every card of the home page links to a page', async () => {
  const page = await real.browser.newPage({ viewport: { width: 1366, height: 900 } });
  for (const route of ['/', '/en/']) {
    await page.goto(`${real.server.url}${route}`);
    const cards = await page.locator('.is-features li, .offer-card').evaluateAll((els) =>
      els.map((el) => ({
        text: el.textContent!.trim().slice(0, 40),
        linked: !!el.querySelector('.item-title a, h3 a'),
      })),
    );
    assert.ok(cards.length >= 6, route);
    assert.deepEqual(
      cards.filter((c) => !c.linked),
      [],
      route,
    );
  }
  await page.close();
});

test('in the phone menu every chevron sits in one column, and the booking button has its name', async () => {
  const page = await real.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${real.server.url}/`);
  await page.click('.navbar-toggle');
  await page.waitForSelector('#mobile-menu[open]');
  // Measured once the menu has slid in: mid-slide the icons sit at fractions of a pixel.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  const chevrons = await page.locator('#mobile-menu .navbar-item.dropdown').evaluateAll((items) =>
    items.map((item) => {
      const icon = item.querySelector('.dropdown-toggle svg')!.getBoundingClientRect();
      return { item: item.textContent!.slice(0, 12), centre: icon.left + icon.width / 2 };
    }),
  );
  assert.ok(chevrons.length >= 4);
  const centres = chevrons.map((c) => c.centre);
  assert.ok(Math.max(...centres) - Math.min(...centres) < 1, `one column, within a pixel: ${JSON.stringify(chevrons)}`);
  const cta = page.locator('#mobile-menu .navbar-cta');
  assert.equal((await cta.innerText()).trim(), 'Termin vereinbaren');
  assert.ok(await cta.locator('span').isVisible(), 'the label is shown, not only the icon');
  await page.close();
});

test('on a phone a table wider than the screen is stacked row by row, each cell under its header, and nothing scrolls sideways', async () => {
  const page = await real.browser.newPage({ viewport: { width: 390, height: 844 } });
  // This page's table was about 90 px wider than a phone when it scrolled.
  await page.goto(`${real.server.url}/en/glossary/ops/vm/`);
  const target = page.locator('.markdown .table-scroll').first();
  assert.ok(await target.count(), 'a table in its container');
  assert.equal(await target.getAttribute('role'), 'region');
  assert.ok(await target.evaluate((el) => el.scrollWidth <= el.clientWidth), 'nothing of it behind an edge');
  const cells = await target.locator('td').evaluateAll((tds) =>
    tds.map((td) => ({
      label: getComputedStyle(td, '::before').content,
      header: (td as HTMLTableCellElement).closest('table')!.tHead!.rows[0].cells[
        (td as HTMLTableCellElement).cellIndex
      ].textContent,
      right: td.getBoundingClientRect().right,
    })),
  );
  assert.ok(cells.length >= 8);
  for (const cell of cells) {
    if (cell.header) assert.equal(cell.label, JSON.stringify(cell.header), 'the cell shows its header');
    assert.ok(cell.right <= 390, `a cell ends at ${cell.right} px`);
  }
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(pageOverflow <= 0, 'the page itself does not scroll sideways');
  await page.close();
});

/** The page's layout shifts as the browser records them, from the start of the load. */
const RECORD_SHIFTS = () => {
  const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
  });
  observer.observe({ type: 'layout-shift', buffered: true });
  (window as unknown as { shiftObserver: PerformanceObserver }).shiftObserver = observer;
};
/** Every shift recorded so far, those not yet handed to the observer's callback included. */
const shiftsOf = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { shifts: number[]; shiftObserver: PerformanceObserver };
    return [
      ...w.shifts,
      ...w.shiftObserver.takeRecords().map((entry) => (entry as unknown as { value: number }).value),
    ];
  });
const plexLoaded = (page: Page) =>
  page.evaluate(() =>
    [...document.fonts]
      .filter((f) => f.status === 'loaded' && f.family.includes('IBM Plex') && !f.family.includes('Fallback'))
      .map((f) => `${f.family} ${f.weight}`),
  );
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test('web fonts that arrive late move nothing on the page; on time, the page is set in IBM Plex', async () => {
  const routes = ['/blog/containers/', '/en/services/databases/postgresql/', '/en/'];
  // Each page at each width in a context of its own, a few at once.
  const late = routes.flatMap((route) => [390, 1366].map((width) => ({ route, width })));
  await inTabs(late, 3, async ({ route, width }) => {
    // Late: the fonts are held back until the page has painted with the fallback faces.
    const context = await real.browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldBack = 0;
    await page.route('**/*.woff2', async (r) => {
      heldBack++;
      await held;
      await r.continue();
    });
    await page.addInitScript(RECORD_SHIFTS);
    await page.goto(`${real.server.url}${route}`, { waitUntil: 'domcontentloaded' });
    // The page has painted without its fonts, and every font it is loading is held back here.
    for (;;) {
      await twoFrames(page);
      const loading = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loading').length);
      if (heldBack > 0 && heldBack >= loading) break;
    }
    assert.deepEqual(await plexLoaded(page), [], 'no web font has arrived before the release');
    release();
    await page.waitForLoadState('load');
    await page.evaluate(() => document.fonts.ready);
    await twoFrames(page);
    const shifts = await shiftsOf(page);
    assert.deepEqual(shifts, [], `${route} at ${width} px: layout shifts after the fonts arrived late`);
    await context.close();
  });
  // On time: nothing held back.
  await inTabs(routes, 3, async (route) => {
    const page = await real.browser.newPage();
    await page.goto(`${real.server.url}${route}`);
    await page.evaluate(() => document.fonts.ready);
    const loaded = await plexLoaded(page);
    assert.ok(
      loaded.some((f) => f.startsWith('"IBM Plex Sans"') || f.startsWith('IBM Plex Sans')),
      `${route}: set in IBM Plex Sans (${loaded.join(', ')})`,
    );
    await page.close();
  });
});
