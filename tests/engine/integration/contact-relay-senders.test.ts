// The relay's four senders work side by side against a real SMTP server (smtp-server on 127.0.0.1)
// that answers slowly: ten messages take three rounds of the server's delay, not ten; a message
// stored while the senders are busy is taken by an idle one at once; and the log says what became
// of each message (a dead letter is never announced as a retry). The delays are scaled down from
// the 30 s to 1.5 s; the socket timeout is scaled with them, the logic is the same.

import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { ENGINE_MESSAGES } from '../../../common/messages.ts';
import { DEFAULT_SETTINGS, type RelayTiming, smtpTimeouts } from '../../../server/backend-config.ts';
import { ContactStore } from '../../../server/contact-store.ts';
import { OutboxRelay, type RelayEvent, smtpMailer } from '../../../server/outbox-relay.ts';
import { until } from '../../waiting.ts';
import { type SmtpSink, smtpSink } from './contact-helpers.ts';

const mail = {
  to: 'owners@almwerk.example',
  from: 'website@almwerk.example',
  siteTitle: 'Fixture',
  t: ENGINE_MESSAGES.en.contact,
  domain: 'fixture.example',
};
const DELAY_MS = 1500;
const timing = (overrides: Partial<RelayTiming> = {}): RelayTiming => ({
  ...DEFAULT_SETTINGS.relay,
  baseDelayMs: 100,
  maxDelayMs: 400,
  ...smtpTimeouts(4 * DELAY_MS),
  ...overrides,
});

const dirs: string[] = [];
after(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

let n = 0;
const message = (name: string) => ({
  receivedAt: new Date().toISOString(),
  locale: 'en',
  name,
  email: `v${n}@example.org`,
  message: `Message from ${name} about managed hosting.`,
  idempotencyKey: `senders-${name}-${n++}`,
  payloadHash: `h${n}`,
});

async function relayOn(
  sink: SmtpSink,
  relayTiming: RelayTiming,
  log = { log: () => undefined, error: (_line: string) => undefined, relay: (_e: RelayEvent) => undefined },
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-relay-senders-'));
  dirs.push(dataDir);
  const store = ContactStore.open(dataDir, { relay: true });
  const relay = new OutboxRelay(
    store,
    smtpMailer({ url: sink.url, to: mail.to, from: mail.from }, relayTiming),
    mail,
    relayTiming,
    log,
  );
  relay.start();
  return {
    store,
    relay,
    /** Stores a message as the endpoint does: committed, then the relay is told. */
    post: async (name: string) => {
      await store.submit(message(name));
      relay.notify();
    },
    sent: () => store.list(100).filter((m) => m.relay === 'sent').length,
    stop: async () => {
      await relay.stop(100);
      store.close();
    },
  };
}

test('ten messages to a mail server that answers late are delivered in three rounds of its delay, four at a time', async () => {
  // When the server began holding each mail: it answers DELAY_MS later.
  const held: number[] = [];
  const sink = await smtpSink(0, {
    delayMs: () => {
      held.push(Date.now());
      return DELAY_MS;
    },
  });
  const relay = await relayOn(sink, timing());
  try {
    const started = Date.now();
    // Posted one after another, as visitors would: each while the senders are busy with the earlier ones.
    for (let i = 0; i < 10; i++) await relay.post(`Visitor ${i}`);
    await until(() => relay.sent() === 10, 'ten mails', { progress: () => relay.sent() });
    const seconds = (Date.now() - started) / 1000;
    // Four held by the server at once, never more: ceil(10 / 4) = 3 rounds, where one sender would need ten.
    const overlap = Math.max(...held.map((t) => held.filter((u) => u <= t && t < u + DELAY_MS).length));
    assert.equal(overlap, 4, `the server held ${overlap} mails at once`);
    // Three rounds plus connection set-up, which a machine under load stretches; one sender needs ten
    // rounds, 15 s at the least on any machine, since the server holds each mail that long.
    assert.ok(
      seconds < 10 * (DELAY_MS / 1000),
      `ten mails delivered in ${seconds} s, fewer than the ten rounds of ${DELAY_MS} ms one sender needs`,
    );
    assert.equal(sink.mails.length, 10, 'each once');
    console.log(`# ten mails to a server answering after ${DELAY_MS} ms: ${seconds.toFixed(1)} s`);
  } finally {
    await relay.stop();
    await sink.stop();
  }
});

test('a message stored while a slow send is in flight is taken by an idle sender at once', async () => {
  const sink = await smtpSink(0, { delayMs: (raw) => (/Reply-To: Slow/i.test(raw) ? 3 * DELAY_MS : 0) });
  const relay = await relayOn(sink, timing({ ...smtpTimeouts(8 * DELAY_MS) }));
  try {
    await relay.post('Slow');
    await until(() => sink.mails.length === 1, 'the slow mail to reach the server');
    assert.equal(relay.relay.busy, 1, 'one sender waits for the slow answer');
    const posted = Date.now();
    await relay.post('Quick');
    await until(() => relay.sent() === 1, 'the quick mail');
    const ms = Date.now() - posted;
    // Before the slow mail's answer, which comes 3 rounds after its body: a relay that let the quick
    // mail wait for a busy sender would send it only then, on any machine.
    assert.ok(
      ms < 3 * DELAY_MS,
      `the quick mail went out ${ms} ms after it was stored, while the slow one still waited for its answer`,
    );
    assert.equal(relay.store.list(10).find((m) => m.name === 'Slow')?.relay, 'pending');
  } finally {
    await relay.stop();
    await sink.stop();
  }
});

test('the log says a message became a dead letter, and announces no retry for it', async () => {
  const sink = await smtpSink(0, {});
  await sink.stop();
  const lines: string[] = [];
  const events: RelayEvent[] = [];
  const relay = await relayOn(sink, timing({ maxAttempts: 2, baseDelayMs: 50, maxDelayMs: 50 }), {
    log: () => undefined,
    error: (line: string) => void lines.push(line),
    relay: (e: RelayEvent) => void events.push(e),
  });
  try {
    await relay.post('Never');
    await until(() => relay.store.list(1)[0].relay === 'dead', 'the dead letter');
    assert.equal(lines.length, 2, lines.join('\n'));
    assert.match(lines[0], /not accepted .*; retried at \d{4}-/);
    assert.match(lines[1], /gave up after 2 attempts\); kept as a dead letter, not sent again/);
    assert.doesNotMatch(lines[1], /retr/i, 'no retry announced for a dead letter');
    assert.deepEqual(
      events.map((e) => e.event),
      ['retry', 'dead'],
    );
  } finally {
    await relay.stop();
  }
});
