// The contact form's rules, shared by the browser and the server so both say the same thing.
// Pure and free of Node APIs: the contact island bundles this file.
export const CONTACT_LIMITS = {
  name: { min: 2, max: 100 },
  email: { min: 6, max: 254 },
  message: { min: 20, max: 5000 },
} as const;

export type ContactTextField = keyof typeof CONTACT_LIMITS;
export type ContactField = ContactTextField | 'terms';
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'message', 'terms'];

export interface ContactInput {
  name?: unknown;
  email?: unknown;
  message?: unknown;
  terms?: unknown;
}

/** What the form holds: the text fields as typed and whether the terms box is ticked. */
export interface ContactValues {
  name: string;
  email: string;
  message: string;
  terms: boolean;
}

export type ContactErrorCode = 'required' | 'length' | 'invalidEmail' | 'invalidCharacters' | 'termsRequired';
export type ContactErrors = Partial<Record<ContactField, ContactErrorCode>>;

/** The bot trap: a field people never see, so anything in it came from a script. */
export const HONEYPOT_FIELD = 'website';

/** Whether the bot trap caught something: any text, or any value that is not text (no form sends one). */
export function honeypotFilled(value: unknown): boolean {
  if (value === undefined) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/**
 * Client-chosen keys that make a retried submission store once. Random keys from the island are
 * 32 hex digits; anything of this shape is accepted so other clients can bring their own UUIDs.
 */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/**
 * Characters a one-line field (name, e-mail) may not hold: control characters (line breaks would
 * forge lines in the mail), bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069:
 * they reorder how the owners read the name), and zero-width characters (they hide text).
 */
const FORBIDDEN_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;
/** In a message, line breaks and tabs are text; other control characters are not. */
const FORBIDDEN_IN_MESSAGE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;
/** Something a reader can see: a letter, digit, punctuation mark or symbol. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
const TERMS_ACCEPTED = new Set<unknown>([true, 'accepted', 'on', 'true']);

/** Code points, not UTF-16 units, so an emoji counts as one character on both sides. */
export const lengthOf = (value: string) => [...value].length;

/**
 * The values as they are checked and stored: in Unicode NFC (so "é" typed two ways is one name),
 * trimmed, and with the CRLF line breaks an HTML form submits turned into the LF the textarea
 * showed, so a message that fitted in the browser fits on the server too.
 */
export function normalizeContact(input: ContactInput): ContactValues {
  const text = (value: unknown) =>
    typeof value === 'string' ? value.normalize('NFC').replace(/\r\n?/g, '\n').trim() : '';
  return {
    name: text(input.name),
    email: text(input.email),
    message: text(input.message),
    terms: TERMS_ACCEPTED.has(input.terms),
  };
}

export function validateField(field: ContactField, values: ContactValues): ContactErrorCode | undefined {
  if (field === 'terms') return values.terms ? undefined : 'termsRequired';
  const value = values[field];
  const { min, max } = CONTACT_LIMITS[field];
  // Only invisible characters (zero-width spaces, say) count as empty.
  if (!value || !VISIBLE.test(value)) return 'required';
  if ((field === 'message' ? FORBIDDEN_IN_MESSAGE : FORBIDDEN_IN_LINE).test(value)) return 'invalidCharacters';
  const length = lengthOf(value);
  if (length < min || length > max) return 'length';
  if (field === 'email' && !EMAIL.test(value)) return 'invalidEmail';
  return undefined;
}

export function validateContact(input: ContactInput): ContactErrors {
  const values = normalizeContact(input);
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const error = validateField(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}
