// A relay whose store stops answering (a shared database restarting) logs it, keeps the process
// alive, and sends what is due once the store answers again, without being told.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Mailer, OutboxRelay } from '../../../server/outbox-relay.ts';
import type { OutboxSource, RecordedOutcome } from '../../../server/store.ts';

test('the store down: an error line, no crash, and the due mail is sent once the store is back', async () => {
  let down = true;
  let due = true;
  const fail = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
  const source: OutboxSource<{ id: number; attempts: number }> = {
    claimNext: () => {
      if (down) return fail();
      const claimed = due ? { id: 1, attempts: 1 } : undefined;
      due = false;
      return Promise.resolve(claimed);
    },
    recordOutcome: (): Promise<RecordedOutcome> => Promise.resolve({ state: 'sent' }),
    nextDue: () => (down ? fail() : Promise.resolve(due ? Date.now() : undefined)),
    isOpen: true,
  };
  const sent: unknown[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      sent.push(mail);
      return { ok: true };
    },
    close: () => undefined,
  };
  const errors: string[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const relay = new OutboxRelay(
    source,
    mailer,
    () => ({ subject: 'x' }),
    {
      baseDelayMs: 50,
      maxDelayMs: 100,
      maxAttempts: 3,
      socketTimeoutMs: 1000,
      sendTimeoutMs: 2500,
      leaseMs: 5000,
      unconfirmedDelayMs: 1000,
    },
    { log: () => undefined, error: (line: string) => errors.push(line) },
  );
  try {
    relay.start();
    while (errors.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.match(
      errors.join('\n'),
      /relay: the store did not answer \(connect ECONNREFUSED 127\.0\.0\.1:5432\); looking again in 0 s/,
    );
    assert.equal(sent.length, 0);
    down = false;
    while (sent.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(sent.length, 1);
    assert.deepEqual(unhandled, []);
  } finally {
    await relay.stop(100);
    process.off('unhandledRejection', onUnhandled);
  }
});
