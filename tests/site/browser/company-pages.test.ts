// The pages that sell, as a visitor deciding whether to trust the company sees them: the services
// overview as cards, the company page with its people and office, the contact page with the form
// in the first screen. Screenshots at 1366 and 390 px in both colour modes land in
// tests/.output/screenshots/ (git-ignored), for anyone to look at what the tests saw.

import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { type RealSite, withRealSite } from '../../browser-harness.ts';
import { REPO } from '../../helpers.ts';

const OUT = path.join(REPO, 'tests', '.output', 'screenshots');
const PAGES = [
  { name: 'services', route: '/services/' },
  { name: 'about-us', route: '/about-us/' },
  { name: 'contact', route: '/contact/' },
  { name: 'contact-en', route: '/en/contact/' },
  { name: 'home', route: '/' },
];
const VIEWPORTS = [
  { name: '1366', width: 1366, height: 900 },
  { name: '390', width: 390, height: 844 },
];

let real: RealSite;
withRealSite((r) => (real = r));

for (const viewport of VIEWPORTS) {
  for (const mode of ['dark', 'light'] as const) {
    test(`company pages at ${viewport.width} px in ${mode} mode: screenshots, nothing wider than the screen`, async () => {
      await mkdir(OUT, { recursive: true });
      const context = await real.browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: 1,
      });
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      const page = await context.newPage();
      for (const { name, route } of PAGES) {
        await page.goto(`${real.server.url}${route}`);
        await page.evaluate(() => document.fonts.ready);
        assert.equal(await page.getAttribute('html', 'data-theme'), mode);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        assert.ok(overflow <= 0, `${route} is ${overflow}px wider than the viewport`);
        await page.screenshot({ path: path.join(OUT, `company-${name}-${viewport.name}-${mode}.png`), fullPage: true });
      }
      await context.close();
    });
  }
}

test('the services overview shows the ten service areas as cards, each with an icon and a link', async () => {
  const page = await real.browser.newPage({ viewport: { width: 1366, height: 900 } });
  for (const route of ['/services/', '/en/services/']) {
    await page.goto(`${real.server.url}${route}`);
    // The icons load lazily: each is looked at as a visitor scrolling to its card sees it.
    const cards = await page.locator('.home-column').evaluateAll(async (els) => {
      const seen = [];
      for (const el of els) {
        el.scrollIntoView();
        const img = el.querySelector('img.home-column-icon') as HTMLImageElement | null;
        await img?.decode().catch(() => undefined);
        seen.push({
          icon: img?.naturalWidth ?? 0,
          link: [...el.querySelectorAll('.markdown p a')].pop()?.getAttribute('href') ?? '',
        });
      }
      return seen;
    });
    assert.equal(cards.length, 10, route);
    for (const card of cards) {
      assert.ok(card.icon > 0, `${route}: a card without a loaded icon (${card.link})`);
      assert.match(card.link, /\/services\/[a-z-]+\/$/);
    }
    assert.equal(await page.locator('.docs-sidebar, .docs-version, .docs-toc').count(), 0, 'no docs frame');
    assert.equal(await page.locator('nav.breadcrumbs').count(), 1);
  }
  await page.close();
});

test('the company page shows the three people with initials, role and years, and the office in Graz; company pages have no version menu', async () => {
  const page = await real.browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(`${real.server.url}/en/about-us/`);
  const people = await page.locator('.team-card').evaluateAll((els) =>
    els.map((el) => ({
      initials: el.querySelector('.avatar')?.textContent,
      name: el.querySelector('h3 a')?.textContent,
      role: el.querySelector('.team-role')?.textContent,
      text: el.textContent,
    })),
  );
  assert.deepEqual(
    people.map((p) => [p.initials, p.name]),
    [
      ['LM', 'Lena Moser'],
      ['TW', 'Tobias Wimmer'],
      ['CE', 'Clara Eder'],
    ],
  );
  for (const person of people) {
    assert.ok(person.role, `${person.name} has a role`);
    assert.match(person.text!, /\d+ years/, `${person.name}: years of experience`);
  }
  assert.match(await page.locator('main').innerText(), /Beispielgasse 12, 8010 Graz/);
  for (const route of ['/en/about-us/', '/en/about-us/philosophy/', '/about-us/lena-moser/', '/services/']) {
    await page.goto(`${real.server.url}${route}`);
    assert.equal(await page.locator('.docs-version').count(), 0, `${route} has no version menu`);
  }
  // Where reading is the point, the docs frame stays as it was, without a version to choose.
  await page.goto(`${real.server.url}/services/databases/postgresql/`);
  assert.equal(await page.locator('.docs-sidebar').count(), 1, 'a services page keeps its sidebar');
  assert.equal(await page.locator('.docs-version').count(), 0, 'a section of one version has no version menu');
  await page.close();
});

test('contact: on a phone the booking starts within the first screen after the intro, the form right after it; hints are friendly; the checkbox is styled in both modes', async () => {
  for (const mode of ['dark', 'light'] as const) {
    const context = await real.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
    const page = await context.newPage();
    await page.goto(`${real.server.url}/contact/`);
    // The first way to reach the team is the introductory call (where the navbar's button leads),
    // then the message form.
    const bookingTop = await page.locator('#appointment').evaluate((el) => el.getBoundingClientRect().top);
    const bookingBottom = await page.locator('#appointment').evaluate((el) => el.getBoundingClientRect().bottom);
    const formTop = await page.locator('.contact-form-wrap').evaluate((el) => el.getBoundingClientRect().top);
    const introBottom = await page.locator('.landing-hero').evaluate((el) => el.getBoundingClientRect().bottom);
    assert.ok(
      bookingTop < 844 - 200,
      `the booking starts at ${Math.round(bookingTop)} px, too low in the first screen`,
    );
    assert.ok(bookingTop >= introBottom, 'after the intro');
    assert.ok(
      formTop >= bookingBottom && formTop - bookingBottom < 120,
      `the form follows the booking (${Math.round(bookingBottom)} -> ${Math.round(formTop)} px)`,
    );
    const hints = await page.locator('.field-hint').allInnerTexts();
    assert.equal(hints.length, 3);
    for (const hint of hints) assert.doesNotMatch(hint, /^\d+ bis \d+ Zeichen$/, 'no bare length range');
    const box = page.locator('#contact-terms');
    const before = await box.evaluate((el) => ({
      appearance: getComputedStyle(el).appearance,
      background: getComputedStyle(el).backgroundColor,
    }));
    assert.equal(before.appearance, 'none', 'drawn by the site, not the browser');
    await page.locator('label[for="contact-terms"]').click({ position: { x: 2, y: 2 } });
    assert.ok(await box.isChecked());
    const accent = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--accent)';
      document.body.append(probe);
      return getComputedStyle(probe).color;
    });
    // The fill fades in (0.15 s): read it once the transition is over.
    await page
      .waitForFunction(
        (colour) => getComputedStyle(document.querySelector('#contact-terms')!).backgroundColor === colour,
        accent,
      )
      .catch(() => undefined);
    assert.equal(
      await box.evaluate((el) => getComputedStyle(el).backgroundColor),
      accent,
      `${mode}: ticked, the box fills with the accent`,
    );
    await context.close();
  }
});
