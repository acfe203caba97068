// Booking an introductory call in a real browser, end to end: the real site served by the
// production server with its backend (SQLite in a temporary data directory) and a real SMTP
// server on 127.0.0.1. The navbar's button leads to the booking; the free times appear in the
// visitor's time zone, named as people name it; a day and then a time are picked with the
// keyboard; the booking sends the
// `booking-success` window message the analytics counts; the mail with the .ics arrives; the time
// is gone for the next visitor; without JavaScript the server lists the times and the result is a
// page of the site; the sentence on how a booking is confirmed is the server's, mail or not.

import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { wallOf } from '../../../server/booking-slots.ts';
import { type BuiltSite, buildSite, launchBrowser } from '../../browser-harness.ts';
import { REPO } from '../../helpers.ts';
import { mimeParts, type RunningServer, type SmtpSink, smtpSink, startServer } from '../integration/contact-helpers.ts';
import { RECORD_MESSAGES, textOf, windowMessages } from './contact-helpers.ts';

const SLOT = 'form[data-booking-form] input[name="slot"]';
const STATUS = '#booking-status';

let browser: Browser;
let site: BuiltSite;
let server: RunningServer;
let sink: SmtpSink;
let contexts: BrowserContext[] = [];

before(async () => {
  [browser, site, sink] = await Promise.all([launchBrowser(), buildSite(), smtpSink()]);
  server = await startServer(
    { root: REPO, dir: site.dir },
    { smtp: { url: sink.url, to: 'hello@almwerk.example', from: 'Almwerk <website@almwerk.example>' } },
  );
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.stop();
  await site?.dispose();
});
afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

async function visit(url: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  await context.addInitScript(RECORD_MESSAGES);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** The free times as the island shows them, once it has loaded them. */
async function shownSlots(page: Page): Promise<string[]> {
  await page.hover('#appointment .booking-show button');
  await page.waitForSelector(SLOT);
  return page.$$eval(SLOT, (inputs) => inputs.map((i) => (i as HTMLInputElement).value));
}

test('the navbar button leads to the booking; the visitor books a time with the keyboard and gets the invitation by mail', async () => {
  const page = await visit(`${server.url}/en/`, { timezoneId: 'America/New_York', locale: 'en-GB' });
  const cta = page.locator('.navbar a.navbar-cta');
  assert.equal(await cta.getAttribute('href'), '/en/contact/#appointment');
  assert.equal(await cta.getAttribute('data-track'), 'booking-link-click');
  await cta.click();
  await page.waitForURL(/\/en\/contact\/#appointment$/);
  // A client navigation: the address changes first, then the page.
  await page.waitForSelector('#booking-title');
  assert.equal(await textOf(page, '#booking-title'), 'Book an introductory call');

  const starts = await shownSlots(page);
  assert.ok(starts.length > 20, `${starts.length} free times`);
  // In the visitor's zone, named as people name it: the label of each time is its hour in New York.
  assert.equal(await textOf(page, '#booking-zone'), 'Time zone: Eastern Time (your local time)');
  const nyTime = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' }).format(
      new Date(iso),
    );
  assert.equal(await textOf(page, 'label[for="booking-slot-0"]'), nyTime(starts[0]));
  // Every time offered is within the office hours in Vienna and at least a day ahead.
  for (const start of starts) {
    const { minutes } = wallOf(Date.parse(start), 'Europe/Vienna');
    assert.ok(minutes >= 9 * 60 && minutes < 16 * 60 + 30, `${start} is ${minutes} minutes into the day in Vienna`);
    assert.ok(Date.parse(start) > Date.now() + 23.9 * 3600_000, `${start} is within the lead time`);
  }

  // Sending without a time: the error is announced, and the focus goes to it, above the days.
  await page.fill('#booking-name', 'Kim Keyboard');
  await page.fill('#booking-email', 'kim.keyboard@example.org');
  await page.check('#booking-terms');
  await page.click('form[data-booking-form] button[type="submit"]');
  await page.waitForFunction(
    () => document.getElementById('booking-slot-error')?.textContent === 'Please choose a time.',
  );
  assert.equal(await page.getAttribute('#booking-slot-error', 'role'), 'alert');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'booking-slot-error');

  // The keyboard: Tab reaches the day, the arrow keys choose another (its times show), Tab goes
  // on to its times and the arrow keys choose one; the focus is visible throughout.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'booking-day-0');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.isChecked('#booking-day-1'), true);
  const dayOutline = await page.$eval('label[for="booking-day-1"]', (label) => getComputedStyle(label).outlineStyle);
  assert.notEqual(dayOutline, 'none', 'the focused day shows its focus');
  const dayTimes = 'input[name="day"]:checked + label + fieldset input[name="slot"]';
  const shown = await page.$$eval(dayTimes, (inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  assert.ok(shown.length >= 2, `${shown.length} times on the second day`);
  assert.equal(await page.locator('fieldset.booking-times:visible').count(), 1, 'only the chosen day’s times');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).value), shown[0]);
  await page.keyboard.press('ArrowRight');
  const chosen = shown[1];
  const focused = await page.evaluate(() => document.activeElement?.id);
  assert.equal(await page.isChecked(`#${focused}`), true);
  assert.equal(await page.$eval(`#${focused}`, (i) => (i as HTMLInputElement).value), chosen);
  const outline = await page.$eval(`label[for="${focused}"]`, (label) => getComputedStyle(label).outlineStyle);
  assert.notEqual(outline, 'none', 'the focused time shows its focus');

  const mailsBefore = sink.mails.length;
  const [event] = await Promise.all([
    page.waitForRequest(
      (r) =>
        r.method() === 'POST' &&
        new URL(r.url()).pathname === '/api/event' &&
        (r.postData() ?? '').includes('booking-complete'),
    ),
    page.click('form[data-booking-form] button[type="submit"]'),
  ]);
  assert.match(event.postData() ?? '', /intro-call/);
  await page.waitForFunction(
    () => document.getElementById('booking-status')?.getAttribute('data-status') === 'success',
  );
  const success = await textOf(page, STATUS);
  assert.match(
    success,
    /^Your introductory call is booked: .+ \(Eastern Time\)\. The invitation is on its way to kim\.keyboard@example\.org\.$/,
  );
  assert.ok(success.includes(nyTime(chosen)), success);
  assert.equal(
    await page.evaluate(() => document.activeElement?.id),
    'booking-status',
    'the result takes the focus, so it is read out',
  );
  const messages = await windowMessages(page);
  assert.deepEqual(
    messages.filter((m) => (m.data as { type?: string }).type === 'booking-success').map((m) => [m.data, m.origin]),
    [[{ type: 'booking-success', event: 'intro-call' }, server.url]],
  );

  await sink.waitFor(mailsBefore + 1);
  const mail = sink.mails.slice(mailsBefore).find((m) => m.to.includes('kim.keyboard@example.org'))!;
  assert.match(mail.headers.get('subject')!, /^Your introductory call with Almwerk: /);
  const ics = mimeParts(mail.raw, 'text/calendar')[0].body;
  const vienna = wallOf(Date.parse(chosen), 'Europe/Vienna');
  const hhmm = `${String(Math.floor(vienna.minutes / 60)).padStart(2, '0')}${String(vienna.minutes % 60).padStart(2, '0')}`;
  assert.ok(ics.includes(`\r\nDTSTART;TZID=Europe/Vienna:${vienna.date.replace(/-/g, '')}T${hhmm}00\r\n`), ics);
  assert.ok(ics.includes('\r\nMETHOD:REQUEST\r\n'));

  // The next visitor does not see the time any more.
  const next = await visit(`${server.url}/contact/#appointment`);
  const nextStarts = await shownSlots(next);
  assert.ok(!nextStarts.includes(chosen), 'the booked time is gone');
  assert.ok(nextStarts.includes(starts[0]), 'the other times are still there');
});

