// The booking form where a visitor uses it: on a phone (390 px) and a desktop (1366 px), with
// JavaScript and without. After a time is taken by someone else meanwhile (409) and after an empty
// submit, the error is in view, announced (role=alert, or the field's description) and has the
// focus (the message, or the field at fault), and the form's first field is within the first two
// screens of the booking. Screenshots of the page after a 409 go to tests/.output/screenshots/.
// Also: the booking's heading is not hidden under the sticky navbar after the jump to
// #appointment, and a quick first click on "Freie Termine anzeigen" shows the times on the page
// instead of leaving it while the booking's script still loads.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type BuiltSite, buildSite, launchBrowser } from '../../browser-harness.ts';
import { REPO } from '../../helpers.ts';
import { type RunningServer, startServer } from '../integration/contact-helpers.ts';
import { axNode } from './contact-helpers.ts';

const SCREENSHOTS = path.join(REPO, 'tests', '.output', 'screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const FORM = 'form[data-booking-form]';
const SUBMIT = `${FORM} button[type="submit"]`;
const TAKEN = 'Diesen Termin hat gerade jemand anderes gebucht. Bitte wählen Sie einen anderen.';

let browser: Browser;
let site: BuiltSite;
let server: RunningServer;
let contexts: BrowserContext[] = [];
let visitors = 0;

before(async () => {
  [browser, site] = await Promise.all([launchBrowser(), buildSite()]);
  server = await startServer({ root: REPO, dir: site.dir });
  mkdirSync(SCREENSHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await site?.dispose();
});
afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

async function open(
  route: string,
  viewport: { width: number; height: number },
  javaScriptEnabled: boolean,
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    javaScriptEnabled,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
  });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}${route}`);
  return page;
}

/** The form with its free times: the island's (a click on the button) or the server's (`?slots`). */
async function bookingForm(viewport: { width: number; height: number }, javaScript: boolean): Promise<Page> {
  const page = await open(javaScript ? '/contact/#appointment' : '/contact/?slots=1#appointment', viewport, javaScript);
  if (javaScript) await page.click('#appointment .booking-show button');
  await page.waitForSelector(`${FORM} input[name="slot"]`);
  return page;
}

/** Someone else books the time, by the API, while the visitor is still filling in the form. */
async function bookElsewhere(slot: string): Promise<void> {
  visitors++;
  const response = await fetch(`${server.url}/api/booking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({
      slot,
      name: `Quicker ${visitors}`,
      email: `quicker${visitors}@example.org`,
      terms: true,
      locale: 'de',
    }),
  });
  assert.equal(response.status, 201);
}

/** Fills in the form and picks the second time of the day shown; returns that time. */
async function fillIn(page: Page): Promise<string> {
  visitors++;
  const time = page.locator('fieldset.booking-times:visible input[name="slot"]').nth(1);
  await time.check();
  await page.fill('#booking-name', `Visitor ${visitors}`);
  await page.fill('#booking-email', `visitor${visitors}@example.org`);
  await page.check('#booking-terms');
  return (await time.getAttribute('value'))!;
}

interface Placement {
  /** Where the element is in the window now. */
  top: number;
  bottom: number;
  /** Its bottom, counted from the top of the booking (where #appointment leads), in screens. */
  screens: number;
}

async function placement(page: Page, selector: string): Promise<Placement> {
  return page.$eval(selector, (element) => {
    const rect = element.getBoundingClientRect();
    const booking = document.getElementById('appointment')!.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom, screens: (rect.bottom - booking.top) / innerHeight };
  });
}

/** The navbar's bottom edge: what is above it is hidden behind the sticky navbar. */
async function navbarBottom(page: Page): Promise<number> {
  return page.$eval('.navbar', (navbar) => navbar.getBoundingClientRect().bottom);
}

/** The element is where the visitor looks: in the window, below the sticky navbar. */
async function assertInView(page: Page, selector: string, height: number): Promise<void> {
  const { top, bottom } = await placement(page, selector);
  const navbar = await navbarBottom(page);
  assert.ok(
    top >= navbar - 1 && bottom <= height + 1,
    `${selector} at ${top}–${bottom} px, the window ${navbar}–${height}`,
  );
}

