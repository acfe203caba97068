// The nginx include of a site built with `baseUrl: '/docs/'`, as the README says to deploy it: the
// build placed at `docs/` below the server block's root. For pages, redirects, `/x` and
// `/x/index.html`, precompressed files, hashed assets and the 404s of both locales, nginx answers
// as `site start` does (status, Location, type, encoding, caching, bytes).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runBuild, formatDiagnostic } from '../../generator/build.ts';
import { fixtureCopy } from '../helpers.ts';
import { startServer, type RunningServer } from './contact-helpers.ts';

const NGINX = '/usr/sbin/nginx';
const BROTLI = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

let fixture: { root: string; dispose: () => Promise<void> };
let dir: string;
let start: RunningServer;
let nginx: ChildProcess | undefined;
let nginxUrl: string;
let tmp: string;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

before(async () => {
  assert.ok(existsSync(NGINX) && existsSync(BROTLI), 'nginx and its brotli_static module are installed (.ci/run does it)');
  fixture = await fixtureCopy('basic');
  await writeFile(path.join(fixture.root, 'config/site.config.ts'), "import { base } from './base.ts';\n\nexport default { ...base, baseUrl: '/docs/' };\n");
  dir = path.join(fixture.root, 'build');
  const result = await runBuild({ root: fixture.root, mode: 'build', outDir: dir });
  if (!result.ok) throw new Error(`the fixture did not build:\n${result.diagnostics.map(formatDiagnostic).join('\n')}`);
  start = await startServer({ root: fixture.root, dir });
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-nginx-subpath-'));
  const www = path.join(tmp, 'www');
  await mkdir(www);
  await symlink(realpathSync(dir), path.join(www, 'docs'));
  const port = await freePort();
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
    root ${www};
    include ${path.join(realpathSync(dir), 'nginx.conf')};
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
    if (await fetch(`${nginxUrl}/docs/`).then(() => true, () => false)) break;
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
  await fixture?.dispose();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const COMPARED = ['location', 'content-type', 'content-encoding', 'cache-control', 'content-length', 'content-security-policy'];

function get(base: string, pathname: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${pathname}`, { headers: { connection: 'close', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: Object.fromEntries(COMPARED.map((h) => [h, res.headers[h] as string | undefined])), body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

test('nginx with the include of a build under /docs/ answers as site start does', async () => {
  const asset = (ext: string) => `/docs/assets/${readdirSync(path.join(dir, 'assets')).find((f) => f.endsWith(ext))}`;
  const list = ['/docs', '/docs/', '/docs/en/', '/docs/docs/', '/docs/docs', '/docs/en/docs/index.html?x=1', '/docs/old/', '/docs/old', '/docs/en/old/?utm=1', '/docs/nope/', '/docs/en/nope/', asset('.css'), asset('.js'), '/docs/sitemap.xml', '/docs/en/docs/index.md', '/docs/404.html'];
  const differences: string[] = [];
  for (const pathname of list) {
    for (const encoding of [{ 'accept-encoding': 'br, gzip' }, {}] as Record<string, string>[]) {
      const [ours, theirs] = await Promise.all([get(start.url, pathname, encoding), get(nginxUrl, pathname, encoding)]);
      const label = `${pathname} (${encoding['accept-encoding'] ?? 'identity'})`;
      if (ours.status !== theirs.status) differences.push(`${label}: status ${ours.status} from site start, ${theirs.status} from nginx`);
      for (const h of COMPARED) {
        if (ours.status === 301 && (h === 'content-type' || h === 'content-length')) continue;
        if (ours.headers[h] !== theirs.headers[h]) differences.push(`${label}: ${h}: "${ours.headers[h]}" from site start, "${theirs.headers[h]}" from nginx`);
      }
      if ((ours.status === 200 || ours.status === 404) && !ours.body.equals(theirs.body)) differences.push(`${label}: the bodies differ`);
    }
  }
  assert.deepEqual(differences, []);
  const moved = await get(nginxUrl, '/docs/old/', {});
  assert.deepEqual([moved.status, moved.headers.location], [301, '/docs/docs/']);
  const missing = await get(nginxUrl, '/docs/en/nope/', {});
  assert.equal(missing.status, 404);
  assert.match(missing.body.toString(), /<html lang="en"/);
});
