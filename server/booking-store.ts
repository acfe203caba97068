// Where bookings live in SQLite: the `bookings` table of the contact database
// (server/migrations.ts, step 3), and the mails to the visitor in `booking_outbox`, which an
// OutboxRelay sends by the same rules as contact messages (server/outbox-rules.ts). PostgreSQL's
// counterpart is server/postgres-store.ts; both keep the contract of server/store.ts.
//
// A slot is held by the partial UNIQUE index on `slot_start` (bookings not cancelled): the
// database, not the code, refuses a second booking of a slot, whichever process or connection
// tries. Cancelling sets `cancelled_at`, which frees the slot and keeps the row for the owners
// until the retention period ends.
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DB_FILE } from './contact-store.ts';
import { migrate } from './migrations.ts';
import { BOOKING_OUTBOX, type ClaimRules, type RecordedOutcome, type RelayOutcome } from './outbox-rules.ts';
import { SqliteOutbox } from './sqlite-outbox.ts';
import type {
  BookingMail,
  BookingMailKind,
  Bookings,
  BookResult,
  CancelResult,
  MailState,
  NewBooking,
  StoredBooking,
} from './store.ts';

export type { BookingMail, BookingMailKind, BookResult, CancelResult, NewBooking, StoredBooking } from './store.ts';

const BOOKING_COLUMNS = `id, slot_start AS start, slot_end AS end, booked_at AS bookedAt, locale, name, email, topic, uid, cancelled_at AS cancelledAt`;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

export class BookingStore implements Bookings {
  readonly file: string;
  private readonly db: Database.Database;
  private closed = false;
  private readonly outbox: SqliteOutbox;

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
    this.outbox = new SqliteOutbox(this.db, BOOKING_OUTBOX);
  }

  private booking(id: number): StoredBooking | undefined {
    return this.db.prepare<[number], StoredBooking>(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = ?`).get(id);
  }

  private enqueue(bookingId: number, kind: BookingMailKind): void {
    if (this.relay)
      this.db
        .prepare('INSERT INTO booking_outbox (booking_id, kind, next_attempt_at) VALUES (?, ?, ?)')
        .run(bookingId, kind, Date.now());
  }

  /** Books a slot, or says why not; resolves once the booking is committed to disk. */
  async book(b: NewBooking): Promise<BookResult> {
    this.assertOpen();
    return this.db
      .transaction((): BookResult => {
        const existing = this.db
          .prepare<[string], { id: number; payload_hash: string }>(
            'SELECT id, payload_hash FROM bookings WHERE idempotency_key = ?',
          )
          .get(b.idempotencyKey);
        if (existing)
          return existing.payload_hash === b.payloadHash
            ? { status: 'duplicate', booking: this.booking(existing.id)! }
            : { status: 'conflict' };
        let id: number;
        try {
          id = Number(
            this.db
              .prepare(
                'INSERT INTO bookings (slot_start, slot_end, booked_at, locale, name, email, topic, uid, idempotency_key, payload_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
              )
              .run(
                b.start,
                b.end,
                b.bookedAt,
                b.locale,
                b.name,
                b.email,
                b.topic,
                randomUUID(),
                b.idempotencyKey,
                b.payloadHash,
              ).lastInsertRowid,
          );
        } catch (error) {
          if (isUniqueViolation(error)) return { status: 'taken' };
          throw error;
        }
        this.enqueue(id, 'confirmation');
        return { status: 'booked', booking: this.booking(id)! };
      })
      .immediate();
  }

  /** The starts of the slots held between two instants (ISO), for computing the free ones. */
  async takenStarts(from: string, to: string): Promise<Set<string>> {
    this.assertOpen();
    const rows = this.db
      .prepare<[string, string], { start: string }>(
        'SELECT slot_start AS start FROM bookings WHERE cancelled_at IS NULL AND slot_start >= ? AND slot_start < ?',
      )
      .all(from, to);
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
    return this.db
      .transaction((): CancelResult => {
        const booking = this.booking(id);
        if (!booking) return { status: 'not-found' };
        if (booking.cancelledAt) return { status: 'already-cancelled', booking };
        this.db.prepare('UPDATE bookings SET cancelled_at = ? WHERE id = ?').run(at, id);
        // A confirmation not sent yet would arrive after the cancellation: it is not sent at all.
        this.db
          .prepare(
            "UPDATE booking_outbox SET dead_at = ?, last_error = 'cancelled before it was sent' WHERE booking_id = ? AND kind = 'confirmation' AND sent_at IS NULL AND dead_at IS NULL AND lease_until IS NULL",
          )
          .run(at, id);
        this.enqueue(id, 'cancellation');
        return { status: 'cancelled', booking: this.booking(id)! };
      })
      .immediate();
  }

  /** Deletes bookings (and their mails) whose call ended before `cutoff` (ISO); returns how many. */
  async purgeEndedBefore(cutoff: string): Promise<number> {
    this.assertOpen();
    const deleted = this.db
      .transaction(() => {
        this.db
          .prepare('DELETE FROM booking_outbox WHERE booking_id IN (SELECT id FROM bookings WHERE slot_end < ?)')
          .run(cutoff);
        return this.db.prepare('DELETE FROM bookings WHERE slot_end < ?').run(cutoff).changes;
      })
      .immediate();
    if (deleted) this.db.pragma('wal_checkpoint(TRUNCATE)');
    return deleted;
  }

  // The relay's side (server/outbox-relay.ts): the same rules as for contact messages.

  async claimNext(now: number, rules: ClaimRules): Promise<BookingMail | undefined> {
    if (this.closed) return undefined;
    const id = this.outbox.claim(now, rules);
    if (id === undefined) return undefined;
    const mail = this.db
      .prepare<[number], Omit<BookingMail, 'booking'> & { bookingId: number }>(
        'SELECT id, kind, attempts, unconfirmed, booking_id AS bookingId FROM booking_outbox WHERE id = ?',
      )
      .get(id)!;
    return {
      id: mail.id,
      kind: mail.kind,
      attempts: mail.attempts,
      unconfirmed: mail.unconfirmed,
      booking: this.booking(mail.bookingId)!,
    };
  }

  async recordOutcome(id: number, outcome: RelayOutcome, rules: ClaimRules): Promise<RecordedOutcome> {
    // Closed while the send took its time: the lease tells the next start.
    if (this.closed)
      return outcome.kind === 'sent'
        ? { state: 'sent' }
        : { state: 'retry', error: outcome.error.slice(0, 500), retryAt: Date.now() };
    return this.outbox.record(id, outcome, rules);
  }

  async nextDue(): Promise<number | undefined> {
    if (this.closed) return undefined;
    return this.outbox.nextDue();
  }

  /** What the owners see of a booking's mails: the latest state of each. */
  async mailStates(bookingId: number): Promise<MailState[]> {
    this.assertOpen();
    return this.db
      .prepare<[number], MailState>(
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