/** What the focus is on now. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);

async function assertFirstFieldWithinTwoScreens(page: Page): Promise<void> {
  const name = await placement(page, '#booking-name');
  assert.ok(name.screens <= 2, `the first field ends ${name.screens.toFixed(2)} screens below the booking's top`);
}

async function assertAnnounced(page: Page, selector: string): Promise<void> {
  const node = await axNode(page, selector);
  assert.equal(node.role, 'alert', `${selector} is announced`);
  assert.equal(node.ignored, false);
}

describe('after a time was taken meanwhile (409)', () => {
  for (const [viewport, name] of [
    [PHONE, '390'],
    [DESKTOP, '1366'],
  ] as const)
    test(`with JavaScript at ${name} px: the message is beside the times, in view, announced and focused`, async () => {
      const page = await bookingForm(viewport, true);
      const chosen = await fillIn(page);
      await bookElsewhere(chosen);
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/booking'),
        page.click(SUBMIT),
      ]);
      assert.equal(answer.status(), 409);
      await page.waitForFunction((text) => document.getElementById('booking-slot-error')?.textContent === text, TAKEN);
      assert.equal(await focused(page), 'booking-slot-error');
      await assertInView(page, '#booking-slot-error', viewport.height);
      await assertAnnounced(page, '#booking-slot-error');
      // The day and its other times are right below the message, in the same screen.
      await page.waitForFunction(
        (time) => ![...document.querySelectorAll<HTMLInputElement>('input[name="slot"]')].some((i) => i.value === time),
        chosen,
      );
      await assertInView(page, 'input[name="day"]:checked + label', viewport.height);
      await assertFirstFieldWithinTwoScreens(page);
      assert.equal(await page.inputValue('#booking-name'), `Visitor ${visitors - 1}`, 'what was typed is kept');
      await page.screenshot({ path: path.join(SCREENSHOTS, `booking-409-${name}.png`) });
    });

  test('without JavaScript at 390 px: the answer page opens on the message, which has the focus', async () => {
    const page = await bookingForm(PHONE, false);
    const chosen = await fillIn(page);
    await bookElsewhere(chosen);
    await page.click(SUBMIT);
    await page.waitForURL(/\/contact\/\?result=[0-9a-f]{32}$/);
    assert.equal((await page.textContent('#booking-slot-error'))?.trim(), TAKEN);
    assert.equal(await focused(page), 'booking-slot-error');
    await assertInView(page, '#booking-slot-error', PHONE.height);
    await assertAnnounced(page, '#booking-slot-error');
    await assertFirstFieldWithinTwoScreens(page);
    assert.equal(await page.locator(`input[name="slot"][value="${chosen}"]`).count(), 0, 'the taken time is gone');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'booking-409-390-no-javascript.png') });
  });
});

describe('after sending the form empty', () => {
  for (const javaScript of [true, false])
    test(`${javaScript ? 'with' : 'without'} JavaScript at 390 px: the time's message has the focus, every field says what it lacks`, async () => {
      const page = await bookingForm(PHONE, javaScript);
      await page.click(SUBMIT);
      if (!javaScript) await page.waitForURL(/\/contact\/\?result=[0-9a-f]{32}$/);
      await page.waitForFunction(
        () => document.getElementById('booking-slot-error')?.textContent === 'Bitte wählen Sie einen Termin.',
      );
      assert.equal(await focused(page), 'booking-slot-error');
      await assertInView(page, '#booking-slot-error', PHONE.height);
      await assertAnnounced(page, '#booking-slot-error');
      await assertFirstFieldWithinTwoScreens(page);
      // Each field at fault is marked and described by its message, which a screen reader reads with it.
      for (const field of ['name', 'email', 'terms']) {
        assert.equal(await page.getAttribute(`#booking-${field}`, 'aria-invalid'), 'true', field);
        const description = (await axNode(page, `#booking-${field}`)).description ?? '';
        assert.ok(description.length > 0, `${field} is described by its error`);
        const error = await placement(page, `#booking-${field}-error`);
        assert.ok(error.screens <= 3, `${field}'s message is ${error.screens.toFixed(2)} screens down`);
      }
      // The form's own line says there is more to fix, above the times.
      const status = await placement(page, '#booking-status');
      const slotError = await placement(page, '#booking-slot-error');
      assert.ok(status.bottom <= slotError.top, 'the form’s message is above the time’s');
    });

  test('the booking fits a phone: the days and the times of one day are less than a screen', async () => {
    const page = await bookingForm(PHONE, true);
    const picker = await page.$eval('.booking-picker', (el) => el.getBoundingClientRect().height);
    assert.ok(picker < PHONE.height, `the days and times take ${picker} px`);
  });
});

describe('the jump to #appointment', () => {
  for (const [viewport, name] of [
    [PHONE, '390'],
    [DESKTOP, '1366'],
  ] as const)
    for (const javaScript of [false, true])
      test(`at ${name} px ${javaScript ? 'with' : 'without'} JavaScript, the heading shows below the navbar`, async () => {
        const page = await open('/contact/#appointment', viewport, javaScript);
        await page.waitForTimeout(100);
        // The target itself (the booking's card, its heading at the top) begins below the navbar.
        const target = await placement(page, '#appointment');
        const heading = await placement(page, '#booking-title');
        // Without JavaScript a phone's navbar scrolls away with the page: what it covers is what of it is left.
        const navbar = Math.max(0, await navbarBottom(page));
        assert.ok(target.top >= navbar, `the booking starts at ${target.top} px, the navbar ends at ${navbar} px`);
        assert.ok(
          heading.top >= navbar && heading.top < navbar + 100,
          'its heading shows, close below: the page jumped',
        );
      });
});

test('a quick first click on the button shows the free times on the page, though the script is still loading', async () => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  contexts.push(context);
  const page = await context.newPage();
  // The booking's script arrives a second late, as on a slow line.
  await page.route(/\/assets\/contact\.[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto(`${server.url}/contact/#appointment`);
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
  await page.tap('#appointment .booking-show button');
  await page.waitForSelector(`${FORM} input[name="day"]:checked`);
  assert.deepEqual(navigations, [], 'the page was not left');
  assert.equal(new URL(page.url()).search, '', 'no ?slots');
  // The focus is on the day to choose first.
  assert.equal(await focused(page), 'booking-day-0');
});
