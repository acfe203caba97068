// The contact page in a real browser, against the real site served by the production server with
// its contact backend (SQLite in a temporary data directory):
// - validation in German (/contact/) and English (/en/contact/): required fields, the terms, the
//   length rule with its bounds and the e-mail check; errors beside their fields (aria-invalid,
//   aria-describedby) and in live regions a screen reader announces;
// - the sending state, success (with the message committed to the SQLite file and a same-origin
//   `contact-success` window message) and the error state when the backend cannot store;
// - "Show email" / "Show phone number": the details are in nothing the page loads until pressed;
// - with JavaScript off: a plain form-encoded POST answered with 303 to the contact page of the
//   visitor's language, which shows the result.

import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { type BuiltSite, buildSite, launchBrowser } from '../../browser-harness.ts';
import {
  attributeOf,
  axNode,
  type ContactServer,
  focusedId,
  RECORD_MESSAGES,
  startContactServer,
  storedFrom,
  textOf,
  waitForIsland,
  waitForText,
  windowMessages,
} from './contact-helpers.ts';

const EMAIL = 'hello@almwerk.example';
const PHONE = '+43 316 555 0100';

const FORM = 'form[data-contact-form]';
const SEND = `${FORM} button[type="submit"]`;
const STATUS = '#contact-status';
const FIELDS = ['name', 'email', 'message', 'terms'] as const;

const LOCALES = [
  {
    label: 'German',
    route: '/contact/',
    required: 'Dieses Feld ist erforderlich.',
    terms: 'Bitte akzeptieren Sie die Bedingungen.',
    length: (min: number, max: number) => `Das Feld muss zwischen ${min} und ${max} Zeichen lang sein.`,
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
    invalid: 'Bitte prüfen Sie die markierten Felder.',
    messageHint: 'Was betreiben Sie heute, und bis wann brauchen Sie eine Lösung? Ein paar Sätze reichen.',
  },
  {
    label: 'English',
    route: '/en/contact/',
    required: 'This field is required.',
    terms: 'Please accept the terms.',
    length: (min: number, max: number) => `The field must be between ${min} and ${max} characters long.`,
    invalidEmail: 'Please enter a valid email address.',
    invalid: 'Please check the marked fields.',
    messageHint: 'What do you run today, and when do you need a solution? A few sentences are enough.',
  },
] as const;

// The test's server has no mail server: the thanks say the message is stored (in the site's words, i18n/).
const SUCCESS_EN =
  'Thank you for your inquiry! Your message is stored with us. We read it during our support hours and reply to you personally.';
const SUCCESS_DE =
  'Vielen Dank für Ihre Anfrage! Ihre Nachricht ist bei uns gespeichert. Wir lesen sie während unserer Support-Zeiten und antworten Ihnen persönlich.';
const ERROR_EN = 'Error sending your message. Please try again later.';

let browser: Browser;
let site: BuiltSite;
let server: ContactServer;
/** A second server whose database is closed: every message fails to be stored, as on a dead disk. */
let broken: ContactServer;
let contexts: BrowserContext[] = [];

before(async () => {
  [browser, site] = await Promise.all([launchBrowser(), buildSite()]);
  [server, broken] = await Promise.all([startContactServer(site.dir), startContactServer(site.dir)]);
  broken.app.backend.store.close();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await broken?.stop();
  await site?.dispose();
});
afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

