// The island's calls to the contact and booking endpoints, and what their answers mean for the page.

import type { BookingErrors, BookingSlot, BookingValues } from '../../../common/booking-rules.ts';
import { type ContactErrors, type ContactValues, IDEMPOTENCY_KEY } from '../../../common/contact-rules.ts';
import type { InvitationDelivery, RevealedDetail, RevealKind } from '../../../common/forms.ts';

export type SubmitOutcome =
  /** `mailed`: the server mails it on to the team; false when it only stores it. */
  | { kind: 'stored'; mailed: boolean }
  | { kind: 'invalid'; errors: ContactErrors }
  | { kind: 'rate-limited' }
  | { kind: 'failed' };

export interface ContactPayload extends ContactValues {
  locale: string;
  website: string;
}

/** A slow network gets this long before the visitor sees the error state and may retry. */
const TIMEOUT_MS = 20_000;

/** 32 hex digits from the system's random source; also works on plain-HTTP origins, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Posts `payload` as JSON with its idempotency key (sent again on a retry, so the server stores it
 * once); undefined when nothing came back (offline, timeout). */
async function postOnce(endpoint: string, payload: object, key: string): Promise<Response | undefined> {
  if (!IDEMPOTENCY_KEY.test(key)) throw new Error('invalid idempotency key');
  try {
    return await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ ...payload, idempotencyKey: key }),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return undefined;
  }
}

export async function submitContact(endpoint: string, payload: ContactPayload, key: string): Promise<SubmitOutcome> {
  const response = await postOnce(endpoint, payload, key);
  if (!response) return { kind: 'failed' };
  if (response.status === 201) {
    const body = (await response.json().catch(() => undefined)) as { mailed?: boolean } | undefined;
    // A server that does not say is one from before it said: it mailed whenever it could.
    return { kind: 'stored', mailed: body?.mailed !== false };
  }
  if (response.status === 429) return { kind: 'rate-limited' };
  if (response.status === 400) {
    const body = (await response.json().catch(() => undefined)) as { fields?: ContactErrors } | undefined;
    if (body?.fields && Object.keys(body.fields).length) return { kind: 'invalid', errors: body.fields };
  }
  return { kind: 'failed' };
}

export async function fetchDetail(action: string, kind: RevealKind): Promise<RevealedDetail> {
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ reveal: kind }),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`reveal answered ${response.status}`);
  const body = (await response.json()) as Partial<RevealedDetail>;
  if (typeof body.value !== 'string' || typeof body.href !== 'string')
    throw new Error('reveal answered without a detail');
  return { value: body.value, href: body.href };
}

export interface SlotList {
  timeZone: string;
  slots: BookingSlot[];
  /** Whether the server mails the invitation; undefined when it does not say. */
  mails?: boolean;
}

export async function fetchSlots(endpoint: string): Promise<SlotList> {
  const response = await fetch(`${endpoint}/slots`, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
    cache: 'no-store',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the free times answered ${response.status}`);
  const body = (await response.json()) as Partial<SlotList>;
  if (!Array.isArray(body.slots)) throw new Error('the free times answered without a list');
  return {
    timeZone: String(body.timeZone),
    slots: body.slots,
    mails: typeof body.mails === 'boolean' ? body.mails : undefined,
  };
}

export type BookOutcome =
  | { kind: 'booked'; start: string; invitation: InvitationDelivery }
  | { kind: 'invalid'; errors: BookingErrors }
  | { kind: 'rate-limited' }
  /** The address holds as many calls as allowed, or the site took as many bookings as a day allows. */
  | { kind: 'limit'; limit: 'email' | 'day' }
  /** The store does not answer (503). */
  | { kind: 'unavailable' }
  | { kind: 'failed' };

export interface BookingPayload extends BookingValues {
  locale: string;
  website: string;
}

export async function submitBooking(endpoint: string, payload: BookingPayload, key: string): Promise<BookOutcome> {
  const response = await postOnce(endpoint, payload, key);
  if (!response) return { kind: 'failed' };
  if (response.status === 201) {
    const body = (await response.json().catch(() => undefined)) as
      | { booking?: { start?: string; invitation?: InvitationDelivery } }
      | undefined;
    return {
      kind: 'booked',
      start: body?.booking?.start ?? payload.slot,
      invitation: body?.booking?.invitation === 'queued' ? 'queued' : 'sending',
    };
  }
  if (response.status === 429) {
    const body = (await response.json().catch(() => undefined)) as { error?: string; limit?: string } | undefined;
    if (body?.error === 'booking-limit') return { kind: 'limit', limit: body.limit === 'email' ? 'email' : 'day' };
    return { kind: 'rate-limited' };
  }
  if (response.status === 503) return { kind: 'unavailable' };
  if (response.status === 400 || response.status === 409) {
    const body = (await response.json().catch(() => undefined)) as { fields?: BookingErrors } | undefined;
    if (body?.fields && Object.keys(body.fields).length) return { kind: 'invalid', errors: body.fields };
  }
  return { kind: 'failed' };
}
