// POST /api/contact by HTTP against the running production server on the fixture site: every
// validation rule in both languages, every refusal, idempotency, the honeypot, the plain-form
// pages, the reveal endpoint, and what the stored rows look like in the real SQLite file.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { DB_FILE } from '../../../server/contact-store.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../server/migrations.ts';
import {
  type BuiltFixture,
  buildFixture,
  flood,
  followResult,
  postForm,
  postJson,
  type RunningServer,
  startServer,
  validMessage,
} from './contact-helpers.ts';

let site: BuiltFixture;
let open: RunningServer;
let limited: RunningServer;

before(async () => {
  site = await buildFixture();
  [open, limited] = await Promise.all([
    startServer(site),
    startServer(site, { rateLimit: { max: 3, windowMs: 60_000 }, bodyTimeoutMs: 300, trustProxy: true }),
  ]);
});
after(async () => {
  await open?.stop();
  await limited?.stop();
  await site?.dispose();
});

function rows(
  server: RunningServer,
): { name: string; email: string; message: string; locale: string; idempotency_key: string }[] {
  const db = new Database(path.join(server.dataDir, DB_FILE), { readonly: true });
  try {
    return db.prepare('SELECT * FROM messages ORDER BY id').all() as never;
  } finally {
    db.close();
  }
}

const byName = (server: RunningServer, name: string) => rows(server).filter((r) => r.name === name);

