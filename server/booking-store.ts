// Where bookings live: the `bookings` table of the contact database (server/migrations.ts, step
// 3), and the mails to the visitor in `booking_outbox`, which an OutboxRelay sends as it sends
// contact messages. Every function returns a Promise and the SQL is plain (no SQLite-only
// syntax), so the store can move behind the same interface as the contact store when another
// database backs it.
//
// A slot is held by the partial UNIQUE index on `slot_start` (bookings not cancelled): the
// database, not the code, refuses a second booking of a slot, whichever process or connection
// tries. Cancelling sets `cancelled_at`, which frees the slot and keeps the row for the owners
// until the retention period ends.
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DB_FILE, type ClaimRules, type RecordedOutcome, type RelayOutcome } from './contact-store.ts';
import { migrate } from './migrations.ts';

export interface NewBooking {
  start: string;
  end: string;
  bookedAt: string;
  locale: string;
  name: string;
  email: string;
  /** What the visitor would like to talk about; may be empty. */
  topic: string;
  idempotencyKey: string;
  payloadHash: string;
}

export interface StoredBooking {
  id: number;
  start: string;
  end: string;
  bookedAt: string;
  locale: string;
  name: string;
  email: string;
  topic: string;
  /** The calendar event's UID (RFC 5545), the same in the invitation and its cancellation. */
  uid: string;
  cancelledAt: string | null;
}

export type BookResult =
  | { status: 'booked' | 'duplicate'; booking: StoredBooking }
  /** The idempotency key was used for another booking. */
  | { status: 'conflict' }
  /** Someone else holds the slot. */
  | { status: 'taken' };

export type CancelResult = { status: 'cancelled' | 'already-cancelled'; booking: StoredBooking } | { status: 'not-found' };

export type BookingMailKind = 'confirmation' | 'cancellation';

/** One mail of the booking outbox, as the relay claims it. */
export interface BookingMail {
  /** The outbox row. */
  id: number;
  kind: BookingMailKind;
  attempts: number;
  unconfirmed: number;
  booking: StoredBooking;
}

/** Unknown outcomes a mail may have before it is given up on, as for contact messages. */
const MAX_UNCONFIRMED = 1;

const BOOKING_COLUMNS = `id, slot_start AS start, slot_end AS end, booked_at AS bookedAt, locale, name, email, topic, uid, cancelled_at AS cancelledAt`;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

export class BookingStore {
  readonly file: string;
  private readonly db: Database.Database;
  private closed = false;

  static open(dataDir: string, options: { relay: boolean }): BookingStore {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return new BookingStore(path.join(dataDir, DB_FILE), options.relay);
  }

  private constructor(
    file: string,
    /** Whether bookings and cancellations also get a mail in the outbox (SMTP configured). */
    private readonly relay: boolean,
  ) {
    this.file = file;
    const created = !existsSync(file);
    this.db = new Database(file);
    if (created) chmodSync(file, 0o600);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('secure_delete = ON');
    migrate(this.db);
  }

