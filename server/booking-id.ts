// The id of a booking as the owners, the visitor and API clients see it: twelve characters drawn
// from the system's random source (60 bits), not the row's counter, so an id says nothing about how
// many bookings there are and one id does not lead to the next. The row keeps its own integer key
// for the outbox; this one is what `site contact list` prints and `site contact cancel` takes.
import { randomBytes } from 'node:crypto';

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
