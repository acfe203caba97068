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

export type ContactErrorCode = 'required' | 'length' | 'invalidEmail' | 'termsRequired';
export type ContactErrors = Partial<Record<ContactField, ContactErrorCode>>;

/** The bot trap: a field people never see, so anything in it came from a script. */
export const HONEYPOT_FIELD = 'website';

/**
 * Client-chosen keys that make a retried submission store once. Random keys from the island are
 * 32 hex digits; anything of this shape is accepted so other clients can bring their own UUIDs.
 */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
const TERMS_ACCEPTED = new Set<unknown>([true, 'accepted', 'on', 'true']);

/** Code points, not UTF-16 units, so an emoji counts as one character on both sides. */
export const lengthOf = (value: string) => [...value].length;

/**
 * The values as they are checked and stored: trimmed, and with the CRLF line breaks an HTML form
 * submits turned into the LF the textarea showed, so a message that fitted in the browser fits on
 * the server too.
 */
export function normalizeContact(input: ContactInput): ContactValues {
  const text = (value: unknown) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : '');
  return { name: text(input.name), email: text(input.email), message: text(input.message), terms: TERMS_ACCEPTED.has(input.terms) };
}

export function validateField(field: ContactField, values: ContactValues): ContactErrorCode | undefined {
  if (field === 'terms') return values.terms ? undefined : 'termsRequired';
  const value = values[field];
  const { min, max } = CONTACT_LIMITS[field];
  if (!value) return 'required';
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
