// The nginx include the build writes (build/nginx.conf), run by Debian's nginx on 127.0.0.1 against
// the same build as `site start`: for a list of paths (pages, redirects with and without their
// trailing slash and with a query, `/x` and `/x/index.html`, precompressed files for each
// Accept-Encoding, hashed assets, 404s of both locales) both servers give the same status,
// Location, content type and encoding, caching headers, security headers with the CSP, length,
// Last-Modified and bytes. ETag, Date and Server differ by design and are not compared. Neither
// redirects a path that starts with `//` or `/\` to another host; nginx takes the include without a
// warning, and answers of the endpoints proxied beside it carry each header once, site start's.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { isRulePattern } from '../../../common/redirect-rules.ts';
import { type Answer, get as getAs, type RunningNginx, startNginx } from '../../nginx.ts';
import { type BuiltFixture, buildFixture, type RunningServer, startServer } from './contact-helpers.ts';

let site: BuiltFixture;
let start: RunningServer;
let nginx: RunningNginx | undefined;
let nginxUrl: string;

before(async () => {
  site = await buildFixture();
  start = await startServer(site);
  const root = realpathSync(site.dir);
  // The server block as docs/deployment.md has it: the include, and beside it the endpoints proxied to site start.
  nginx = await startNginx({
    root,
    include: path.join(root, 'nginx.conf'),
    probe: '/',
    beside: `location /api/ { proxy_pass ${start.url}; proxy_set_header X-Forwarded-For $remote_addr; }`,
  });
  nginxUrl = nginx.url;
});

after(async () => {
  await nginx?.stop();
  await start?.stop();
  await site?.dispose();
});

const COMPARED = [
  'location',
  'content-type',
  'content-encoding',
  'cache-control',
  'vary',
  'content-length',
  'last-modified',
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
];
const get = (base: string, pathname: string, headers: Record<string, string>): Promise<Answer> =>
  getAs(base, pathname, headers, COMPARED);

