// Relaying stored messages to a real SMTP server on 127.0.0.1 (smtp-server): what the mail looks
// like, that nothing a visitor types reaches a header, that a mail server that is down gets
// everything once it is back (also across a restart of the site's server), and that without SMTP
// messages are only stored.

import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { DEFAULT_SETTINGS } from '../../../server/backend-config.ts';
import { DB_FILE } from '../../../server/contact-store.ts';
import { until } from '../../waiting.ts';
import {
  type BuiltFixture,
  buildFixture,
  postJson,
  type SmtpSink,
  smtpSink,
  startServer,
  validMessage,
} from './contact-helpers.ts';

let site: BuiltFixture;
const fast = { ...DEFAULT_SETTINGS.relay, baseDelayMs: 100, maxDelayMs: 400 };
const smtpFor = (sink: SmtpSink) => ({
  url: sink.url,
  to: 'owners@almwerk.example',
  from: 'Website <website@almwerk.example>',
});

before(async () => {
  site = await buildFixture();
});
after(() => site?.dispose());

function outbox(
  dataDir: string,
): { message_id: number; attempts: number; sent_at: string | null; last_error: string | null }[] {
  const db = new Database(path.join(dataDir, DB_FILE), { readonly: true });
  try {
    return db.prepare('SELECT * FROM outbox ORDER BY message_id').all() as never;
  } finally {
    db.close();
  }
}

test('a stored message goes out: the site as sender, the visitor only in Reply-To', async () => {
  const sink = await smtpSink();
  const server = await startServer(site, { smtp: smtpFor(sink), relay: fast });
  try {
    const message = validMessage({
      name: 'Anna Berger',
      email: 'anna@example.org',
      message: 'We run three Rails apps and want them managed.\nCan we talk?',
    });
    assert.equal((await postJson(server.url, message)).status, 201);
    await sink.waitFor(1);
    const [mail] = sink.mails;
    assert.equal(mail.from, 'website@almwerk.example', 'envelope sender');
    assert.deepEqual(mail.to, ['owners@almwerk.example'], 'envelope recipients');
    assert.equal(mail.headers.get('from'), 'Website <website@almwerk.example>');
    assert.equal(mail.headers.get('to'), 'owners@almwerk.example');
    assert.equal(mail.headers.get('reply-to'), 'Anna Berger <anna@example.org>');
    assert.equal(mail.headers.get('sender'), undefined);
    assert.match(mail.headers.get('subject')!, /Fixture · Kontaktformular: Anna Berger/);
    assert.match(mail.headers.get('message-id')!, /^<contact-1\.\d+@fixture\.example>$/);
    assert.match(mail.raw, /We run three Rails apps and want them managed\./);
    for (const name of ['from', 'to', 'sender', 'return-path', 'cc', 'bcc'])
      assert.doesNotMatch(mail.headers.get(name) ?? '', /anna@example\.org/, name);
    await until(() => outbox(server.dataDir)[0]?.sent_at !== null, 'the message to be marked sent');
    assert.equal(outbox(server.dataDir)[0].attempts, 1);
  } finally {
    await server.stop();
    await sink.stop();
  }
});

test('line breaks in a name cannot add headers or recipients', async () => {
  const sink = await smtpSink();
  const server = await startServer(site, { smtp: smtpFor(sink), relay: fast });
  try {
    const evil = validMessage({ name: 'Eve\r\nBcc: victim@example.org\r\nX-Injected: yes', email: 'eve@example.org' });
    assert.equal((await postJson(server.url, evil)).status, 400, 'the form refuses it');
    // Should such a name reach the store anyway (an older version, a manual import), the mail is still safe.
    const { backend } = server.app;
    await backend.store.messages.submit({
      receivedAt: new Date().toISOString(),
      locale: 'en',
      name: evil.name as string,
      email: 'eve@example.org',
      message: 'Forged headers?',
      idempotencyKey: 'evil-headers',
      payloadHash: 'evil',
    });
    backend.stored();
    await sink.waitFor(1);
    const [mail] = sink.mails;
    assert.deepEqual(mail.to, ['owners@almwerk.example']);
    assert.equal(mail.headers.get('bcc'), undefined);
    assert.equal(mail.headers.get('x-injected'), undefined);
    assert.doesNotMatch(mail.raw.split(/\r?\n\r?\n/)[0], /^(Bcc|X-Injected):/im);
    assert.doesNotMatch(mail.raw, /^(Bcc|X-Injected):/im, 'no forged lines in the body either');
    assert.match(mail.headers.get('subject')!, /Eve Bcc: victim@example\.org X-Injected: yes/);
  } finally {
    await server.stop();
    await sink.stop();
  }
});

test('the mail server is down: messages wait in the outbox with backoff and go out when it is back', async () => {
  const sink = await smtpSink();
  await sink.stop();
  const server = await startServer(site, { smtp: smtpFor(sink), relay: fast });
  try {
    for (let i = 0; i < 3; i++)
      assert.equal(
        (await postJson(server.url, validMessage({ name: `Waiting ${i}` }))).status,
        201,
        'stored while SMTP is down',
      );
    await until(() => outbox(server.dataDir).every((row) => row.attempts >= 2), 'two attempts of each message');
    const waiting = outbox(server.dataDir);
    assert.equal(waiting.length, 3);
    assert.ok(
      waiting.every((row) => row.sent_at === null && row.last_error),
      'failures recorded, nothing marked sent',
    );
    assert.equal(sink.mails.length, 0);
    await sink.restart();
    await sink.waitFor(3);
    assert.deepEqual(sink.mails.map((m) => m.headers.get('reply-to')!.replace(/ <.*/, '')).sort(), [
      'Waiting 0',
      'Waiting 1',
      'Waiting 2',
    ]);
    await until(() => outbox(server.dataDir).every((row) => row.sent_at !== null), 'every message to be marked sent');
  } finally {
    await server.stop();
    await sink.stop();
  }
});

test('a backlog survives a restart of the site’s server and goes out when the next one starts', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-contact-backlog-'));
  const sink = await smtpSink();
  await sink.stop();
  try {
    const first = await startServer(site, {
      dataDir,
      smtp: smtpFor(sink),
      relay: { ...fast, baseDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    assert.equal((await postJson(first.url, validMessage({ name: 'Backlog' }))).status, 201);
    await until(() => outbox(dataDir)[0]?.attempts === 1, 'the first attempt');
    await first.stop();
    await sink.restart();
    // The retry is not due for a minute; make it due now, as time would.
    const db = new Database(path.join(dataDir, DB_FILE));
    db.prepare('UPDATE outbox SET next_attempt_at = 0').run();
    db.close();
    const second = await startServer(site, { dataDir, smtp: smtpFor(sink), relay: fast });
    try {
      await sink.waitFor(1);
      assert.match(sink.mails[0].headers.get('reply-to')!, /^Backlog </);
    } finally {
      await second.stop();
    }
  } finally {
    await sink.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('without SMTP configured, messages are only stored', async () => {
  const server = await startServer(site);
  try {
    assert.equal((await postJson(server.url, validMessage({ name: 'Only Stored' }))).status, 201);
    assert.deepEqual(outbox(server.dataDir), []);
    assert.deepEqual(
      (await server.app.backend.store.messages.list(5)).map((m) => [m.name, m.relay]),
      [['Only Stored', 'not-configured']],
    );
  } finally {
    await server.stop();
  }
});
