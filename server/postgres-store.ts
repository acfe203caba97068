// The store of several instances: one PostgreSQL database (DATABASE_URL) that every `site start`
// behind a load balancer shares. What SQLite's single file guarantees, the database guarantees
// here across machines: a message is committed before its sender hears "stored" (one transaction
// each, the idempotency key UNIQUE, so a retry that reaches the other instance is a duplicate);
// a slot is held by a partial UNIQUE index whichever instance books it; and a relay claims an
// outbox row with FOR UPDATE SKIP LOCKED and a lease in the row, so each mail is sent by one
// instance. The outbox rules are server/outbox-rules.ts, the same as SQLite's.
import type pg from 'pg';
import { messageOf } from '../common/error-message.ts';
import { bookingRow, NEW_BOOKING_COLUMNS } from './booking-id.ts';
import { emailKey, windowStart } from './booking-limits.ts';
import {
  cancellationDue,
  type InvitationRow,
  invitationMayHaveArrived,
  pointless,
  WITHDRAWN,
} from './booking-mail-rules.ts';
import {
  BOOKING_OUTBOX,
  type ClaimRules,
  claimSteps,
  type DueRow,
  MESSAGE_OUTBOX,
  type OutboxTable,
  outboxSql,
  outcomeSteps,
  type RecordedOutcome,
  type RelayOutcome,
} from './outbox-rules.ts';
import { migratePostgres } from './postgres-migrations.ts';
import type {
  BookingLimits,
  BookingMail,
  Bookings,
  BookResult,
  CancelResult,
  EventCount,
  EventCounts,
  FormResults,
  MailState,
  MessageStore,
  NewBooking,
  NewMessage,
  RelayCounts,
  Store,
  StoredBooking,
  StoredMessage,
  SubmitResult,
} from './store.ts';
import { StoreUnavailableError, UNSENT_FIRST } from './store.ts';

/** Rows of one page of an export. */
const PAGE = 500;

/** The advisory lock bookings take turns under (a constant the site's database uses for nothing else). */
const BOOKING_LOCK = 7_416_253_111;

/** A query on one connection, written with `?` parameters. */
type Query = <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<R[]>;

/** `?` parameters as PostgreSQL's `$1, $2, …` (the store's SQL has no `?` in literals). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** A pool of connections to the database. pg is loaded here, when a store is opened on PostgreSQL,
 * and not by every start of the engine (its modules take about 50 ms to load). */
async function openPool(url: string): Promise<pg.Pool> {
  const { default: pg } = await import('pg');
  // BIGINT (ids, epoch milliseconds, counts) as numbers: every value the store keeps fits in 2^53.
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === pg.types.builtins.INT8
        ? (value: string) => Number(value)
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: 10,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: 'site',
  });
  // A connection the database ends (a restart ends every one with 57P01, a crash or the network
  // drops it) emits 'error' on its client, which without a listener ends the process. The pool
  // listens only while a client is idle, so each client gets a listener of its own when it is made,
  // for its whole life, checked out or not: the query in flight fails (and with it the request,
  // 503), the broken client is dropped when released, and the pool connects anew once the
  // database is back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('error', () => undefined);
  return pool;
}

/** SQLSTATEs of a connection the server ended or refused: connection exceptions (class 08),
 * shutdown and startup (57P01 to 57P03), too many connections. */
const LOST_STATES = /^(08|57P0[1-3]$|53300$)/;
/** What Node and pg say when the socket is gone or never came. */
const LOST_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const LOST_MESSAGES = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended/i;

/** Whether a query failed because the database went away rather than for the statement itself. */
export function connectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (LOST_STATES.test(code) || LOST_CODES.has(code))) return true;
  return LOST_MESSAGES.test(error.message);
}

const SELECT_MESSAGES = `
  SELECT m.id, m.received_at AS "receivedAt", m.locale, m.name, m.email, m.message,
         CASE WHEN o.message_id IS NULL THEN 'not-configured' WHEN o.sent_at IS NOT NULL THEN 'sent' WHEN o.dead_at IS NOT NULL THEN 'dead' ELSE 'pending' END AS relay,
         COALESCE(o.attempts, 0) AS attempts, COALESCE(o.unconfirmed, 0) AS unconfirmed, o.last_error AS "lastError", o.sent_at AS "sentAt", o.dead_at AS "deadAt"
  FROM messages m LEFT JOIN outbox o ON o.message_id = m.id`;

