// The nginx include the build writes (build/nginx.conf), run by Debian's nginx on 127.0.0.1 against
// the same build as `site start`: for a list of paths (pages, redirects with and without their
// trailing slash and with a query, `/x` and `/x/index.html`, precompressed files for each
// Accept-Encoding, hashed assets, 404s of both locales) both servers give the same status,
// Location, content type and encoding, caching headers, security headers with the CSP, length,
// Last-Modified and bytes. ETag, Date and Server differ by design and are not compared.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildFixture, startServer, type BuiltFixture, type RunningServer } from './contact-helpers.ts';

const NGINX = '/usr/sbin/nginx';
const BROTLI = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

let site: BuiltFixture;
let start: RunningServer;
let nginx: ChildProcess | undefined;
let nginxUrl: string;
let tmp: string;

/** A free port on 127.0.0.1 for nginx (asked of the kernel, then handed over). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

before(async () => {
  assert.ok(existsSync(NGINX), 'nginx is installed (apt-get install -y nginx libnginx-mod-http-brotli-static; .ci/run does it)');
  assert.ok(existsSync(BROTLI), 'the brotli_static module is installed (libnginx-mod-http-brotli-static)');
  site = await buildFixture();
  start = await startServer(site);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-nginx-'));
  const port = await freePort();
  const root = realpathSync(site.dir);
  const conf = path.join(tmp, 'nginx.conf');
  await writeFile(
    conf,
    `load_module ${BROTLI};
daemon off;
master_process off;
pid ${tmp}/nginx.pid;
error_log ${tmp}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${tmp}/body; proxy_temp_path ${tmp}/proxy; fastcgi_temp_path ${tmp}/fastcgi; uwsgi_temp_path ${tmp}/uwsgi; scgi_temp_path ${tmp}/scgi;
  server_tokens off;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    include ${path.join(root, 'nginx.conf')};
  }
}
`,
  );
  nginx = spawn(NGINX, ['-p', tmp, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  nginxUrl = `http://127.0.0.1:${port}`;
  const end = Date.now() + 10_000;
  for (;;) {
    const up = await fetch(`${nginxUrl}/`).then(() => true, () => false);
    if (up) break;
    if (nginx.exitCode !== null || Date.now() > end) throw new Error(`nginx did not start: ${stderr}${existsSync(`${tmp}/error.log`) ? readFileSync(`${tmp}/error.log`, 'utf8') : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
});

after(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGTERM');
    await exited;
  }
  await start?.stop();
  await site?.dispose();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

const COMPARED = ['location', 'content-type', 'content-encoding', 'cache-control', 'vary', 'content-length', 'last-modified', 'content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy'];

/** One GET as sent, nothing decoded (fetch would decode and follow). */
function get(base: string, pathname: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${pathname}`, { headers: { connection: 'close', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: Object.fromEntries(COMPARED.map((h) => [h, res.headers[h] as string | undefined])), body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

/** The paths to compare: every kind of answer the static site gives. */
function paths(): string[] {
  const dir = site.dir;
  const redirects = readFileSync(path.join(dir, '_redirects'), 'utf8').trim().split('\n').map((l) => l.split(' ')[0]);
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
  assert.ok(list.every((p) => p && !p.includes('undefined')), list.join(' '));
  const differences: string[] = [];
  let compared = 0;
  for (const pathname of list) {
    const encodings: Record<string, string>[] = [{ 'accept-encoding': 'br, gzip' }, { 'accept-encoding': 'gzip' }, {}];
    for (const encoding of encodings) {
      const [ours, theirs] = await Promise.all([get(start.url, pathname, encoding), get(nginxUrl, pathname, encoding)]);
      compared++;
      const label = `${pathname} (${encoding['accept-encoding'] ?? 'identity'})`;
      if (ours.status !== theirs.status) differences.push(`${label}: status ${ours.status} from site start, ${theirs.status} from nginx`);
      for (const h of COMPARED) {
        // A redirect's body (nginx writes a small page, site start none) is not read by anyone.
        if (ours.status === 301 && (h === 'content-type' || h === 'content-length')) continue;
        if (ours.headers[h] !== theirs.headers[h]) differences.push(`${label}: ${h}: "${ours.headers[h]}" from site start, "${theirs.headers[h]}" from nginx`);
      }
      if (ours.status === 200 || ours.status === 404) {
        if (!ours.body.equals(theirs.body)) differences.push(`${label}: the bodies differ (${ours.body.length} and ${theirs.body.length} bytes)`);
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
  const missing = await get(nginxUrl, '/en/nope/', {});
  assert.equal(missing.status, 404);
  assert.match(missing.body.toString(), /<html lang="en"/);
  const page = await get(nginxUrl, '/', { 'accept-encoding': 'br, gzip' });
  assert.equal(page.headers['content-encoding'], 'br');
  assert.match(page.headers['content-security-policy'] ?? '', /script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
  const css = paths().find((p) => p.endsWith('.css'))!;
  assert.equal((await get(nginxUrl, css, {})).headers['cache-control'], 'public, max-age=31536000, immutable');
});
