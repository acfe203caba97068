// The contact page: the text from content/<locale>/contact.md and the form. The form posts as a
// plain HTML form; the client turns it into a fetch with inline states where JavaScript runs.
import type { StandalonePage } from '../../generator/types.ts';
import { useTheme } from '../context.ts';
import { localePrefix } from '../../generator/config.ts';
import { ContactForm } from './ContactForm.tsx';

export function ContactPage({ page }: { page: StandalonePage }) {
  const { bodyOf, t, config } = useTheme();
  const prefix = localePrefix(config, page.locale);
  return (
    <main id="main" className="contact container" tabIndex={-1}>
      <h1>{page.title}</h1>
      <div className="contact-grid">
        <div>
          {page.doc && <div className="markdown" dangerouslySetInnerHTML={{ __html: bodyOf(page.doc) }} />}
          <section className="contact-direct" aria-labelledby="contact-direct-title">
            <h2 id="contact-direct-title">{t.contact.directTitle}</h2>
            <p>
              <button type="button" className="button button-secondary" data-reveal="email">
                {t.contact.showEmail}
              </button>{' '}
              <button type="button" className="button button-secondary" data-reveal="phone">
                {t.contact.showPhone}
              </button>
            </p>
            <p className="contact-revealed" aria-live="polite" />
          </section>
        </div>
        <section aria-labelledby="contact-form-title" className="contact-form-wrap">
          <h2 id="contact-form-title">{t.contact.formTitle}</h2>
          <ContactForm locale={page.locale} t={t.contact} endpoint={config.contact.endpoint} termsHref={`${prefix}${config.contact.terms}`} privacyHref={`${prefix}${config.contact.privacy}`} />
        </section>
      </div>
    </main>
  );
}
