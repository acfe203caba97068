// The contact server's small parts, each on its own: origin checks, rate limits, content types,
// body parsing, header safety, backoff, CSV cells, content negotiation and the CSP.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { test } from 'node:test';
import { contentSecurityPolicy, headersFile, parseHeadersFile } from '../../../common/security-headers.ts';
import { scriptHash } from '../../../generator/extras/csp.ts';
import { parseRateLimit, SettingsError, settingsFromEnv } from '../../../server/backend-config.ts';
import { parseBody } from '../../../server/body.ts';
import { csvCell, csvLines, jsonLines, printable } from '../../../server/contact-export.ts';
import { contactMail, headerSafe } from '../../../server/contact-mail.ts';
import type { StoredMessage } from '../../../server/contact-store.ts';
import { backoff } from '../../../server/outbox-relay.ts';
import { clientKey, RateLimiter } from '../../../server/rate-limit.ts';
import { bodyKindOf, clientAddress, isCrossSite, wantsHtml } from '../../../server/request-guards.ts';
import { blockedInlineScripts, inlineStyleAttributes } from '../../../server/security-headers.ts';
import { acceptedEncodings, encodingsByPreference } from '../../../server/static.ts';
import { messages } from './factories.ts';

const req = (headers: Record<string, string>, remoteAddress = '203.0.113.9') =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;
const none = new Set<string>();

test('cross-site: Sec-Fetch-Site decides first, then Origin against Host', () => {
  assert.equal(isCrossSite(req({ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }), none), false);
  assert.equal(isCrossSite(req({ 'sec-fetch-site': 'none' }), none), false);
  assert.equal(
    isCrossSite(
      req({ 'sec-fetch-site': 'cross-site', origin: 'https://almwerk.example', host: 'almwerk.example' }),
      none,
    ),
    true,
  );
  assert.equal(
    isCrossSite(
      req({ 'sec-fetch-site': 'same-site', origin: 'https://www.almwerk.example', host: 'almwerk.example' }),
      none,
    ),
    true,
  );
  assert.equal(
    isCrossSite(
      req({ 'sec-fetch-site': 'same-site', origin: 'https://www.almwerk.example', host: 'almwerk.example' }),
      new Set(['https://www.almwerk.example']),
    ),
    false,
  );
  assert.equal(isCrossSite(req({ origin: 'http://almwerk.example', host: 'almwerk.example' }), none), false);
  assert.equal(
    isCrossSite(req({ origin: 'https://almwerk.example', host: 'almwerk.example' }), none),
    true,
    'https posting to a plain http server',
  );
  assert.equal(
    isCrossSite(
      req({ origin: 'https://almwerk.example', host: 'almwerk.example' }),
      new Set(['https://almwerk.example']),
    ),
    false,
    'the site’s own configured address',
  );
  assert.equal(
    isCrossSite(
      req({ origin: 'https://almwerk.example', host: 'almwerk.example', 'x-forwarded-proto': 'https' }),
      none,
      true,
    ),
    false,
    'behind a trusted TLS proxy',
  );
  assert.equal(
    isCrossSite(
      req({ origin: 'http://almwerk.example', host: 'almwerk.example', 'x-forwarded-proto': 'https' }),
      none,
      true,
    ),
    true,
    'http posting to the https site',
  );
  assert.equal(
    isCrossSite(
      req({ origin: 'https://almwerk.example', host: 'almwerk.example', 'x-forwarded-proto': 'https' }),
      none,
      false,
    ),
    true,
    'X-Forwarded-Proto only from a trusted proxy',
  );
  assert.equal(
    isCrossSite(
      req({ origin: 'https://almwerk.example:443', host: 'almwerk.example', 'x-forwarded-proto': 'https' }),
      none,
      true,
    ),
    false,
    'default port',
  );
  assert.equal(isCrossSite(req({ origin: 'https://evil.example', host: 'almwerk.example' }), none), true);
  assert.equal(isCrossSite(req({ origin: 'null', host: 'almwerk.example' }), none), true);
  assert.equal(isCrossSite(req({ origin: 'not a url', host: 'almwerk.example' }), none), true);
  assert.equal(isCrossSite(req({ host: 'almwerk.example' }), none), false, 'curl and other non-browser clients');
});

test('content types: JSON and urlencoded forms in UTF-8 only', () => {
  assert.equal(bodyKindOf(req({ 'content-type': 'application/json' })), 'json');
  assert.equal(bodyKindOf(req({ 'content-type': 'application/json; charset=UTF-8' })), 'json');
  assert.equal(bodyKindOf(req({ 'content-type': 'application/x-www-form-urlencoded' })), 'form');
  assert.equal(bodyKindOf(req({ 'content-type': 'application/x-www-form-urlencoded;charset="utf-8"' })), 'form');
  for (const refused of [
    'text/plain',
    'multipart/form-data; boundary=x',
    'application/json; charset=iso-8859-1',
    'application/jsonx',
    '',
  ]) {
    assert.equal(bodyKindOf(req(refused ? { 'content-type': refused } : {})), undefined, refused);
  }
});

