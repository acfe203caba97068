// Two `site start` processes on one PostgreSQL database, as two machines behind a load balancer
// run: messages posted to either (and retried on the other) are stored once, each one is mailed
// once although both relays send from the same outbox, and a slot booked on one instance is taken
// on the other. The database and the mail server are the tests' own, on 127.0.0.1.

import assert from 'node:assert/strict';
import { type ChildProcess, execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import pg from 'pg';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { DB_FILE } from '../../../server/contact-store.ts';
import { fixtureCopy, REPO } from '../../helpers.ts';
import { startPostgres, type TestPostgres } from '../../postgres.ts';
import { spawnOwned } from '../../processes.ts';
import { until } from '../../waiting.ts';
import { asClient, postJson, type SmtpSink, smtpSink, validMessage } from './contact-helpers.ts';

interface Instance {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

let postgres: TestPostgres;
let databaseUrl: string;
let sink: SmtpSink;
let root: string;
let dispose: () => Promise<void>;
let dataDir: string;
let instances: Instance[] = [];
const OWNERS = 'owners@fixture.example';
const run = promisify(execFile);

const BOOKING = {
  endpoint: '/api/booking',
  timeZone: 'Europe/Vienna',
  slotMinutes: 30,
  officeHours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, ['08:00-20:00']])),
  daysAhead: 7,
  leadTimeHours: 2,
  holidays: [],
};

