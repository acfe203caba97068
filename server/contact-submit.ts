// `POST <endpoint>`: a message from the form. Honeypot first (a bot hears "stored" and nothing is
// kept), then the shared validation rules, then the idempotency key, then the store; "201" is
// said only after the message is committed to disk.

import { createHash, randomBytes } from 'node:crypto';
import {
  CONTACT_LIMITS,
  type ContactErrors,
  HONEYPOT_FIELD,
  honeypotFilled,
  IDEMPOTENCY_KEY,
  normalizeContact,
  validateContact,
} from '../common/contact-rules.ts';
import { format } from '../common/format-message.ts';
import { type ContactFormState, EMPTY_CONTACT_STATE } from '../common/forms.ts';
import type { Messages } from '../generator/theming/messages.ts';
import type { ContactBackend, Received } from './contact-backend.ts';
import { StoreUnavailableError } from './store.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function handleSubmit(backend: ContactBackend, { fields, reply, rate }: Received): Promise<void> {
  const locale = backend.pages.localeOf(fields.locale);
  const values = normalizeContact(fields);
  // A plain form's result is a page of the site: 303 to the contact page showing it (PRG).
  const page = (state: Partial<ContactFormState>) =>
    backend.showResult(reply, { kind: 'contact', locale, state: { ...EMPTY_CONTACT_STATE, values, ...state } });

  if (!rate.allowed) {
    page({ status: 'rate-limited', idempotencyKey: freshKey() });
    return;
  }

  if (honeypotFilled(fields[HONEYPOT_FIELD])) {
    if (reply.html) page({ status: 'success', values: EMPTY_CONTACT_STATE.values });
    else reply.json(201, { ok: true });
    return;
  }

  const errors = validateContact(fields);
  if (Object.keys(errors).length) {
    if (reply.html) page({ status: 'invalid', errors, idempotencyKey: freshKey() });
    else
      reply.json(400, {
        error: 'invalid',
        message: 'Some fields are not valid.',
        fields: errors,
        messages: errorMessages(backend.messages[locale].contact, errors),
      });
    return;
  }

  const headerKey = reply.header('idempotency-key');
  const sentKey =
    headerKey ??
    (typeof fields.idempotencyKey === 'string' && fields.idempotencyKey ? fields.idempotencyKey : undefined);
  if (sentKey !== undefined && !IDEMPOTENCY_KEY.test(sentKey)) {
    reply.refuse(400, 'invalid-idempotency-key', 'Idempotency-Key must be 8 to 128 letters, digits or _ . : -', () =>
      backend.pages.form(locale, { ...EMPTY_CONTACT_STATE, values, status: 'error', idempotencyKey: freshKey() }),
    );
    return;
  }
  const payloadHash = sha256(JSON.stringify([values.name, values.email, values.message]));
  const idempotencyKey = keyFor(sentKey, payloadHash, reply.html);

  let result: Awaited<ReturnType<ContactBackend['store']['messages']['submit']>>;
  try {
    result = await backend.store.messages.submit({
      receivedAt: new Date().toISOString(),
      locale,
      name: values.name,
      email: values.email,
      message: values.message,
      idempotencyKey,
      payloadHash,
    });
  } catch (error) {
    // The database away for a moment (a restart) is said in a line; anything else with its stack.
    if (error instanceof StoreUnavailableError)
      backend.log.error(`[contact] a message was not stored: ${error.message}`);
    else backend.log.error('[contact] a message could not be stored:', error);
    const retry = { 'retry-after': String(error instanceof StoreUnavailableError ? error.retryAfterSeconds : 30) };
    const errorPage = () =>
      backend.pages.form(locale, { ...EMPTY_CONTACT_STATE, values, status: 'error', idempotencyKey: freshKey() });
    reply.refuse(503, 'unavailable', 'The message could not be stored. Please try again later.', errorPage, retry);
    return;
  }
  if (result.status === 'conflict') {
    reply.refuse(
      422,
      'idempotency-key-reused',
      'This Idempotency-Key was already used for a different message; send a new key.',
    );
    return;
  }
  if (result.status === 'stored') backend.stored();
  if (reply.html) page({ status: 'success', values: EMPTY_CONTACT_STATE.values });
  // `mailed`: whether the message goes on to the team by mail, or waits in the store to be read.
  else reply.json(201, { ok: true, duplicate: result.status === 'duplicate' || undefined, mailed: backend.mailsNow });
}

/**
 * The key a message is stored under. A client's own key holds as given (JSON API). A plain form's
 * key came from an answer page the visitor may go back to and edit, so the message is part of it.
 * Without any key (the first plain post) the message and the day make one: a reload that posts
 * again stores nothing new, the same words on another day do.
 */
export function keyFor(sent: string | undefined, payloadHash: string, plainForm: boolean): string {
  if (sent && !plainForm) return `client:${sent}`;
  if (sent) return `form:${sent}:${payloadHash.slice(0, 32)}`;
  return `auto:${new Date().toISOString().slice(0, 10)}:${payloadHash}`;
}

export function freshKey(): string {
  return randomBytes(16).toString('hex');
}

function errorMessages(t: Messages['contact'], errors: ContactErrors): Partial<Record<keyof ContactErrors, string>> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, code]) => [
      field,
      code === 'length' && field !== 'terms'
        ? format(t.length, CONTACT_LIMITS[field as keyof typeof CONTACT_LIMITS])
        : t[code as Exclude<typeof code, 'length'>],
    ]),
  );
}
