// The booking endpoint (config `contact.booking.endpoint`): `GET <endpoint>/slots` lists the free
// times as JSON for the island; `POST <endpoint>` books one. The checks before the body are the
// contact form's (server/contact-backend.ts); then the honeypot, the shared field rules, the
// slot rules (server/booking-slots.ts), the idempotency key, and the store, whose UNIQUE
// constraint decides which of two visitors gets a slot and which counts the limits per address and
// per day (server/booking-limits.ts). A plain form is answered with 303 to the contact page
// showing the result.

import { createHash } from 'node:crypto';
import {
  type BookingErrors,
  type BookingField,
  bookingErrorText,
  DAY_KEY,
  dayKey,
  normalizeBooking,
  validateBooking,
} from '../common/booking-rules.ts';
import { HONEYPOT_FIELD, honeypotFilled, IDEMPOTENCY_KEY } from '../common/contact-rules.ts';
import { type BookingState, EMPTY_BOOKING_STATE } from '../common/forms.ts';
import type { BookingConfig } from '../generator/config/config.ts';
import { bookingLimits } from './booking-limits.ts';
import { checkSlot, freeSlots } from './booking-slots.ts';
import type { ContactBackend, Received } from './contact-backend.ts';
import type { Reply } from './contact-reply.ts';
import { freshKey, keyFor } from './contact-submit.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Per-field messages in the visitor's language, beside the codes, for API clients. */
function errorMessages(
  backend: ContactBackend,
  locale: string,
  booking: BookingConfig,
  errors: BookingErrors,
): Partial<Record<BookingField, string>> {
  const m = backend.messages[locale];
  const setup = { t: m.booking, tc: m.contact, leadTimeHours: booking.leadTimeHours };
  return Object.fromEntries(
    Object.keys(errors).map((field) => [field, bookingErrorText(setup, field as BookingField, errors)]),
  );
}

