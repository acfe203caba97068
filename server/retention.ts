// Retention: what the privacy policy promises, done. Contact messages and analytics counters older
// than the retention period (DATA_RETENTION_MONTHS, 12 by default) are deleted, by the production
// server once at start and then daily, and by `site contact purge`. In SQLite deleted rows are
// overwritten in the database file (secure_delete), not just unlinked, and the WAL is emptied
// afterwards; PostgreSQL's autovacuum reclaims them.
import type { Bookings, Store } from './store.ts';

export const DAY_MS = 24 * 60 * 60_000;

export interface Purged {
  /** Messages received before this instant were deleted. */
  cutoff: Date;
  messages: number;
  /** Analytics counters of days before the cutoff's day. */
  counters: number;
}

/** The instant `months` calendar months before `now` (UTC); the 31st falls back to the month's end. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

/** Deletes what is older than the retention period from the contact store and the analytics counters. */
export async function purgeExpired(
  store: Pick<Store, 'messages' | 'events'> & Partial<Pick<Store, 'results'>>,
  months: number,
  now = new Date(),
): Promise<Purged> {
  const cutoff = retentionCutoff(now, months);
  const messages = await store.messages.purgeReceivedBefore(cutoff.toISOString());
  const counters = await store.events.purgeBefore(cutoff.toISOString().slice(0, 10));
  // The answers of plain form posts live half an hour; these are the ones nobody posted after.
  await store.results?.purgeExpired(now.getTime());
  return { cutoff, messages, counters };
}

export function describePurge({ cutoff, messages, counters }: Purged): string {
  return `deleted ${messages} contact message${messages === 1 ? '' : 's'} received before ${cutoff.toISOString()} and ${counters} analytics counter${counters === 1 ? '' : 's'} of days before ${cutoff.toISOString().slice(0, 10)}`;
}

/** Bookings whose call ended before the retention period's cutoff are deleted, with their mails. */
export async function purgeExpiredBookings(
  bookings: Pick<Bookings, 'purgeEndedBefore'>,
  months: number,
  now = new Date(),
): Promise<{ cutoff: Date; bookings: number }> {
  const cutoff = retentionCutoff(now, months);
  return { cutoff, bookings: await bookings.purgeEndedBefore(cutoff.toISOString()) };
}

export function describeBookingPurge({ cutoff, bookings }: { cutoff: Date; bookings: number }): string {
  return `deleted ${bookings} booking${bookings === 1 ? '' : 's'} whose call ended before ${cutoff.toISOString()}`;
}