/** `site start` as production runs it, on the shared database (ending with the test process). */
async function startInstance(): Promise<Instance> {
  const child: ChildProcess = spawnOwned(
    process.execPath,
    [path.join(REPO, 'bin/site.js'), 'start', '--dir', 'build', '--port', '0'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        SITE_DATA_DIR: dataDir,
        SMTP_URL: sink.url,
        CONTACT_TO: OWNERS,
        CONTACT_RATE_LIMIT: 'off',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Until it says where it serves, or exits: no clock decides a start on a busy machine.
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`the server exited:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The relay events an instance logged (LOG_FORMAT=json). */
function relayEvents(instance: Instance): { event: string; id: number }[] {
  return instance
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { type?: string; event: string; id: number })
    .filter((record) => record.type === 'relay');
}

before(async () => {
  // The database starts while the site builds: neither waits for the other.
  const database = (async () => {
    postgres = await startPostgres();
    databaseUrl = await postgres.createDatabase();
  })();
  const site = (async () => {
    ({ root, dispose } = await fixtureCopy('basic'));
    await writeFile(
      path.join(root, 'config/site.config.ts'),
      `import { base } from './base.ts';\nexport default { ...base, contact: { ...base.contact!, booking: ${JSON.stringify(BOOKING)} } };\n`,
    );
    return runBuild({ root, mode: 'build', outDir: path.join(root, 'build') });
  })();
  const [, result] = await Promise.all([database, site]);
  if (!result.ok) throw new Error(`the fixture did not build:\n${result.diagnostics.map(formatDiagnostic).join('\n')}`);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-instances-data-'));
  // Each mail takes the server a moment, so both relays and their senders are at work at once.
  sink = await smtpSink(0, { delayMs: () => 50 });
  // Both start together: they migrate the empty database one after the other.
  instances = await Promise.all([startInstance(), startInstance()]);
});

after(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await sink?.stop();
  await postgres?.stop();
  await dispose?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('posts to both instances are stored once each, and each message is mailed once across both relays', async (t) => {
  const POSTS = 200;
  const [a, b] = instances;
  const sent = Array.from({ length: POSTS }, (_, i) => ({
    body: validMessage({ name: `Shared ${i}` }),
    key: `two-instances-${i}`,
    first: i % 2 ? a : b,
    retry: i % 2 ? b : a,
  }));
  const statuses: number[] = [];
  // 20 at a time; every fourth post is sent again to the other instance, as a client whose answer
  // was lost would. A connection refused or reset on a busy machine is sent again with the same key.
  for (let i = 0; i < POSTS; i += 20) {
    await Promise.all(
      sent.slice(i, i + 20).map(async (post, j) => {
        const first = await asClient(() => postJson(post.first.url, post.body, { 'idempotency-key': post.key }));
        statuses.push(first.status);
        if ((i + j) % 4 === 0) {
          const again = await asClient(() => postJson(post.retry.url, post.body, { 'idempotency-key': post.key }));
          statuses.push(again.status);
          assert.equal(((await again.json()) as { duplicate?: boolean }).duplicate, true);
        }
      }),
    );
  }
  assert.deepEqual(new Set(statuses), new Set([201]));
  const stored = await query<{ name: string }>('SELECT name FROM messages');
  assert.equal(stored.length, POSTS, 'each post stored once, whichever instance took it and its retry');
  assert.equal(new Set(stored.map((m) => m.name)).size, POSTS);
  assert.equal(existsSync(path.join(dataDir, DB_FILE)), false, 'no SQLite file beside the shared database');

  await sink.waitFor(POSTS);
  await until(
    async () =>
      (await query<{ n: number }>('SELECT COUNT(*)::int AS n FROM outbox WHERE sent_at IS NULL')).at(0)!.n === 0,
    'every message marked sent',
    { everyMs: 100 },
  );
  // Time for a second send of anything, had a lease failed to keep it.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const perMessage = new Map<string, number>();
  for (const mail of sink.mails.filter((m) => m.headers.has('x-contact-message-id')))
    perMessage.set(
      mail.headers.get('x-contact-message-id')!,
      (perMessage.get(mail.headers.get('x-contact-message-id')!) ?? 0) + 1,
    );
  assert.equal(perMessage.size, POSTS, 'every message was mailed');
  assert.deepEqual(new Set(perMessage.values()), new Set([1]), 'no message was mailed twice');
  // Both relays worked the one outbox: each reports the messages it sent, and no message twice.
  const sentBy = instances.map((instance) =>
    relayEvents(instance)
      .filter((e) => e.event === 'sent')
      .map((e) => e.id),
  );
  assert.equal(sentBy[0].length + sentBy[1].length, POSTS);
  assert.equal(new Set([...sentBy[0], ...sentBy[1]]).size, POSTS);
  assert.ok(
    sentBy[0].length > 0 && sentBy[1].length > 0,
    `sent by the instances: ${sentBy[0].length} and ${sentBy[1].length}`,
  );
  t.diagnostic(
    `posts stored across two instances: ${stored.length} of ${POSTS} (${POSTS / 4} sent again to the other instance); mails per message: ${Math.max(...perMessage.values())}; sent by the two relays: ${sentBy[0].length} and ${sentBy[1].length}`,
  );
});

test('a slot booked on one instance is taken on the other; ten visitors on both for one slot, one wins', async () => {
  const [a, b] = instances;
  const slotsOf = async (instance: Instance) =>
    ((await (await fetch(`${instance.url}/api/booking/slots`)).json()) as { slots: { start: string }[] }).slots.map(
      (s) => s.start,
    );
  const free = await slotsOf(b);
  const chosen = free[2];
  // As a visitor's browser sends it: again, with the same key, when a busy machine's connection was
  // refused or reset.
  const book = (instance: Instance, n: number, slot: string) =>
    asClient(() =>
      fetch(`${instance.url}/api/booking`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'sec-fetch-site': 'same-origin',
          'idempotency-key': `caller-${n}-${slot}`,
        },
        body: JSON.stringify({
          name: `Caller ${n}`,
          email: `caller${n}@example.org`,
          topic: 'Two machines behind a load balancer.',
          terms: true,
          locale: 'en',
          slot,
        }),
      }),
    );
  assert.equal((await book(a, 1, chosen)).status, 201);
  assert.equal((await slotsOf(b)).includes(chosen), false, 'the other instance no longer offers it');
  const taken = await book(b, 2, chosen);
  assert.equal(taken.status, 409);
  assert.equal(((await taken.json()) as { error: string }).error, 'slot-taken');

  const contested = free[5];
  const statuses = await Promise.all(
    Array.from({ length: 10 }, (_, i) => book(i % 2 ? a : b, 10 + i, contested).then((r) => r.status)),
  );
  assert.deepEqual(statuses.sort(), [201, ...Array(9).fill(409)]);
  const rows = await query<{ id: number }>('SELECT id FROM bookings WHERE slot_start = $1 AND cancelled_at IS NULL', [
    contested,
  ]);
  assert.equal(rows.length, 1);

  // Each confirmation is mailed once, by whichever relay claimed it.
  await until(
    async () =>
      (await query<{ n: number }>('SELECT COUNT(*)::int AS n FROM booking_outbox WHERE sent_at IS NULL')).at(0)!.n ===
      0,
    'both confirmations sent',
    { everyMs: 100 },
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const confirmations = sink.mails
    .filter((m) => m.headers.has('x-booking-id'))
    .map((m) => m.headers.get('x-booking-id'));
  assert.equal(confirmations.length, 2);
  assert.equal(new Set(confirmations).size, 2);
});

test('both instances are ready while the database answers', async () => {
  for (const instance of instances) {
    const ready = await fetch(`${instance.url}/readyz`);
    assert.equal(ready.status, 200, instance.output());
  }
});

test('`site contact list` and `export` read the shared database', async () => {
  const env = { ...process.env, DATABASE_URL: databaseUrl, SITE_DATA_DIR: dataDir, SMTP_URL: '' };
  const site = (...args: string[]) =>
    run(process.execPath, [path.join(REPO, 'bin/site.js'), 'contact', ...args], {
      cwd: root,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  const list = await site('list', '--limit', '1');
  assert.match(
    list.stdout,
    /^200 messages in postgres:\/\/[^@\s]+@127\.0\.0\.1:\d+\/\w+ \(200 relayed, 0 waiting for the mail server\)/,
  );
  assert.match(list.stdout, /2 bookings to come/);
  const exported = JSON.parse((await site('export', '--format', 'json')).stdout) as { name: string }[];
  assert.equal(exported.length, 200);
});

test('a database that does not answer stops `site start` with a clear message, and no stack trace', async () => {
  const child = spawnOwned(
    process.execPath,
    [path.join(REPO, 'bin/site.js'), 'start', '--dir', 'build', '--port', '0'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: 'postgres://site:secret@127.0.0.1:1/site',
        SITE_DATA_DIR: dataDir,
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  assert.equal(code, 1);
  assert.match(
    output,
    /^site start: the database at postgres:\/\/site@127\.0\.0\.1:1\/site cannot be used: .*ECONNREFUSED/m,
  );
  assert.doesNotMatch(output, /secret|\n\s+at /);
});

test('while the database is down, both instances say they are not ready, and still serve the site', async () => {
  await postgres.stop();
  for (const instance of instances) {
    const ready = await fetch(`${instance.url}/readyz`);
    assert.equal(ready.status, 503);
    assert.match(((await ready.json()) as { problems: string[] }).problems.join(), /^database: /);
    assert.equal((await fetch(`${instance.url}/healthz`)).status, 200);
    assert.equal((await fetch(`${instance.url}/en/`)).status, 200);
  }
});
