// Debian's nginx, run by a test on 127.0.0.1 with the include a build wrote, and the requests that
// compare its answers with those of `site start`: one GET as sent, nothing decoded or followed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnOwned } from './processes.ts';
import { until } from './waiting.ts';

const NGINX = '/usr/sbin/nginx';
const BROTLI = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface RunningNginx {
  url: string;
  /** Its folder (configuration, logs, temporary files), named in its command line (`-p`). */
  dir: string;
  /** What `nginx -t` said of the configuration besides "ok": warnings, one per line. */
  warnings: string[];
  stop: () => Promise<void>;
}

/** A free port on 127.0.0.1 for nginx (asked of the kernel, then handed over). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** nginx serving `root` with the build's `include` in its server block (and `beside` it, as an
 * operator adds the proxy to `site start`); answers once `probe` does. */
export async function startNginx(input: {
  root: string;
  include: string;
  probe: string;
  beside?: string;
}): Promise<RunningNginx> {
  assert.ok(
    existsSync(NGINX),
    'nginx is installed (apt-get install -y nginx libnginx-mod-http-brotli-static; .ci/run does it)',
  );
  assert.ok(existsSync(BROTLI), 'the brotli_static module is installed (libnginx-mod-http-brotli-static)');
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'site-nginx-'));
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
    root ${input.root};
    include ${input.include};
    ${input.beside ?? ''}
  }
}
`,
  );
  const checked = await new Promise<string>((resolve) => {
    const test = spawn(NGINX, ['-t', '-p', tmp, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    test.stderr!.on('data', (c: Buffer) => (said += c.toString()));
    test.once('close', () => resolve(said));
  });
  const warnings = checked.split('\n').filter((line) => /\[(warn|emerg|alert|crit)\]/.test(line));
  // In the foreground (`daemon off`), one process (`master_process off`), a child of this process
  // that ends with it (tests/processes.ts).
  const nginx = spawnOwned(NGINX, ['-p', tmp, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const ended = () => nginx.exitCode !== null || nginx.signalCode !== null;
  const stop = async () => {
    if (!ended()) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    await rm(tmp, { recursive: true, force: true });
  };
  // Until it answers, or exits (no clock: on a busy machine a start may take long).
  const answers = () =>
    fetch(`${url}${input.probe}`).then(
      () => true,
      () => false,
    );
  try {
    await until(async () => ended() || (await answers()), 'nginx to answer');
    if (ended()) throw new Error(`nginx exited (${nginx.exitCode ?? nginx.signalCode})`);
  } catch (error) {
    const log = existsSync(`${tmp}/error.log`) ? readFileSync(`${tmp}/error.log`, 'utf8') : '';
    await stop();
    throw new Error(`nginx did not start (${(error as Error).message}): ${stderr}${log}`);
  }
  return { url, dir: tmp, warnings, stop };
}

export interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

/** One GET as sent, nothing decoded (fetch would decode and follow); keeps the headers named. */
export function get(
  base: string,
  pathname: string,
  headers: Record<string, string>,
  compared: readonly string[],
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // The path as given, byte for byte (a URL string would be normalized first: `\` to `/`).
    const { hostname, port } = new URL(base);
    const options = { hostname, port, path: pathname, headers: { connection: 'close', ...headers } };
    const req = http.get(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: Object.fromEntries(compared.map((h) => [h, res.headers[h] as string | undefined])),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
  });
}
