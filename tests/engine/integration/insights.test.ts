// The analytics endpoint by HTTP: what insights.js sends is counted per day, event, page and
// properties, and nothing else is kept; foreign, malformed and oversized posts are refused.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { INSIGHTS_FILE, Insights, OTHER_PATH } from '../../../server/insights.ts';
import { analytics } from '../../../theme/analytics.ts';
import { type BuiltFixture, buildFixture, flood } from './contact-helpers.ts';

let site: BuiltFixture;
let dataDir: string;
let insights: Insights;
let server: http.Server;
let url: string;

before(async () => {
  site = await buildFixture();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-insights-'));
  // The events and property values the built-in theme declares (its contract's `analytics`).
  insights = new Insights({
    endpoint: '/api/event',
    dataDir,
    siteDir: () => site.dir,
    locales: ['de', 'en'],
    theme: analytics,
  });
  server = http.createServer((req, res) => {
    if (!insights.handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  insights?.close();
  await rm(dataDir, { recursive: true, force: true });
  await site?.dispose();
});

/** As insights.js posts it, from a page of the site. */
function send(event: Record<string, unknown>, headers: Record<string, string> = {}, body?: string): Promise<Response> {
  return fetch(`${url}/api/event`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
    body: body ?? JSON.stringify(event),
  });
}
const pageview = (pathname: string, props: Record<string, unknown> = { colorMode: 'dark', locale: 'en' }) => ({
  n: 'pageview',
  u: `${url}${pathname}`,
  d: '127.0.0.1',
  r: null,
  p: props,
});
const countOf = async (name: string, pathname: string) =>
  (await insights.counts()).filter((c) => c.name === name && c.path === pathname).reduce((sum, c) => sum + c.count, 0);

test('no database until the first event; then each event adds one to its counter', async () => {
  assert.equal(existsSync(path.join(dataDir, INSIGHTS_FILE)), false);
  for (let i = 0; i < 3; i++) assert.equal((await send(pageview('/en/docs/'))).status, 202);
  assert.equal(existsSync(path.join(dataDir, INSIGHTS_FILE)), true);
  const [row] = (await insights.counts()).filter((c) => c.path === '/en/docs/');
  assert.deepEqual(
    { ...row, day: row.day.length },
    { day: 10, name: 'pageview', path: '/en/docs/', props: '{"colorMode":"dark","locale":"en"}', count: 3 },
  );
});

test('600 invented property values add no row: a value outside its enumeration is counted as (other)', async () => {
  // An endpoint of its own, behind a proxy: 600 events from one address would pass its rate limit.
  const own = await mkdtemp(path.join(os.tmpdir(), 'site-insights-closed-'));
  const closed = new Insights({
    endpoint: '/api/event',
    dataDir: own,
    siteDir: () => site.dir,
    locales: ['de', 'en'],
    theme: analytics,
    trustProxy: true,
  });
  const proxy = http.createServer((req, res) => void (closed.handle(req, res) || res.writeHead(404).end()));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  let visitor = 0;
  const post = (props: Record<string, string>) =>
    fetch(`${base}/api/event`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': `192.0.2.${visitor++ % 250}`,
      },
      body: JSON.stringify({ n: 'pageview', u: `${base}/en/`, d: '127.0.0.1', r: null, p: props }),
    }).then((r) => r.status);
  try {
    const rows = async () => (await closed.counts()).length;
    // One invented value of each property makes the (other) counter of this page once.
    const invented = (i: number) => ({
      colorMode: `mode-${i}`,
      locale: `xx-${i}`,
      item: `user-4711-session-abc-${i}`,
      position: `slot-${i}`,
      event: `event-${i}`,
    });
    assert.equal(await post(invented(-1)), 202);
    const before = await rows();
    for (let i = 0; i < 600; i++) assert.equal(await post(invented(i)), 202);
    const after = await rows();
    assert.equal(after, before, `rows after 600 invented values: ${after}, before: ${before}`);
    const [row] = await closed.counts();
    assert.equal(
      row.props,
      '{"colorMode":"(other)","event":"(other)","item":"(other)","locale":"(other)","position":"(other)"}',
    );
    assert.equal(row.count, 601);
    assert.equal(await post({ colorMode: 'light', locale: 'en', item: 'system', position: 'navbar' }), 202);
    assert.ok(
      (await closed.counts()).some(
        (c) => c.props === '{"colorMode":"light","item":"system","locale":"en","position":"navbar"}',
      ),
      'declared values are counted as sent',
    );
    closed.close();
    const { readFileSync } = await import('node:fs');
    assert.doesNotMatch(
      readFileSync(path.join(own, INSIGHTS_FILE)).toString('latin1'),
      /user-4711|mode-\d|xx-\d|slot-\d/,
      'no invented value reached the file',
    );
  } finally {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
    closed.close();
    await rm(own, { recursive: true, force: true });
  }
});

