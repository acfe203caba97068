// The island's two calls to the contact endpoint, and what their answers mean for the page.
import { IDEMPOTENCY_KEY, type ContactErrors, type ContactValues } from '../../../common/contact-rules.ts';
import type { RevealedDetail, RevealKind } from '../../pages/ContactReveal.tsx';

export type SubmitOutcome = { kind: 'stored' } | { kind: 'invalid'; errors: ContactErrors } | { kind: 'rate-limited' } | { kind: 'failed' };

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

export async function submitContact(endpoint: string, payload: ContactPayload, key: string): Promise<SubmitOutcome> {
  if (!IDEMPOTENCY_KEY.test(key)) throw new Error('invalid idempotency key');
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ ...payload, idempotencyKey: key }),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { kind: 'failed' };
  }
  if (response.status === 201) return { kind: 'stored' };
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
  if (typeof body.value !== 'string' || typeof body.href !== 'string') throw new Error('reveal answered without a detail');
  return { value: body.value, href: body.href };
}
