// Each contact message reaches the owners' inbox once, against a real SMTP server (smtp-server on
// 127.0.0.1) that is slow, refuses, is down, or whose sender is killed in the middle of a send.
// Duplicates are counted by Message-ID at the server.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { ENGINE_MESSAGES } from '../../../common/messages.ts';
import { DEFAULT_SETTINGS, type RelayTiming, smtpTimeouts } from '../../../server/backend-config.ts';
import { ContactStore, DB_FILE } from '../../../server/contact-store.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../server/migrations.ts';
import { OutboxRelay, smtpMailer } from '../../../server/outbox-relay.ts';
import { REPO } from '../../helpers.ts';
import { spawnOwned } from '../../processes.ts';
import { until } from '../../waiting.ts';
import { quiet, type SinkBehaviour, type SmtpSink, smtpSink } from './contact-helpers.ts';

const run = promisify(execFile);
const mail = {
  to: 'owners@almwerk.example',
  from: 'website@almwerk.example',
  siteTitle: 'Fixture',
  t: ENGINE_MESSAGES.en.contact,
  domain: 'fixture.example',
};
/** Short timeouts so a "slower than the timeout" server takes seconds, not minutes (but not so short that a busy machine trips them). */
const timing = (overrides: Partial<RelayTiming> = {}): RelayTiming => ({
  ...DEFAULT_SETTINGS.relay,
  baseDelayMs: 100,
  maxDelayMs: 400,
  ...smtpTimeouts(1000),
  ...overrides,
});

const dirs: string[] = [];
after(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

interface OutboxRow {
  message_id: number;
  attempts: number;
  unconfirmed: number;
  next_attempt_at: number;
  lease_until: number | null;
  sent_at: string | null;
  dead_at: string | null;
  last_error: string | null;
}

function outbox(dataDir: string): OutboxRow[] {
  const db = new Database(path.join(dataDir, DB_FILE), { readonly: true });
  try {
    return db.prepare('SELECT * FROM outbox ORDER BY message_id').all() as OutboxRow[];
  } finally {
    db.close();
  }
}

/** A data directory holding these messages, waiting in the outbox. */
async function storeWith(names: string[]): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-relay-once-'));
  dirs.push(dataDir);
  const store = ContactStore.open(dataDir, { relay: true });
  await Promise.all(
    names.map((name, i) =>
      store.submit({
        receivedAt: new Date().toISOString(),
        locale: 'en',
        name,
        email: `v${i}@example.org`,
        message: `Message from ${name} about managed hosting.`,
        idempotencyKey: `once-${name}-${i}`,
        payloadHash: `h${i}`,
      }),
    ),
  );
  store.close();
  return dataDir;
}

function relayOn(
  dataDir: string,
  sink: SmtpSink,
  relayTiming: RelayTiming,
): { relay: OutboxRelay; store: ContactStore } {
  const store = ContactStore.open(dataDir, { relay: true });
  const relay = new OutboxRelay(
    store,
    smtpMailer({ url: sink.url, to: mail.to, from: mail.from }, relayTiming),
    mail,
    relayTiming,
    quiet,
  );
  relay.start();
  return { relay, store };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Copies per Message-ID that arrived at the server. */
function copies(sink: SmtpSink): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of sink.mails)
    counts.set(m.headers.get('message-id')!, (counts.get(m.headers.get('message-id')!) ?? 0) + 1);
  return counts;
}
const duplicates = (sink: SmtpSink) => [...copies(sink).values()].reduce((sum, n) => sum + n - 1, 0);
const isSlow = (raw: string) => /Reply-To: Slow/i.test(raw);

async function withSink(behaviour: SinkBehaviour, body: (sink: SmtpSink) => Promise<void>): Promise<void> {
  const sink = await smtpSink(0, behaviour);
  try {
    await body(sink);
  } finally {
    await sink.stop();
  }
}

