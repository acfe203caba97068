// The contact page's forms as the contact backend and a theme share them: the state the server
// hands a form when it answers a post made without JavaScript (values, errors, status), the ids of
// the island roots it replaces in the built page, and the anchors and queries both sides name.
// The markup is the theme's (its `files.forms`, ThemeForms in generator/theming/theme-contract.ts);
// this is what any theme's forms are rendered from. Pure and free of Node APIs: islands bundle it.
import type { BookingErrors, BookingSlot, BookingValues } from './booking-rules.ts';
import { EMPTY_BOOKING_VALUES } from './booking-rules.ts';
import type { ContactErrors, ContactValues } from './contact-rules.ts';

export type ContactStatus = 'idle' | 'sending' | 'success' | 'error' | 'invalid' | 'rate-limited';

export interface ContactFormState {
  values: ContactValues;
  errors: ContactErrors;
  status: ContactStatus;
  /** Sent along so that a retried submission is stored once; empty until the island picks one. */
  idempotencyKey: string;
  /** Whether the server mails what it stores; absent in the built page (MailsNow). */
  mails?: MailsNow;
}

export const EMPTY_CONTACT_STATE: ContactFormState = {
  values: { name: '', email: '', message: '', terms: false },
  errors: {},
  status: 'idle',
  idempotencyKey: '',
};

/** The element the contact form's island hydrates, which the server's answer pages render again. */
export const FORM_ROOT = 'contact-form';
/** The id of the contact form's heading: a plain post's answer page scrolls to it. */
export const CONTACT_FORM_ANCHOR = 'contact-form-title';

export type RevealKind = 'email' | 'phone';
export const REVEAL_KINDS: readonly RevealKind[] = ['email', 'phone'];

export interface RevealedDetail {
  value: string;
  href: string;
}

export interface RevealState {
  revealed: Partial<Record<RevealKind, RevealedDetail>>;
  failed: boolean;
}

export const EMPTY_REVEAL_STATE: RevealState = { revealed: {}, failed: false };

export const REVEAL_ROOT = 'contact-reveal';

/** Where the reveal buttons post: the contact endpoint's `/reveal`. */
export function revealAction(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/reveal`;
}

export type BookingStatus =
  | 'closed'
  | 'loading'
  | 'load-error'
  | 'ready'
  | 'sending'
  | 'success'
  | 'invalid'
  | 'error'
  | 'rate-limited'
  /** The address holds as many calls to come as the config allows (`contact.booking.maxOpenPerEmail`). */
  | 'limit-email'
  /** The site took as many bookings in the last 24 hours as the config allows (`maxPerDay`). */
  | 'limit-day'
  /** The store does not answer (a database outage): nothing can be looked up or booked now. */
  | 'unavailable';

/**
 * Whether the server has a mail server to send through: only the running server knows, the build
 * does not. So the built page says nothing about how a booking is confirmed or a message reaches
 * the team; the sentence that says it comes from the server (its answer pages, rendered with
 * `mails` in the state) or from the island once it has the server's answer (the free times'
 * `mails`, a stored message's `mailed`). Every visitor reads what this server really does.
 */
export type MailsNow = boolean;

/** How the invitation of a booking travels: mailed now, or queued until the site has a mail server. */
export type InvitationDelivery = 'sending' | 'queued';

export interface BookingState {
  status: BookingStatus;
  /** The free times; absent until asked for (the built page). */
  slots?: BookingSlot[];
  /** The zone the times are shown in: the visitor's in the browser, the office's from the server. */
  zone?: string;
  values: BookingValues;
  /** The day whose times are shown (`YYYY-MM-DD` in the zone shown); the first day with free
   * times, or the chosen time's, when absent. */
  day?: string;
  errors: BookingErrors;
  /** The booked call, once booked. */
  booked?: { start: string; email: string; invitation: InvitationDelivery };
  idempotencyKey: string;
  /** Whether the server mails what it stores; absent in the built page (MailsNow). */
  mails?: MailsNow;
}

export const EMPTY_BOOKING_STATE: BookingState = {
  status: 'closed',
  values: EMPTY_BOOKING_VALUES,
  errors: {},
  idempotencyKey: '',
};

// The booking's answer to a post made without JavaScript is the contact page without a fragment:
// the theme puts `autofocus` on what the visitor must read first (the result, or the problem),
// which a browser honours only when no fragment decides where the page opens.

/** The element the booking's island hydrates, which the server's answer pages render again. */
export const BOOKING_ROOT = 'booking';
/** The contact page's anchor of the booking, where the navbar's appointment button leads. */
export const BOOKING_ANCHOR = 'appointment';
/** The query of the contact page that the server answers with the free times (no JavaScript). */
export const SLOTS_QUERY = 'slots';
