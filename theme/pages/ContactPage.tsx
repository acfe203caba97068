// The contact page: the text from content/<locale>/contact.md, the buttons that reveal the contact
// details and the form. Both work as plain HTML forms; the contact island (loaded on this page
// only) hydrates them for inline states without a page load.

import { intlZoneName } from '../../common/booking-rules.ts';
import {
  CONTACT_FORM_ANCHOR,
  EMPTY_BOOKING_STATE,
  EMPTY_CONTACT_STATE,
  EMPTY_REVEAL_STATE,
  revealAction,
} from '../../common/forms.ts';
import { localePrefix } from '../../common/locale-prefix.ts';
import type { StandalonePage } from '../../generator/types.ts';
import { useHref, useTheme } from '../context.ts';
import { ISLAND_TYPE } from '../runtime-data.ts';
import { BookingSection, bookingContactTexts } from './BookingForm.tsx';
import { ContactFormRoot } from './ContactForm.tsx';
import { ContactRevealRoot } from './ContactReveal.tsx';

export function ContactPage({ page }: { page: StandalonePage }) {
  const { bodyOf, t, config, assets } = useTheme();
  const prefix = localePrefix(config, page.locale);
  const island = assets.islands.contact;
  const href = useHref();
  // The graph makes a contact page only when the config turns the contact feature on.
  const contact = config.contact;
  if (!contact) throw new Error('a contact page is rendered only where the config has a contact section');
  // The text before the first `##` introduces the page; the form follows it at once (on a phone
  // within the first screen), the rest of the text stands beside the form as the contact facts.
  const body = page.doc ? bodyOf(page.doc) : '';
  const split = body.search(/<h2[\s>]/);
  const [intro, facts] = split < 0 ? [body, ''] : [body.slice(0, split), body.slice(split)];
  return (
    <main id="main" className="contact home landing" tabIndex={-1}>
      <header className="landing-hero">
        <div className="home-inner">
          <h1>{page.title}</h1>
          {intro.trim() && <div className="lead markdown" dangerouslySetInnerHTML={{ __html: intro }} />}
        </div>
      </header>
      {contact.booking && (
        <div className="home-inner">
          <BookingSection
            setup={{
              locale: page.locale,
              dateLocale: t.dates.locale,
              t: t.booking,
              tc: bookingContactTexts(t.contact),
              endpoint: href(contact.booking.endpoint),
              pageHref: href(page.route),
              termsHref: href(`${prefix}${contact.terms}`),
              privacyHref: href(`${prefix}${contact.privacy}`),
              minutes: contact.booking.slotMinutes,
              daysAhead: contact.booking.daysAhead,
              leadTimeHours: contact.booking.leadTimeHours,
              officeZone: contact.booking.timeZone,
              // Made here, at build time, and carried in the island's props: the server's answer
              // pages and the browser show the very same name.
              officeZoneName: t.booking.officeZone || intlZoneName(contact.booking.timeZone, t.dates.locale),
            }}
            state={EMPTY_BOOKING_STATE}
          />
        </div>
      )}
      <div className="home-inner contact-grid">
        <section aria-labelledby={CONTACT_FORM_ANCHOR} className="contact-form-wrap">
          <h2 id={CONTACT_FORM_ANCHOR}>{t.contact.formTitle}</h2>
          <ContactFormRoot
            locale={page.locale}
            t={t.contact}
            endpoint={href(contact.endpoint)}
            termsHref={href(`${prefix}${contact.terms}`)}
            privacyHref={href(`${prefix}${contact.privacy}`)}
            formHref={href(page.route)}
            state={EMPTY_CONTACT_STATE}
          />
        </section>
        <div className="contact-facts">
          <section className="contact-direct" aria-labelledby="contact-direct-title">
            <h2 id="contact-direct-title">{t.contact.directTitle}</h2>
            <ContactRevealRoot
              locale={page.locale}
              t={t.contact}
              // Without JavaScript the answer is a whole page: the fragment brings the visitor back
              // to the details they asked for, not to the top of the page.
              action={`${revealAction(href(contact.endpoint))}#contact-direct-title`}
              state={EMPTY_REVEAL_STATE}
            />
          </section>
          {facts && <div className="markdown" dangerouslySetInnerHTML={{ __html: facts }} />}
        </div>
      </div>
      {/* Not a module script: the runtime imports it once the page has loaded (the form works as
          a plain form until then), so its React never competes with what the first paint needs. */}
      {island && <script type={ISLAND_TYPE} data-src={href(island)} data-island="contact" />}
    </main>
  );
}
