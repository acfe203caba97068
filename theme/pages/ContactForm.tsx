// The contact form's markup, shared by the page render, the server's answer pages (JavaScript off)
// and the browser island, so all three produce the same HTML and the island hydrates it as it is.
// Pure: state and handlers come in as props.

import type { ChangeEvent, FocusEvent, FormEvent, MouseEvent } from 'react';
import {
  CONTACT_LIMITS,
  type ContactErrors,
  type ContactField,
  type ContactTextField,
} from '../../common/contact-rules.ts';
import { format } from '../../common/format-message.ts';
import { type ContactFormState, type ContactStatus, FORM_ROOT } from '../../common/forms.ts';
import { HoneypotField } from './HoneypotField.tsx';

// The form's state and root, the contact backend's (common/forms.ts), where a component override
// of this form finds them.
export { type ContactFormState, type ContactStatus, EMPTY_CONTACT_STATE, FORM_ROOT } from '../../common/forms.ts';

import type { Messages } from '../../common/messages.ts';

/** Everything the form needs that is not state; also what the island reads from `data-props`. */
export interface ContactFormSetup {
  locale: string;
  t: Messages['contact'];
  endpoint: string;
  termsHref: string;
  privacyHref: string;
  /** The contact page: the success message links back to a fresh form there. */
  formHref: string;
}

export interface ContactFormHandlers {
  onValue: (field: ContactField, value: string | boolean) => void;
  onLeave: (field: ContactField) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onAgain: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export interface ContactFormProps extends ContactFormSetup {
  state: ContactFormState;
  handlers?: ContactFormHandlers;
}

export function ContactFormRoot(props: ContactFormProps) {
  const { state, handlers: _, ...setup } = props;
  return (
    <div className="contact-island" data-island-root={FORM_ROOT} data-props={JSON.stringify({ setup, state })}>
      <ContactForm {...setup} state={state} />
    </div>
  );
}

function errorText(t: Messages['contact'], field: ContactField, errors: ContactErrors): string {
  const code = errors[field];
  if (!code) return '';
  if (code === 'length' && field !== 'terms') return format(t.length, CONTACT_LIMITS[field]);
  return t[code];
}

const STATUS_TEXT: Record<ContactStatus, 'sending' | 'success' | 'error' | 'invalid' | 'rateLimited' | undefined> = {
  idle: undefined,
  sending: 'sending',
  success: 'success',
  error: 'error',
  invalid: 'invalid',
  'rate-limited': 'rateLimited',
};

// Without handlers (server render) inputs still get an onChange, so React does not take them
// for read-only fields; the island passes real ones.
const noop = () => undefined;

export function ContactForm({
  locale,
  t,
  endpoint,
  termsHref,
  privacyHref,
  formHref,
  state,
  handlers,
}: ContactFormProps) {
  const [before, afterTerms] = t.acceptTerms.split('{terms}');
  const [middle, after] = afterTerms.split('{privacy}');
  const { values, errors, status } = state;
  const sending = status === 'sending';
  const success = status === 'success';
  const statusKey = STATUS_TEXT[status];
  const change = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    (handlers?.onValue ?? noop)(
      field,
      field === 'terms' ? (event.target as HTMLInputElement).checked : event.target.value,
    );
  const leave = (field: ContactField) => (_event: FocusEvent) => handlers?.onLeave(field);
  const describedBy = (field: ContactField) =>
    field === 'terms' ? 'contact-terms-error' : `contact-${field}-hint contact-${field}-error`;
  const textField = (field: ContactTextField) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    onChange: change(field),
    onBlur: leave(field),
    required: true,
    maxLength: CONTACT_LIMITS[field].max,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field),
  });
  const hint = (field: ContactTextField) => (
    <p className="field-hint" id={`contact-${field}-hint`}>
      {t.hints[field]}
    </p>
  );
  const error = (field: ContactField) => (
    <p className="field-error" id={`contact-${field}-error`} role="alert">
      {errorText(t, field, errors)}
    </p>
  );
  return (
    <>
      <form
        className="contact-form"
        method="post"
        action={endpoint}
        data-contact-form=""
        noValidate
        hidden={success}
        aria-busy={sending || undefined}
        onSubmit={handlers?.onSubmit}
      >
        <input type="hidden" name="locale" value={locale} />
        {state.idempotencyKey && <input type="hidden" name="idempotencyKey" value={state.idempotencyKey} />}
        <div className="field">
          <label htmlFor="contact-name">{t.name}</label>
          <input {...textField('name')} type="text" autoComplete="name" />
          {hint('name')}
          {error('name')}
        </div>
        <div className="field">
          <label htmlFor="contact-email">{t.email}</label>
          <input {...textField('email')} type="email" autoComplete="email" spellCheck={false} />
          {hint('email')}
          {error('email')}
        </div>
        <div className="field">
          <label htmlFor="contact-message">{t.message}</label>
          <textarea {...textField('message')} rows={7} />
          {hint('message')}
          {error('message')}
        </div>
        <HoneypotField form="contact" label={t.honeypot} />
        <div className="field field-checkbox">
          <input
            id="contact-terms"
            name="terms"
            type="checkbox"
            value="accepted"
            checked={values.terms}
            onChange={change('terms')}
            onBlur={leave('terms')}
            required
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={describedBy('terms')}
          />
          <label htmlFor="contact-terms">
            {before}
            <a href={termsHref}>{t.terms}</a>
            {middle}
            <a href={privacyHref}>{t.privacy}</a>
            {after}
          </label>
          {error('terms')}
        </div>
        <button type="submit" className="button button-primary" aria-disabled={sending || undefined}>
          {t.submit}
        </button>
      </form>
      <p
        className="form-status"
        id="contact-status"
        role="status"
        aria-live="polite"
        data-status={status}
        tabIndex={-1}
      >
        {/* A server without a mail server stores the message and mails nobody: the visitor is told
            so (common/forms.ts, MailsNow). */}
        {statusKey === 'success' && state.mails === false ? t.successStored : statusKey ? t[statusKey] : ''}
      </p>
      {success && (
        <p className="contact-again">
          <a href={formHref} onClick={handlers?.onAgain}>
            {t.backToForm}
          </a>
        </p>
      )}
    </>
  );
}
