// The URL rules of the server (shared by `site serve` and production), against a small built
// site in a temporary folder.

import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { contentTypeOf } from '../../../common/content-types.ts';
import {
  acceptedEncodings,
  type Resolved,
  resolvePath,
  type StaticOptions,
  serveStatic,
} from '../../../server/static.ts';

let tmp: string;
let dir: string;
let options: StaticOptions;

const FILES: Record<string, string> = {
  'index.html': '<p>home</p>',
  '404.html': '<p>nicht gefunden</p>',
  'docs/index.html': '<p>docs</p>',
  'en/404.html': '<p>not found</p>',
  'en/docs/index.html': '<p>docs en</p>',
  'style.css': 'body{}',
  'assets/app.1234.js': 'void 0',
};

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-static-'));
  dir = path.join(tmp, 'site');
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  // Beside the site, not in it: no request may reach it.
  await writeFile(path.join(tmp, 'secret.txt'), 'secret');
  await writeFile(path.join(tmp, 'site-secret.txt'), 'secret');
  options = {
    dir,
    redirects: new Map([
      ['/old/', '/docs/'],
      ['/en/old/', '/en/docs/'],
    ]),
    localePrefixes: ['/en'],
  };
});
after(() => rm(tmp, { recursive: true, force: true }));

const resolve = (p: string) => resolvePath(options, p);
const file = (rel: string, status: 200 | 404 = 200): Resolved => ({ type: 'file', file: path.join(dir, rel), status });
const redirect = (location: string): Resolved => ({ type: 'redirect', location });

test('a route is served from its index.html', () => {
  assert.deepEqual(resolve('/'), file('index.html'));
  assert.deepEqual(resolve('/docs/'), file('docs/index.html'));
  assert.deepEqual(resolve('/en/docs/'), file('en/docs/index.html'));
  assert.deepEqual(resolve('/style.css'), file('style.css'));
  assert.deepEqual(resolve('/d%6Fcs/'), file('docs/index.html'), 'percent-encoded paths are decoded');
});

test('a route without its trailing slash redirects to it, if the page exists', () => {
  assert.deepEqual(resolve('/docs'), redirect('/docs/'));
  assert.deepEqual(resolve('/en/docs'), redirect('/en/docs/'));
  assert.deepEqual(resolve('/nothing'), file('404.html', 404));
});

test('/x/index.html redirects to /x/', () => {
  assert.deepEqual(resolve('/docs/index.html'), redirect('/docs/'));
  assert.deepEqual(resolve('/index.html'), redirect('/'));
  assert.deepEqual(resolve('/en/docs/index.html'), redirect('/en/docs/'));
});

test('configured redirects apply with or without the trailing slash, before any file', () => {
  assert.deepEqual(resolve('/old/'), redirect('/docs/'));
  assert.deepEqual(resolve('/old'), redirect('/docs/'));
  assert.deepEqual(resolve('/en/old/'), redirect('/en/docs/'));
  assert.deepEqual(
    resolvePath({ ...options, redirects: new Map([['/docs/', '/en/docs/']]) }, '/docs/'),
    redirect('/en/docs/'),
  );
});

test("a missing page gets its locale's 404 page with status 404", () => {
  assert.deepEqual(resolve('/missing/'), file('404.html', 404));
  assert.deepEqual(resolve('/en/missing/'), file('en/404.html', 404));
  assert.deepEqual(resolve('/en/missing.png'), file('en/404.html', 404));
  assert.deepEqual(resolve('/en/'), file('en/404.html', 404), 'no /en/index.html in this folder');
  assert.deepEqual(resolve('/english/'), file('404.html', 404), 'a prefix counts only as a whole segment');
  assert.deepEqual(resolve('/style.css/'), file('404.html', 404), 'a file is not a folder');
  assert.deepEqual(
    resolvePath({ ...options, dir: path.join(dir, 'docs') }, '/missing/'),
    { type: 'not-found' },
    'without a 404.html',
  );
});

test('path traversal never leaves the folder, encoded or not', () => {
  for (const attempt of [
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/docs/../../secret.txt',
    '/docs/%2e%2e/%2e%2e/secret.txt',
    '/../site-secret.txt',
    '/..%5csecret.txt',
    '/%00',
    '/docs/%00/',
    '/%E0%A4%A',
    '/%',
  ]) {
    const r = resolve(attempt);
    assert.notEqual(r.type, 'redirect', attempt);
    if (r.type === 'file') {
      assert.ok(r.file.startsWith(dir + path.sep), `${attempt} -> ${r.file}`);
      assert.equal(r.status, 404, attempt);
    }
  }
  assert.deepEqual(resolve('/../etc/passwd'), file('404.html', 404));
  assert.deepEqual(resolve('/%2e%2e/%2e%2e/etc/passwd'), file('404.html', 404));
});

test('redirects never leave the site: no protocol-relative Location from an encoded slash', () => {
  // GET /%2Fevil.example/index.html decodes to //evil.example/index.html; a Location of
  // //evil.example/ sends the browser to another host (an open redirect on the production server).
  for (const attempt of [
    '/%2Fevil.example/index.html',
    '/%2F%2Fevil.example/index.html',
    '/%5Cevil.example/index.html',
  ]) {
    const r = resolve(attempt);
    if (r.type !== 'redirect') continue;
    assert.ok(/^\/(?![/\\])/.test(r.location), `${attempt} -> Location: ${r.location}`);
  }
});

