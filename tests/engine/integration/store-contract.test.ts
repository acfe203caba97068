// The store's contract (server/store.ts), the same tests against SQLite and PostgreSQL: messages
// and idempotency, outbox leases and dead letters, retention, analytics counters, and bookings of
// slots. "Two instances" are two stores opened on the same data: two connections to one SQLite
// file, or two connection pools to one PostgreSQL database, as two `site start` would have.

import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { openStore } from '../../../server/open-store.ts';
import type { ClaimRules, NewBooking, NewMessage, Store } from '../../../server/store.ts';
import { startPostgres, type TestPostgres } from '../../postgres.ts';

interface Opened {
  store: Store;
  /** Another instance on the same data. */
  another: () => Promise<Store>;
  /** The PostgreSQL database's URL (PostgreSQL only). */
  url?: string;
}

let postgres: TestPostgres;
const cleanups: (() => Promise<unknown>)[] = [];

before(async () => {
  postgres = await startPostgres();
});

after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await postgres?.stop();
});

async function opened(settings: { dataDir: string; databaseUrl?: string }, relay: boolean): Promise<Store> {
  const store = openStore(settings, { relay });
  await store.ready();
  cleanups.push(() => store.close());
  return store;
}

const BACKENDS: Record<'SQLite' | 'PostgreSQL', (relay?: boolean) => Promise<Opened>> = {
  SQLite: async (relay = true) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-store-contract-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    return { store: await opened({ dataDir }, relay), another: () => opened({ dataDir }, relay) };
  },
  PostgreSQL: async (relay = true) => {
    const url = await postgres.createDatabase();
    const dataDir = path.join(os.tmpdir(), 'site-store-contract-unused');
    return {
      store: await opened({ dataDir, databaseUrl: url }, relay),
      another: () => opened({ dataDir, databaseUrl: url }, relay),
      url,
    };
  },
};

const RULES: ClaimRules = { leaseMs: 60_000, maxAttempts: 3 };
let counter = 0;

function message(overrides: Partial<NewMessage> = {}): NewMessage {
  counter++;
  return {
    receivedAt: new Date().toISOString(),
    locale: 'en',
    name: `Visitor ${counter}`,
    email: `v${counter}@example.org`,
    message: `Message ${counter} about managed hosting.`,
    idempotencyKey: `key-${counter}`,
    payloadHash: `hash-${counter}`,
    ...overrides,
  };
}

function booking(start: string, overrides: Partial<NewBooking> = {}): NewBooking {
  counter++;
  const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
  return {
    start,
    end,
    bookedAt: new Date().toISOString(),
    locale: 'de',
    name: `Booker ${counter}`,
    email: `b${counter}@example.org`,
    topic: 'Hosting',
    idempotencyKey: `booking-${counter}`,
    payloadHash: `bh-${counter}`,
    ...overrides,
  };
}

const inDays = (days: number, hour = 10) => new Date(Date.UTC(2030, 0, 1 + days, hour)).toISOString();