test('without JavaScript the server lists the free times, the day first, and the booking ends on a page of the site', async () => {
  const page = await visit(`${server.url}/contact/#appointment`, { javaScriptEnabled: false });
  await page.click('#appointment .booking-show button');
  await page.waitForURL(/\/contact\/\?slots=1#appointment$/);
  assert.equal(await textOf(page, '#booking-zone'), 'Zeitzone: Wiener Zeit');
  const radios = await page.$$eval(SLOT, (inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  assert.ok(radios.length > 20);
  // Another day, chosen without JavaScript: its times show (CSS), the first day's hide.
  await page.click('label[for="booking-day-1"]');
  assert.equal(await page.locator('fieldset.booking-times:visible').count(), 1);
  const time = page.locator('fieldset.booking-times:visible input[name="slot"]').nth(1);
  const chosen = (await time.getAttribute('value'))!;
  await time.check();
  await page.fill('#booking-name', 'Nora Ohneskript');
  await page.fill('#booking-email', 'nora@example.org');
  await page.check('#booking-terms');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/booking'),
    page.click('form[data-booking-form] button[type="submit"]'),
  ]);
  assert.equal(response.status(), 303);
  await page.waitForURL(/\/contact\/\?result=[0-9a-f]{32}$/);
  assert.match(
    await textOf(page, STATUS),
    /^Ihr Erstgespräch ist gebucht: .+ um \d\d:\d\d \(Wiener Zeit\)\. Die Einladung ist unterwegs an nora@example\.org\.$/,
  );
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'booking-status', 'the result has the focus');
  // A reload shows the same page and books nothing twice.
  await page.reload();
  assert.match(await textOf(page, STATUS), /^Ihr Erstgespräch ist gebucht/);
  const again = await visit(`${server.url}/contact/?slots=1`, { javaScriptEnabled: false });
  assert.ok(!(await again.$$eval(SLOT, (inputs) => inputs.map((i) => (i as HTMLInputElement).value))).includes(chosen));
  assert.ok(radios.includes(chosen));
});

test('the booking says how it is confirmed as the server does it: by e-mail with a mail server, in person without', async () => {
  const byMail = 'The invitation comes by email, with a calendar entry.';
  const inPerson = 'We store your booking and confirm the appointment with you personally.';
  const unmailed = await startServer({ root: REPO, dir: site.dir });
  try {
    for (const [url, said, unsaid] of [
      [server.url, byMail, inPerson],
      [unmailed.url, inPerson, byMail],
    ] as const) {
      const page = await visit(`${url}/en/contact/#appointment`);
      // The built intro is true on any server; the island adds the server's sentence with the times.
      assert.equal(await textOf(page, '#appointment > p'), 'Pick a time for a free 30-minute introductory call.');
      await shownSlots(page);
      assert.equal(await textOf(page, '#booking-delivery'), said, url);
      assert.ok(!(await page.innerText('#appointment')).includes(unsaid), url);
    }
  } finally {
    await unmailed.stop();
  }
});