async function visit(url: string, options: BrowserContextOptions & { init?: string } = {}): Promise<Page> {
  const { init, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  contexts.push(context);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await page.goto(url);
  if (contextOptions.javaScriptEnabled !== false) await waitForIsland(page);
  return page;
}

let counter = 0;

/** A valid message from a sender no other test uses. */
function visitor(label: string) {
  counter++;
  return {
    name: `${label} Visitor ${counter}`,
    email: `visitor${counter}@example.org`,
    message: `Message ${counter}: we would like to move our shop to managed hosting in Graz.`,
  };
}

async function fillForm(page: Page, values: { name: string; email: string; message: string }): Promise<void> {
  await page.fill('#contact-name', values.name);
  await page.fill('#contact-email', values.email);
  await page.fill('#contact-message', values.message);
  await page.check('#contact-terms');
}

const isSubmission = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact';

/** Asserts that a field shows `text` as its error, beside it and in its accessible description. */
async function assertFieldError(page: Page, field: (typeof FIELDS)[number], text: string): Promise<void> {
  const input = `#contact-${field}`;
  const errorId = `contact-${field}-error`;
  assert.equal(await textOf(page, `#${errorId}`), text, `the error of ${field}`);
  assert.equal(await attributeOf(page, input, 'aria-invalid'), 'true', `${field} is marked invalid`);
  assert.ok(
    (await attributeOf(page, input, 'aria-describedby'))?.split(' ').includes(errorId),
    `${field} is described by its error`,
  );
  assert.ok(
    await page.$eval(input, (el, id) => Boolean(el.closest('.field')?.contains(document.getElementById(id))), errorId),
    `the error of ${field} sits in the field's own box`,
  );
  const ax = await axNode(page, input);
  assert.equal(ax.invalid, 'true', `screen readers hear that ${field} is invalid`);
  assert.ok(ax.description?.includes(text), `screen readers read the error with ${field}: "${ax.description}"`);
  const alert = await axNode(page, `#${errorId}`);
  assert.deepEqual(
    [alert.ignored, alert.role, alert.live],
    [false, 'alert', 'assertive'],
    `the error of ${field} is announced as an alert`,
  );
}

async function assertFieldValid(page: Page, field: (typeof FIELDS)[number]): Promise<void> {
  assert.equal(await textOf(page, `#contact-${field}-error`), '', `${field} shows no error`);
  assert.equal(await attributeOf(page, `#contact-${field}`, 'aria-invalid'), null, `${field} is not marked invalid`);
}

for (const l of LOCALES) {
  test(`${l.label} page: a form sent empty marks every field beside it, announces it, and sends nothing`, async () => {
    const page = await visit(`${server.url}${l.route}`);
    const submissions: Request[] = [];
    page.on('request', (r) => isSubmission(r) && submissions.push(r));

    // A polite live region is announced only if it is in the accessibility tree before its text changes.
    const status = await axNode(page, STATUS);
    assert.deepEqual(
      [status.ignored, status.role, status.live],
      [false, 'status', 'polite'],
      'the form status is a live region from the start',
    );

    await page.click(SEND);
    await waitForText(page, STATUS, l.invalid);
    await assertFieldError(page, 'name', l.required);
    await assertFieldError(page, 'email', l.required);
    await assertFieldError(page, 'message', l.required);
    await assertFieldError(page, 'terms', l.terms);
    assert.equal(await focusedId(page), 'contact-name', 'the focus moves to the first invalid field');
    assert.equal(submissions.length, 0, 'nothing is sent while fields are invalid');
  });

  test(`${l.label} page: the length rule shows its bounds, the e-mail is checked, and fixed fields clear`, async () => {
    const page = await visit(`${server.url}${l.route}`);
    await page.fill('#contact-name', 'A');
    await page.press('#contact-name', 'Tab');
    await waitForText(page, '#contact-name-error', l.length(2, 100));
    await assertFieldError(page, 'name', l.length(2, 100));

    await page.fill('#contact-email', 'a@b.c');
    await page.press('#contact-email', 'Tab');
    await waitForText(page, '#contact-email-error', l.length(6, 254));
    await assertFieldError(page, 'email', l.length(6, 254));
    // Once left, a field's error follows every keystroke.
    await page.fill('#contact-email', 'not-an-email');
    await waitForText(page, '#contact-email-error', l.invalidEmail);
    await assertFieldError(page, 'email', l.invalidEmail);

    await page.fill('#contact-message', 'Too short.');
    await page.press('#contact-message', 'Tab');
    await waitForText(page, '#contact-message-error', l.length(20, 5000));
    await assertFieldError(page, 'message', l.length(20, 5000));

    // The hint beside each field states the same bounds before anything goes wrong.
    assert.equal(await textOf(page, '#contact-message-hint'), l.messageHint);

    await fillForm(page, visitor(l.label));
    await waitForText(page, '#contact-message-error', '');
    for (const field of FIELDS) await assertFieldValid(page, field);
  });
}

test('while the message is on its way the form says "Sending message..." and a second press sends nothing', async () => {
  const page = await visit(`${server.url}/en/contact/`);
  // Hold the request on its way to the real backend until the sending state has been looked at.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requests = 0;
  await page.route(
    (url) => url.pathname === '/api/contact',
    async (route) => {
      requests++;
      await held;
      await route.continue();
    },
  );
  const values = visitor('Sending');
  await fillForm(page, values);
  await page.click(SEND);

  await waitForText(page, STATUS, 'Sending message...');
  assert.equal(await attributeOf(page, STATUS, 'data-status'), 'sending');
  assert.equal(await attributeOf(page, FORM, 'aria-busy'), 'true', 'the form is busy');
  assert.equal(await attributeOf(page, SEND, 'aria-disabled'), 'true', 'the button says it cannot be pressed');
  // A visitor's second press (forced: the button is aria-disabled, which Playwright would wait out).
  await page.click(SEND, { force: true });
  assert.ok(await page.isVisible(FORM), 'the form stays in place while sending');

  release();
  await waitForText(page, STATUS, SUCCESS_EN);
  assert.equal(requests, 1, 'one press, one request');
  assert.equal(storedFrom(server, values.name).length, 1);
});

test('a valid message: the thanks replace the form and the message is committed to the SQLite store', async () => {
  const page = await visit(`${server.url}/en/contact/`);
  const values = visitor('Success');
  await fillForm(page, values);
  const [response] = await Promise.all([page.waitForResponse((r) => isSubmission(r.request())), page.click(SEND)]);
  assert.equal(response.status(), 201);

  await waitForText(page, STATUS, SUCCESS_EN);
  assert.equal(await attributeOf(page, STATUS, 'data-status'), 'success');
  assert.equal(await page.isVisible(FORM), false, 'the form is hidden');
  assert.equal(await focusedId(page), 'contact-status', 'the focus is on the thanks, so a screen reader reads them');
  assert.equal(await page.textContent('.contact-again a'), 'Back to the form');

  assert.deepEqual(storedFrom(server, values.name), [{ ...values, locale: 'en' }]);
});

test('what a visitor types before the island has loaded is what gets sent', async () => {
  // The island loads after the page has; on a slow line a visitor may have started typing by then.
  const context = await browser.newContext();
  contexts.push(context);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/assets/contact.*.js', async (route) => {
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/en/contact/`);
  const values = visitor('Early');
  await fillForm(page, values);
  release();
  await waitForIsland(page);
  const [response] = await Promise.all([page.waitForResponse((r) => isSubmission(r.request())), page.click(SEND)]);
  assert.equal(response.status(), 201, 'sent by the island, not as a plain form');
  assert.equal(response.request().headers()['content-type'], 'application/json');
  await waitForText(page, STATUS, SUCCESS_EN);
  assert.deepEqual(storedFrom(server, values.name), [{ ...values, locale: 'en' }]);
});

test('on success the page posts one same-origin `contact-success` window message, and none before', async () => {
  const page = await visit(`${server.url}/contact/`, { init: RECORD_MESSAGES });
  await page.click(SEND);
  await waitForText(page, STATUS, LOCALES[0].invalid);
  assert.deepEqual(await windowMessages(page), [], 'an invalid form posts no message');

  const values = visitor('Message');
  await fillForm(page, values);
  await page.click(SEND);
  await waitForText(page, STATUS, SUCCESS_DE);
  await page.waitForFunction(() => (window as unknown as { __messages: unknown[] }).__messages.length > 0);
  assert.deepEqual(await windowMessages(page), [
    { data: { type: 'contact-success' }, origin: server.url, fromThisWindow: true },
  ]);
  assert.deepEqual(storedFrom(server, values.name), [{ ...values, locale: 'de' }]);
});

test('when the backend cannot store the message, the error state shows and the text is kept for a retry', async () => {
  const page = await visit(`${broken.url}/en/contact/`, { init: RECORD_MESSAGES });
  const values = visitor('Failure');
  await fillForm(page, values);
  const [response] = await Promise.all([page.waitForResponse((r) => isSubmission(r.request())), page.click(SEND)]);
  assert.equal(response.status(), 503, 'the backend says it could not store');

  await waitForText(page, STATUS, ERROR_EN);
  assert.equal(await attributeOf(page, STATUS, 'data-status'), 'error');
  assert.ok(await page.isVisible(FORM), 'the form stays');
  assert.equal(await page.inputValue('#contact-name'), values.name);
  assert.equal(await page.inputValue('#contact-message'), values.message);
  assert.equal(await page.isChecked('#contact-terms'), true);
  assert.equal(await attributeOf(page, SEND, 'aria-disabled'), null, 'the button can be pressed again');
  assert.equal(await attributeOf(page, FORM, 'aria-busy'), null);
  assert.deepEqual(await windowMessages(page), [], 'no success is reported');
  assert.deepEqual(storedFrom(broken, values.name), []);
});

test('"Show email" and "Show phone number": the details are in nothing the page loads until pressed', async () => {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  // The page, its scripts and its styles (not the other pages the runtime prefetches for links).
  const loaded: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(server.url) && ['document', 'script', 'stylesheet'].includes(r.request().resourceType()))
      loaded.push(r.text());
  });
  await page.goto(`${server.url}/en/contact/`);
  await waitForIsland(page);
  const bodies = await Promise.all(loaded);
  assert.ok(bodies.length >= 2, 'the page and its scripts were looked at');
  for (const body of [...bodies, await page.content()]) {
    assert.ok(
      !body.includes(EMAIL) && !body.includes('555 0100') && !body.includes('5550100'),
      'no contact detail before a press',
    );
  }

  await page.click('button[name="reveal"][value="email"]');
  await waitForText(page, '#contact-email-revealed', EMAIL);
  assert.equal(await attributeOf(page, '#contact-email-revealed', 'href'), `mailto:${EMAIL}`);
  assert.equal(await focusedId(page), 'contact-email-revealed', 'the revealed address takes the focus');
  assert.equal(await page.textContent('button[name="reveal"][value="phone"]'), 'Show phone number');
  assert.ok(!(await page.content()).includes('555 0100'), 'the phone number waits for its own press');

  await page.click('button[name="reveal"][value="phone"]');
  await waitForText(page, '#contact-phone-revealed', PHONE);
  assert.equal(await attributeOf(page, '#contact-phone-revealed', 'href'), 'tel:+433165550100');
  assert.equal(await textOf(page, '#contact-email-revealed'), EMAIL, 'the address stays shown');
});

test('with JavaScript off on a phone, "Show email" answers with the contact page at the address, not at its top', async () => {
  const page = await visit(`${server.url}/contact/`, {
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  await page.click('button[name="reveal"][value="email"]');
  await page.waitForURL(/\/reveal#contact-direct-title$/);
  assert.equal(await textOf(page, '#contact-email-revealed'), EMAIL);
  const inView = await page.$eval('#contact-email-revealed', (el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  });
  assert.ok(inView, 'the revealed address is on the screen without scrolling');
  // A second press keeps the place: the answer page's buttons post to the same anchored address.
  await page.click('button[name="reveal"][value="phone"]');
  await page.waitForSelector('#contact-phone-revealed');
  assert.match(page.url(), /#contact-direct-title$/);
  assert.ok(await page.$eval('#contact-phone-revealed', (el) => el.getBoundingClientRect().bottom <= innerHeight));
});

test('with JavaScript off, the form posts form-encoded data and the answer is the success page', async () => {
  const page = await visit(`${server.url}/en/contact/`, { javaScriptEnabled: false });
  const values = visitor('Plain');
  await fillForm(page, values);
  const [request] = await Promise.all([page.waitForRequest(isSubmission), page.click(SEND)]);
  assert.equal(request.isNavigationRequest(), true, 'a page load, not a script request');
  assert.equal(request.headers()['content-type'], 'application/x-www-form-urlencoded');
  const sent = Object.fromEntries(new URLSearchParams(request.postData() ?? ''));
  assert.deepEqual(sent, {
    locale: 'en',
    name: values.name,
    email: values.email,
    message: values.message,
    website: '',
    terms: 'accepted',
  });

  const response = await request.response();
  assert.equal(response?.status(), 303, 'the result is a page of the site, not the endpoint');
  await page.waitForURL(/\/en\/contact\/\?result=[0-9a-f]{32}#contact-form-title$/);
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await textOf(page, STATUS), SUCCESS_EN);
  assert.equal(await page.isVisible(FORM), false, 'the answer page shows the thanks instead of the form');
  assert.deepEqual(storedFrom(server, values.name), [{ ...values, locale: 'en' }]);
});

test('with JavaScript off, invalid input is answered with the German page, errors beside the fields and the values kept', async () => {
  const page = await visit(`${server.url}/contact/`, { javaScriptEnabled: false });
  await page.fill('#contact-name', 'A');
  await page.fill('#contact-email', 'keine-adresse');
  const [response] = await Promise.all([page.waitForResponse((r) => isSubmission(r.request())), page.click(SEND)]);
  assert.equal(response.status(), 303);
  await page.waitForURL(/\/contact\/\?result=[0-9a-f]{32}#contact-form-title$/);

  const [de] = LOCALES;
  assert.equal(await page.getAttribute('html', 'lang'), 'de');
  assert.equal(await textOf(page, STATUS), de.invalid);
  await assertFieldError(page, 'name', de.length(2, 100));
  await assertFieldError(page, 'email', de.invalidEmail);
  await assertFieldError(page, 'message', de.required);
  await assertFieldError(page, 'terms', de.terms);
  assert.equal(await page.inputValue('#contact-name'), 'A', 'what the visitor typed is kept');
  assert.equal(await page.inputValue('#contact-email'), 'keine-adresse');
  assert.deepEqual(storedFrom(server, 'A'), []);
});