describe('storing', () => {
  test('a valid JSON message: 201, committed to the SQLite file in the data directory', async () => {
    const message = validMessage({
      name: '  Anna Bär  ',
      message: 'Wir möchten unsere Anwendung umziehen 😀\r\nund brauchen Hilfe.',
    });
    const response = await postJson(open.url, message);
    assert.equal(response.status, 201);
    assert.deepEqual(await response.json(), { ok: true, mailed: false });
    const [row] = byName(open, 'Anna Bär');
    assert.equal(row.email, message.email);
    assert.equal(row.message, 'Wir möchten unsere Anwendung umziehen 😀\nund brauchen Hilfe.');
    assert.equal(row.locale, 'en');
    const db = new Database(path.join(open.dataDir, DB_FILE), { readonly: true });
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    assert.deepEqual(
      db.prepare('SELECT version, name FROM migrations ORDER BY version').all(),
      MIGRATIONS.map(({ version, name }) => ({ version, name })),
    );
    assert.equal(
      (db.prepare('SELECT name FROM migrations WHERE version = 1').get() as { name: string }).name,
      'messages and their outbox',
    );
    db.close();
    assert.equal(
      statSync(path.join(open.dataDir, DB_FILE)).mode & 0o777,
      0o600,
      'visitors’ data readable by the site’s user only',
    );
  });

  test('a form-encoded message from a script (JSON answer) is stored too', async () => {
    const response = await fetch(`${open.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Form Script',
        email: 'form@example.org',
        message: 'A message sent as a urlencoded form body.',
        terms: 'on',
      }),
    });
    assert.equal(response.status, 201);
    assert.equal(byName(open, 'Form Script').length, 1);
  });

  test('an unknown locale falls back to the default one', async () => {
    await postJson(open.url, validMessage({ name: 'Locale Fallback', locale: 'fr' }));
    assert.equal(byName(open, 'Locale Fallback')[0].locale, 'de');
  });

  test('the same Idempotency-Key stores once; the same key with another message is refused', async () => {
    const message = validMessage({ name: 'Retry Key' });
    const key = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const first = await postJson(open.url, message, { 'idempotency-key': key });
    const second = await postJson(open.url, message, { 'idempotency-key': key });
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.deepEqual(await second.json(), { ok: true, duplicate: true, mailed: false });
    assert.equal(byName(open, 'Retry Key').length, 1);
    const conflict = await postJson(
      open.url,
      { ...message, message: 'A different message under a key that is already used.' },
      { 'idempotency-key': key },
    );
    assert.equal(conflict.status, 422);
    assert.equal((await conflict.json()).error, 'idempotency-key-reused');
    const inBody = validMessage({ name: 'Body Key', idempotencyKey: 'body-key-0001' });
    await postJson(open.url, inBody);
    await postJson(open.url, inBody);
    assert.equal(byName(open, 'Body Key').length, 1);
    const bad = await postJson(open.url, validMessage(), { 'idempotency-key': 'no spaces allowed' });
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).error, 'invalid-idempotency-key');
  });

  test('a plain form posted twice (a reload) stores once', async () => {
    const fields = {
      name: 'Reload Twice',
      email: 'reload@example.org',
      message: 'Posting the same form again after a reload.',
      terms: 'accepted',
      locale: 'en',
    };
    assert.equal((await postForm(open.url, fields)).status, 303);
    assert.equal((await postForm(open.url, fields)).status, 303);
    assert.equal(byName(open, 'Reload Twice').length, 1);
  });

  test('the honeypot: a filled `website` field hears 201 and nothing is kept', async () => {
    const response = await postJson(open.url, validMessage({ name: 'Honey Bot', website: 'https://spam.example' }));
    assert.equal(response.status, 201);
    assert.deepEqual(await response.json(), { ok: true });
    const page = await followResult(
      open.url,
      await postForm(open.url, {
        name: 'Honey Bot',
        email: 'bot@example.org',
        message: 'x',
        website: 'spam',
        locale: 'en',
      }),
    );
    assert.match(await page.text(), /data-status="success"/);
    assert.equal(byName(open, 'Honey Bot').length, 0);
    // An empty or blank honeypot is what people send.
    assert.equal((await postJson(open.url, validMessage({ name: 'Honey Human', website: ' ' }))).status, 201);
    assert.equal(byName(open, 'Honey Human').length, 1);
  });

  test('the honeypot: a value that is not text (a number, an object, null) counts as filled', async () => {
    for (const website of [1, true, { url: 'x' }, ['x'], null]) {
      const response = await postJson(open.url, validMessage({ name: 'Honey Typed Bot', website }));
      assert.equal(response.status, 201, JSON.stringify(website));
    }
    assert.equal(byName(open, 'Honey Typed Bot').length, 0);
  });

  test('a name in decomposed Unicode is stored in NFC', async () => {
    assert.equal((await postJson(open.url, validMessage({ name: 'Rene\u0301 Normalform' }))).status, 201);
    assert.equal(byName(open, 'René Normalform').length, 1);
  });
});

describe('validation by HTTP, with messages in the visitor’s language', () => {
  const fieldsOf = async (response: Response) => {
    assert.equal(response.status, 400);
    const body = await response.json();
    assert.equal(body.error, 'invalid');
    return body as { fields: Record<string, string>; messages: Record<string, string> };
  };

  test('everything missing (English)', async () => {
    const body = await fieldsOf(await postJson(open.url, { locale: 'en' }));
    assert.deepEqual(body.fields, { name: 'required', email: 'required', message: 'required', terms: 'termsRequired' });
    assert.deepEqual(body.messages, {
      name: 'This field is required.',
      email: 'This field is required.',
      message: 'This field is required.',
      terms: 'Please accept the terms.',
    });
  });

  test('everything missing (German)', async () => {
    const body = await fieldsOf(await postJson(open.url, { locale: 'de', name: ' ', terms: false }));
    assert.deepEqual(body.messages, {
      name: 'Dieses Feld ist erforderlich.',
      email: 'Dieses Feld ist erforderlich.',
      message: 'Dieses Feld ist erforderlich.',
      terms: 'Bitte akzeptieren Sie die Bedingungen.',
    });
  });

  test('length bounds of name, email and message, with the bounds in the message', async () => {
    const cases = [
      { field: 'name', value: 'A', en: 'The field must be between 2 and 100 characters long.' },
      { field: 'name', value: 'A'.repeat(101), en: 'The field must be between 2 and 100 characters long.' },
      { field: 'email', value: 'a@b.c', en: 'The field must be between 6 and 254 characters long.' },
      { field: 'email', value: `${'a'.repeat(250)}@b.cd`, en: 'The field must be between 6 and 254 characters long.' },
      { field: 'message', value: 'Too short.', en: 'The field must be between 20 and 5000 characters long.' },
      { field: 'message', value: 'x'.repeat(5001), en: 'The field must be between 20 and 5000 characters long.' },
    ];
    for (const c of cases) {
      const en = await fieldsOf(await postJson(open.url, validMessage({ [c.field]: c.value })));
      assert.deepEqual(en.fields, { [c.field]: 'length' }, c.field);
      assert.equal(en.messages[c.field], c.en);
      const de = await fieldsOf(await postJson(open.url, validMessage({ [c.field]: c.value, locale: 'de' })));
      assert.match(de.messages[c.field], /^Das Feld muss zwischen \d+ und \d+ Zeichen lang sein\.$/);
    }
  });

  test('the longest message (5,000 characters, emoji included) is accepted', async () => {
    const response = await postJson(
      open.url,
      validMessage({ name: 'Longest', message: `${'😀'.repeat(2500)}${'ä'.repeat(2500)}` }),
    );
    assert.equal(response.status, 201);
    assert.equal([...byName(open, 'Longest')[0].message].length, 5000);
  });

  test('an e-mail address of the right length but the wrong shape', async () => {
    const en = await fieldsOf(await postJson(open.url, validMessage({ email: 'anna.example.org' })));
    assert.deepEqual(en.messages, { email: 'Please enter a valid email address.' });
    const de = await fieldsOf(await postJson(open.url, validMessage({ email: 'anna@example', locale: 'de' })));
    assert.deepEqual(de.messages, { email: 'Bitte geben Sie eine gültige E-Mail-Adresse an.' });
  });

  test('hidden characters in name and e-mail are refused, in the visitor’s language, and nothing is stored', async () => {
    const en = await fieldsOf(
      await postJson(open.url, validMessage({ name: 'Mallory \u202egnp.exe', email: 'mallory\u200b@example.org' })),
    );
    assert.deepEqual(en.fields, { name: 'invalidCharacters', email: 'invalidCharacters' });
    assert.equal(
      en.messages.name,
      'This field contains invisible or control characters. Please type it again instead of pasting it.',
    );
    const de = await fieldsOf(
      await postJson(open.url, validMessage({ name: 'Eve\nBcc: victim@example.org', locale: 'de' })),
    );
    assert.equal(
      de.messages.name,
      'Dieses Feld enthält unsichtbare Zeichen oder Steuerzeichen. Bitte tippen Sie es neu, statt es einzufügen.',
    );
    const blank = await fieldsOf(
      await postJson(open.url, validMessage({ name: '\u200b\u200b\u200b', message: '\u200b'.repeat(30) })),
    );
    assert.deepEqual(blank.fields, { name: 'required', message: 'required' });
    assert.equal(rows(open).filter((r) => /Mallory|Bcc|\u200b/.test(r.name)).length, 0);
  });

  test('the terms must be accepted; wrong types count as missing', async () => {
    assert.deepEqual((await fieldsOf(await postJson(open.url, validMessage({ terms: 'yes' })))).fields, {
      terms: 'termsRequired',
    });
    assert.deepEqual((await fieldsOf(await postJson(open.url, validMessage({ name: 42, email: ['x@y.zz'] })))).fields, {
      name: 'required',
      email: 'required',
    });
  });
});

describe('refusals', () => {
  const errorOf = async (response: Response, status: number) => {
    assert.equal(response.status, status);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const body = await response.json();
    assert.equal(typeof body.message, 'string');
    assert.doesNotMatch(JSON.stringify(body), /\bat .*\.ts:\d+/, 'no stack trace');
    return body.error as string;
  };

  test('405 for other methods, with Allow', async () => {
    const response = await fetch(`${open.url}/api/contact`, { method: 'PUT' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST');
    assert.equal(await errorOf(response, 405), 'method-not-allowed');
  });

  test('415 for other content types and charsets', async () => {
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/json; charset=iso-8859-1']) {
      const response = await fetch(`${open.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'name=x',
      });
      assert.equal(await errorOf(response, 415), 'unsupported-media-type', type);
    }
    const none = await fetch(`${open.url}/api/contact`, { method: 'POST', body: new Uint8Array([1, 2, 3]) });
    assert.equal(await errorOf(none, 415), 'unsupported-media-type');
  });

  test('413 for a body over 64 KiB, declared or streamed', async () => {
    const big = JSON.stringify(validMessage({ message: 'x'.repeat(70_000) }));
    assert.equal(await errorOf(await postJson(open.url, big), 413), 'too-large');
    // Chunked, so the size is only known while reading.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${open.url}/api/contact`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      request.on('error', reject);
      for (let i = 0; i < 20; i++) request.write('x'.repeat(8 * 1024));
      request.end();
    });
    assert.equal(status, 413);
    // The largest valid message always fits, even percent-encoded from a plain form.
    const largest = await postForm(open.url, {
      name: 'Largest Form',
      email: 'largest@example.org',
      message: '😀'.repeat(5000),
      terms: 'on',
      locale: 'en',
    });
    assert.equal(largest.status, 303);
    assert.equal(byName(open, 'Largest Form').length, 1);
  });

  test('408 for a body that does not arrive in time', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${limited.url}/api/contact`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '500' } },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      request.on('error', reject);
      request.write('{"name":');
    });
    assert.equal(status, 408);
    assert.equal(JSON.parse(body).error, 'timeout');
  });

  test('400 for malformed bodies', async () => {
    assert.equal(await errorOf(await postJson(open.url, '{"name": "Anna"'), 400), 'malformed');
    assert.equal(await errorOf(await postJson(open.url, '["not", "an", "object"]'), 400), 'malformed');
    assert.equal(await errorOf(await postJson(open.url, 'null'), 400), 'malformed');
    const latin1 = await fetch(`${open.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"name":"B\xe4r"}', 'latin1'),
    });
    assert.equal(await errorOf(latin1, 400), 'malformed');
  });

  test('403 for cross-site posts: Sec-Fetch-Site first, then Origin (scheme included) against the request’s origin', async () => {
    const host = new URL(open.url).host;
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://shop.example' },
      { 'sec-fetch-site': '', origin: 'https://evil.example' },
      { 'sec-fetch-site': '', origin: 'null' },
      { 'sec-fetch-site': '', origin: `https://${host}` },
    ];
    for (const headers of refused)
      assert.equal(
        await errorOf(await postJson(open.url, validMessage({ name: 'Cross Site' }), headers), 403),
        'cross-site',
      );
    assert.equal(
      (
        await postJson(open.url, validMessage({ name: 'Same Origin' }), {
          'sec-fetch-site': '',
          origin: `http://${host}`,
        })
      ).status,
      201,
    );
    assert.equal(
      (
        await postJson(open.url, validMessage({ name: 'Same Origin' }), {
          'sec-fetch-site': 'same-origin',
          origin: 'https://evil.example',
        })
      ).status,
      201,
      'the browser’s own verdict wins',
    );
    assert.equal(
      (
        await postJson(open.url, validMessage({ name: 'Same Origin' }), {
          'sec-fetch-site': '',
          origin: 'https://fixture.example',
        })
      ).status,
      201,
      'the site’s configured address',
    );
    assert.equal(byName(open, 'Cross Site').length, 0);
  });

  test('429 per address once the limit is reached, with Retry-After; a plain form keeps its values', async () => {
    // Behind a trusted proxy, the client is the address the proxy recorded.
    const client = { 'x-forwarded-for': '192.0.2.1, 198.51.100.7' };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await postJson(limited.url, validMessage(), client)).status);
    assert.deepEqual(statuses, [201, 201, 201, 429]);
    assert.equal(
      (await postJson(limited.url, validMessage(), { 'x-forwarded-for': '198.51.100.8' })).status,
      201,
      'another client',
    );
    const refused = await postJson(limited.url, validMessage(), client);
    assert.equal(await errorOf(refused, 429), 'rate-limited');
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    const page = await followResult(
      limited.url,
      await postForm(
        limited.url,
        { name: 'Kept Name', email: 'kept@example.org', message: 'This text must survive the refusal.', locale: 'en' },
        client,
      ),
    );
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /You have sent several messages in a short time/);
    assert.match(html, /value="Kept Name"/);
    assert.match(html, />This text must survive the refusal\.<\/textarea>/);
  });
});