  private booking(id: number): StoredBooking | undefined {
    return this.db.prepare<[number], StoredBooking>(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = ?`).get(id);
  }

  private enqueue(bookingId: number, kind: BookingMailKind): void {
    if (this.relay) this.db.prepare('INSERT INTO booking_outbox (booking_id, kind, next_attempt_at) VALUES (?, ?, ?)').run(bookingId, kind, Date.now());
  }

  /** Books a slot, or says why not; resolves once the booking is committed to disk. */
  async book(b: NewBooking): Promise<BookResult> {
    this.assertOpen();
    return this.db.transaction((): BookResult => {
      const existing = this.db.prepare<[string], { id: number; payload_hash: string }>('SELECT id, payload_hash FROM bookings WHERE idempotency_key = ?').get(b.idempotencyKey);
      if (existing) return existing.payload_hash === b.payloadHash ? { status: 'duplicate', booking: this.booking(existing.id)! } : { status: 'conflict' };
      let id: number;
      try {
        id = Number(
          this.db
            .prepare('INSERT INTO bookings (slot_start, slot_end, booked_at, locale, name, email, topic, uid, idempotency_key, payload_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
            .run(b.start, b.end, b.bookedAt, b.locale, b.name, b.email, b.topic, randomUUID(), b.idempotencyKey, b.payloadHash).lastInsertRowid,
        );
      } catch (error) {
        if (isUniqueViolation(error)) return { status: 'taken' };
        throw error;
      }
      this.enqueue(id, 'confirmation');
      return { status: 'booked', booking: this.booking(id)! };
    }).immediate();
  }

  /** The starts of the slots held between two instants (ISO), for computing the free ones. */
  async takenStarts(from: string, to: string): Promise<Set<string>> {
    this.assertOpen();
    const rows = this.db.prepare<[string, string], { start: string }>('SELECT slot_start AS start FROM bookings WHERE cancelled_at IS NULL AND slot_start >= ? AND slot_start < ?').all(from, to);
    return new Set(rows.map((r) => r.start));
  }

  async get(id: number): Promise<StoredBooking | undefined> {
    this.assertOpen();
    return this.booking(id);
  }

  /** Bookings whose call has not ended by `now` first (soonest first), then the rest, newest first. */
  async list(now: string, limit: number): Promise<StoredBooking[]> {
    this.assertOpen();
    return this.db
      .prepare<[string, string, number], StoredBooking>(
        `SELECT ${BOOKING_COLUMNS} FROM bookings ORDER BY CASE WHEN slot_end >= ? THEN 0 ELSE 1 END, CASE WHEN slot_end >= ? THEN slot_start END, slot_start DESC LIMIT ?`,
      )
      .all(now, now, limit);
  }

  async counts(now: string): Promise<{ upcoming: number; cancelled: number; past: number }> {
    this.assertOpen();
    return this.db
      .prepare<[string, string], { upcoming: number; cancelled: number; past: number }>(
        `SELECT COALESCE(SUM(CASE WHEN cancelled_at IS NULL AND slot_end >= ? THEN 1 ELSE 0 END), 0) AS upcoming,
                COALESCE(SUM(CASE WHEN cancelled_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS cancelled,
                COALESCE(SUM(CASE WHEN cancelled_at IS NULL AND slot_end < ? THEN 1 ELSE 0 END), 0) AS past
         FROM bookings`,
      )
      .get(now, now)!;
  }

  /** Cancels a booking: its slot is free again at once, and the visitor gets a cancellation mail. */
  async cancel(id: number, at: string): Promise<CancelResult> {
    this.assertOpen();
    return this.db.transaction((): CancelResult => {
      const booking = this.booking(id);
      if (!booking) return { status: 'not-found' };
      if (booking.cancelledAt) return { status: 'already-cancelled', booking };
      this.db.prepare('UPDATE bookings SET cancelled_at = ? WHERE id = ?').run(at, id);
      // A confirmation not sent yet would arrive after the cancellation: it is not sent at all.
      this.db.prepare("UPDATE booking_outbox SET dead_at = ?, last_error = 'cancelled before it was sent' WHERE booking_id = ? AND kind = 'confirmation' AND sent_at IS NULL AND dead_at IS NULL AND lease_until IS NULL").run(at, id);
      this.enqueue(id, 'cancellation');
      return { status: 'cancelled', booking: this.booking(id)! };
    }).immediate();
  }

  /** Deletes bookings (and their mails) whose call ended before `cutoff` (ISO); returns how many. */
  async purgeEndedBefore(cutoff: string): Promise<number> {
    this.assertOpen();
    const deleted = this.db.transaction(() => {
      this.db.prepare('DELETE FROM booking_outbox WHERE booking_id IN (SELECT id FROM bookings WHERE slot_end < ?)').run(cutoff);
      return this.db.prepare('DELETE FROM bookings WHERE slot_end < ?').run(cutoff).changes;
    }).immediate();
    if (deleted) this.db.pragma('wal_checkpoint(TRUNCATE)');
    return deleted;
  }

  // The relay's side (server/outbox-relay.ts): the same rules as for contact messages.

  async claimNext(now: number, rules: ClaimRules): Promise<BookingMail | undefined> {
    if (this.closed) return undefined;
    return this.db.transaction((): BookingMail | undefined => {
      for (;;) {
        const row = this.db
          .prepare<[number, number], { id: number; leased: number; unconfirmed: number; attempts: number }>(
            `SELECT id, CASE WHEN lease_until IS NOT NULL THEN 1 ELSE 0 END AS leased, unconfirmed, attempts FROM booking_outbox
             WHERE sent_at IS NULL AND dead_at IS NULL AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
             ORDER BY next_attempt_at, id LIMIT 1`,
          )
          .get(now, now);
        if (!row) return undefined;
        if (row.leased) {
          const error = 'the sender stopped during an attempt; the mail server may have the mail';
          if (row.unconfirmed >= MAX_UNCONFIRMED) {
            this.dead(row.id, new Date(now).toISOString(), `${error} (not sent again: unconfirmed twice)`);
            continue;
          }
          this.db.prepare('UPDATE booking_outbox SET unconfirmed = unconfirmed + 1, last_error = ? WHERE id = ?').run(error, row.id);
        }
        if (row.attempts >= rules.maxAttempts) {
          this.dead(row.id, new Date(now).toISOString(), `gave up after ${row.attempts} attempts`);
          continue;
        }
        this.db.prepare('UPDATE booking_outbox SET attempts = attempts + 1, lease_until = ? WHERE id = ?').run(now + rules.leaseMs, row.id);
        const mail = this.db
          .prepare<[number], Omit<BookingMail, 'booking'> & { bookingId: number }>('SELECT id, kind, attempts, unconfirmed, booking_id AS bookingId FROM booking_outbox WHERE id = ?')
          .get(row.id)!;
        return { id: mail.id, kind: mail.kind, attempts: mail.attempts, unconfirmed: mail.unconfirmed, booking: this.booking(mail.bookingId)! };
      }
    }).immediate();
  }

  private dead(id: number, at: string, error: string): void {
    this.db.prepare('UPDATE booking_outbox SET dead_at = ?, last_error = ?, lease_until = NULL WHERE id = ?').run(at, error.slice(0, 500), id);
  }

  async recordOutcome(id: number, outcome: RelayOutcome, rules: ClaimRules): Promise<RecordedOutcome> {
    if (outcome.kind === 'sent') {
      if (!this.closed) this.db.prepare('UPDATE booking_outbox SET sent_at = ?, lease_until = NULL, last_error = NULL WHERE id = ?').run(new Date().toISOString(), id);
      return { state: 'sent' };
    }
    const error = outcome.error.slice(0, 500);
    if (this.closed) return { state: 'retry', error, retryAt: Date.now() };
    const now = new Date().toISOString();
    return this.db.transaction((): RecordedOutcome => {
      const row = this.db.prepare<[number], { attempts: number; unconfirmed: number }>('SELECT attempts, unconfirmed FROM booking_outbox WHERE id = ?').get(id);
      const dead = (reason: string, said = reason): RecordedOutcome => {
        if (row) this.dead(id, now, reason);
        return { state: 'dead', error: said };
      };
      if (outcome.kind === 'permanent') return dead(error, `refused for good (${error})`);
      if (outcome.kind === 'unconfirmed' && row && row.unconfirmed >= MAX_UNCONFIRMED) return dead(`${error} (not sent again: unconfirmed twice)`);
      if (outcome.kind === 'unconfirmed') {
        if (row) this.db.prepare('UPDATE booking_outbox SET unconfirmed = unconfirmed + 1, next_attempt_at = ?, last_error = ?, lease_until = NULL WHERE id = ?').run(outcome.retryAt, error, id);
        return { state: 'unconfirmed', error, retryAt: outcome.retryAt };
      }
      if (row && row.attempts >= rules.maxAttempts) return dead(`${error} (gave up after ${row.attempts} attempts)`);
      if (row) this.db.prepare('UPDATE booking_outbox SET next_attempt_at = ?, last_error = ?, lease_until = NULL WHERE id = ?').run(outcome.retryAt, error, id);
      return { state: 'retry', error, retryAt: outcome.retryAt };
    }).immediate();
  }

  async nextDue(): Promise<number | undefined> {
    if (this.closed) return undefined;
    const row = this.db
      .prepare<[], { at: number | null }>('SELECT MIN(CASE WHEN lease_until IS NOT NULL AND lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END) AS at FROM booking_outbox WHERE sent_at IS NULL AND dead_at IS NULL')
      .get();
    return row?.at ?? undefined;
  }

  /** What the owners see of a booking's mails: the latest state of each. */
  async mailStates(bookingId: number): Promise<{ kind: BookingMailKind; state: 'pending' | 'sent' | 'dead'; lastError: string | null }[]> {
    this.assertOpen();
    return this.db
      .prepare<[number], { kind: BookingMailKind; state: 'pending' | 'sent' | 'dead'; lastError: string | null }>(
        `SELECT kind, CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN dead_at IS NOT NULL THEN 'dead' ELSE 'pending' END AS state, last_error AS lastError FROM booking_outbox WHERE booking_id = ? ORDER BY id`,
      )
      .all(bookingId);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the booking store is closed');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }
}
