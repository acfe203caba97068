// Analytics in a real browser: the events of spec 7 reach the site's own endpoint (a test
// endpoint here) with their properties, only same-origin messages count, no cookie is set, and a
// script that does not load says so in the console.

import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type BuiltSite, buildSite, launchBrowser, type SiteServer, serveSite } from '../../browser-harness.ts';
import { until } from '../../waiting.ts';
import { RECORD_NAVIGATIONS, routeFor, sleep, waitForNavigation } from './runtime-helpers.ts';

interface Received {
  n: string;
  u: string;
  d: string;
  r: string | null;
  p: Record<string, string>;
  cookie?: string;
  origin?: string;
}

let browser: Browser;
let site: BuiltSite;
let server: SiteServer;
let events: Received[] = [];

before(async () => {
  [browser, site] = await Promise.all([launchBrowser(), buildSite()]);
  server = await serveSite(site, [
    routeFor('/api/event', async (req, res) => {
      if (req.method !== 'POST') return false;
      let body = '';
      for await (const chunk of req) body += chunk;
      events.push({ ...(JSON.parse(body) as Received), cookie: req.headers.cookie, origin: req.headers.origin });
      res.writeHead(204);
      res.end();
      return true;
    }),
  ]);
});
after(async () => {
  await browser?.close();
  await server?.close();
  await site?.dispose();
});
beforeEach(() => {
  events = [];
});

async function open(route: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addInitScript(RECORD_NAVIGATIONS);
  const page = await context.newPage();
  await page.goto(`${server.url}${route}`);
  return { context, page };
}

async function received(name: string, count = 1): Promise<Received[]> {
  await until(
    () => events.filter((e) => e.n === name).length >= count,
    () => `expected ${count} "${name}" event(s), received: ${JSON.stringify(events.map((e) => e.n))}`,
    { progress: () => events.length },
  );
  return events.filter((e) => e.n === name);
}

test('a page view on the first load and on every client navigation, with colour mode and locale', async () => {
  const { context, page } = await open('/en/blog/');
  const [first] = await received('pageview');
  assert.equal(first.u, `${server.url}/en/blog/`);
  assert.equal(first.d, '127.0.0.1', 'on a local host, events count for the local analytics domain');
  assert.deepEqual(first.p, { colorMode: 'dark', locale: 'en' });
  assert.equal(first.cookie, undefined, 'no cookie is sent');

  await page.click('footer a[href="/en/legal/notice/"]');
  await waitForNavigation(page, 1);
  const views = await received('pageview', 2);
  assert.equal(views[1].u, `${server.url}/en/legal/notice/`);
  assert.equal(views[1].r, `${server.url}/en/blog/`, 'the referrer is the page the visitor came from');

  await page.click('.language-toggle');
  await page.click('a[data-locale-link][hreflang="de"]');
  await waitForNavigation(page, 2);
  const [, , german] = await received('pageview', 3);
  assert.equal(german.u, `${server.url}/legal/notice/`);
  assert.equal(german.p.locale, 'de');

  await page.goBack();
  await waitForNavigation(page, 3);
  assert.equal((await received('pageview', 4))[3].u, `${server.url}/en/legal/notice/`);
  assert.deepEqual(await context.cookies(), [], 'analytics set no cookie');
  assert.equal(
    await page.evaluate(
      () =>
        localStorage.length +
        sessionStorage.length -
        (sessionStorage.getItem('scroll-positions') ? 1 : 0) -
        (localStorage.getItem('theme') ? 1 : 0),
    ),
    0,
    'and store nothing',
  );
  await context.close();
});

test('the colour toggle and the appointment link are recorded with their properties', async () => {
  const { context, page } = await open('/en/');
  await received('pageview');
  await page.click('.navbar .color-mode-toggle');
  const [change] = await received('Color Change Click');
  assert.deepEqual(change.p, { item: 'light', position: 'navbar', colorMode: 'light', locale: 'en' });

  await page.click('.navbar a[data-track="booking-link-click"]');
  const [booking] = await received('booking-link-click');
  assert.equal(booking.p.colorMode, 'light');
  assert.equal(booking.p.locale, 'en');
  assert.equal(booking.u, `${server.url}/en/`, 'recorded on the page the link was clicked on');
  await context.close();
});

test('booking and contact completion count only from same-origin window messages', async () => {
  const { context, page } = await open('/contact/');
  await received('pageview');
  // From another origin (an opaque data: frame): ignored.
  await page.evaluate(`
    const frame = document.createElement('iframe');
    frame.src = 'data:text/html,<script>parent.postMessage({ type: "booking-success", event: "Forged" }, "*"); parent.postMessage({ type: "contact-success" }, "*");</script>';
    document.body.append(frame);
  `);
  await sleep(500);
  assert.deepEqual(
    events.filter((e) => e.n !== 'pageview'),
    [],
    'messages from another origin are ignored',
  );

  await page.evaluate(() => {
    window.postMessage({ type: 'booking-success', event: 'Initial consultation' }, location.origin);
    window.postMessage({ type: 'booking-success' }, location.origin);
    window.postMessage({ type: 'contact-success' }, location.origin);
    window.postMessage('booking-success', location.origin);
  });
  const bookings = await received('booking-complete', 2);
  assert.deepEqual(
    bookings.map((e) => e.p.event),
    ['Initial consultation', 'unknown'],
  );
  assert.deepEqual(bookings[0].p, { event: 'Initial consultation', colorMode: 'dark', locale: 'de' });
  const [contact] = await received('contact-complete');
  assert.deepEqual(contact.p, { colorMode: 'dark', locale: 'de' });
  await sleep(200);
  assert.equal(
    events.filter((e) => e.n === 'booking-complete').length,
    2,
    'a message that is not an object is ignored',
  );
  await context.close();
});

test('the analytics script comes from the site itself; when it fails to load, the console says so', async () => {
  const { context, page } = await open('/en/blog/');
  const script = await page.evaluate(() =>
    [...document.scripts].map((s) => s.src).find((src) => src.endsWith('/insights.js')),
  );
  assert.equal(script, `${server.url}/insights.js`);
  await context.close();

  const broken = await browser.newContext();
  await broken.route('**/insights.js', (route) => route.fulfill({ status: 404, body: 'missing' }));
  const page2 = await broken.newPage();
  const messages: string[] = [];
  page2.on('console', (m) => {
    if (m.type() === 'error') messages.push(m.text());
  });
  await page2.goto(`${server.url}/en/blog/`);
  // Until the message is there, not a fixed pause.
  await until(
    () => messages.includes('Script did not load correctly.'),
    () => messages.join('\n'),
  );
  // The page itself carries on: client navigation still works.
  await page2.click('footer a[href="/en/legal/notice/"]');
  await page2.waitForURL('**/en/legal/notice/');
  await broken.close();
});
