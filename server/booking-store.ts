// Where bookings live in SQLite: the `bookings` table of the contact database
// (server/migrations.ts, steps 3 and 4), and the mails to the visitor in `booking_outbox`, which an
// OutboxRelay sends by the same rules as contact messages (server/outbox-rules.ts) and the
// booking's own (server/booking-mail-rules.ts). PostgreSQL's counterpart is
// server/postgres-store.ts; both keep the contract of server/store.ts.
//
// A slot is held by the partial UNIQUE index on `slot_start` (bookings not cancelled): the
// database, not the code, refuses a second booking of a slot, whichever process or connection
// tries. The limits per address and per day are counted in the same IMMEDIATE transaction, so
// processes sharing the file take turns. Cancelling sets `cancelled_at`, which frees the slot and
// keeps the row for the owners until the retention period ends.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
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
import { openContactDatabase } from './contact-database.ts';
import { DB_FILE } from './contact-store.ts';
import { migrate } from './migrations.ts';
import { BOOKING_OUTBOX, type ClaimRules, type RecordedOutcome, type RelayOutcome } from './outbox-rules.ts';
import { SqliteOutbox } from './sqlite-outbox.ts';
import type {
  BookingLimits,
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

const BOOKING_COLUMNS = `ref AS id, slot_start AS start, slot_end AS end, booked_at AS bookedAt, locale, name, email, topic, uid, cancelled_at AS cancelledAt`;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

export class BookingStore implements Bookings {
  readonly file: string;
  private readonly db: Database.Database;
  private closed = false;
  private readonly outbox: SqliteOutbox;

  static open(dataDir: string): BookingStore {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return new BookingStore(path.join(dataDir, DB_FILE));
  }

  private constructor(file: string) {
    this.file = file;
    this.db = openContactDatabase(file);
    migrate(this.db);
    this.outbox = new SqliteOutbox(this.db, BOOKING_OUTBOX);
  }

  /** A booking by its row's key. */
  private booking(row: number): StoredBooking | undefined {
    return this.db.prepare<[number], StoredBooking>(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = ?`).get(row);
  }

  /** The row's key of a booking's id. */
  private rowOf(id: string): number | undefined {
    return this.db.prepare<[string], { id: number }>('SELECT id FROM bookings WHERE ref = ?').get(id)?.id;
  }

  /** Every mail goes into the outbox, with or without a mail server: a relay started later sends it. */
  private enqueue(row: number, kind: BookingMailKind, at = Date.now()): void {
    this.db
      .prepare('INSERT INTO booking_outbox (booking_id, kind, next_attempt_at) VALUES (?, ?, ?)')
      .run(row, kind, at);
  }

  /** The limit a new booking of `b` would pass, if any. */
  private limitReached(b: NewBooking, limits: BookingLimits): 'email' | 'day' | undefined {
    const open = this.db
      .prepare<[string, string], { n: number }>(
        'SELECT COUNT(*) AS n FROM bookings WHERE email_key = ? AND cancelled_at IS NULL AND slot_end > ?',
      )
      .get(emailKey(b.email), b.bookedAt)!.n;
    if (open >= limits.maxOpenPerEmail) return 'email';
    const recent = this.db
      .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM bookings WHERE booked_at > ?')
      .get(windowStart(b.bookedAt))!.n;
    return recent >= limits.maxPerDay ? 'day' : undefined;
  }

  /** Books a slot, or says why not; resolves once the booking is committed to disk. */
  async book(b: NewBooking, limits: BookingLimits): Promise<BookResult> {
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
        const limit = this.limitReached(b, limits);
        if (limit) return { status: 'limited', limit };
        let row: number;
        try {
          row = Number(
            this.db
              .prepare(`INSERT INTO bookings (${NEW_BOOKING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
              .run(...bookingRow(b)).lastInsertRowid,
          );
        } catch (error) {
          if (isUniqueViolation(error) && /slot_start/.test(messageOf(error))) return { status: 'taken' };
          throw error;
        }
        this.enqueue(row, 'confirmation');
        return { status: 'booked', booking: this.booking(row)! };
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

  async get(id: string): Promise<StoredBooking | undefined> {
    this.assertOpen();
    const row = this.rowOf(id);
    return row === undefined ? undefined : this.booking(row);
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

  /** Cancels a booking: its slot is free again at once, and a visitor who may have the invitation
   * gets a cancellation mail; an invitation not sent yet is withdrawn instead. */
  async cancel(id: string, at: string): Promise<CancelResult> {
    this.assertOpen();
    return this.db
      .transaction((): CancelResult => {
        const row = this.rowOf(id);
        const booking = row === undefined ? undefined : this.booking(row);
        if (row === undefined || !booking) return { status: 'not-found' };
        if (booking.cancelledAt) return { status: 'already-cancelled', booking };
        this.db.prepare('UPDATE bookings SET cancelled_at = ? WHERE id = ?').run(at, row);
        const invitation = this.db
          .prepare<[number], InvitationRow>(
            "SELECT sent_at, dead_at, lease_until, unconfirmed FROM booking_outbox WHERE booking_id = ? AND kind = 'confirmation' ORDER BY id DESC LIMIT 1",
          )
          .get(row);
        const mailed = invitationMayHaveArrived(invitation);
        if (mailed) this.enqueue(row, 'cancellation', cancellationDue(invitation, Date.now()));
        else
          this.db
            .prepare(
              "UPDATE booking_outbox SET dead_at = ?, last_error = ? WHERE booking_id = ? AND kind = 'confirmation' AND sent_at IS NULL AND dead_at IS NULL",
            )
            .run(at, WITHDRAWN, row);
        return { status: 'cancelled', booking: this.booking(row)!, mailed };
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
    for (;;) {
      if (this.closed) return undefined;
      const id = this.outbox.claim(now, rules);
      if (id === undefined) return undefined;
      const mail = this.db
        .prepare<[number], Omit<BookingMail, 'booking'> & { bookingId: number }>(
          'SELECT id, kind, attempts, unconfirmed, booking_id AS bookingId FROM booking_outbox WHERE id = ?',
        )
        .get(id)!;
      const booking = this.booking(mail.bookingId)!;
      const moot = pointless(mail.kind, booking, now);
      if (moot) {
        this.db
          .prepare('UPDATE booking_outbox SET dead_at = ?, last_error = ?, lease_until = NULL WHERE id = ?')
          .run(new Date(now).toISOString(), moot, id);
        continue;
      }
      return { id: mail.id, kind: mail.kind, attempts: mail.attempts, unconfirmed: mail.unconfirmed, booking };
    }
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
  async mailStates(bookingId: string): Promise<MailState[]> {
    this.assertOpen();
    return this.db
      .prepare<[string], MailState>(
        `SELECT kind, CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN dead_at IS NOT NULL THEN 'dead' ELSE 'queued' END AS state, last_error AS lastError FROM booking_outbox WHERE booking_id = (SELECT id FROM bookings WHERE ref = ?) ORDER BY id`,
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