test('answers: a page for browsers posting a form, JSON for fetch', () => {
  assert.equal(wantsHtml(req({ accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' })), true);
  assert.equal(wantsHtml(req({ accept: 'application/json' })), false);
  assert.equal(wantsHtml(req({})), false);
});

test('client address: the socket, or the proxy’s last hop when trusted', () => {
  assert.equal(clientAddress(req({ 'x-forwarded-for': '198.51.100.1' }), false), '203.0.113.9');
  assert.equal(clientAddress(req({ 'x-forwarded-for': '198.51.100.1, 192.0.2.7' }), true), '192.0.2.7');
});

test('rate limits: per address, per /64 for IPv6, with a retry time', () => {
  let now = 0;
  const limiter = new RateLimiter({ max: 2, windowMs: 60_000 }, () => now);
  assert.equal(limiter.check('203.0.113.1').allowed, true);
  assert.equal(limiter.check('::ffff:203.0.113.1').allowed, true);
  const refused = limiter.check('203.0.113.1');
  assert.deepEqual(refused, { allowed: false, retryAfterSeconds: 60 });
  assert.equal(limiter.check('203.0.113.2').allowed, true, 'another address');
  assert.equal(limiter.check('2001:db8:1:2::1').allowed, true);
  assert.equal(limiter.check('2001:db8:1:2:ffff::9').allowed, true);
  assert.equal(limiter.check('2001:0db8:0001:0002:abcd::1').allowed, false, 'the same /64');
  assert.equal(limiter.check('2001:db8:1:3::1').allowed, true, 'the next /64');
  now = 60_001;
  assert.equal(limiter.check('203.0.113.1').allowed, true, 'a new window');
  assert.equal(clientKey('2001:db8::1'), '2001:db8:0:0::/64');
  assert.equal(new RateLimiter(false).check('x').allowed, true);
});

test('bodies: urlencoded first values, JSON objects only, UTF-8 only', () => {
  assert.deepEqual(
    { ...(parseBody('form', Buffer.from('name=Anna+B%C3%A4r&name=Eve&terms=on')) as { fields: object }).fields },
    { name: 'Anna Bär', terms: 'on' },
  );
  const proto = parseBody('form', Buffer.from('__proto__=x&constructor=y'));
  assert.equal(proto.ok, true);
  assert.equal(({} as Record<string, unknown>).x, undefined);
  assert.deepEqual(parseBody('json', Buffer.from('[1]')), { ok: false, problem: 'The body must be a JSON object.' });
  assert.deepEqual(parseBody('json', Buffer.from('{"a":')), { ok: false, problem: 'The body is not valid JSON.' });
  assert.deepEqual(parseBody('json', Buffer.from([0x7b, 0xff, 0x7d])), {
    ok: false,
    problem: 'The body is not valid UTF-8.',
  });
});

const stored: StoredMessage = {
  id: 7,
  receivedAt: '2026-05-04T10:00:00.000Z',
  locale: 'en',
  name: 'Eve\r\nBcc: victim@example.org',
  email: 'eve@example.org',
  message: 'Line one\nLine two',
  relay: 'pending',
  unconfirmed: 0,
  deadAt: null,
  attempts: 0,
  lastError: null,
  sentAt: null,
};

test('mail headers: no line breaks or control characters; the visitor only in Reply-To', () => {
  assert.equal(headerSafe('a\r\nb\nc\u2028d\u0000e\u001bf'), 'a b c def');
  assert.equal(headerSafe('Eve \u202egpj.exe\u200b\u2066x\u2069'), 'Eve gpj.exex', 'bidi and zero-width characters');
  const mail = contactMail(stored, {
    to: 'owners@almwerk.example',
    from: 'website@almwerk.example',
    siteTitle: 'Almwerk',
    t: messages.de.contact,
    domain: 'almwerk.example',
  });
  assert.equal(mail.from, 'website@almwerk.example');
  assert.equal(mail.to, 'owners@almwerk.example');
  assert.deepEqual(mail.replyTo, { name: 'Eve Bcc: victim@example.org', address: 'eve@example.org' });
  assert.doesNotMatch(String(mail.subject), /[\r\n]/);
  assert.match(String(mail.subject), /^Almwerk · Kontaktformular: Eve/);
  assert.match(String(mail.text), /Line one\nLine two/);
  assert.doesNotMatch(String(mail.text), /^Bcc:/m, 'the name stays on its line in the body');
  assert.equal(mail.messageId, `<contact-7.${Date.parse(stored.receivedAt)}@almwerk.example>`);
});

test('relay backoff doubles from the base up to the cap, with ±20 % jitter', () => {
  const timing = { baseDelayMs: 1000, maxDelayMs: 60_000 };
  assert.equal(
    backoff(1, timing, () => 0.5),
    1000,
  );
  assert.equal(
    backoff(2, timing, () => 0.5),
    2000,
  );
  assert.equal(
    backoff(5, timing, () => 0.5),
    16_000,
  );
  assert.equal(
    backoff(30, timing, () => 0.5),
    60_000,
  );
  assert.equal(
    backoff(1, timing, () => 0),
    800,
  );
  assert.equal(
    backoff(1, timing, () => 0.999999),
    1200,
  );
});

async function all(lines: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

test('CSV: every cell quoted, quotes doubled, formulas defused', async () => {
  assert.equal(csvCell('plain'), '"plain"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell('a,b\nc'), '"a,b\nc"');
  for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) assert.equal(csvCell(formula), `"'${formula}"`);
  assert.equal(csvCell(null), '""');
  assert.equal(csvCell(3), '"3"');
  const lines = await all(csvLines([stored]));
  assert.equal(lines[0], 'id,receivedAt,locale,name,email,message,relay,attempts,sentAt\r\n');
  assert.equal(lines.length, 2);
  assert.deepEqual(
    JSON.parse((await all(jsonLines([stored, { ...stored, id: 8 }]))).join('')).map((m: { id: number }) => m.id),
    [7, 8],
  );
  assert.deepEqual(JSON.parse((await all(jsonLines([]))).join('')), []);
});

test('terminal output: no escape sequences from visitors', () => {
  assert.equal(printable('Eve\u001b[31mred\u0007'), 'Eve�[31mred�');
  assert.equal(printable('a\nb', true), 'a\nb');
  assert.equal(printable('a\nb'), 'a b');
});

test('Accept-Encoding: q-values, refusals and *', () => {
  assert.deepEqual([...acceptedEncodings('gzip, deflate, br, zstd')].sort(), ['br', 'deflate', 'gzip', 'zstd']);
  assert.deepEqual([...acceptedEncodings('br;q=0, gzip;q=0.5')], ['gzip']);
  assert.deepEqual([...acceptedEncodings('*')].sort(), ['br', 'gzip']);
  assert.deepEqual([...acceptedEncodings('*, br;q=0')], ['gzip']);
  assert.deepEqual([...acceptedEncodings(undefined)], []);
  assert.deepEqual([...acceptedEncodings('identity')], ['identity']);
});

test('Accept-Encoding: the precompressed twin the client weights highest; q=0 is not acceptable', () => {
  assert.deepEqual(encodingsByPreference('gzip, deflate, br'), ['br', 'gzip'], 'equal weights: br, the smaller');
  assert.deepEqual(encodingsByPreference('gzip;q=1, br;q=0.5'), ['gzip', 'br']);
  assert.deepEqual(encodingsByPreference('br;q=0.2, gzip;q=0.8, *;q=0.1'), ['gzip', 'br']);
  assert.deepEqual(encodingsByPreference('br;q=0, gzip'), ['gzip']);
  assert.deepEqual(encodingsByPreference('gzip;q=0, br;q=0'), []);
  assert.deepEqual(encodingsByPreference('*;q=0.5, br;q=0'), ['gzip']);
  assert.deepEqual(encodingsByPreference('*;q=0'), []);
  assert.deepEqual(encodingsByPreference('identity, gzip;q=0.5'), [], 'plain preferred');
  assert.deepEqual(encodingsByPreference('gzip;q=abc, br'), ['br'], 'a malformed q counts as 0');
  assert.deepEqual(encodingsByPreference(undefined), []);
});

test('CSP: self plus the inline script by its hash, never unsafe-inline; _headers round-trips', () => {
  const script = '(function(){document.documentElement.dataset.theme="dark"})();';
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  assert.equal(scriptHash(script), hash);
  const csp = contentSecurityPolicy([hash]);
  assert.match(csp, new RegExp(`script-src 'self' 'wasm-unsafe-eval' ${hash.replace(/[+/]/g, '\\$&')}`));
  assert.match(csp, /style-src 'self'(;|$)/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.doesNotMatch(csp, /'unsafe-inline'|'unsafe-eval'/);
  const headers = parseHeadersFile(headersFile([hash]));
  assert.equal(headers['content-security-policy'], csp);
  assert.match(headers['strict-transport-security'], /max-age=\d+/);
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['cache-control'], undefined, 'the /assets/* block is not for every path');
  const page = `<script>${script}</script><script type="application/ld+json">{"a":1}</script><script type="module" src="/a.js"></script><script>alert(1)</script><p style="color:red">`;
  assert.deepEqual(blockedInlineScripts(page, csp), [scriptHash('alert(1)')]);
  assert.equal(inlineStyleAttributes(page), 1);
});

test('settings from the environment: defaults, SMTP needs a recipient, limits parse', () => {
  const defaults = settingsFromEnv('/site', {});
  assert.equal(defaults.dataDir, '/site/.data');
  assert.equal(defaults.smtp, undefined);
  assert.deepEqual(defaults.rateLimit, { max: 10, windowMs: 600_000 });
  const smtp = settingsFromEnv('/site', {
    SITE_DATA_DIR: '/var/lib/site',
    SMTP_URL: 'smtp://u:p@mail.example:587',
    CONTACT_TO: 'owners@almwerk.example',
    CONTACT_RATE_LIMIT: 'off',
  });
  assert.equal(smtp.dataDir, '/var/lib/site');
  assert.deepEqual(smtp.smtp, { url: 'smtp://u:p@mail.example:587', to: 'owners@almwerk.example', from: '' });
  assert.equal(smtp.rateLimit, false);
  assert.throws(() => settingsFromEnv('/site', { SMTP_URL: 'smtp://mail.example' }), SettingsError);
  assert.throws(
    () => settingsFromEnv('/site', { SMTP_URL: 'http://mail.example', CONTACT_TO: 'x@y.z' }),
    SettingsError,
  );
  assert.deepEqual(parseRateLimit('5/60', 'X'), { max: 5, windowMs: 60_000 });
  assert.throws(() => parseRateLimit('lots', 'X'), SettingsError);
});

test('DATABASE_URL: unset is SQLite in the data directory; a PostgreSQL URL is taken; anything else is refused with what to write', () => {
  assert.equal(settingsFromEnv('/site', {}).databaseUrl, undefined);
  assert.equal(
    settingsFromEnv('/site', { DATABASE_URL: 'postgres://site:pw@db.internal:5432/site' }).databaseUrl,
    'postgres://site:pw@db.internal:5432/site',
  );
  assert.equal(
    settingsFromEnv('/site', { DATABASE_URL: 'postgresql://db.internal/site' }).databaseUrl,
    'postgresql://db.internal/site',
  );
  assert.throws(
    () => settingsFromEnv('/site', { DATABASE_URL: 'mysql://db.internal/site' }),
    /DATABASE_URL must start with postgres:\/\/ \(PostgreSQL; unset it for SQLite in SITE_DATA_DIR\), not mysql:\/\//,
  );
  assert.throws(
    () => settingsFromEnv('/site', { DATABASE_URL: 'db.internal' }),
    /DATABASE_URL is not a URL \(expected postgres:\/\/user:password@host:5432\/database\)/,
  );
});

test('settings of the relay and of retention: defaults, and nonsense refused with the variable named', () => {
  const defaults = settingsFromEnv('/site', {});
  assert.equal(defaults.retentionMonths, 12);
  assert.equal(defaults.relay.maxAttempts, 48);
  assert.ok(defaults.relay.leaseMs > defaults.relay.sendTimeoutMs, 'the lease outlasts any send');
  assert.ok(defaults.relay.unconfirmedDelayMs >= 60 * 60_000, 'the retry of a possibly delivered mail waits long');
  const set = settingsFromEnv('/site', {
    DATA_RETENTION_MONTHS: '6',
    CONTACT_RETRY_LIMIT: '10',
    SMTP_TIMEOUT_MS: '40000',
  });
  assert.equal(set.retentionMonths, 6);
  assert.equal(set.relay.maxAttempts, 10);
  assert.deepEqual([set.relay.socketTimeoutMs, set.relay.sendTimeoutMs, set.relay.leaseMs], [40_000, 100_000, 200_000]);
  assert.throws(
    () => settingsFromEnv('/site', { DATA_RETENTION_MONTHS: '0' }),
    /DATA_RETENTION_MONTHS must be a whole number of months, 1 or more, not "0"/,
  );
  assert.throws(() => settingsFromEnv('/site', { DATA_RETENTION_MONTHS: '1.5' }), SettingsError);
  assert.throws(
    () => settingsFromEnv('/site', { CONTACT_RETRY_LIMIT: 'many' }),
    /CONTACT_RETRY_LIMIT must be a positive number of attempts, not "many"/,
  );
  assert.throws(
    () => settingsFromEnv('/site', { SMTP_TIMEOUT_MS: '-1' }),
    /SMTP_TIMEOUT_MS must be a positive number of milliseconds/,
  );
});