/** The paths to compare: every kind of answer the static site gives. */
function paths(): string[] {
  const dir = site.dir;
  const redirects = readFileSync(path.join(dir, '_redirects'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(' ')[0])
    .filter((from) => !isRulePattern(from));
  const asset = (ext: string) => `/assets/${readdirSync(path.join(dir, 'assets')).find((f) => f.endsWith(ext))}`;
  return [
    '/',
    '/en/',
    '/docs/',
    '/docs',
    '/docs?tab=1',
    '/docs/index.html',
    '/en/docs/index.html?x=1',
    ...redirects.slice(0, 3),
    ...redirects.slice(0, 2).map((r) => r.replace(/\/$/, '')),
    `${redirects[0]}?utm=1`,
    // The site's host rules (public/_redirects): a splat, with and without what it takes, and placeholders.
    '/handbuch/guides/install/',
    '/handbuch',
    '/handbuch/?x=1',
    '/releases/install/notes',
    '/releases/install/notes/?x=1',
    '/nope/',
    '/en/nope/',
    '/en/nope',
    '/assets/',
    asset('.css'),
    asset('.js'),
    // A file of public/, served with its own caching rules.
    '/img/logo.svg',
    '/sitemap.xml',
    '/robots.txt',
    '/en/docs/index.md',
    '/llms.txt',
    '/404.html',
  ];
}

test('nginx with the generated include answers every path as site start does', async () => {
  const list = paths();
  assert.ok(
    list.every((p) => p && !p.includes('undefined')),
    list.join(' '),
  );
  const differences: string[] = [];
  let compared = 0;
  for (const pathname of list) {
    const encodings: Record<string, string>[] = [{ 'accept-encoding': 'br, gzip' }, { 'accept-encoding': 'gzip' }, {}];
    for (const encoding of encodings) {
      const [ours, theirs] = await Promise.all([get(start.url, pathname, encoding), get(nginxUrl, pathname, encoding)]);
      compared++;
      const label = `${pathname} (${encoding['accept-encoding'] ?? 'identity'})`;
      if (ours.status !== theirs.status)
        differences.push(`${label}: status ${ours.status} from site start, ${theirs.status} from nginx`);
      for (const h of COMPARED) {
        // A redirect's body (nginx writes a small page, site start none) is not read by anyone.
        if (ours.status === 301 && (h === 'content-type' || h === 'content-length')) continue;
        if (ours.headers[h] !== theirs.headers[h])
          differences.push(`${label}: ${h}: "${ours.headers[h]}" from site start, "${theirs.headers[h]}" from nginx`);
      }
      if (ours.status === 200 || ours.status === 404) {
        if (!ours.body.equals(theirs.body))
          differences.push(`${label}: the bodies differ (${ours.body.length} and ${theirs.body.length} bytes)`);
      }
    }
  }
  assert.deepEqual(differences, [], `${differences.length} differences in ${compared} answers`);
});

test('the answers compared are the ones that matter: redirects, 404s, compressed twins and immutable assets', async () => {
  const redirect = await get(nginxUrl, '/docs', {});
  assert.deepEqual([redirect.status, redirect.headers.location], [301, '/docs/']);
  const index = await get(nginxUrl, '/docs/index.html?x=1', {});
  assert.deepEqual([index.status, index.headers.location], [301, '/docs/?x=1']);
  // The host rules of public/_redirects: what a splat and a placeholder took, in the target.
  for (const [from, to] of [
    ['/handbuch/guides/install/?x=1', '/docs/guides/install/?x=1'],
    ['/handbuch', '/docs/'],
    ['/releases/install/notes', '/docs/guides/install/'],
  ]) {
    const ruled = await get(nginxUrl, from, {});
    assert.deepEqual([ruled.status, ruled.headers.location], [301, to], from);
  }
  const missing = await get(nginxUrl, '/en/nope/', {});
  assert.equal(missing.status, 404);
  assert.match(missing.body.toString(), /<html lang="en"/);
  const page = await get(nginxUrl, '/', { 'accept-encoding': 'br, gzip' });
  assert.equal(page.headers['content-encoding'], 'br');
  assert.match(page.headers['content-security-policy'] ?? '', /script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
  const css = paths().find((p) => p.endsWith('.css'))!;
  assert.equal((await get(nginxUrl, css, {})).headers['cache-control'], 'public, max-age=31536000, immutable');
});

test('nginx takes the include without a warning', () => {
  assert.deepEqual(nginx?.warnings, []);
});

test('no answer of either server sends the browser to another host for a path starting with // or /\\', async () => {
  const list = [
    '//evil.example/index.html',
    '//evil.example/',
    '//evil.example',
    '//evil.example/?next=1',
    '///evil.example/docs/index.html',
    '/\\evil.example/index.html',
    '/\\/evil.example/',
    '//en/docs/',
    '//docs/index.html?x=1',
  ];
  const differences: string[] = [];
  for (const pathname of list) {
    const [ours, theirs] = await Promise.all([get(start.url, pathname, {}), get(nginxUrl, pathname, {})]);
    for (const [server, answer] of [
      ['site start', ours],
      ['nginx', theirs],
    ] as const) {
      const location = answer.headers.location;
      // A Location the browser resolves against this host stays on it: one slash, then no slash or backslash.
      if (location !== undefined && !/^\/(?![/\\])/.test(location))
        differences.push(`${pathname}: ${server} redirects to ${location}`);
    }
    if (ours.status !== theirs.status || ours.headers.location !== theirs.headers.location)
      differences.push(
        `${pathname}: ${ours.status} ${ours.headers.location ?? ''} from site start, ${theirs.status} ${theirs.headers.location ?? ''} from nginx`,
      );
  }
  // Encoded slashes and backslashes are no slashes to a browser: each server keeps them on this host its own way.
  for (const pathname of ['/%2F/evil.example/index.html', '/%5Cevil.example/index.html', '/%2F%2Fevil.example/'])
    for (const base of [start.url, nginxUrl]) {
      const location = (await get(base, pathname, {})).headers.location;
      if (location !== undefined && !/^\/(?![/\\])/.test(location))
        differences.push(`${pathname}: ${base} redirects to ${location}`);
    }
  assert.deepEqual(differences, []);
  // The redirect keeps the path and the query, with one slash, on this host.
  const moved = await get(nginxUrl, '//evil.example/?next=1', {});
  assert.deepEqual([moved.status, moved.headers.location], [301, '/evil.example/?next=1']);
});

test("the endpoints proxied beside the include answer with site start's headers, each once", async () => {
  const answer = await new Promise<{ status: number; raw: string[] }>((resolve, reject) => {
    const { hostname, port } = new URL(nginxUrl);
    const body = JSON.stringify({
      name: 'Proxied',
      email: 'proxied@example.org',
      message: 'Through nginx to site start, headers once.',
      terms: true,
      locale: 'en',
    });
    const req = http.request(
      {
        hostname,
        port,
        path: '/api/contact',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'sec-fetch-site': 'same-origin',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, raw: res.rawHeaders }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  assert.equal(answer.status, 201);
  const count = (name: string) => answer.raw.filter((h, i) => i % 2 === 0 && h.toLowerCase() === name).length;
  for (const name of [
    'x-frame-options',
    'content-security-policy',
    'strict-transport-security',
    'cache-control',
    'x-content-type-options',
  ])
    assert.equal(count(name), 1, `${name} once: ${answer.raw.join(' | ')}`);
  const cache = answer.raw[answer.raw.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'cache-control') + 1];
  assert.equal(cache, 'no-store', "the endpoint's own caching, not the pages'");
});