for (const [name, open] of Object.entries(BACKENDS)) {
  describe(`${name} store`, () => {
    test('a message is stored once per idempotency key: a retry is a duplicate, another message under the key a conflict', async () => {
      const { store } = await open();
      const first = message();
      const stored = await store.messages.submit(first);
      assert.equal(stored.status, 'stored');
      assert.deepEqual(await store.messages.submit({ ...first, receivedAt: new Date().toISOString() }), {
        status: 'duplicate',
        id: stored.id,
      });
      assert.deepEqual(await store.messages.submit({ ...first, message: 'Something else', payloadHash: 'other' }), {
        status: 'conflict',
        id: stored.id,
      });
      const second = await store.messages.submit(message());
      assert.deepEqual(
        (await store.messages.list(10)).map((m) => m.id),
        [second.id, stored.id],
        'newest first',
      );
      const [listed] = await store.messages.list(1, 1);
      assert.deepEqual(
        { ...listed, receivedAt: undefined },
        {
          id: stored.id,
          receivedAt: undefined,
          locale: 'en',
          name: first.name,
          email: first.email,
          message: first.message,
          relay: 'pending',
          attempts: 0,
          unconfirmed: 0,
          lastError: null,
          sentAt: null,
          deadAt: null,
        },
      );
      assert.deepEqual(await store.messages.counts(), { messages: 2, pending: 2, sent: 0, dead: 0 });
    });

    test('the same key posted to two instances at once is stored once', async () => {
      const { store, another } = await open();
      const other = await another();
      const same = message();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? store : other).messages.submit(same)),
      );
      assert.deepEqual(
        results.map((r) => r.status).sort(),
        ['duplicate', ...Array(8).fill('duplicate'), 'stored'].sort(),
      );
      assert.equal(new Set(results.map((r) => r.id)).size, 1);
      assert.equal((await store.messages.counts()).messages, 1);
    });

    test('without a mail server, messages are stored with no outbox row', async () => {
      const { store } = await open(false);
      await store.messages.submit(message());
      assert.equal((await store.messages.list(1))[0].relay, 'not-configured');
      assert.equal(await store.messages.claimNext(Date.now(), RULES), undefined);
      assert.equal(await store.messages.nextDue(), undefined);
    });

    test('an export reads every message oldest first, page by page', async () => {
      const { store } = await open(false);
      const ids: number[] = [];
      for (let i = 0; i < 1010; i += 10)
        ids.push(
          ...(await Promise.all(Array.from({ length: 10 }, () => store.messages.submit(message())))).map((r) => r.id),
        );
      const read: number[] = [];
      for await (const m of store.messages.iterate()) read.push(m.id);
      assert.deepEqual(
        read,
        [...ids].sort((a, b) => a - b),
      );
    });

    test('a claim leases a message: nobody else gets it until the lease ends, and then it counts as unconfirmed once', async () => {
      const { store, another } = await open();
      const other = await another();
      const { id } = await store.messages.submit(message());
      const now = Date.now();
      const claimed = await store.messages.claimNext(now, RULES);
      assert.equal(claimed?.id, id);
      assert.equal(claimed?.attempts, 1, 'the attempt is on record before the mail goes out');
      assert.equal(await other.messages.claimNext(now, RULES), undefined, 'leased to the first instance');
      assert.equal(await store.messages.nextDue(), now + RULES.leaseMs);
      // The first instance died mid-send: after the lease the other takes it, as the one unconfirmed attempt.
      const again = await other.messages.claimNext(now + RULES.leaseMs + 1, RULES);
      assert.equal(again?.id, id);
      assert.equal(again?.unconfirmed, 1);
      assert.match(
        again?.lastError ?? '',
        /the sender stopped during an attempt; the mail server may have the message/,
      );
      assert.deepEqual(await other.messages.recordOutcome(id, { kind: 'sent' }, RULES), { state: 'sent' });
      assert.deepEqual(await store.messages.counts(), { messages: 1, pending: 0, sent: 1, dead: 0 });
      assert.equal(await store.messages.nextDue(), undefined);
    });

    test('a lease that runs out twice makes a dead letter, never a third send', async () => {
      const { store } = await open();
      const { id } = await store.messages.submit(message());
      const now = Date.now();
      await store.messages.claimNext(now, RULES);
      await store.messages.claimNext(now + RULES.leaseMs + 1, RULES);
      assert.equal(await store.messages.claimNext(now + 2 * RULES.leaseMs + 2, RULES), undefined);
      const [dead] = await store.messages.list(1);
      assert.equal(dead.id, id);
      assert.equal(dead.relay, 'dead');
      assert.match(dead.lastError ?? '', /not sent again: unconfirmed twice/);
      assert.equal((await store.messages.counts()).dead, 1);
    });

    test('outcomes: a retry waits for its time, the attempt limit and a permanent refusal make dead letters', async () => {
      const { store } = await open();
      const retried = (await store.messages.submit(message())).id;
      const refused = (await store.messages.submit(message())).id;
      const now = Date.now();
      assert.equal((await store.messages.claimNext(now, RULES))?.id, retried);
      assert.equal((await store.messages.claimNext(now, RULES))?.id, refused);
      const retryAt = now + 5000;
      assert.deepEqual(
        await store.messages.recordOutcome(retried, { kind: 'retry', error: 'connection refused', retryAt }, RULES),
        { state: 'retry', error: 'connection refused', retryAt },
      );
      assert.deepEqual(
        await store.messages.recordOutcome(refused, { kind: 'permanent', error: '550 no such user' }, RULES),
        { state: 'dead', error: 'refused for good (550 no such user)' },
      );
      assert.equal(await store.messages.nextDue(), retryAt);
      assert.equal(await store.messages.claimNext(retryAt - 1, RULES), undefined, 'not before its time');
      for (let attempt = 2; attempt <= RULES.maxAttempts; attempt++) {
        const claimed = await store.messages.claimNext(retryAt + attempt, RULES);
        assert.equal(claimed?.attempts, attempt);
        const recorded = await store.messages.recordOutcome(
          retried,
          { kind: 'retry', error: 'timeout', retryAt: retryAt + attempt },
          RULES,
        );
        assert.equal(recorded.state, attempt < RULES.maxAttempts ? 'retry' : 'dead');
        if (recorded.state === 'dead')
          assert.equal(recorded.error, `timeout (gave up after ${RULES.maxAttempts} attempts)`);
      }
      assert.deepEqual(await store.messages.counts(), { messages: 2, pending: 0, sent: 0, dead: 2 });
      const unconfirmed = (await store.messages.submit(message())).id;
      await store.messages.claimNext(now, RULES);
      assert.equal(
        (
          await store.messages.recordOutcome(
            unconfirmed,
            { kind: 'unconfirmed', error: 'no answer', retryAt: now + 1 },
            RULES,
          )
        ).state,
        'unconfirmed',
      );
      await store.messages.claimNext(now + 2, RULES);
      assert.deepEqual(
        await store.messages.recordOutcome(
          unconfirmed,
          { kind: 'unconfirmed', error: 'no answer', retryAt: now + 3 },
          RULES,
        ),
        { state: 'dead', error: 'no answer (not sent again: unconfirmed twice)' },
      );
    });

    test('two instances with four senders each claim 40 messages: each is claimed once', async () => {
      const { store, another } = await open();
      const other = await another();
      const ids = (await Promise.all(Array.from({ length: 40 }, () => store.messages.submit(message())))).map(
        (r) => r.id,
      );
      const claimed: number[] = [];
      const sender = async (s: Store) => {
        for (;;) {
          const m = await s.messages.claimNext(Date.now(), RULES);
          if (!m) return;
          claimed.push(m.id);
          await s.messages.recordOutcome(m.id, { kind: 'sent' }, RULES);
        }
      };
      await Promise.all([store, other, store, other, store, other, store, other].map(sender));
      assert.deepEqual(
        [...claimed].sort((a, b) => a - b),
        [...ids].sort((a, b) => a - b),
      );
      assert.equal((await store.messages.counts()).sent, 40);
    });

    test('retention deletes messages received before the cutoff with their outbox rows, and old counters', async () => {
      const { store } = await open();
      await store.messages.submit(message({ receivedAt: '2025-01-01T00:00:00.000Z', name: 'Old' }));
      await store.messages.submit(message({ receivedAt: '2026-06-01T00:00:00.000Z', name: 'New' }));
      assert.equal(await store.messages.purgeReceivedBefore('2026-01-01T00:00:00.000Z'), 1);
      assert.deepEqual(
        (await store.messages.list(10)).map((m) => m.name),
        ['New'],
      );
      assert.deepEqual(await store.messages.counts(), { messages: 1, pending: 1, sent: 0, dead: 0 });
      await store.events.increment('2025-12-31', 'pageview', '/', '{}');
      await store.events.increment('2026-01-01', 'pageview', '/', '{}');
      assert.equal(await store.events.purgeBefore('2026-01-01'), 1);
      assert.deepEqual(
        (await store.events.counts()).map((c) => c.day),
        ['2026-01-01'],
      );
    });

    test('analytics counters add one per event, per day, name, page and properties', async () => {
      const { store, another } = await open();
      const other = await another();
      await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? store : other).events.increment('2026-11-26', 'pageview', '/en/', '{"locale":"en"}'),
        ),
      );
      await store.events.increment('2026-11-26', 'pageview', '/', '{"locale":"de"}');
      await store.events.increment('2026-11-25', 'pageview', '/en/', '{"locale":"en"}');
      assert.deepEqual(await store.events.counts(), [
        { day: '2026-11-26', name: 'pageview', path: '/en/', props: '{"locale":"en"}', count: 6 },
        { day: '2026-11-25', name: 'pageview', path: '/en/', props: '{"locale":"en"}', count: 1 },
        { day: '2026-11-26', name: 'pageview', path: '/', props: '{"locale":"de"}', count: 1 },
      ]);
      assert.equal((await store.events.counts('2026-11-26')).length, 2);
    });

    test('a slot is booked once; the key tells a retry from a conflict; a cancellation frees the slot', async () => {
      const { store } = await open();
      const b = store.bookings;
      const first = booking(inDays(1));
      const booked = await b.book(first);
      assert.equal(booked.status, 'booked');
      if (booked.status !== 'booked') return;
      assert.deepEqual(
        { ...booked.booking, id: 0, uid: booked.booking.uid.length },
        {
          id: 0,
          start: first.start,
          end: first.end,
          bookedAt: first.bookedAt,
          locale: 'de',
          name: first.name,
          email: first.email,
          topic: 'Hosting',
          uid: 36,
          cancelledAt: null,
        },
      );
      assert.equal((await b.book(booking(inDays(1)))).status, 'taken');
      assert.deepEqual(await b.book(first), { status: 'duplicate', booking: booked.booking });
      assert.deepEqual(await b.book({ ...first, start: inDays(2), payloadHash: 'other' }), { status: 'conflict' });
      assert.deepEqual([...(await b.takenStarts(inDays(0), inDays(5)))], [first.start]);
      assert.deepEqual(await b.get(booked.booking.id), booked.booking);
      assert.deepEqual(await b.mailStates(booked.booking.id), [
        { kind: 'confirmation', state: 'pending', lastError: null },
      ]);
      const cancelled = await b.cancel(booked.booking.id, '2029-12-01T00:00:00.000Z');
      assert.equal(cancelled.status, 'cancelled');
      assert.equal((await b.cancel(booked.booking.id, '2029-12-02T00:00:00.000Z')).status, 'already-cancelled');
      assert.deepEqual(await b.cancel(999_999, '2029-12-02T00:00:00.000Z'), { status: 'not-found' });
      assert.deepEqual(await b.mailStates(booked.booking.id), [
        { kind: 'confirmation', state: 'dead', lastError: 'cancelled before it was sent' },
        { kind: 'cancellation', state: 'pending', lastError: null },
      ]);
      assert.deepEqual([...(await b.takenStarts(inDays(0), inDays(5)))], []);
      assert.equal((await b.book(booking(inDays(1)))).status, 'booked', 'the slot is free again');
      const past = await b.book(booking('2020-01-01T10:00:00.000Z'));
      assert.equal(past.status, 'booked');
      assert.deepEqual(await b.counts('2029-12-31T00:00:00.000Z'), { upcoming: 1, cancelled: 1, past: 1 });
      // Calls to come first (the booked one and the cancelled one of the same time), then past ones.
      assert.deepEqual(
        (await b.list('2029-12-31T00:00:00.000Z', 10)).map((x) => x.start),
        [inDays(1), inDays(1), '2020-01-01T10:00:00.000Z'],
      );
      assert.equal(await b.purgeEndedBefore('2025-01-01T00:00:00.000Z'), 1);
      assert.equal((await b.counts('2029-12-31T00:00:00.000Z')).past, 0);
    });

    test('ten visitors book one slot on two instances at once: one gets it, nine hear it is taken', async () => {
      const { store, another } = await open();
      const other = await another();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? store : other).bookings.book(booking(inDays(3)))),
      );
      assert.deepEqual(results.map((r) => r.status).sort(), ['booked', ...Array(9).fill('taken')]);
      assert.deepEqual([...(await other.bookings.takenStarts(inDays(0), inDays(5)))], [inDays(3)]);
    });

    test('booking mails are leased and recorded by the same rules as messages', async () => {
      const { store, another } = await open();
      const other = await another();
      const booked = await store.bookings.book(booking(inDays(4)));
      assert.equal(booked.status, 'booked');
      const now = Date.now();
      const mail = await store.bookings.claimNext(now, RULES);
      assert.equal(mail?.kind, 'confirmation');
      assert.equal(mail?.attempts, 1);
      assert.equal(mail?.booking.start, inDays(4));
      assert.equal(await other.bookings.claimNext(now, RULES), undefined, 'leased');
      assert.equal(await store.bookings.nextDue(), now + RULES.leaseMs);
      assert.deepEqual(
        await store.bookings.recordOutcome(mail!.id, { kind: 'permanent', error: '550 mailbox unavailable' }, RULES),
        { state: 'dead', error: 'refused for good (550 mailbox unavailable)' },
      );
      assert.deepEqual(await store.bookings.mailStates(mail!.booking.id), [
        { kind: 'confirmation', state: 'dead', lastError: '550 mailbox unavailable' },
      ]);
      assert.equal(await store.bookings.nextDue(), undefined);
    });

    test('ready and ping answer while open; a closed store refuses', async () => {
      const { another } = await open();
      const store = await another();
      await store.ping();
      assert.equal(store.isOpen, true);
      await store.close();
      assert.equal(store.isOpen, false);
      await assert.rejects(store.ping());
      await assert.rejects(store.messages.submit(message()));
    });
  });
}