test('a server slower than the timeout gets the mail once, and the slow mail holds up no other', async () => {
  // The server keeps the mail but answers 4 s after the body, well past the 1 s timeout.
  await withSink({ delayMs: (raw) => (isSlow(raw) ? 4000 : 0) }, async (sink) => {
    const dataDir = await storeWith(['Slow', 'Quick A', 'Quick B', 'Quick C']);
    const started = Date.now();
    const { relay, store } = relayOn(dataDir, sink, timing({ unconfirmedDelayMs: 60 * 60_000 }));
    try {
      await until(() => outbox(dataDir).filter((r) => r.sent_at).length === 3, 'the three quick mails');
      assert.ok(
        Date.now() - started < 4000,
        `the quick mails went out before the slow one was answered (${Date.now() - started} ms)`,
      );
      await until(() => outbox(dataDir)[0].unconfirmed === 1, 'the slow attempt to be recorded');
      // Long enough for several retries of the old 100 ms backoff.
      await sleep(2500);
      assert.equal(duplicates(sink), 0, 'no duplicates');
      assert.equal(sink.mails.length, 4);
      const [slow] = outbox(dataDir);
      assert.equal(slow.attempts, 1);
      assert.equal(slow.sent_at, null);
      assert.equal(slow.dead_at, null);
      assert.ok(slow.next_attempt_at > Date.now() + 50 * 60_000, 'its one retry waits the long delay');
      assert.match(slow.last_error ?? '', /timeout/i);
      assert.equal(store.list(10).find((m) => m.name === 'Slow')?.relay, 'pending');
    } finally {
      await relay.stop();
      store.close();
    }
  });
});

test('a server slower than usual but within the timeout gets the mail once and it counts as sent', async () => {
  await withSink({ delayMs: () => 600 }, async (sink) => {
    const dataDir = await storeWith(['Patient']);
    const { relay, store } = relayOn(dataDir, sink, timing(smtpTimeouts(3000)));
    try {
      await until(() => outbox(dataDir)[0].sent_at !== null, 'the mail to be recorded as sent');
      assert.equal(sink.mails.length, 1);
      assert.deepEqual([outbox(dataDir)[0].attempts, outbox(dataDir)[0].unconfirmed], [1, 0]);
    } finally {
      await relay.stop();
      store.close();
    }
  });
});

test('an unconfirmed mail is sent once more with the same Message-ID, never a third time', async () => {
  await withSink({ delayMs: () => 3000 }, async (sink) => {
    const dataDir = await storeWith(['Slow always']);
    const { relay, store } = relayOn(dataDir, sink, timing({ unconfirmedDelayMs: 300 }));
    try {
      await until(() => outbox(dataDir)[0].dead_at !== null, 'the dead letter');
      await sleep(1500);
      assert.equal(sink.mails.length, 2, 'one retry');
      assert.deepEqual([...copies(sink).values()], [2], 'both with the same Message-ID');
      const [row] = outbox(dataDir);
      assert.deepEqual([row.attempts, row.unconfirmed], [2, 1]);
      assert.match(row.last_error ?? '', /unconfirmed twice/);
    } finally {
      await relay.stop();
      store.close();
    }
  });
});

