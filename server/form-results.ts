// What a plain form post (JavaScript off) led to, kept for the page the visitor is sent to: the
// endpoint answers 303 with the contact page's address and a token (`?result=<token>`), so the
// visitor lands on a page of the site, a reload does not post again, and the result (errors
// beside their fields and the values kept, or the thank-you) is still shown. Kept in the store
// (FormResults in server/store.ts), not in one process's memory: behind a load balancer the
// redirect may reach another instance than the post did, and it shows the same page. A result
// lives for half an hour and is deleted after it; a token is 128 random bits, so nobody finds
// another visitor's result by guessing.
import { randomBytes } from 'node:crypto';
import type { BookingState, ContactFormState } from '../common/forms.ts';

export const RESULT_QUERY = 'result';
export const RESULT_TTL_MS = 30 * 60_000;
const TOKEN = /^[0-9a-f]{32}$/;

/** What a plain form post led to, shown on the contact page the visitor is sent to (303). */
export type FormResult =
  | { kind: 'contact'; locale: string; state: ContactFormState }
  | { kind: 'booking'; locale: string; state: BookingState };

export function newResultToken(): string {
  return randomBytes(16).toString('hex');
}

/** Whether a query's token can be one this server made (anything else is not looked up). */
export function isResultToken(token: string | null): token is string {
  return token !== null && TOKEN.test(token);
}

/** The stored text of a result, and back; a row that is no result of ours reads as none. */
export function encodeResult(result: FormResult): string {
  return JSON.stringify(result);
}

export function decodeResult(value: string | undefined): FormResult | undefined {
  if (value === undefined) return undefined;
  try {
    const result = JSON.parse(value) as Partial<FormResult>;
    return (result.kind === 'contact' || result.kind === 'booking') &&
      typeof result.locale === 'string' &&
      typeof result.state === 'object' &&
      result.state !== null
      ? (result as FormResult)
      : undefined;
  } catch {
    return undefined;
  }
}
