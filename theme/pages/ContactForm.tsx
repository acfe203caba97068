// The contact form's markup, shared by the server render and the browser island.
import type { Messages } from '../../i18n/index.ts';
import { format } from '../../i18n/index.ts';
import { CONTACT_LIMITS } from '../../generator/contact-rules.ts';

export interface ContactFormProps {
  locale: string;
  t: Messages['contact'];
  endpoint: string;
  termsHref: string;
  privacyHref: string;
}

export function ContactForm({ locale, t, endpoint, termsHref, privacyHref }: ContactFormProps) {
  const [before, afterTerms] = t.acceptTerms.split('{terms}');
  const [middle, after] = afterTerms.split('{privacy}');
  return (
    <form className="contact-form" method="post" action={endpoint} data-contact-form="" noValidate>
      <input type="hidden" name="locale" value={locale} />
      {(['name', 'email'] as const).map((field) => (
        <div className="field" key={field}>
          <label htmlFor={`contact-${field}`}>{t[field]}</label>
          <input
            id={`contact-${field}`}
            name={field}
            type={field === 'email' ? 'email' : 'text'}
            autoComplete={field}
            required
            minLength={CONTACT_LIMITS[field].min}
            maxLength={CONTACT_LIMITS[field].max}
            aria-describedby={`contact-${field}-hint contact-${field}-error`}
          />
          <p className="field-hint" id={`contact-${field}-hint`}>
            {format(t.lengthHint, CONTACT_LIMITS[field])}
          </p>
          <p className="field-error" id={`contact-${field}-error`} role="alert" />
        </div>
      ))}
      <div className="field">
        <label htmlFor="contact-message">{t.message}</label>
        <textarea
          id="contact-message"
          name="message"
          rows={7}
          required
          minLength={CONTACT_LIMITS.message.min}
          maxLength={CONTACT_LIMITS.message.max}
          aria-describedby="contact-message-hint contact-message-error"
        />
        <p className="field-hint" id="contact-message-hint">
          {format(t.lengthHint, CONTACT_LIMITS.message)}
        </p>
        <p className="field-error" id="contact-message-error" role="alert" />
      </div>
      <div className="field field-honeypot" aria-hidden="true">
        <label htmlFor="contact-website">{t.honeypot}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="field field-checkbox">
        <input id="contact-terms" name="terms" type="checkbox" value="accepted" required aria-describedby="contact-terms-error" />
        <label htmlFor="contact-terms">
          {before}
          <a href={termsHref}>{t.terms}</a>
          {middle}
          <a href={privacyHref}>{t.privacy}</a>
          {after}
        </label>
        <p className="field-error" id="contact-terms-error" role="alert" />
      </div>
      <button type="submit" className="button button-primary">
        {t.submit}
      </button>
      <p className="form-status" role="status" aria-live="polite" />
    </form>
  );
}