test('a path sent as //host/… or /\\host/… is redirected to itself with one slash, on this host, never served as another path', async () => {
  const server = http.createServer((req, res) => serveStatic(options, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // As sent, byte for byte: fetch would read //host as the host, and \\ as /.
  const get = (pathname: string) =>
    new Promise<{ status: number; location?: string; body: string }>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port, path: pathname }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
        })
        .on('error', reject),
    );
  try {
    assert.deepEqual(await get('//evil.example/index.html'), {
      status: 301,
      location: '/evil.example/index.html',
      body: '',
    });
    // Not the German docs page for //en/docs/, nor the home page for //evil.example/.
    assert.deepEqual(await get('//en/docs/'), { status: 301, location: '/en/docs/', body: '' });
    assert.deepEqual(await get('//evil.example/?next=1'), { status: 301, location: '/evil.example/?next=1', body: '' });
    assert.deepEqual(await get('/\\evil.example/'), { status: 301, location: '/evil.example/', body: '' });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('redirect locations contain no control characters', () => {
  // A decoded %0d%0a in a Location header makes writeHead throw (a 500 in production, a crash of `site serve`).
  const r = resolve('/a%0d%0aSet-Cookie:%20x=1/index.html');
  assert.equal(r.type, 'redirect');
  if (r.type === 'redirect') assert.doesNotMatch(r.location, /[\r\n\0]/);
});

test('content types and accepted encodings', () => {
  assert.equal(contentTypeOf('a/index.html'), 'text/html; charset=utf-8');
  assert.equal(contentTypeOf('feed.XML'), 'application/xml; charset=utf-8');
  assert.equal(contentTypeOf('file.unknown'), 'application/octet-stream');
  assert.deepEqual([...acceptedEncodings('gzip, deflate, br;q=0.9')].sort(), ['br', 'deflate', 'gzip']);
  assert.deepEqual([...acceptedEncodings('br;q=0, *')].sort(), ['gzip']);
  assert.deepEqual([...acceptedEncodings(undefined)], []);
});

test('over HTTP: 301 with the query kept, 404 with the locale page, 304 on a matching ETag, 405 for POST', async () => {
  await writeFile(path.join(dir, 'style.css.br'), 'compressed');
  const server = http.createServer((req, res) => serveStatic({ ...options, precompressed: true }, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const moved = await fetch(`${base}/docs?x=1`, { redirect: 'manual' });
    assert.deepEqual([moved.status, moved.headers.get('location')], [301, '/docs/?x=1']);
    const configured = await fetch(`${base}/old/`, { redirect: 'manual' });
    assert.deepEqual([configured.status, configured.headers.get('location')], [301, '/docs/']);
    const missing = await fetch(`${base}/en/nope/`);
    assert.deepEqual([missing.status, await missing.text()], [404, '<p>not found</p>']);
    const page = await fetch(`${base}/docs/`);
    assert.deepEqual(
      [page.status, page.headers.get('content-type'), page.headers.get('cache-control')],
      [200, 'text/html; charset=utf-8', 'no-cache'],
    );
    await page.text();
    const again = await fetch(`${base}/docs/`, { headers: { 'if-none-match': page.headers.get('etag')! } });
    assert.equal(again.status, 304);
    const asset = await fetch(`${base}/assets/app.1234.js`);
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    await asset.text();
    const css = await fetch(`${base}/style.css`, { headers: { 'accept-encoding': 'br' } });
    assert.deepEqual([css.headers.get('content-encoding'), css.headers.get('vary')], ['br', 'Accept-Encoding']);
    await css.arrayBuffer().catch(() => undefined);
    // Only a `.br` (a page's twin): Vary on the brotli answer, none on the file as it is, as nginx
    // sends them; with a `.gz` beside it, Vary on every answer.
    for (const [encoding, expected] of [
      ['gzip', [null, null]],
      ['', [null, null]],
    ] as const) {
      const plain = await fetch(`${base}/style.css`, { headers: { 'accept-encoding': encoding } });
      assert.deepEqual([plain.headers.get('content-encoding'), plain.headers.get('vary')], expected, encoding);
      await plain.arrayBuffer();
    }
    await writeFile(path.join(dir, 'style.css.gz'), 'compressed');
    const withGzip = await fetch(`${base}/style.css`, { headers: { 'accept-encoding': 'identity' } });
    assert.deepEqual(
      [withGzip.headers.get('content-encoding'), withGzip.headers.get('vary')],
      [null, 'Accept-Encoding'],
    );
    await withGzip.arrayBuffer();
    const post = await fetch(`${base}/`, { method: 'POST' });
    assert.deepEqual([post.status, post.headers.get('allow')], [405, 'GET, HEAD']);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('Last-Modified is the second the file was written, not the next one: a write in the last half millisecond of a second stays in that second', async () => {
  const written = path.join(dir, 'late.css');
  await writeFile(written, 'body{}');
  // 08:28:24.9996 UTC, as `stat` shows it; the second is 08:28:24.
  await utimes(written, 1795768104.9996, 1795768104.9996);
  const server = http.createServer((req, res) => serveStatic(options, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const answer = await fetch(`${base}/late.css`);
    await answer.text();
    assert.equal(answer.headers.get('last-modified'), 'Fri, 27 Nov 2026 08:28:24 GMT');
    const since = await fetch(`${base}/late.css`, {
      headers: { 'if-modified-since': answer.headers.get('last-modified')! },
    });
    assert.equal(since.status, 304, 'the date it gave is taken back as current');
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
