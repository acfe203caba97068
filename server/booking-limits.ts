// The limits on booking (config `contact.booking.maxOpenPerEmail` and `maxPerDay`): anyone can
// type any address into the form, so one address may hold only a few calls to come, and all
// addresses together only so many bookings a day. The stores count them in the transaction that
// books (server/booking-store.ts, server/postgres-store.ts).
import { domainToASCII } from 'node:url';
import type { BookingConfig } from '../generator/config/config.ts';
import type { BookingLimits } from './store.ts';

/** The window `maxPerDay` counts bookings in. */
export const LIMIT_WINDOW_MS = 24 * 60 * 60_000;

export function bookingLimits(booking: Pick<BookingConfig, 'maxOpenPerEmail' | 'maxPerDay'>): BookingLimits {
  return { maxOpenPerEmail: booking.maxOpenPerEmail, maxPerDay: booking.maxPerDay };
}

/**
 * The address as the per-address limit counts it: in lower case, without a `+tag` and with its
 * domain as DNS names it (`Ann+1@Example.org`, `ann+2@example.org.` with the root's dot, and
 * `ann@bücher.de` as `ann@xn--bcher-kva.de` reach one inbox, so they count as one address).
 */
export function emailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at);
  const plus = local.indexOf('+');
  const written = lower.slice(at + 1).replace(/\.+$/, '');
  // An IDN as its ASCII form; a domain no URL could hold is kept as written.
  const domain = domainToASCII(written) || written;
  return `${plus > 0 ? local.slice(0, plus) : local}@${domain}`;
}

/** The instant (ISO) after which bookings count towards `maxPerDay`, for a booking made at `bookedAt`. */
export function windowStart(bookedAt: string): string {
  return new Date(Date.parse(bookedAt) - LIMIT_WINDOW_MS).toISOString();
}
