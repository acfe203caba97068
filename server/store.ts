// The store of the contact backend, whichever database holds it: contact messages with their
// idempotency keys and outbox, bookings of introductory calls with their mails, and the analytics
// counters. SQLite in the data directory is the default (one instance, nothing to run beside it);
// PostgreSQL (DATABASE_URL) lets several instances share one store. Both implement this contract,
// and tests/engine/integration/store-contract.test.ts runs the same tests against each.
import type { ClaimRules, RecordedOutcome, RelayOutcome } from './outbox-rules.ts';

export type { ClaimRules, RecordedOutcome, RelayOutcome } from './outbox-rules.ts';

export interface NewMessage {
  receivedAt: string;
  locale: string;
  name: string;
  email: string;
  message: string;
  idempotencyKey: string;
  /** Of name, email and message: tells a retry from a different message under a reused key. */
  payloadHash: string;
}

export type SubmitResult = { status: 'stored' | 'duplicate' | 'conflict'; id: number };

/** `dead`: given up on (refused for good, too many attempts, or unconfirmed twice); listed, not sent. */
export type RelayState = 'not-configured' | 'pending' | 'sent' | 'dead';

export interface StoredMessage {
  id: number;
  receivedAt: string;
  locale: string;
  name: string;
  email: string;
  message: string;
  relay: RelayState;
  attempts: number;
  /** Attempts the mail server may have received without saying so. */
  unconfirmed: number;
  lastError: string | null;
  sentAt: string | null;
  deadAt: string | null;
}

export interface RelayCounts {
  messages: number;
  pending: number;
  sent: number;
  dead: number;
}

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

/** A booking as stored: what the visitor sent, less the request's key and hash, and what the store adds. */
export interface StoredBooking extends Omit<NewBooking, 'idempotencyKey' | 'payloadHash'> {
  /** Random (server/booking-id.ts), never a counter: the id in answers, mails and `site contact`
   * says nothing about how many bookings there are, and one id does not lead to the next. */
  id: string;
  /** The calendar event's UID (RFC 5545), the same in the invitation and its cancellation. */
  uid: string;
  cancelledAt: string | null;
}

export type BookResult =
  | { status: 'booked' | 'duplicate'; booking: StoredBooking }
  /** The idempotency key was used for another booking. */
  | { status: 'conflict' }
  /** Someone else holds the slot. */
  | { status: 'taken' }
  /** The address holds as many calls to come as allowed, or the site took as many bookings in a day. */
  | { status: 'limited'; limit: 'email' | 'day' };

/** What one address and everyone together may book (config `contact.booking`). */
export interface BookingLimits {
  /** Calls to come (not cancelled, not over) per address, addresses compared by emailKey. */
  maxOpenPerEmail: number;
  /** Bookings taken in any 24 hours, from all addresses. */
  maxPerDay: number;
}

export type CancelResult =
  /** `mailed`: a cancellation is queued, because the invitation may have reached the visitor;
   * an invitation never sent is withdrawn instead, and nobody is told of a call they never saw. */
  | { status: 'cancelled'; booking: StoredBooking; mailed: boolean }
  | { status: 'already-cancelled'; booking: StoredBooking }
  | { status: 'not-found' };

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

export interface MailState {
  kind: BookingMailKind;
  /** `queued`: waiting in the outbox (for its time, for a retry, or for a mail server to be configured). */
  state: 'queued' | 'sent' | 'dead';
  lastError: string | null;
}

export interface EventCount {
  day: string;
  name: string;
  path: string;
  props: string;
  count: number;
}

/**
 * An outbox as the relay (server/outbox-relay.ts) works it: items are leased one at a time, so
 * however many senders and instances share the store, each item is sent by one of them.
 */
export interface OutboxSource<M extends { id: number; attempts: number }> {
  /** Leases the next item due and counts the attempt before it is made. */
  claimNext(now: number, rules: ClaimRules): M | undefined | Promise<M | undefined>;
  /** Says what the item is now (sent, retried, a dead letter): the log tells that, not a guess. */
  recordOutcome(id: number, outcome: RelayOutcome, rules: ClaimRules): RecordedOutcome | Promise<RecordedOutcome>;
  /** When the next item is due (epoch ms): a retry, or a lease that ends. */
  nextDue(): number | undefined | Promise<number | undefined>;
  readonly isOpen: boolean;
}

