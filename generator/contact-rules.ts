// The contact form's rules, shared by the browser and the server so both say the same thing.
export const CONTACT_LIMITS = {
  name: { min: 2, max: 100 },
  email: { min: 6, max: 254 },
  message: { min: 20, max: 5000 },
} as const;

export type ContactField = keyof typeof CONTACT_LIMITS | 'terms';

export interface ContactInput {
  name?: unknown;
  email?: unknown;
  message?: unknown;
  terms?: unknown;
}

export type ContactErrorCode = 'required' | 'length' | 'invalidEmail' | 'termsRequired';

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

export function validateContact(input: ContactInput): Partial<Record<ContactField, ContactErrorCode>> {
  const errors: Partial<Record<ContactField, ContactErrorCode>> = {};
  for (const field of ['name', 'email', 'message'] as const) {
    const value = typeof input[field] === 'string' ? (input[field] as string).trim() : '';
    const { min, max } = CONTACT_LIMITS[field];
    if (!value) errors[field] = 'required';
    else if ([...value].length < min || [...value].length > max) errors[field] = 'length';
    else if (field === 'email' && !EMAIL.test(value)) errors[field] = 'invalidEmail';
  }
  const terms = input.terms;
  if (!(terms === true || terms === 'accepted' || terms === 'on' || terms === 'true')) errors.terms = 'termsRequired';
  return errors;
}
