// The store's contract (server/store.ts), the same tests against SQLite and PostgreSQL: messages
// and idempotency, outbox leases and dead letters, retention, analytics counters, bookings of
// slots with their random ids, limits and mails, and the results of plain form posts. "Two instances" are two stores opened on the same data: two connections to one SQLite
// file, or two connection pools to one PostgreSQL database, as two `site start` would have.

import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { openStore } from '../../../server/open-store.ts';
import type { BookingLimits, ClaimRules, NewBooking, NewMessage, Store } from '../../../server/store.ts';
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

/** Limits that no test of the slots themselves reaches. */
const NO_LIMITS: BookingLimits = { maxOpenPerEmail: 1000, maxPerDay: 100_000 };

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
      // A message no mail has carried yet is listed before the relayed one, though older: the
      // owner reading `site contact list` sees first what reached nobody.
      const unsent = await store.messages.submit(message());
      const later = await store.messages.submit(message());
      const soon = Date.now() + 1000;
      assert.equal((await store.messages.claimNext(soon, RULES))?.id, unsent.id);
      const retryAt = soon + 3_600_000;
      await store.messages.recordOutcome(unsent.id, { kind: 'retry', error: 'connection refused', retryAt }, RULES);
      assert.equal((await store.messages.claimNext(soon, RULES))?.id, later.id);
      await store.messages.recordOutcome(later.id, { kind: 'sent' }, RULES);
      assert.deepEqual(
        (await store.messages.list(10)).map((m) => [m.id, m.relay]),
        [
          [unsent.id, 'pending'],
          [later.id, 'sent'],
          [id, 'sent'],
        ],
      );
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
      const booked = await b.book(first, NO_LIMITS);
      assert.equal(booked.status, 'booked');
      if (booked.status !== 'booked') return;
      assert.match(booked.booking.id, /^[0-9a-z]{12}$/, 'a random id');
      assert.deepEqual(
        { ...booked.booking, id: '', uid: booked.booking.uid.length },
        {
          id: '',
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
      assert.equal((await b.book(booking(inDays(1)), NO_LIMITS)).status, 'taken');
      assert.deepEqual(await b.book(first, NO_LIMITS), { status: 'duplicate', booking: booked.booking });
      assert.deepEqual(await b.book({ ...first, start: inDays(2), payloadHash: 'other' }, NO_LIMITS), {
        status: 'conflict',
      });
      assert.deepEqual([...(await b.takenStarts(inDays(0), inDays(5)))], [first.start]);
      assert.deepEqual(await b.get(booked.booking.id), booked.booking);
      assert.deepEqual(await b.mailStates(booked.booking.id), [
        { kind: 'confirmation', state: 'queued', lastError: null },
      ]);
      // Cancelled before its invitation went out: the invitation is withdrawn, and no CANCEL follows.
      const cancelled = await b.cancel(booked.booking.id, '2029-12-01T00:00:00.000Z');
      assert.equal(cancelled.status, 'cancelled');
      assert.equal(cancelled.status === 'cancelled' && cancelled.mailed, false);
      assert.equal((await b.cancel(booked.booking.id, '2029-12-02T00:00:00.000Z')).status, 'already-cancelled');
      assert.deepEqual(await b.cancel('nosuchbooking', '2029-12-02T00:00:00.000Z'), { status: 'not-found' });
      assert.deepEqual(await b.mailStates(booked.booking.id), [
        { kind: 'confirmation', state: 'dead', lastError: 'cancelled before it was sent' },
      ]);
      assert.deepEqual([...(await b.takenStarts(inDays(0), inDays(5)))], []);
      assert.equal((await b.book(booking(inDays(1)), NO_LIMITS)).status, 'booked', 'the slot is free again');
      const past = await b.book(booking('2020-01-01T10:00:00.000Z'), NO_LIMITS);
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
        Array.from({ length: 10 }, (_, i) => (i % 2 ? store : other).bookings.book(booking(inDays(3)), NO_LIMITS)),
      );
      assert.deepEqual(results.map((r) => r.status).sort(), ['booked', ...Array(9).fill('taken')]);
      assert.deepEqual([...(await other.bookings.takenStarts(inDays(0), inDays(5)))], [inDays(3)]);
    });

    test('booking mails are leased and recorded by the same rules as messages', async () => {
      const { store, another } = await open();
      const other = await another();
      const booked = await store.bookings.book(booking(inDays(4)), NO_LIMITS);
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

    test('booking ids are random and unguessable: no counter, and a number finds nothing', async () => {
      const { store } = await open();
      const ids: string[] = [];
      for (let day = 10; day < 16; day++) {
        const booked = await store.bookings.book(booking(inDays(day)), NO_LIMITS);
        assert.equal(booked.status, 'booked');
        if (booked.status === 'booked') ids.push(booked.booking.id);
      }
      for (const id of ids) assert.match(id, /^[0-9a-z]{12}$/);
      assert.equal(new Set(ids).size, ids.length);
      assert.notDeepEqual([...ids].sort(), ids, 'not in the order they were made');
      for (const guess of ['1', '2', '6']) assert.equal(await store.bookings.get(guess), undefined);
      assert.equal((await store.bookings.get(ids[2]))?.start, inDays(12));
    });

    test('every invitation goes into the outbox, without a mail server too; a relay started later sends it', async () => {
      const { store, another } = await open(false);
      const booked = await store.bookings.book(booking(inDays(20)), NO_LIMITS);
      assert.equal(booked.status, 'booked');
      if (booked.status !== 'booked') return;
      assert.deepEqual(await store.bookings.mailStates(booked.booking.id), [
        { kind: 'confirmation', state: 'queued', lastError: null },
      ]);
      // Later, another instance (a restart with SMTP_URL set) claims and sends it.
      const later = await another();
      const mail = await later.bookings.claimNext(Date.now(), RULES);
      assert.equal(mail?.kind, 'confirmation');
      assert.equal(mail?.booking.id, booked.booking.id);
      await later.bookings.recordOutcome(mail!.id, { kind: 'sent' }, RULES);
      assert.deepEqual(await store.bookings.mailStates(booked.booking.id), [
        { kind: 'confirmation', state: 'sent', lastError: null },
      ]);
    });

    test('one address holds at most its limit of calls to come, whatever its case and +tag; cancelled and past calls do not count', async () => {
      const { store } = await open();
      const b = store.bookings;
      const limits = { maxOpenPerEmail: 2, maxPerDay: 1000 };
      const ann = (start: string, email = 'ann@example.org') => booking(start, { email });
      assert.equal((await b.book(ann(inDays(30)), limits)).status, 'booked');
      const second = await b.book(ann(inDays(31), 'Ann@Example.org'), limits);
      assert.equal(second.status, 'booked');
      assert.deepEqual(await b.book(ann(inDays(32), 'ann+third@EXAMPLE.org'), limits), {
        status: 'limited',
        limit: 'email',
      });
      assert.equal((await b.book(ann(inDays(32), 'bob@example.org'), limits)).status, 'booked', 'another address');
      // A call that is over does not count, nor a cancelled one.
      assert.equal((await b.book(ann('2020-03-03T10:00:00.000Z', 'carl@example.org'), limits)).status, 'booked');
      assert.equal((await b.book(ann(inDays(33), 'carl@example.org'), limits)).status, 'booked');
      assert.equal((await b.book(ann(inDays(34), 'carl@example.org'), limits)).status, 'booked');
      if (second.status === 'booked') await b.cancel(second.booking.id, new Date().toISOString());
      assert.equal((await b.book(ann(inDays(35)), limits)).status, 'booked', 'the cancelled call freed a place');
    });

    test('all addresses together book at most the daily limit in any 24 hours', async () => {
      const { store } = await open();
      const b = store.bookings;
      const limits = { maxOpenPerEmail: 1000, maxPerDay: 3 };
      const at = (hours: number) => new Date(Date.UTC(2029, 5, 1) + hours * 3600_000).toISOString();
      for (let i = 0; i < 3; i++)
        assert.equal((await b.book(booking(inDays(40 + i), { bookedAt: at(i) }), limits)).status, 'booked');
      assert.deepEqual(await b.book(booking(inDays(44), { bookedAt: at(5) }), limits), {
        status: 'limited',
        limit: 'day',
      });
      // A day after the first one, there is room for one again.
      assert.equal((await b.book(booking(inDays(44), { bookedAt: at(24.5) }), limits)).status, 'booked');
      assert.equal((await b.book(booking(inDays(45), { bookedAt: at(24.6) }), limits)).status, 'limited');
    });

    test('bookings of one address on two instances at once pass its limit together never', async () => {
      const { store, another } = await open();
      const other = await another();
      const limits = { maxOpenPerEmail: 2, maxPerDay: 1000 };
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? store : other).bookings.book(booking(inDays(50 + i), { email: 'eager@example.org' }), limits),
        ),
      );
      assert.deepEqual(results.map((r) => r.status).sort(), ['booked', 'booked', ...Array(6).fill('limited')]);
    });

    test('a cancellation is mailed only if the invitation may have arrived: sent, being sent, or sent without an answer', async () => {
      const { store } = await open();
      const b = store.bookings;
      const book = async (day: number) => {
        const booked = await b.book(booking(inDays(day)), NO_LIMITS);
        assert.equal(booked.status, 'booked');
        return booked.status === 'booked' ? booked.booking.id : '';
      };
      const cancel = async (id: string) => {
        const result = await b.cancel(id, new Date().toISOString());
        assert.equal(result.status, 'cancelled');
        return result.status === 'cancelled' && result.mailed;
      };
      // Sent: the visitor has it, so the CANCEL goes.
      const sent = await book(60);
      const claimed = (await b.claimNext(Date.now(), RULES))!;
      assert.equal(claimed.booking.id, sent);
      await b.recordOutcome(claimed.id, { kind: 'sent' }, RULES);
      assert.equal(await cancel(sent), true);
      assert.deepEqual(
        (await b.mailStates(sent)).map((m) => `${m.kind} ${m.state}`),
        ['confirmation sent', 'cancellation queued'],
      );
      const cancellation = (await b.claimNext(Date.now(), RULES))!;
      assert.equal(cancellation.kind, 'cancellation');
      await b.recordOutcome(cancellation.id, { kind: 'sent' }, RULES);

      // Refused for good by the mail server: it never arrived, so no CANCEL.
      const refused = await book(61);
      const refusedMail = (await b.claimNext(Date.now(), RULES))!;
      await b.recordOutcome(refusedMail.id, { kind: 'permanent', error: '550 no such user' }, RULES);
      assert.equal(await cancel(refused), false);
      assert.deepEqual(
        (await b.mailStates(refused)).map((m) => `${m.kind} ${m.state}`),
        ['confirmation dead'],
      );

      // Being sent right now: the CANCEL follows it, once the send has ended (its lease).
      const inFlight = await book(62);
      const now = Date.now();
      const leased = (await b.claimNext(now, RULES))!;
      assert.equal(leased.booking.id, inFlight);
      assert.equal(await cancel(inFlight), true);
      assert.equal(await b.claimNext(Date.now(), RULES), undefined, 'the CANCEL waits for the send in flight');
      assert.equal(await b.nextDue(), now + RULES.leaseMs);
      // The send fails before the body: the invitation is retried, but now finds its booking cancelled.
      await b.recordOutcome(leased.id, { kind: 'retry', error: 'connection refused', retryAt: now }, RULES);
      const next = (await b.claimNext(now + RULES.leaseMs + 1, RULES))!;
      assert.equal(next.kind, 'cancellation', 'the withdrawn invitation is skipped');
      assert.deepEqual(
        (await b.mailStates(inFlight)).map((m) => `${m.kind} ${m.state}${m.lastError ? `: ${m.lastError}` : ''}`),
        ['confirmation dead: cancelled before it was sent', 'cancellation queued'],
      );
    });

    test('an invitation whose call has begun before it could be sent is not sent', async () => {
      const { store } = await open(false);
      const past = await store.bookings.book(booking('2021-06-01T10:00:00.000Z'), NO_LIMITS);
      assert.equal(past.status, 'booked');
      if (past.status !== 'booked') return;
      assert.equal(await store.bookings.claimNext(Date.now(), RULES), undefined);
      assert.deepEqual(await store.bookings.mailStates(past.booking.id), [
        { kind: 'confirmation', state: 'dead', lastError: 'the call had begun before the invitation could be sent' },
      ]);
    });

    test("a plain form's result is kept for every instance until it expires", async () => {
      const { store, another } = await open();
      const other = await another();
      const now = Date.now();
      await store.results.put('a'.repeat(32), '{"kind":"booking"}', now + 60_000);
      await store.results.put('b'.repeat(32), '{"kind":"contact"}', now + 1000);
      assert.equal(await other.results.get('a'.repeat(32), now), '{"kind":"booking"}', 'read by another instance');
      assert.equal(await other.results.get('b'.repeat(32), now + 1000), undefined, 'expired');
      assert.equal(await other.results.get('c'.repeat(32), now), undefined);
      assert.equal(await other.results.purgeExpired(now + 2000), 1);
      // Keeping a result also deletes the expired ones.
      await store.results.put('d'.repeat(32), '{}', now - 1);
      await store.results.put('e'.repeat(32), '{}', now + 60_000);
      assert.equal(await store.results.purgeExpired(now), 0, 'the expired one went with the next put');
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
        [1, 2],
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
      /^Error: the database at postgres:\/\/[^@]+@127\.0\.0\.1:\d+\/\w+ cannot be used: the database is at schema version 99, newer than this code knows \(2\); run the newer version of the site$/,
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