export interface MessageStore extends OutboxSource<StoredMessage> {
  /** Resolves once the message (or the earlier one with its key) is committed durably. */
  submit(message: NewMessage): Promise<SubmitResult>;
  /** Newest first. */
  /** The messages not relayed first (nobody has read those in a mailbox), then the relayed; newest
   * first in each (UNSENT_FIRST). */
  list(limit: number, offset?: number): Promise<StoredMessage[]>;
  /** Oldest first, a page at a time, for exports of any size. */
  iterate(): AsyncIterable<StoredMessage>;
  counts(): Promise<RelayCounts>;
  /** Deletes messages (and their outbox rows) received before `cutoff` (ISO time); returns how many. */
  purgeReceivedBefore(cutoff: string): Promise<number>;
  claimNext(now: number, rules: ClaimRules): Promise<StoredMessage | undefined>;
  recordOutcome(id: number, outcome: RelayOutcome, rules: ClaimRules): Promise<RecordedOutcome>;
  nextDue(): Promise<number | undefined>;
}

export interface Bookings extends OutboxSource<BookingMail> {
  /**
   * Books a slot, or says why not; resolves once the booking is committed. The database refuses a
   * second booking of a slot; the limits are counted in the same transaction, so bookings on
   * several instances at once cannot pass them together. The invitation goes into the outbox
   * whether or not a mail server is configured: a relay started later sends it.
   */
  book(booking: NewBooking, limits: BookingLimits): Promise<BookResult>;
  /** The starts of the slots held between two instants (ISO), for computing the free ones. */
  takenStarts(from: string, to: string): Promise<Set<string>>;
  get(id: string): Promise<StoredBooking | undefined>;
  /** Bookings whose call has not ended by `now` first (soonest first), then the rest, newest first. */
  list(now: string, limit: number): Promise<StoredBooking[]>;
  counts(now: string): Promise<{ upcoming: number; cancelled: number; past: number }>;
  /** Frees the slot at once and queues the cancellation mail if the invitation may have arrived
   * (server/booking-mail-rules.ts); an invitation not sent yet is not sent at all. */
  cancel(id: string, at: string): Promise<CancelResult>;
  /** Deletes bookings (and their mails) whose call ended before `cutoff` (ISO); returns how many. */
  purgeEndedBefore(cutoff: string): Promise<number>;
  /** What the owners see of a booking's mails: the latest state of each. */
  mailStates(bookingId: string): Promise<MailState[]>;
  claimNext(now: number, rules: ClaimRules): Promise<BookingMail | undefined>;
  recordOutcome(id: number, outcome: RelayOutcome, rules: ClaimRules): Promise<RecordedOutcome>;
  nextDue(): Promise<number | undefined>;
  close(): void;
}

/** Analytics counters: one per day, event, page and properties, never a visitor. */
export interface EventCounts {
  increment(day: string, name: string, path: string, props: string): Promise<void>;
  /** From `since` (a day, YYYY-MM-DD) on, most counted first. */
  counts(since?: string): Promise<EventCount[]>;
  /** Deletes the counters of days before `day` (YYYY-MM-DD); returns how many. */
  purgeBefore(day: string): Promise<number>;
  close(): void;
}

/**
 * What a form posted without JavaScript led to, kept for the page its visitor is sent to (303 to
 * `?result=<token>`): in the store, so that whichever instance answers the redirect shows it.
 */
export interface FormResults {
  /** Keeps `value` under `token` until `expiresAt` (epoch ms), and forgets results past their time. */
  put(token: string, value: string, expiresAt: number): Promise<void>;
  /** The value, while it has not expired. */
  get(token: string, now: number): Promise<string | undefined>;
  /** Deletes the results expired by `now`; returns how many. */
  purgeExpired(now: number): Promise<number>;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the data is, for people: the SQLite file, or the database URL without its password. */
  readonly location: string;
  readonly messages: MessageStore;
  readonly bookings: Bookings;
  readonly events: EventCounts;
  readonly results: FormResults;
  /** Resolves once the schema is up to date (migrated under a lock); rejects when the database cannot be used. */
  ready(): Promise<void>;
  /** Rejects when the database does not answer (readiness). */
  ping(): Promise<void>;
  readonly isOpen: boolean;
  /** Commits what is queued, then closes every connection. */
  close(): Promise<void>;
}

/** The store cannot be used (the database is unreachable, or its schema is newer than this code). */
export class StoreError extends Error {}

/** The database did not answer this once (restarting, unreachable, the connection lost mid-query):
 * nothing was committed that the caller was told of, and the same call may succeed in a moment.
 * A request answers 503 with Retry-After; the process goes on. */
export class StoreUnavailableError extends Error {
  /** Seconds a client waits before it tries again: a restart of the database takes a few. */
  readonly retryAfterSeconds = 5;
}

/** The order of StoredMessages' `list` in SQL over `messages m LEFT JOIN outbox o`, the same in
 * SQLite and PostgreSQL: messages no mail has carried first, then the relayed, newest first in each. */
export const UNSENT_FIRST = 'ORDER BY (o.sent_at IS NOT NULL), m.id DESC';
