// The booking form's rules, shared by the browser and the server so both say the same thing. The
// name, the e-mail address and the terms follow the contact form's rules; whether a time can be
// booked only the server can say (server/booking-slots.ts, and the store for a taken slot).
// Pure and free of Node APIs: the contact island bundles this file.
import { CONTACT_LIMITS, type ContactErrorCode, lengthOf, normalizeContact, validateField } from './contact-rules.ts';
import { format } from './format-message.ts';
import type { Messages } from './messages.ts';

export const TOPIC_MAX = 500;

/** The keys of the config's office hours, Monday first, as ISO 8601 counts the week. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A bookable time: its start and end, ISO 8601 in UTC; the start names it. */
export interface BookingSlot {
  start: string;
  end: string;
}

export type BookingField = 'slot' | 'name' | 'email' | 'topic' | 'terms';
export const BOOKING_FIELDS: readonly BookingField[] = ['slot', 'name', 'email', 'topic', 'terms'];

/** Why a time cannot be booked; each has a message in the `booking` strings. */
export type SlotProblem =
  | 'slotInvalid'
  | 'slotPast'
  | 'slotTooSoon'
  | 'slotTooFar'
  | 'slotHoliday'
  | 'slotOutsideHours'
  | 'slotTaken';

export type BookingErrorCode = ContactErrorCode | SlotProblem | 'topicLength';
export type BookingErrors = Partial<Record<BookingField, BookingErrorCode>>;

export interface BookingValues {
  /** The slot's start, ISO 8601 in UTC. */
  slot: string;
  name: string;
  email: string;
  topic: string;
  terms: boolean;
}

export const EMPTY_BOOKING_VALUES: BookingValues = { slot: '', name: '', email: '', topic: '', terms: false };

const FORBIDDEN_IN_TOPIC = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;

export function normalizeBooking(input: Record<string, unknown>): BookingValues {
  const contact = normalizeContact({ name: input.name, email: input.email, terms: input.terms });
  const topic = typeof input.topic === 'string' ? input.topic.normalize('NFC').replace(/\r\n?/g, '\n').trim() : '';
  return {
    slot: typeof input.slot === 'string' ? input.slot.trim() : '',
    name: contact.name,
    email: contact.email,
    topic,
    terms: contact.terms,
  };
}

export function validateBookingField(field: BookingField, values: BookingValues): BookingErrorCode | undefined {
  if (field === 'slot') return values.slot ? undefined : 'required';
  if (field === 'topic') {
    if (FORBIDDEN_IN_TOPIC.test(values.topic)) return 'invalidCharacters';
    return lengthOf(values.topic) > TOPIC_MAX ? 'topicLength' : undefined;
  }
  // The contact form's rules; its message field is not asked for here.
  return validateField(field, { name: values.name, email: values.email, message: '', terms: values.terms });
}

export function validateBooking(values: BookingValues): BookingErrors {
  const errors: BookingErrors = {};
  for (const field of BOOKING_FIELDS) {
    const error = validateBookingField(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

/** What a field's error is said with: the booking's strings, the contact form's (name, e-mail,
 * terms) and the lead time the "too soon" message names. */
export interface BookingTexts {
  t: Messages['booking'];
  tc: Pick<Messages['contact'], 'required' | 'length' | 'invalidEmail' | 'invalidCharacters' | 'termsRequired'>;
  leadTimeHours: number;
}

/** A field's error in words, as the form shows it and the API answers it beside the code. */
export function bookingErrorText(setup: BookingTexts, field: BookingField, errors: BookingErrors): string {
  const { t, tc } = setup;
  const code = errors[field];
  if (!code) return '';
  if (field === 'slot') {
    if (code === 'required') return t.required;
    if (code === 'slotTooSoon') return format(t.slotTooSoon, { hours: setup.leadTimeHours });
    return code in t ? t[code as 'slotPast'] : t.slotInvalid;
  }
  if (code === 'topicLength') return format(t.topicLength, { max: TOPIC_MAX });
  if (code === 'required') return tc.required;
  if (code === 'length' && (field === 'name' || field === 'email')) return format(tc.length, CONTACT_LIMITS[field]);
  return code in tc ? tc[code as 'invalidEmail'] : tc.required;
}

/**
 * A time in words with its zone, e.g. "Mittwoch, 2. Dezember 2026 um 09:00 (Wiener Zeit)". The
 * zone is named as people name it (zoneLabel), never by its IANA id.
 */
export function formatSlot(start: string, dateLocale: string, zone: string, label: string): string {
  const time = new Intl.DateTimeFormat(dateLocale, {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(start));
  return `${time} (${label})`;
}

/** The office's zone and the name the site's strings give it ("Wiener Zeit"; empty: unnamed). */
export interface OfficeZone {
  zone: string;
  name: string;
}

/**
 * A zone's name for visitors: the office's as the site names it, any other (a visitor's own) as
 * the locale names it ("Eastern Time", "Nordamerikanische Ostküstenzeit"). Intl's names differ
 * between ICU versions, so a name rendered on the server and again in the browser (hydration)
 * comes from the site's strings or is made once at build time, not here in both places.
 */
export function zoneLabel(zone: string, dateLocale: string, office: OfficeZone): string {
  if (zone === office.zone && office.name) return office.name;
  return intlZoneName(zone, dateLocale);
}

const regionNames = new Map<string, string[]>();

/** The names a locale gives the world's regions ("Vereinigtes Königreich"), made once per locale. */
function regionsOf(dateLocale: string): string[] {
  let names = regionNames.get(dateLocale);
  if (!names) {
    names = [];
    try {
      const display = new Intl.DisplayNames([dateLocale], { type: 'region', fallback: 'none' });
      const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
      for (const a of letters)
        for (const b of letters) {
          const name = display.of(a + b);
          if (name) names.push(name);
        }
    } catch {
      // An engine without region names: every generic name is taken as it is.
    }
    regionNames.set(dateLocale, names);
  }
  return names;
}

/** The locale's generic name of a zone ("Mitteleuropäische Zeit"; for a zone without one, such as
 * UTC, its name, "Koordinierte Weltzeit"), else its offset ("GMT+01:00"). A generic name made of
 * the zone's country ("Vereinigtes Königreich (Ortszeit)", "United Kingdom Time") is passed over
 * for the zone's own name ("Mittlere Greenwich-Zeit"): it says "local time" itself, and the form
 * adds that the zone is the visitor's. */
export function intlZoneName(zone: string, dateLocale: string): string {
  let offset: string | undefined;
  for (const timeZoneName of ['longGeneric', 'long', 'longOffset'] as const) {
    try {
      const name = new Intl.DateTimeFormat(dateLocale, { timeZone: zone, timeZoneName })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName')?.value;
      if (timeZoneName === 'longGeneric' && name && regionsOf(dateLocale).some((region) => name.includes(region)))
        continue;
      if (name && !/^(GMT|UTC)([+-−]|$)/.test(name)) return name;
      offset ??= name;
    } catch {
      // An engine without this style: the next one.
    }
  }
  return offset ?? zone.replace(/_/g, ' ');
}

/** The calendar day of an instant in a zone, `YYYY-MM-DD`: the key the form groups times by. */
export function dayKey(start: string, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(start));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