describe('plain form posts (JavaScript off) get pages in the visitor’s language', () => {
  test('success: 303 to the English contact page, which shows the thank-you message', async () => {
    const posted = await postForm(open.url, {
      name: 'Plain Form',
      email: 'plain@example.org',
      message: 'A message from a browser without JavaScript.',
      terms: 'accepted',
      locale: 'en',
    });
    assert.equal(posted.status, 303);
    assert.match(posted.headers.get('location')!, /^\/en\/contact\/\?result=[0-9a-f]{32}#contact-form-title$/);
    const response = await followResult(open.url, posted);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.match(response.headers.get('content-type')!, /^text\/html/);
    assert.match(response.headers.get('content-security-policy')!, /script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
    const html = await response.text();
    assert.match(html, /^<!DOCTYPE html><html lang="en"/);
    // This server has no mail server: the thanks say the message is stored, not that it was passed on.
    assert.match(
      html,
      /Thank you for your inquiry! Your message is stored with us\. We read it during our office hours and reply to you personally\./,
    );
    assert.match(html, /<form class="contact-form"[^>]*hidden=""/);
    assert.match(html, /href="\/en\/contact\/"[^>]*>Back to the form</);
    assert.equal(byName(open, 'Plain Form').length, 1);
  });

  test('invalid: 303 to the German contact page, errors beside their fields, values kept and escaped', async () => {
    const response = await followResult(
      open.url,
      await postForm(open.url, {
        name: '<script>alert(1)</script>',
        email: 'kein-at-zeichen.example',
        message: 'kurz',
        locale: 'de',
      }),
    );
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /^<!DOCTYPE html><html lang="de"/);
    assert.match(html, /Bitte prüfen Sie die markierten Felder\./);
    assert.match(html, /id="contact-email"[^>]*aria-invalid="true"/);
    assert.match(html, /id="contact-email-error" role="alert">Bitte geben Sie eine gültige E-Mail-Adresse an\.</);
    assert.match(
      html,
      /id="contact-message-error" role="alert">Das Feld muss zwischen 20 und 5000 Zeichen lang sein\.</,
    );
    assert.match(html, /id="contact-terms-error" role="alert">Bitte akzeptieren Sie die Bedingungen\.</);
    assert.match(html, /id="contact-name-error" role="alert"><\/p>/);
    assert.match(html, /value="&lt;script&gt;alert\(1\)&lt;\/script&gt;"/);
    assert.doesNotMatch(html, /<script>alert\(1\)<\/script>/);
    assert.match(
      html,
      /name="idempotencyKey" value="[0-9a-f]{32}"/,
      'a fresh key, so the corrected post is stored once',
    );
  });

  test('a corrected post with the page’s key stores once, even if sent twice', async () => {
    const first = await (
      await followResult(
        open.url,
        await postForm(open.url, { name: 'Corrected', email: 'corrected@example.org', message: 'short', locale: 'en' }),
      )
    ).text();
    const key = /name="idempotencyKey" value="([0-9a-f]{32})"/.exec(first)![1];
    const fields = {
      name: 'Corrected',
      email: 'corrected@example.org',
      message: 'Now long enough to be a real message.',
      terms: 'on',
      locale: 'en',
      idempotencyKey: key,
    };
    assert.equal((await postForm(open.url, fields)).status, 303);
    assert.equal((await postForm(open.url, fields)).status, 303);
    // Back to the same page, edited: a new message.
    assert.equal(
      (await postForm(open.url, { ...fields, message: 'Edited after going back to the error page.' })).status,
      303,
    );
    assert.equal(byName(open, 'Corrected').length, 2);
  });

  test('the result page is the contact page at its own address: a reload shows it again and posts nothing; an unknown result is the plain page', async () => {
    const posted = await postForm(open.url, {
      name: 'Reloaded',
      email: 'reloaded@example.org',
      message: 'A message that is posted once and shown twice.',
      terms: 'on',
      locale: 'de',
    });
    const location = posted.headers.get('location')!;
    assert.match(location, /^\/contact\/\?result=/);
    const shown = /data-status="success"[^>]*>Vielen Dank für Ihre Anfrage!/;
    for (let i = 0; i < 2; i++) assert.match(await (await fetch(`${open.url}${location}`)).text(), shown);
    assert.equal(byName(open, 'Reloaded').length, 1);
    const unknown = await fetch(`${open.url}/contact/?result=00000000000000000000000000000000`);
    assert.equal(unknown.status, 200);
    assert.match(await unknown.text(), /data-status="idle"/);
    // Another locale's page does not show the result.
    assert.match(await (await fetch(`${open.url}/en${location}`)).text(), /data-status="idle"/);
  });

  test('a GET of the endpoint (a bookmark, the address typed) is sent to the contact page of its language', async () => {
    const german = await fetch(`${open.url}/api/contact`, { redirect: 'manual' });
    assert.equal(german.status, 303);
    assert.equal(german.headers.get('location'), '/contact/');
    const english = await fetch(`${open.url}/api/contact`, {
      redirect: 'manual',
      headers: { referer: `${open.url}/en/contact/` },
    });
    assert.equal(english.headers.get('location'), '/en/contact/');
    assert.equal(
      (await fetch(`${open.url}/api/contact?locale=en`, { redirect: 'manual' })).headers.get('location'),
      '/en/contact/',
    );
  });

  test('refusals answer with a page too', async () => {
    const crossSite = await postForm(
      open.url,
      { name: 'x' },
      { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' },
    );
    assert.equal(crossSite.status, 403);
    assert.match(await crossSite.text(), /Fehler beim Senden Ihrer Nachricht/);
    const english = await postForm(
      open.url,
      { name: 'x' },
      { 'sec-fetch-site': 'cross-site', referer: `${open.url}/en/contact/` },
    );
    assert.match(await english.text(), /Error sending your message\. Please try again later\./);
  });
});

describe('reveal: the contact details are in no page and come from the endpoint', () => {
  test('no built file contains the e-mail address or the phone number of the contact page', () => {
    for (const file of ['contact/index.html', 'en/contact/index.html']) {
      const html = readFileSync(path.join(site.dir, file), 'utf8');
      assert.doesNotMatch(html, /hello@fixture\.example|\+43 1 000|mailto:|tel:/, file);
      assert.match(html, /Show email|E-Mail-Adresse anzeigen/);
    }
    for (const file of readdirSync(path.join(site.dir, 'assets')).filter((f) => f.endsWith('.js'))) {
      assert.doesNotMatch(
        readFileSync(path.join(site.dir, 'assets', file), 'utf8'),
        /hello@fixture\.example|\+43 1 000/,
        file,
      );
    }
  });

  test('JSON for the island; POST only, same origin only', async () => {
    const reveal = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${open.url}/api/contact/reveal`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
        body: JSON.stringify(body),
      });
    const email = await reveal({ reveal: 'email' });
    assert.equal(email.status, 200);
    assert.equal(email.headers.get('cache-control'), 'no-store');
    assert.equal(email.headers.get('x-robots-tag'), 'noindex');
    assert.deepEqual(await email.json(), { value: 'hello@fixture.example', href: 'mailto:hello@fixture.example' });
    assert.deepEqual(await (await reveal({ reveal: 'phone' })).json(), { value: '+43 1 000', href: 'tel:+431000' });
    assert.equal((await reveal({ reveal: 'address' })).status, 400);
    assert.equal((await reveal({ reveal: 'email' }, { 'sec-fetch-site': 'cross-site' })).status, 403);
    assert.equal((await fetch(`${open.url}/api/contact/reveal`)).status, 405);
  });

  test('without JavaScript: the contact page showing the details pressed so far', async () => {
    const first = await postForm(open.url, { locale: 'en', shown: '', reveal: 'email' }, {}, '/api/contact/reveal');
    assert.equal(first.status, 200);
    const html = await first.text();
    assert.match(
      html,
      /<a href="mailto:hello@fixture\.example" id="contact-email-revealed">hello@fixture\.example<\/a>/,
    );
    assert.match(html, /name="shown" value="email"/);
    assert.match(html, /value="phone"[^>]*>Show phone number</);
    const second = await (
      await postForm(open.url, { locale: 'en', shown: 'email', reveal: 'phone' }, {}, '/api/contact/reveal')
    ).text();
    assert.match(second, /mailto:hello@fixture\.example/);
    assert.match(second, /href="tel:\+431000"/);
  });
});

describe('the production server around the endpoint', () => {
  test('a page posted to, or the endpoint flooded: 405 or 413 with Connection: close, and the connection ends soon', async () => {
    for (const [what, pathname, options, status] of [
      ['a page posted to with a big body', '/docs/', {}, '405'],
      ['the endpoint, declared too big', '/api/contact', {}, '413'],
      ['the endpoint, streamed too big', '/api/contact', { chunked: true }, '413'],
    ] as const) {
      const result = await flood(open.url, pathname, options);
      assert.match(result.head, new RegExp(`^http/1\\.1 ${status} `), `${what}: ${result.head.split('\r\n')[0]}`);
      assert.match(result.head, /\r\nconnection: close/, `${what}: Connection: close`);
      assert.ok(
        result.closedAfterMs !== undefined && result.closedAfterMs < 3000,
        `${what}: closed after ${result.closedAfterMs} ms`,
      );
    }
  });

  test('security headers on every answer: pages, assets, redirects, 404s and the API', async () => {
    const answers = await Promise.all(
      ['/', '/en/contact/', '/old/', '/nowhere/', '/en/nowhere/', '/sitemap.xml'].map((p) =>
        fetch(`${open.url}${p}`, { redirect: 'manual' }),
      ),
    );
    answers.push(await postJson(open.url, {}));
    const csp = readFileSync(path.join(site.dir, '_headers'), 'utf8');
    for (const response of answers) {
      const policy = response.headers.get('content-security-policy')!;
      assert.ok(policy && csp.includes(policy), response.url);
      assert.doesNotMatch(policy, /unsafe-inline/);
      assert.match(policy, /frame-ancestors 'none'/);
      assert.match(response.headers.get('strict-transport-security')!, /max-age=63072000/);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
      assert.match(response.headers.get('permissions-policy')!, /camera=\(\)/);
    }
    assert.deepEqual(
      answers.slice(0, 5).map((r) => r.status),
      [200, 200, 301, 404, 404],
    );
  });

  test('the CSP allows exactly the inline scripts of the built pages', async () => {
    const policy = (await fetch(`${open.url}/`)).headers.get('content-security-policy')!;
    const { blockedInlineScripts } = await import('../../../server/security-headers.ts');
    for (const file of [
      'index.html',
      'en/index.html',
      'contact/index.html',
      'en/docs/guides/install/index.html',
      '404.html',
    ]) {
      assert.deepEqual(blockedInlineScripts(readFileSync(path.join(site.dir, file), 'utf8'), policy), [], file);
      assert.doesNotMatch(
        readFileSync(path.join(site.dir, file), 'utf8'),
        /<[a-z][^>]*\sstyle="/,
        `${file} has no inline style attribute`,
      );
    }
  });

  test('caching: hashed assets immutable, pages revalidated by ETag and Last-Modified', async () => {
    const asset = readdirSync(path.join(site.dir, 'assets')).find((f) => f.endsWith('.css'))!;
    const css = await fetch(`${open.url}/assets/${asset}`);
    assert.equal(css.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const page = await fetch(`${open.url}/en/contact/`);
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    const etag = page.headers.get('etag')!;
    const modified = page.headers.get('last-modified')!;
    assert.ok(etag && modified);
    assert.equal((await fetch(`${open.url}/en/contact/`, { headers: { 'if-none-match': etag } })).status, 304);
    assert.equal((await fetch(`${open.url}/en/contact/`, { headers: { 'if-modified-since': modified } })).status, 304);
    assert.equal((await fetch(`${open.url}/en/contact/`, { headers: { 'if-none-match': '"other"' } })).status, 200);
  });

  test('precompressed twins by Accept-Encoding, with Vary; identity otherwise', async () => {
    // A page has its brotli twin only (every browser asks for it); the stylesheet, like every file
    // that programs read too, has both.
    const asset = `assets/${readdirSync(path.join(site.dir, 'assets')).find((f) => f.endsWith('.css'))!}`;
    const page = 'en/contact/index.html';
    assert.ok(existsSync(path.join(site.dir, `${page}.br`)) && !existsSync(path.join(site.dir, `${page}.gz`)));
    assert.ok(existsSync(path.join(site.dir, `${asset}.br`)) && existsSync(path.join(site.dir, `${asset}.gz`)));
    const get = (file: string, encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(
            `${open.url}/${file.replace(/index\.html$/, '')}`,
            { headers: { 'accept-encoding': encoding } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          )
          .on('error', reject);
      });
    const zlib = await import('node:zlib');
    for (const file of [page, asset]) {
      const original = readFileSync(path.join(site.dir, file));
      const br = await get(file, 'gzip, deflate, br');
      assert.equal(br.headers['content-encoding'], 'br', file);
      assert.equal(br.headers.vary, 'Accept-Encoding');
      assert.ok(zlib.brotliDecompressSync(br.body).equals(original));
      const refused = await get(file, 'br;q=0, gzip;q=0');
      assert.equal(refused.headers['content-encoding'], undefined, 'q=0 is not acceptable');
      assert.ok(refused.body.equals(original));
      const plain = await get(file, 'identity');
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.ok(plain.body.equals(original));
      assert.notEqual(br.headers.etag, plain.headers.etag, 'each encoding has its own ETag');
    }
    const gz = await get(asset, 'br;q=0, gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.ok(zlib.gunzipSync(gz.body).equals(readFileSync(path.join(site.dir, asset))));
    const preferred = await get(asset, 'br;q=0.4, gzip;q=0.9');
    assert.equal(preferred.headers['content-encoding'], 'gzip', 'q-values decide, not the server’s order');
    const gzipOnly = await get(page, 'gzip');
    assert.equal(gzipOnly.headers['content-encoding'], undefined, 'a page to a client without brotli: as it is');
    assert.ok(gzipOnly.body.equals(readFileSync(path.join(site.dir, page))));
  });

  test('the URL rules of server/static.ts still hold', async () => {
    const index = await fetch(`${open.url}/en/contact/index.html`, { redirect: 'manual' });
    assert.equal(index.status, 301);
    assert.equal(index.headers.get('location'), '/en/contact/');
    const slash = await fetch(`${open.url}/en/contact`, { redirect: 'manual' });
    assert.equal(slash.headers.get('location'), '/en/contact/');
    const missing = await fetch(`${open.url}/en/nowhere/`);
    assert.match(await missing.text(), /<html lang="en"/);
  });

  test('a store that fails answers 503 with a JSON reason and no stack; a plain form keeps its values', async () => {
    const broken = await startServer(site);
    try {
      broken.app.backend.store.close();
      const response = await postJson(broken.url, validMessage());
      assert.equal(response.status, 503);
      assert.equal(response.headers.get('retry-after'), '30');
      const body = await response.json();
      assert.deepEqual(Object.keys(body).sort(), ['error', 'message']);
      assert.equal(body.error, 'unavailable');
      const page = await postForm(broken.url, {
        name: 'Not Lost',
        email: 'notlost@example.org',
        message: 'These words come back to the visitor.',
        terms: 'on',
        locale: 'en',
      });
      assert.equal(page.status, 503);
      const html = await page.text();
      assert.match(html, /Error sending your message\. Please try again later\./);
      assert.match(html, /These words come back to the visitor\./);
    } finally {
      await broken.stop();
    }
  });
});

describe('site serve', () => {
  test('the dev server answers the contact endpoint with the same backend', async () => {
    const { startDevServer } = await import('../../../generator/dev/serve.ts');
    const { mkdtemp, rm } = await import('node:fs/promises');
    const os = await import('node:os');
    const { DEFAULT_SETTINGS } = await import('../../../server/backend-config.ts');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-contact-dev-'));
    const log = console.log;
    console.log = () => undefined;
    const { devServerHooks } = await import('../../../server/dev-hooks.ts');
    const hooks = devServerHooks({ root: site.root, contact: { ...DEFAULT_SETTINGS, dataDir } });
    const dev = await startDevServer({
      root: site.root,
      port: 0,
      host: '127.0.0.1',
      watch: false,
      out: '.serve',
      hooks,
    }).finally(() => (console.log = log));
    try {
      const url = `http://127.0.0.1:${(dev.server.address() as { port: number }).port}`;
      assert.equal(existsSync(path.join(dataDir, DB_FILE)), false, 'no database until a message arrives');
      assert.equal((await postJson(url, validMessage({ name: 'Dev Server' }))).status, 201);
      assert.equal((await postJson(url, { locale: 'de' })).status, 400);
      const page = await followResult(
        url,
        await postForm(url, {
          name: 'Dev Plain',
          email: 'dev@example.org',
          message: 'A plain form post to the dev server.',
          terms: 'on',
          locale: 'de',
        }),
      );
      assert.equal(page.status, 200);
      const answer = await page.text();
      assert.match(answer, /Vielen Dank für Ihre Anfrage!/);
      // The site's contact page with the theme's form in it, not the plain page, though nobody
      // had asked for the contact page (the dev server renders a page when it is first asked
      // for) and the post came before the server had loaded its forms (after the first page).
      assert.match(answer, /<nav\b/);
      const db = new Database(path.join(dataDir, DB_FILE), { readonly: true });
      assert.deepEqual(
        (db.prepare('SELECT name FROM messages ORDER BY id').all() as { name: string }[]).map((r) => r.name),
        ['Dev Server', 'Dev Plain'],
      );
      db.close();
    } finally {
      await dev.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
