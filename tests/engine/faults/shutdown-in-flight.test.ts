// SIGTERM while requests are on their way, on either store: every request whose headers reached the
// server's machine before the signal is answered (those on connections the server had not taken in
// yet, those on keep-alive connections that were idle, and those whose body comes after the
// signal), each answered message is stored, an idle keep-alive connection is closed, and the
// process exits 0. A load balancer that stops sending on the signal loses no visitor's message.

import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { DB_FILE } from '../../../server/contact-store.ts';
import { type BuiltFixture, builtFixtureCopy } from '../../fixture-site.ts';
import { startPostgres, type TestPostgres } from '../../postgres.ts';
import { validMessage } from '../integration/contact-helpers.ts';
import { connect, contactPost, printed, type RawConnection, startSite } from './site-process.ts';

let site: BuiltFixture;
let postgres: TestPostgres;

before(async () => {
  [site, postgres] = await Promise.all([builtFixtureCopy('basic'), startPostgres()]);
});
after(async () => {
  await postgres?.stop();
  await site?.dispose();
});

/** Requests of each kind in flight at the signal. */
const FRESH = 12;
const LATE_BODY = 4;
const REUSED = 4;
const IDLE = 2;

interface Outcome {
  /** Names of the messages whose headers had arrived at the signal. */
  inFlight: string[];
  /** Names answered 201, and the statuses of the rest. */
  acknowledged: string[];
  other: (number | 'reset')[];
  /** Idle keep-alive connections the server closed. */
  idleClosed: number;
  exit: { code: number | null; signal: NodeJS.Signals | null };
  output: string;
}

/** Sends SIGTERM to a fresh `site start` while requests of every kind are in flight. */
async function terminateInFlight(env: Record<string, string>): Promise<Outcome> {
  const server = await startSite(site.root, env);
  const connections: RawConnection[] = [];
  try {
    const post = (name: string) => contactPost(server.port, validMessage({ name }));
    const inFlight: string[] = [];
    const answers: Promise<{ name: string; status: number | 'reset' }>[] = [];
    const expect = (connection: RawConnection, name: string) => {
      inFlight.push(name);
      answers.push(connection.answer().then((status) => ({ name, status })));
    };
    // Keep-alive connections that were used once: some will carry one more request, some stay idle.
    const used: RawConnection[] = [];
    for (let i = 0; i < REUSED + IDLE; i++) {
      const connection = await connect(server.port);
      connections.push(connection);
      const first = post(`Earlier ${i}`);
      await connection.write(first.head + first.body);
      assert.equal(await connection.answer(), 201);
      used.push(connection);
    }
    // Requests whose body follows the signal: their headers arrive first.
    const late: { connection: RawConnection; body: string }[] = [];
    for (let i = 0; i < LATE_BODY; i++) {
      const connection = await connect(server.port);
      connections.push(connection);
      const { head, body } = post(`Late body ${i}`);
      await connection.write(head);
      expect(connection, `Late body ${i}`);
      late.push({ connection, body });
    }
    // Whole requests on connections opened right before the signal (the server may not have taken
    // them in yet), and on the keep-alive connections used before.
    const fresh = await Promise.all(Array.from({ length: FRESH }, () => connect(server.port)));
    connections.push(...fresh);
    const writes = fresh.map(async (connection, i) => {
      const { head, body } = post(`Fresh ${i}`);
      expect(connection, `Fresh ${i}`);
      await connection.write(head + body);
    });
    const reused = used.slice(0, REUSED).map(async (connection, i) => {
      const { head, body } = post(`Reused ${i}`);
      expect(connection, `Reused ${i}`);
      await connection.write(head + body);
    });
    await Promise.all([...writes, ...reused]);
    // Every byte above is in the server machine's kernel now.
    server.child.kill('SIGTERM');
    await printed(server, /SIGTERM: finishing requests in flight/);
    for (const { connection, body } of late) await connection.write(body).catch(() => undefined);
    const answered = await Promise.all(answers);
    let idleClosed = 0;
    await Promise.all(used.slice(REUSED).map((c) => c.closed.then(() => idleClosed++)));
    const exit = await server.exited;
    return {
      inFlight,
      acknowledged: answered.filter((a) => a.status === 201).map((a) => a.name),
      other: answered.filter((a) => a.status !== 201).map((a) => a.status),
      idleClosed,
      exit,
      output: server.output(),
    };
  } finally {
    for (const connection of connections) connection.socket.destroy();
    await server.stop();
  }
}

function report(t: { diagnostic: (message: string) => void }, store: string, outcome: Outcome, stored: Set<string>) {
  t.diagnostic(
    `SIGTERM on ${store}: ${outcome.inFlight.length} requests in flight, ${outcome.acknowledged.length} answered 201, ${outcome.other.length} not (${outcome.other.join(', ') || 'none'}), ${outcome.inFlight.filter((name) => stored.has(name)).length} of them stored, ${outcome.idleClosed} of ${IDLE} idle connections closed, exit ${outcome.exit.code ?? outcome.exit.signal}`,
  );
}

function assertAllAnswered(outcome: Outcome, stored: Set<string>): void {
  assert.deepEqual(outcome.other, [], `every request in flight answered 201:\n${outcome.output}`);
  assert.equal(outcome.acknowledged.length, outcome.inFlight.length);
  assert.deepEqual(
    outcome.acknowledged.filter((name) => !stored.has(name)),
    [],
    'every message answered 201 is stored',
  );
  assert.equal(outcome.idleClosed, IDLE, 'idle keep-alive connections are closed by the server');
  assert.deepEqual(outcome.exit, { code: 0, signal: null }, outcome.output);
}

test('SIGTERM with SQLite: every request whose headers arrived is answered and stored, then the process exits 0', async (t) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-faults-term-'));
  t.after(() => rm(dataDir, { recursive: true, force: true }));
  const outcome = await terminateInFlight({ SITE_DATA_DIR: dataDir, SMTP_URL: '', DATABASE_URL: '' });
  const db = new Database(path.join(dataDir, DB_FILE), { readonly: true });
  const stored = new Set((db.prepare('SELECT name FROM messages').all() as { name: string }[]).map((r) => r.name));
  db.close();
  report(t, 'SQLite', outcome, stored);
  assertAllAnswered(outcome, stored);
});

test('SIGTERM with PostgreSQL: every request whose headers arrived is answered and stored, then the process exits 0', async (t) => {
  const databaseUrl = await postgres.createDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-faults-term-pg-'));
  t.after(() => rm(dataDir, { recursive: true, force: true }));
  const outcome = await terminateInFlight({ DATABASE_URL: databaseUrl, SITE_DATA_DIR: dataDir, SMTP_URL: '' });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const stored = new Set((await client.query<{ name: string }>('SELECT name FROM messages')).rows.map((r) => r.name));
  await client.end();
  report(t, 'PostgreSQL', outcome, stored);
  assertAllAnswered(outcome, stored);
});