export async function handleBook(backend: ContactBackend, { fields, reply, rate }: Received): Promise<void> {
  const { booking } = backend;
  const locale = backend.pages.localeOf(fields.locale);
  const values = normalizeBooking(fields);
  // The day a plain form showed the times of (its `day` radio buttons, in the office's zone).
  const day = typeof fields.day === 'string' && DAY_KEY.test(fields.day) ? fields.day : undefined;
  /** A plain form's result: the contact page with the booking in this state, and the free times again. */
  const result = async (state: Partial<BookingState>) => {
    // The store may have answered the booking and not this (an outage beginning): the rules' times then.
    const slots =
      state.status === 'success' ? undefined : await backend.freeSlots().catch(() => freeSlots(booking, Date.now()));
    await backend.showResult(reply, {
      kind: 'booking',
      locale,
      state: {
        ...EMPTY_BOOKING_STATE,
        values,
        day,
        slots,
        zone: booking.timeZone,
        idempotencyKey: freshKey(),
        ...state,
      },
    });
  };

  if (!rate.allowed) {
    await result({ status: 'rate-limited' });
    return;
  }
  if (honeypotFilled(fields[HONEYPOT_FIELD])) {
    if (reply.html) await result({ status: 'success', values: EMPTY_BOOKING_STATE.values });
    else reply.json(201, { ok: true });
    return;
  }

  const errors = validateBooking(values);
  const slot = checkSlot(booking, values.slot, Date.now());
  if (!slot.ok && !errors.slot) errors.slot = slot.problem === 'required' ? 'required' : slot.problem;
  // Without JavaScript every day's times are in the form, the other days' hidden: a time chosen
  // on one day stays chosen when the visitor moves on to another and picks none there. What they
  // see is the day they chose, and no time on it.
  if (slot.ok && day && dayKey(slot.slot.start, booking.timeZone) !== day) errors.slot = 'required';
  if (Object.keys(errors).length || !slot.ok) {
    if (reply.html) await result({ status: 'invalid', errors });
    else
      reply.json(400, {
        error: 'invalid',
        message: 'Some fields are not valid.',
        fields: errors,
        messages: errorMessages(backend, locale, booking, errors),
      });
    return;
  }

  const headerKey = reply.header('idempotency-key');
  const sentKey =
    headerKey ??
    (typeof fields.idempotencyKey === 'string' && fields.idempotencyKey ? fields.idempotencyKey : undefined);
  if (sentKey !== undefined && !IDEMPOTENCY_KEY.test(sentKey)) {
    reply.refuse(400, 'invalid-idempotency-key', 'Idempotency-Key must be 8 to 128 letters, digits or _ . : -');
    return;
  }
  const payloadHash = sha256(JSON.stringify([slot.slot.start, values.name, values.email, values.topic]));
  const idempotencyKey = keyFor(sentKey, payloadHash, reply.html);

  let booked: Awaited<ReturnType<ContactBackend['bookings']['book']>>;
  try {
    booked = await backend.bookings.book(
      {
        start: slot.slot.start,
        end: slot.slot.end,
        bookedAt: new Date().toISOString(),
        locale,
        name: values.name,
        email: values.email,
        topic: values.topic,
        idempotencyKey,
        payloadHash,
      },
      bookingLimits(booking),
    );
  } catch (error) {
    backend.log.error('[booking] a booking could not be stored:', error);
    // The visitor keeps what they typed, and the times of the rules to send it again with (the
    // store cannot say which are taken now; a taken one is refused then).
    reply.refuse(
      503,
      'unavailable',
      backend.messages[locale].booking.unavailable,
      () =>
        backend.pages.booking(locale, {
          ...EMPTY_BOOKING_STATE,
          values,
          day,
          slots: freeSlots(booking, Date.now()),
          zone: booking.timeZone,
          status: 'unavailable',
          idempotencyKey: freshKey(),
        }),
      { 'retry-after': '30' },
    );
    return;
  }
  if (booked.status === 'conflict') {
    reply.refuse(
      422,
      'idempotency-key-reused',
      'This Idempotency-Key was already used for a different booking; send a new key.',
    );
    return;
  }
  if (booked.status === 'taken') {
    const taken: BookingErrors = { slot: 'slotTaken' };
    if (reply.html) await result({ status: 'invalid', errors: taken, values: { ...values, slot: '' } });
    else
      reply.json(409, {
        error: 'slot-taken',
        message: 'Someone else holds this slot.',
        fields: taken,
        messages: errorMessages(backend, locale, booking, taken),
      });
    return;
  }
  if (booked.status === 'limited') {
    const status = booked.limit === 'email' ? 'limit-email' : 'limit-day';
    const message = backend.messages[locale].booking[booked.limit === 'email' ? 'limitEmail' : 'limitDay'];
    if (reply.html) await result({ status });
    else reply.json(429, { error: 'booking-limit', limit: booked.limit, message });
    return;
  }
  if (booked.status === 'booked') backend.bookingStored();
  const { id, start, end } = booked.booking;
  // Without a mail server the invitation waits in the outbox, and the visitor is told so.
  const invitation = backend.mailsNow ? 'sending' : 'queued';
  if (reply.html)
    await result({
      status: 'success',
      values: EMPTY_BOOKING_STATE.values,
      day: undefined,
      booked: { start, email: booked.booking.email, invitation },
    });
  else
    reply.json(201, {
      ok: true,
      duplicate: booked.status === 'duplicate' || undefined,
      booking: { id, start, end, invitation },
    });
}

/** `GET <endpoint>/slots`: the free times, for the island (which shows them in the visitor's zone).
 * While the store does not answer: 503, a page for a browser that opened the address, else JSON. */
export async function handleSlots(backend: ContactBackend, reply: Reply, locale: string): Promise<void> {
  const { booking } = backend;
  let slots: Awaited<ReturnType<ContactBackend['freeSlots']>>;
  try {
    slots = await backend.freeSlots();
  } catch (error) {
    backend.unavailable(reply, locale, error);
    return;
  }
  // `mails`: whether the invitation goes out by mail, for the sentence the island shows beside the times.
  reply.json(200, { timeZone: booking.timeZone, slotMinutes: booking.slotMinutes, slots, mails: backend.mailsNow });
}