describe('PostgreSQL migrations', () => {
  test('instances that start together migrate once, one after the other (advisory lock)', async () => {
    const url = await postgres.createDatabase();
    const stores = Array.from({ length: 4 }, () =>
      openStore({ dataDir: os.tmpdir(), databaseUrl: url }, { relay: true }),
    );
    try {
      await Promise.all(stores.map((s) => s.ready()));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query('SELECT version FROM site_migrations ORDER BY version');
      await client.end();
      assert.deepEqual(
        rows.map((r: { version: number }) => r.version),
        [1],
      );
      assert.equal((await stores[3].messages.submit(message())).status, 'stored');
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  test('a database migrated by newer code, or one that does not answer, stops the start with a clear message', async () => {
    const url = await postgres.createDatabase();
    const first = openStore({ dataDir: os.tmpdir(), databaseUrl: url }, { relay: false });
    await first.ready();
    await first.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      `INSERT INTO site_migrations (version, name, applied_at) VALUES (99, 'from the future', '2030-01-01')`,
    );
    await client.end();
    const newer = openStore({ dataDir: os.tmpdir(), databaseUrl: url }, { relay: false });
    await assert.rejects(
      newer.ready(),
      /^Error: the database at postgres:\/\/[^@]+@127\.0\.0\.1:\d+\/\w+ cannot be used: the database is at schema version 99, newer than this code knows \(1\); run the newer version of the site$/,
    );
    await newer.close();
    const nobody = openStore(
      { dataDir: os.tmpdir(), databaseUrl: 'postgres://site:secret@127.0.0.1:1/site' },
      { relay: false },
    );
    await assert.rejects(
      nobody.ready(),
      (error: Error) =>
        error.message.startsWith('the database at postgres://site@127.0.0.1:1/site cannot be used: ') &&
        !error.message.includes('secret'),
    );
    await nobody.close();
  });
});
