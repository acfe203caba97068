// What operators rely on: /healthz and /readyz for the load balancer, Range requests, one JSON log
// line per request and per relay event with LOG_FORMAT=json, and a graceful stop on SIGTERM that
// refuses new connections and still finishes the mail being sent.

import assert from 'node:assert/strict';
import { readFileSync, renameSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { DB_FILE } from '../../../server/contact-store.ts';
import { REPO } from '../../helpers.ts';
import { spawnOwned } from '../../processes.ts';
import { until } from '../../waiting.ts';
import { type BuiltFixture, buildFixture, postJson, smtpSink, startServer, validMessage } from './contact-helpers.ts';

let site: BuiltFixture;
before(async () => {
  site = await buildFixture();
});
after(() => site?.dispose());

/** A GET with the given headers, the body as bytes. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

test('/healthz answers while the process runs; /readyz only while the database answers and the build is there', async () => {
  const server = await startServer(site);
  try {
    const health = await get(`${server.url}/healthz`);
    assert.deepEqual([health.status, JSON.parse(health.body.toString())], [200, { status: 'ok' }]);
    assert.equal(health.headers['cache-control'], 'no-store');
    const ready = await get(`${server.url}/readyz`);
    assert.deepEqual([ready.status, JSON.parse(ready.body.toString())], [200, { status: 'ok' }]);
    // The build moved away: not ready, though still alive.
    renameSync(site.dir, `${site.dir}.away`);
    try {
      const noBuild = await get(`${server.url}/readyz`);
      assert.equal(noBuild.status, 503);
      assert.match(JSON.parse(noBuild.body.toString()).problems.join(), /no built site in .*build/);
      assert.equal((await get(`${server.url}/healthz`)).status, 200);
    } finally {
      renameSync(`${site.dir}.away`, site.dir);
    }
    assert.equal((await get(`${server.url}/readyz`)).status, 200);
    // The database gone (closed here, as a broken disk or server would leave it).
    server.app.backend.store.close();
    const noDatabase = await get(`${server.url}/readyz`);
    assert.equal(noDatabase.status, 503);
    assert.match(JSON.parse(noDatabase.body.toString()).problems.join(), /^database: /);
  } finally {
    await server.stop();
  }
});

test('Range requests: one range is answered with 206 and its bytes, a range past the end with 416', async () => {
  const server = await startServer(site);
  try {
    const whole = readFileSync(path.join(site.dir, 'sitemap.xml'));
    const first = await get(`${server.url}/sitemap.xml`, { range: 'bytes=0-9' });
    assert.equal(first.status, 206);
    assert.equal(first.headers['content-range'], `bytes 0-9/${whole.length}`);
    assert.deepEqual(first.body, whole.subarray(0, 10));
    const tail = await get(`${server.url}/sitemap.xml`, { range: 'bytes=-16' });
    assert.equal(tail.status, 206);
    assert.deepEqual(tail.body, whole.subarray(whole.length - 16));
    const open = await get(`${server.url}/sitemap.xml`, { range: `bytes=${whole.length - 3}-` });
    assert.deepEqual(open.body, whole.subarray(whole.length - 3));
    const past = await get(`${server.url}/sitemap.xml`, { range: `bytes=${whole.length}-` });
    assert.equal(past.status, 416);
    assert.equal(past.headers['content-range'], `bytes */${whole.length}`);
    const plain = await get(`${server.url}/sitemap.xml`);
    assert.equal(plain.headers['accept-ranges'], 'bytes');
    // A validator of another version: the whole file, not a piece of the wrong one.
    const stale = await get(`${server.url}/sitemap.xml`, { range: 'bytes=0-9', 'if-range': '"another-version"' });
    assert.equal(stale.status, 200);
    assert.deepEqual(stale.body, whole);
  } finally {
    await server.stop();
  }
});

test('site start with LOG_FORMAT=json logs one JSON line per request and relay event; SIGTERM refuses new connections and finishes the send in flight', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-operations-'));
  let bodyArrived: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (bodyArrived = resolve));
  const sink = await smtpSink(0, { delayMs: () => 2000, onDataStart: () => bodyArrived() });
  const child = spawnOwned(
    process.execPath,
    [path.join(REPO, 'bin/site.js'), 'start', '--dir', 'build', '--port', '0'],
    {
      cwd: site.root,
      env: {
        ...process.env,
        SITE_DATA_DIR: dataDir,
        CONTACT_RATE_LIMIT: 'off',
        SMTP_URL: sink.url,
        CONTACT_TO: 'owners@almwerk.example',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const served = () => /on (http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout)?.[1];
    await until(() => served() !== undefined || child.exitCode !== null, 'site start to serve');
    const url = served();
    if (!url) throw new Error(`site start did not start:\n${stdout}${stderr}`);
    assert.equal((await get(`${url}/en/?utm=secret`)).status, 200);
    assert.equal((await postJson(url, validMessage({ name: 'Graceful' }))).status, 201);
    await arrived;
    // The mail server holds the mail for 2 s: stop now, in the middle of the send.
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const refused = await get(`${url}/`).then(
      () => false,
      (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
    );
    assert.ok(refused, 'no new connections after SIGTERM');
    assert.equal(await exited, 0, stderr);
    const db = new Database(path.join(dataDir, DB_FILE), { readonly: true });
    const row = db.prepare('SELECT sent_at, attempts FROM outbox').get() as {
      sent_at: string | null;
      attempts: number;
    };
    db.close();
    assert.ok(row.sent_at, 'the send in flight was finished and recorded before the process ended');
    assert.equal(sink.mails.length, 1);

    const lines = stdout.trim().split('\n');
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.ok(
      records.every((r) => typeof r.time === 'string' && typeof r.level === 'string'),
      'every line is a JSON record',
    );
    const page = records.find((r) => r.type === 'request' && r.path === '/en/');
    assert.ok(page, lines.join('\n'));
    assert.equal(page.status, 200);
    assert.equal(page.method, 'GET');
    assert.ok(!JSON.stringify(records).includes('secret'), 'no query string in the log');
    assert.ok(records.some((r) => r.type === 'request' && r.path === '/api/contact' && r.status === 201));
    assert.deepEqual(
      records.filter((r) => r.type === 'relay').map((r) => [r.event, r.id]),
      [['sent', 1]],
    );
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await sink.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