const BOOKING_COLUMNS = `ref AS id, slot_start AS start, slot_end AS "end", booked_at AS "bookedAt", locale, name, email, topic, uid, cancelled_at AS "cancelledAt"`;

/** The database's URL without its password, for logs and messages. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '';
    return parsed.toString().replace(/:@/, '@');
  } catch {
    return 'postgres://…';
  }
}

export class PostgresStore implements Store {
  readonly kind = 'postgres';
  readonly location: string;
  readonly messages: MessageStore;
  readonly bookings: Bookings;
  readonly events: EventCounts;
  readonly results: FormResults;
  private readonly pool: Promise<pg.Pool>;
  private readonly migrated: Promise<void>;
  private closed = false;

  constructor(
    url: string,
    private readonly options: { relay: boolean },
  ) {
    this.location = redactedUrl(url);
    this.pool = openPool(url);
    this.migrated = this.migrate();
    // Whoever awaits ready() hears of a failure; nobody else must see it unhandled.
    this.migrated.catch(() => undefined);
    this.messages = this.messageStore();
    this.bookings = this.bookingStore();
    this.events = this.eventCounts();
    this.results = this.formResults();
  }

  private async migrate(): Promise<void> {
    const client = await (await this.pool).connect();
    try {
      await migratePostgres(client);
    } finally {
      client.release();
    }
  }

  async ready(): Promise<void> {
    try {
      await this.migrated;
    } catch (error) {
      throw new Error(`the database at ${this.location} cannot be used: ${messageOf(error)}`);
    }
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1');
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.migrated.catch(() => undefined);
    await (await this.pool.catch(() => undefined))?.end();
  }

  /** A lost connection as the caller should see it: the database is away for now, the statement was fine. */
  private unavailable(error: unknown): unknown {
    return connectionLost(error)
      ? new StoreUnavailableError(`the database at ${this.location} does not answer: ${messageOf(error)}`, {
          cause: error,
        })
      : error;
  }

  private async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    if (this.closed) throw new Error('the store is closed');
    await this.migrated;
    try {
      return (await (await this.pool).query<R>(numbered(sql), params)).rows;
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  /** Runs `work` in one transaction on one connection; a failure rolls it back. A connection lost
   * before COMMIT was answered leaves nothing committed that the caller was told of: it sees
   * StoreUnavailableError, and a retry with the same idempotency key finds what did commit. */
  private async transaction<T>(work: (query: Query) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('the store is closed');
    await this.migrated;
    let client: pg.PoolClient;
    try {
      client = await (await this.pool).connect();
    } catch (error) {
      throw this.unavailable(error);
    }
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(async (sql, params = []) => (await client.query(numbered(sql), params)).rows);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
      throw this.unavailable(error);
    } finally {
      // A connection that cannot even roll back is not given to the next caller.
      client.release(broken);
    }
  }

  /** Leases the next due item of an outbox: locked rows (another instance's claim in progress) are skipped. */
  private async claim(table: OutboxTable, now: number, rules: ClaimRules, query: Query): Promise<number | undefined> {
    const sql = outboxSql(table, 'FOR UPDATE SKIP LOCKED');
    for (;;) {
      const [row] = await query<Omit<DueRow, 'leased'> & { leased: number }>(sql.due, [now, now]);
      if (!row) return undefined;
      const { writes, claimed } = claimSteps({ ...row, leased: Boolean(row.leased) }, now, rules, table.noun);
      for (const write of writes) await query(...sql.write(write, row.id));
      if (claimed) return row.id;
    }
  }

  private record(table: OutboxTable, id: number, outcome: RelayOutcome, rules: ClaimRules): Promise<RecordedOutcome> {
    const sql = outboxSql(table);
    return this.transaction(async (query) => {
      const [row] = await query<Pick<DueRow, 'attempts' | 'unconfirmed'>>(`${sql.row} FOR UPDATE`, [id]);
      const { writes, recorded } = outcomeSteps(row, outcome, rules);
      for (const write of writes) await query(...sql.write(write, id));
      return recorded;
    });
  }

  private async nextDue(table: OutboxTable): Promise<number | undefined> {
    if (this.closed) return undefined;
    const [row] = await this.query<{ at: number | null }>(outboxSql(table).nextDue);
    return row?.at ?? undefined;
  }

  private messageStore(): MessageStore {
    const store = this;
    const message = async (query: Query, id: number) =>
      (await query<StoredMessage>(`${SELECT_MESSAGES} WHERE m.id = ?`, [id]))[0];
    return {
      submit: (m: NewMessage) =>
        this.transaction(async (query): Promise<SubmitResult> => {
          const [row] = await query<{ id: number }>(
            'INSERT INTO messages (received_at, locale, name, email, message, idempotency_key, payload_hash) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id',
            [m.receivedAt, m.locale, m.name, m.email, m.message, m.idempotencyKey, m.payloadHash],
          );
          if (row) {
            if (this.options.relay)
              await query('INSERT INTO outbox (message_id, next_attempt_at) VALUES (?, ?)', [row.id, Date.now()]);
            return { status: 'stored', id: row.id };
          }
          // The key's first message, committed by this instance or another (the insert waited for it).
          const [existing] = await query<{ id: number; payload_hash: string }>(
            'SELECT id, payload_hash FROM messages WHERE idempotency_key = ?',
            [m.idempotencyKey],
          );
          return { status: existing.payload_hash === m.payloadHash ? 'duplicate' : 'conflict', id: existing.id };
        }),
      list: (limit, offset = 0) =>
        this.query<StoredMessage>(`${SELECT_MESSAGES} ${UNSENT_FIRST} LIMIT ? OFFSET ?`, [limit, offset]),
      iterate: async function* () {
        let after = 0;
        for (;;) {
          const page = await store.query<StoredMessage>(`${SELECT_MESSAGES} WHERE m.id > ? ORDER BY m.id LIMIT ?`, [
            after,
            PAGE,
          ]);
          yield* page;
          if (page.length < PAGE) return;
          after = page[page.length - 1].id;
        }
      },
      counts: async () =>
        (
          await this.query<RelayCounts>(
            `SELECT (SELECT COUNT(*) FROM messages) AS messages,
                    (SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND dead_at IS NULL) AS pending,
                    (SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL) AS sent,
                    (SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND dead_at IS NOT NULL) AS dead`,
          )
        )[0],
      purgeReceivedBefore: (cutoff) =>
        this.transaction(async (query) => {
          await query('DELETE FROM outbox WHERE message_id IN (SELECT id FROM messages WHERE received_at < ?)', [
            cutoff,
          ]);
          return (await query<{ id: number }>('DELETE FROM messages WHERE received_at < ? RETURNING id', [cutoff]))
            .length;
        }),
      claimNext: async (now, rules) => {
        if (this.closed) return undefined;
        return this.transaction(async (query) => {
          const id = await this.claim(MESSAGE_OUTBOX, now, rules, query);
          return id === undefined ? undefined : message(query, id);
        });
      },
      recordOutcome: (id, outcome, rules) => this.record(MESSAGE_OUTBOX, id, outcome, rules),
      nextDue: () => this.nextDue(MESSAGE_OUTBOX),
      get isOpen() {
        return store.isOpen;
      },
    };
  }

  private bookingStore(): Bookings {
    const store = this;
    /** A booking by its row's key. */
    const booking = async (query: Query, row: number) =>
      (await query<StoredBooking>(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = ?`, [row]))[0];
    // Every mail goes into the outbox, with or without a mail server: a relay started later sends it.
    const enqueue = async (query: Query, row: number, kind: BookingMail['kind'], at = Date.now()) => {
      await query('INSERT INTO booking_outbox (booking_id, kind, next_attempt_at) VALUES (?, ?, ?)', [row, kind, at]);
    };
    const byKey = async (query: Query, b: NewBooking): Promise<BookResult | undefined> => {
      const [existing] = await query<{ id: number; payload_hash: string }>(
        'SELECT id, payload_hash FROM bookings WHERE idempotency_key = ?',
        [b.idempotencyKey],
      );
      if (!existing) return undefined;
      return existing.payload_hash === b.payloadHash
        ? { status: 'duplicate', booking: await booking(query, existing.id) }
        : { status: 'conflict' };
    };
    const limitReached = async (query: Query, b: NewBooking, limits: BookingLimits) => {
      const [open] = await query<{ n: number }>(
        'SELECT COUNT(*) AS n FROM bookings WHERE email_key = ? AND cancelled_at IS NULL AND slot_end > ?',
        [emailKey(b.email), b.bookedAt],
      );
      if (open.n >= limits.maxOpenPerEmail) return 'email';
      const [recent] = await query<{ n: number }>('SELECT COUNT(*) AS n FROM bookings WHERE booked_at > ?', [
        windowStart(b.bookedAt),
      ]);
      return recent.n >= limits.maxPerDay ? 'day' : undefined;
    };
    return {
      book: (b, limits) =>
        this.transaction(async (query): Promise<BookResult> => {
          // Bookings take turns, whichever instance takes them: the limits are counts, and two
          // bookings counted at once would both pass the last place.
          await query('SELECT pg_advisory_xact_lock(?)', [BOOKING_LOCK]);
          const earlier = await byKey(query, b);
          if (earlier) return earlier;
          const limit = await limitReached(query, b, limits);
          if (limit) return { status: 'limited', limit };
          // Nothing inserted: the slot is held.
          const [row] = await query<{ id: number }>(
            `INSERT INTO bookings (${NEW_BOOKING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (slot_start) WHERE cancelled_at IS NULL DO NOTHING RETURNING id`,
            bookingRow(b),
          );
          if (!row) return { status: 'taken' };
          await enqueue(query, row.id, 'confirmation');
          return { status: 'booked', booking: await booking(query, row.id) };
        }),
      takenStarts: async (from, to) =>
        new Set(
          (
            await this.query<{ start: string }>(
              'SELECT slot_start AS start FROM bookings WHERE cancelled_at IS NULL AND slot_start >= ? AND slot_start < ?',
              [from, to],
            )
          ).map((r) => r.start),
        ),
      get: async (id) =>
        (await this.query<StoredBooking>(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE ref = ?`, [id]))[0],
      list: (now, limit) =>
        this.query<StoredBooking>(
          `SELECT ${BOOKING_COLUMNS} FROM bookings ORDER BY CASE WHEN slot_end >= ? THEN 0 ELSE 1 END, CASE WHEN slot_end >= ? THEN slot_start END, slot_start DESC LIMIT ?`,
          [now, now, limit],
        ),
      counts: async (now) =>
        (
          await this.query<{ upcoming: number; cancelled: number; past: number }>(
            `SELECT COALESCE(SUM(CASE WHEN cancelled_at IS NULL AND slot_end >= ? THEN 1 ELSE 0 END), 0)::bigint AS upcoming,
                    COALESCE(SUM(CASE WHEN cancelled_at IS NOT NULL THEN 1 ELSE 0 END), 0)::bigint AS cancelled,
                    COALESCE(SUM(CASE WHEN cancelled_at IS NULL AND slot_end < ? THEN 1 ELSE 0 END), 0)::bigint AS past
             FROM bookings`,
            [now, now],
          )
        )[0],
      cancel: (id, at) =>
        this.transaction(async (query): Promise<CancelResult> => {
          const [found] = await query<StoredBooking & { row: number }>(
            `SELECT ${BOOKING_COLUMNS}, id AS row FROM bookings WHERE ref = ? FOR UPDATE`,
            [id],
          );
          if (!found) return { status: 'not-found' };
          const { row, ...stored } = found;
          if (stored.cancelledAt) return { status: 'already-cancelled', booking: stored };
          await query('UPDATE bookings SET cancelled_at = ? WHERE id = ?', [at, row]);
          // The invitation's row is locked: a relay's claim of it waits, and then finds it moot.
          const [invitation] = await query<InvitationRow>(
            "SELECT sent_at, dead_at, lease_until, unconfirmed FROM booking_outbox WHERE booking_id = ? AND kind = 'confirmation' ORDER BY id DESC LIMIT 1 FOR UPDATE",
            [row],
          );
          const mailed = invitationMayHaveArrived(invitation);
          if (mailed) await enqueue(query, row, 'cancellation', cancellationDue(invitation, Date.now()));
          else
            await query(
              "UPDATE booking_outbox SET dead_at = ?, last_error = ? WHERE booking_id = ? AND kind = 'confirmation' AND sent_at IS NULL AND dead_at IS NULL",
              [at, WITHDRAWN, row],
            );
          return { status: 'cancelled', booking: await booking(query, row), mailed };
        }),
      purgeEndedBefore: (cutoff) =>
        this.transaction(async (query) => {
          await query('DELETE FROM booking_outbox WHERE booking_id IN (SELECT id FROM bookings WHERE slot_end < ?)', [
            cutoff,
          ]);
          return (await query<{ id: number }>('DELETE FROM bookings WHERE slot_end < ? RETURNING id', [cutoff])).length;
        }),
      mailStates: (bookingId) =>
        this.query<MailState>(
          `SELECT kind, CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN dead_at IS NOT NULL THEN 'dead' ELSE 'queued' END AS state, last_error AS "lastError" FROM booking_outbox WHERE booking_id = (SELECT id FROM bookings WHERE ref = ?) ORDER BY id`,
          [bookingId],
        ),
      claimNext: async (now, rules) => {
        if (this.closed) return undefined;
        return this.transaction(async (query) => {
          for (;;) {
            const id = await this.claim(BOOKING_OUTBOX, now, rules, query);
            if (id === undefined) return undefined;
            const [mail] = await query<Omit<BookingMail, 'booking'> & { bookingId: number }>(
              'SELECT id, kind, attempts, unconfirmed, booking_id AS "bookingId" FROM booking_outbox WHERE id = ?',
              [id],
            );
            const found = await booking(query, mail.bookingId);
            const moot = pointless(mail.kind, found, now);
            if (!moot)
              return {
                id: mail.id,
                kind: mail.kind,
                attempts: mail.attempts,
                unconfirmed: mail.unconfirmed,
                booking: found,
              };
            await query('UPDATE booking_outbox SET dead_at = ?, last_error = ?, lease_until = NULL WHERE id = ?', [
              new Date(now).toISOString(),
              moot,
              id,
            ]);
          }
        });
      },
      recordOutcome: async (id, outcome, rules) => {
        // Closed while the send took its time: the lease tells the next start.
        if (this.closed)
          return outcome.kind === 'sent'
            ? { state: 'sent' }
            : { state: 'retry', error: outcome.error.slice(0, 500), retryAt: Date.now() };
        return this.record(BOOKING_OUTBOX, id, outcome, rules);
      },
      nextDue: () => this.nextDue(BOOKING_OUTBOX),
      get isOpen() {
        return store.isOpen;
      },
      // Closed with the store.
      close: () => undefined,
    };
  }

  private formResults(): FormResults {
    return {
      put: (token, value, expiresAt) =>
        this.transaction(async (query) => {
          await query('DELETE FROM form_results WHERE expires_at <= ?', [Date.now()]);
          await query('INSERT INTO form_results (token, value, expires_at) VALUES (?, ?, ?)', [
            token,
            value,
            expiresAt,
          ]);
        }),
      get: async (token, now) =>
        (
          await this.query<{ value: string }>('SELECT value FROM form_results WHERE token = ? AND expires_at > ?', [
            token,
            now,
          ])
        )[0]?.value,
      purgeExpired: async (now) =>
        (await this.query<{ token: string }>('DELETE FROM form_results WHERE expires_at <= ? RETURNING token', [now]))
          .length,
    };
  }

  private eventCounts(): EventCounts {
    return {
      increment: async (day, name, path, props) => {
        await this.query(
          'INSERT INTO event_counts (day, name, path, props, count) VALUES (?, ?, ?, ?, 1) ON CONFLICT (day, name, path, props) DO UPDATE SET count = event_counts.count + 1',
          [day, name, path, props],
        );
      },
      counts: (since = '0000-00-00') =>
        this.query<EventCount>(
          'SELECT day, name, path, props, count FROM event_counts WHERE day >= ? ORDER BY count DESC, day, name, path',
          [since],
        ),
      purgeBefore: async (day) =>
        (await this.query<{ day: string }>('DELETE FROM event_counts WHERE day < ? RETURNING day', [day])).length,
      // Closed with the store.
      close: () => undefined,
    };
  }
}
