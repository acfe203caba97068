// Generated HTTP requests (methods, paths with encodings, dot segments, control bytes and the
// build's own files, headers of every kind, bodies for the contact endpoints) sent as raw bytes to
// a real `site start` on 127.0.0.1 serving the basic fixture's build. Properties: no answer is a
// 5xx, `/healthz` answers 200 after every request, and the process is still running.
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { type SiteProcess, startSite } from '../engine/faults/site-process.ts';
import { builtFixtureCopy } from '../fixture-site.ts';
import type { FuzzSurface } from './surfaces.ts';

let running: Promise<SiteProcess> | undefined;

/** One `site start` for every run of this process, ended with it. */
function site(): Promise<SiteProcess> {
  running ??= (async () => {
    const built = await builtFixtureCopy('basic');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-fuzz-data-'));
    process.once('exit', () => {
      rmSync(built.root, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    });
    const started = await startSite(built.root, { SITE_DATA_DIR: dataDir, SMTP_URL: '', DATABASE_URL: '' });
    // The server lives as long as this process and keeps none of it alive: a test run ends when its
    // tests have, and the server with it (tests/processes.ts).
    started.child.unref();
    for (const stream of [started.child.stdout, started.child.stderr]) (stream as net.Socket | null)?.unref();
    return started;
  })();
  return running;
}

/** Sends `bytes` on a connection of its own and resolves with the status of the answer (0: closed without one). */
function exchange(port: number, bytes: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('close', () => {
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(Buffer.concat(chunks).toString('latin1'));
      resolve(status ? Number(status[1]) : 0);
    });
    socket.end(bytes);
  });
}

const piece = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'docs',
      'en',
      'news',
      'contact',
      'api',
      'healthz',
      'readyz',
      'index.html',
      '_headers',
      '_redirects',
      'nginx.conf',
      '_server',
      'site.json',
      'assets',
      'img',
      'logo.svg',
      'rss.xml',
      'sitemap.xml',
      '..',
      '.',
      '',
      '%2e%2e',
      '%2F',
      '%5C',
      '%00',
      '%0A',
      '%C3%BC',
      '%FF',
      '%',
      '%%',
      '\\',
      'ü',
      '%73ervices',
      '?x=1',
      '?',
      '#top',
      ';a',
      '\u0001',
    ),
  },
  // Mostly as a browser sends text (percent-encoded), sometimes raw, as a script might.
  { arbitrary: fc.string({ maxLength: 8 }).map(encodeURIComponent), weight: 3 },
  { arbitrary: fc.string({ maxLength: 8 }), weight: 1 },
);
const target = fc.oneof(
  fc.constantFrom(
    '/',
    '/api/contact',
    '/api/contact/reveal',
    '/api/booking',
    '/en/contact/',
    '*',
    'http://127.0.0.1/docs/',
  ),
  fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
);
const headerValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    'br, gzip',
    'gzip;q=0',
    '*;q=0.5',
    'bytes=0-10',
    'bytes=5-',
    'bytes=-3',
    'bytes=9999999-',
    '"x"',
    'W/"a"',
    '*',
    'Thu, 01 Jan 1970 00:00:00 GMT',
    'application/json',
    'application/x-www-form-urlencoded',
    'text/plain',
    'multipart/form-data; boundary=x',
    'http://127.0.0.1',
    'https://evil.example',
    '1.2.3.4, 5.6.7.8',
    'de-AT,de;q=0.9',
  ),
);
const headerName = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'Accept-Encoding',
      'Range',
      'If-None-Match',
      'If-Modified-Since',
      'If-Range',
      'Content-Type',
      'Origin',
      'Referer',
      'X-Forwarded-For',
      'Accept-Language',
      'Cookie',
      'Sec-Fetch-Site',
      'Transfer-Encoding',
      'Expect',
    ),
  },
  { arbitrary: fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,11}$/), weight: 3 },
  { arbitrary: fc.string({ minLength: 1, maxLength: 12 }), weight: 1 },
);
const body = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 2 }),
  fc
    .record(
      {
        name: fc.string(),
        email: fc.oneof(fc.emailAddress(), fc.string()),
        message: fc.string(),
        terms: fc.boolean(),
        locale: fc.constantFrom('en', 'de', 'xx'),
      },
      { requiredKeys: [] },
    )
    .map((fields) => JSON.stringify(fields)),
);
const request = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'OPTIONS', 'DELETE', 'PATCH', 'TRACE', 'get', 'BREW'),
  target,
  headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 5 }),
  body,
});

/** The request as bytes; header lines never hold a line break (each is one header), the length is the body's. */
function bytesOf(r: { method: string; target: string; headers: [string, string][]; body: string }): Buffer {
  const flat = (s: string) => s.replace(/[\r\n]/g, ' ');
  const payload = Buffer.from(r.body);
  const lines = [
    `${r.method} ${flat(r.target)} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...r.headers
      .filter(([name]) => !/^(content-length|transfer-encoding|connection|host|expect)$/i.test(name.trim()))
      .map(([name, value]) => `${flat(name)}: ${flat(value)}`),
    'Connection: close',
    `Content-Length: ${payload.length}`,
  ];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), payload]);
}

export const surface: FuzzSurface = {
  name: 'http',
  async run({ runs, seed }) {
    const server = await site();
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        cases++;
        const status = await exchange(server.port, bytesOf(r));
        if (status >= 500) throw new Error(`answered ${status}`);
        const health = await exchange(
          server.port,
          Buffer.from('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
        );
        if (health !== 200) throw new Error(`/healthz answered ${health} after it:\n${server.output().slice(-2000)}`);
        if (server.child.exitCode !== null) throw new Error(`site start exited:\n${server.output().slice(-2000)}`);
      }),
      { numRuns: runs, seed },
    );
    return { cases };
  },
};