test('only the known properties are kept, and no address, referrer or time of day', async () => {
  assert.equal(
    (await send(pageview('/docs/', { locale: 'de', colorMode: 'light', email: 'someone@example.org', item: 'dark' })))
      .status,
    202,
  );
  const row = (await insights.counts()).find((c) => c.path === '/docs/')!;
  assert.equal(row.props, '{"colorMode":"light","item":"dark","locale":"de"}');
  assert.doesNotMatch(JSON.stringify(await insights.counts()), /127\.0\.0\.1|example\.org|T\d\d:/);
});

test('paths the site does not have are counted together, so the table cannot be grown at will', async () => {
  for (const invented of ['/wp-admin/', '/en/docs/nope/', '/en/docs'])
    assert.equal((await send(pageview(invented))).status, 202);
  assert.equal(await countOf('pageview', OTHER_PATH), 3);
  assert.equal(
    (await insights.counts()).some((c) => c.path.includes('wp-admin')),
    false,
  );
});

test('refusals: other methods, other sites, other hosts, other types, malformed and oversized bodies', async () => {
  assert.equal((await fetch(`${url}/api/event`)).status, 405);
  assert.equal((await send(pageview('/en/docs/'), { 'sec-fetch-site': 'cross-site' })).status, 403);
  assert.equal(
    (await send({ ...pageview('/en/docs/'), u: 'https://elsewhere.example/en/docs/' })).status,
    400,
    'an event of another host',
  );
  assert.equal(
    (await send(pageview('/en/docs/'), { 'content-type': 'application/x-www-form-urlencoded' })).status,
    415,
  );
  assert.equal((await send({}, {}, '{"n": "pageview"')).status, 400);
  assert.equal((await send({ n: '<script>', u: `${url}/en/docs/` })).status, 400, 'event names are words');
  assert.equal((await send({}, {}, JSON.stringify({ ...pageview('/en/docs/'), pad: 'x'.repeat(4096) }))).status, 413);
  assert.equal(await countOf('pageview', '/en/docs/'), 3, 'nothing refused was counted');
});

test('doubled slashes are collapsed to the page they name, not counted as a page of their own', async () => {
  const before = await countOf('pageview', '/en/docs/');
  for (const doubled of ['//en//docs/', '/en/docs//', '/en///docs/'])
    assert.equal((await send(pageview(doubled))).status, 202);
  assert.equal(await countOf('pageview', '/en/docs/'), before + 3);
  assert.equal(
    (await insights.counts()).some((c) => c.path.includes('//')),
    false,
  );
});

test('only the events the site records are counted; invented names are refused', async () => {
  const event = (n: string) => ({
    n,
    u: `${url}/en/docs/`,
    d: '127.0.0.1',
    r: null,
    p: { colorMode: 'dark', locale: 'en' },
  });
  for (const known of ['booking-link-click', 'Color Change Click', 'contact-complete', 'booking-complete'])
    assert.equal((await send(event(known))).status, 202, known);
  for (const invented of ['Invented Event', 'pageview2', 'signup'])
    assert.equal((await send(event(invented))).status, 400, invented);
  assert.deepEqual([...new Set((await insights.counts()).map((c) => c.name))].sort(), [
    'Color Change Click',
    'booking-complete',
    'booking-link-click',
    'contact-complete',
    'pageview',
  ]);
});

test('oversized bodies and refused requests: 413 or 405 with Connection: close, and the connection ends soon', async () => {
  for (const [what, options, status] of [
    ['declared too big', {}, '413'],
    ['streamed too big (chunked)', { chunked: true }, '413'],
    ['another method with a big body', { method: 'PUT' }, '405'],
  ] as const) {
    const result = await flood(url, '/api/event', options);
    assert.match(result.head, new RegExp(`^http/1\\.1 ${status} `), `${what}: ${result.head.split('\r\n')[0]}`);
    assert.match(result.head, /\r\nconnection: close/, `${what}: Connection: close`);
    assert.ok(
      result.closedAfterMs !== undefined && result.closedAfterMs < 3000,
      `${what}: closed after ${result.closedAfterMs} ms, ${(result.sent / 1e6).toFixed(1)} MB sent`,
    );
  }
});