test('a permanent refusal (5xx) is tried once and becomes a dead letter that `site contact list` shows', async () => {
  await withSink({ rejectWith: (raw) => (/Reply-To: Refused/i.test(raw) ? 550 : undefined) }, async (sink) => {
    const dataDir = await storeWith(['Refused', 'Welcome']);
    const { relay, store } = relayOn(dataDir, sink, timing());
    try {
      await until(() => outbox(dataDir).every((r) => r.sent_at || r.dead_at), 'both outcomes');
      await sleep(800);
      assert.equal(sink.attempts(), 2, 'one attempt each');
      assert.equal(sink.mails.length, 1);
      const [refused, welcome] = outbox(dataDir);
      assert.equal(refused.attempts, 1);
      assert.ok(refused.dead_at);
      assert.match(refused.last_error ?? '', /550/);
      assert.ok(welcome.sent_at);
    } finally {
      await relay.stop();
      store.close();
    }
    const { stdout } = await run(
      process.execPath,
      [path.join(REPO, 'bin/site.js'), 'contact', 'list', '--data', dataDir],
      { cwd: REPO },
    );
    assert.match(stdout, /1 relayed, 0 waiting for the mail server, 1 dead letter/);
    assert.match(stdout, /Refused <v0@example\.org>\s+\[dead letter, not relayed after 1 attempt: .*550/);
  });
});

test('a mail server that stays down: messages become dead letters after the attempt limit', async () => {
  await withSink({}, async (sink) => {
    await sink.stop();
    const dataDir = await storeWith(['Never']);
    const { relay, store } = relayOn(dataDir, sink, timing({ maxAttempts: 3, baseDelayMs: 50, maxDelayMs: 100 }));
    try {
      await until(() => outbox(dataDir)[0].dead_at !== null, 'the dead letter');
      const [row] = outbox(dataDir);
      assert.equal(row.attempts, 3);
      assert.match(row.last_error ?? '', /gave up after 3 attempts/);
      await sink.restart();
      await sleep(500);
      assert.equal(sink.mails.length, 0, 'a dead letter is not sent by itself');
    } finally {
      await relay.stop();
      store.close();
    }
  });
});

test('a relay killed (SIGKILL) in the middle of sending: at most one duplicate per message in flight, nothing lost', async () => {
  const names = Array.from({ length: 30 }, (_, i) => `Batch ${i}`);
  const dataDir = await storeWith(names);
  const relayTiming = timing(smtpTimeouts(1500));
  let bodies = 0;
  let kill: () => void = () => undefined;
  await withSink({ delayMs: () => 150, onDataStart: () => ++bodies === 10 && kill() }, async (sink) => {
    const child = spawnOwned(
      process.execPath,
      ['--import', 'tsx', path.join(REPO, 'tests/engine/integration/relay-process.ts')],
      {
        cwd: REPO,
        env: {
          ...process.env,
          RELAY_TEST_SETTINGS: JSON.stringify({ dataDir, smtpUrl: sink.url, timing: relayTiming }),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = once(child, 'exit');
    kill = () => child.kill('SIGKILL');
    const [code, signal] = await exited;
    assert.equal(signal, 'SIGKILL', `the relay was killed (exit ${code})`);
    const inFlight = outbox(dataDir).filter((r) => r.lease_until !== null && !r.sent_at).length;
    assert.ok(inFlight >= 1 && inFlight <= 4, `messages in flight at the kill: ${inFlight}`);
    // A new relay (the restarted server) takes over once the dead one's leases have run out.
    const { relay, store } = relayOn(dataDir, sink, relayTiming);
    try {
      await until(() => outbox(dataDir).every((r) => r.sent_at || r.dead_at), 'every message to be relayed');
      const perMessage = copies(sink);
      assert.equal(perMessage.size, 30, 'every message arrived');
      assert.ok(
        [...perMessage.values()].every((n) => n <= 2),
        'no message arrived three times',
      );
      const dup = duplicates(sink);
      assert.ok(dup <= inFlight, `${dup} duplicates for ${inFlight} messages in flight`);
      console.log(
        `# SIGKILL during DATA: ${inFlight} messages in flight, ${dup} duplicates, ${sink.mails.length} mails for 30 messages`,
      );
    } finally {
      await relay.stop();
      store.close();
    }
  });
});

test('stopping the server while a mail server is slow waits only a moment; the attempt stays on record', async () => {
  await withSink({ delayMs: () => 2500 }, async (sink) => {
    const dataDir = await storeWith(['Stopped']);
    const { relay, store } = relayOn(dataDir, sink, timing(smtpTimeouts(10_000)));
    await until(() => sink.attempts() === 1, 'the body to arrive');
    const started = Date.now();
    await relay.stop(300);
    store.close();
    assert.ok(Date.now() - started < 1500, `stopped after ${Date.now() - started} ms`);
    const [row] = outbox(dataDir);
    assert.equal(row.attempts, 1, 'the attempt is counted');
    assert.ok(
      row.lease_until && row.lease_until > Date.now(),
      'still leased: the next start waits for the lease, then counts it unconfirmed',
    );
    assert.deepEqual([row.sent_at, row.dead_at], [null, null]);
    // The send finishes in the background after the store is closed, without an error.
    await sleep(300);
  });
});

test('a database of the first schema is upgraded on open: waiting messages keep their attempts and go out', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-relay-v1-'));
  dirs.push(dataDir);
  const db = new Database(path.join(dataDir, DB_FILE));
  db.exec(MIGRATIONS[0].sql);
  db.prepare('INSERT INTO migrations (version, name, applied_at) VALUES (1, ?, ?)').run(
    MIGRATIONS[0].name,
    new Date().toISOString(),
  );
  db.pragma('user_version = 1');
  db.prepare(
    "INSERT INTO messages VALUES (1, ?, 'de', 'Aus Version eins', 'v1@example.org', 'Eine Nachricht aus der Zeit vor dem Upgrade.', 'v1-key', 'v1-hash')",
  ).run(new Date().toISOString());
  db.prepare(
    "INSERT INTO outbox (message_id, attempts, next_attempt_at, last_error) VALUES (1, 2, 0, 'connection refused')",
  ).run();
  db.close();
  await withSink({}, async (sink) => {
    const { relay, store } = relayOn(dataDir, sink, timing());
    try {
      await until(() => outbox(dataDir)[0].sent_at !== null, 'the old message to go out');
      assert.equal(sink.mails.length, 1);
      assert.deepEqual([outbox(dataDir)[0].attempts, outbox(dataDir)[0].unconfirmed], [3, 0]);
    } finally {
      await relay.stop();
      store.close();
    }
  });
  const upgraded = new Database(path.join(dataDir, DB_FILE), { readonly: true });
  assert.equal(upgraded.pragma('user_version', { simple: true }), SCHEMA_VERSION);
  upgraded.close();
});
