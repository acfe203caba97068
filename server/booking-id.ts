// The id of a booking as the owners, the visitor and API clients see it: twelve characters drawn
// from the system's random source (60 bits), not the row's counter, so an id says nothing about how
// many bookings there are and one id does not lead to the next. The row keeps its own integer key
// for the outbox; this one is what `site contact list` prints and `site contact cancel` takes.
import { randomBytes, randomUUID } from 'node:crypto';
import { emailKey } from './booking-limits.ts';
import type { NewBooking } from './store.ts';

/** Crockford's base 32 in lower case: no i, l, o or u, so an id read aloud or typed is not misread. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 12;

export function newBookingId(): string {
  const bytes = randomBytes(LENGTH);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte & 31];
  return id;
}

/** What an id looks like, for what people type (`site contact cancel`); ids of bookings made before
 * ids were random are 16 hexadecimal digits, which this allows too. */
export const BOOKING_ID = /^[0-9a-z]{8,32}$/;

/** The columns of a new booking row, both stores alike: `ref` (the id above), the slot, when and in
 * which language it was booked, who booked it (with the address as the limits compare it), the
 * calendar event's uid and the request's idempotency key and payload hash. */
export const NEW_BOOKING_COLUMNS =
  'ref, slot_start, slot_end, booked_at, locale, name, email, email_key, topic, uid, idempotency_key, payload_hash';

/** The values of NEW_BOOKING_COLUMNS for a new booking, with a fresh id and event uid. */
export function bookingRow(b: NewBooking): unknown[] {
  return [
    newBookingId(),
    b.start,
    b.end,
    b.bookedAt,
    b.locale,
    b.name,
    b.email,
    emailKey(b.email),
    b.topic,
    randomUUID(),
    b.idempotencyKey,
    b.payloadHash,
  ];
}
