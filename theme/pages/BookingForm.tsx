// Booking an introductory call on the contact page (`#appointment`): the free times as radio
// buttons grouped by day, then name, e-mail, an optional topic and the terms. Shared by the page
// render (which cannot know the free times and so offers a button that asks the server for them),
// the server's pages for visitors without JavaScript (times in the office's zone, said so) and the
// browser island (times in the visitor's zone). Pure: state and handlers come in as props.
import type { ChangeEvent, FocusEvent, FormEvent, MouseEvent } from 'react';
import {
  type BookingField,
  type BookingSlot,
  bookingErrorText,
  formatSlot,
  TOPIC_MAX,
  zoneName,
} from '../../common/booking-rules.ts';
import { CONTACT_LIMITS, HONEYPOT_FIELD } from '../../common/contact-rules.ts';
import { format } from '../../common/format-message.ts';
import {
  BOOKING_ANCHOR,
  BOOKING_ROOT,
  type BookingState,
  type BookingStatus,
  SLOTS_QUERY,
} from '../../common/forms.ts';

// The booking's state, root, anchor and texts, the contact backend's (common/forms.ts and
// booking-rules.ts), where a component override of this form finds them.
export { bookingErrorText, formatSlot } from '../../common/booking-rules.ts';
export {
  BOOKING_ANCHOR,
  BOOKING_ROOT,
  type BookingState,
  type BookingStatus,
  EMPTY_BOOKING_STATE,
  SLOTS_QUERY,
} from '../../common/forms.ts';

import type { Messages } from '../../common/messages.ts';

export type BookingContactTexts = Pick<
  Messages['contact'],
  | 'acceptTerms'
  | 'terms'
  | 'privacy'
  | 'required'
  | 'length'
  | 'invalidEmail'
  | 'invalidCharacters'
  | 'termsRequired'
  | 'honeypot'
>;

/** Everything the form needs that is not state; also what the island reads from `data-props`. */
export interface BookingSetup {
  locale: string;
  /** For dates and times (`dates.locale`, e.g. de-AT). */
  dateLocale: string;
  t: Messages['booking'];
  tc: BookingContactTexts;
  endpoint: string;
  /** The contact page: the no-JavaScript button asks it for the free times. */
  pageHref: string;
  termsHref: string;
  privacyHref: string;
  minutes: number;
  daysAhead: number;
  leadTimeHours: number;
  /** The office's zone (config `booking.timeZone`). */
  officeZone: string;
}

export interface BookingHandlers {
  onShow: (event: MouseEvent<HTMLButtonElement>) => void;
  onValue: (field: BookingField, value: string | boolean) => void;
  onLeave: (field: BookingField) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onAgain: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export interface BookingProps {
  setup: BookingSetup;
  state: BookingState;
  handlers?: BookingHandlers;
}

export function BookingRoot({ setup, state }: BookingProps) {
  return (
    <div className="booking-island" data-island-root={BOOKING_ROOT} data-props={JSON.stringify({ setup, state })}>
      <BookingForm setup={setup} state={state} />
    </div>
  );
}

/** The times grouped by their day in the zone shown. */
function byDay(slots: BookingSlot[], dateLocale: string, zone: string): { day: string; slots: BookingSlot[] }[] {
  const dayOf = new Intl.DateTimeFormat(dateLocale, { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' });
  const days: { day: string; slots: BookingSlot[] }[] = [];
  for (const slot of slots) {
    const day = dayOf.format(new Date(slot.start));
    if (days.at(-1)?.day === day) days.at(-1)!.slots.push(slot);
    else days.push({ day, slots: [slot] });
  }
  return days;
}

const STATUS_TEXT: Partial<Record<BookingStatus, keyof Messages['booking']>> = {
  loading: 'loading',
  'load-error': 'loadError',
  sending: 'sending',
  error: 'error',
  invalid: 'invalid',
  'rate-limited': 'rateLimited',
};

const noop = () => undefined;

export function BookingForm({ setup, state, handlers }: BookingProps) {
  const { t, tc } = setup;
  const { values, errors, status } = state;
  const zone = state.zone ?? setup.officeZone;
  const statusKey = STATUS_TEXT[status];
  const statusLine = (
    <p className="form-status" id="booking-status" role="status" aria-live="polite" data-status={status} tabIndex={-1}>
      {status === 'success' && state.booked
        ? format(t.success, { time: formatSlot(state.booked.start, setup.dateLocale, zone), email: state.booked.email })
        : statusKey
          ? t[statusKey]
          : ''}
    </p>
  );

  if (status === 'success') {
    return (
      <>
        {statusLine}
        <p className="contact-again">
          <a href={`${setup.pageHref}#${BOOKING_ANCHOR}`} onClick={handlers?.onAgain}>
            {t.another}
          </a>
        </p>
      </>
    );
  }

  if (!state.slots) {
    // The built page cannot know the free times: the button asks for them (the island by fetch,
    // a plain browser by loading the contact page with `?slots`, which the server fills in).
    return (
      <form className="booking-show" method="get" action={`${setup.pageHref}#${BOOKING_ANCHOR}`}>
        <input type="hidden" name={SLOTS_QUERY} value="1" />
        <button
          type="submit"
          className="button button-secondary"
          onClick={handlers?.onShow}
          aria-disabled={status === 'loading' || undefined}
        >
          {t.showSlots}
        </button>
        {statusLine}
      </form>
    );
  }

  const change = (field: BookingField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    (handlers?.onValue ?? noop)(
      field,
      field === 'terms' ? (event.target as HTMLInputElement).checked : event.target.value,
    );
  const leave = (field: BookingField) => (_event: FocusEvent) => handlers?.onLeave(field);
  const error = (field: BookingField) => (
    <p className="field-error" id={`booking-${field}-error`} role="alert">
      {bookingErrorText(setup, field, errors)}
    </p>
  );
  const invalid = (field: BookingField) => (errors[field] ? true : undefined);
  const timeOf = new Intl.DateTimeFormat(setup.dateLocale, { timeZone: zone, hour: '2-digit', minute: '2-digit' });
  const days = byDay(state.slots, setup.dateLocale, zone);
  const [before, afterTerms] = tc.acceptTerms.split('{terms}');
  const [middle, after] = afterTerms.split('{privacy}');
  const sending = status === 'sending';
  let index = 0;
  return (
    <>
      <form
        className="contact-form booking-form"
        method="post"
        action={setup.endpoint}
        data-booking-form=""
        noValidate
        aria-busy={sending || undefined}
        onSubmit={handlers?.onSubmit}
      >
        <input type="hidden" name="locale" value={setup.locale} />
        {state.idempotencyKey && <input type="hidden" name="idempotencyKey" value={state.idempotencyKey} />}
        <fieldset
          className="booking-slots"
          aria-describedby="booking-zone booking-slot-error"
          data-invalid={invalid('slot')}
        >
          <legend>{t.slots}</legend>
          <p className="field-hint" id="booking-zone">
            {format(t.zone, { zone: zoneName(zone) })}
          </p>
          {days.length === 0 && <p className="booking-none">{format(t.none, { days: setup.daysAhead })}</p>}
          {days.map(({ day, slots }, d) => (
            <div className="booking-day" role="group" aria-labelledby={`booking-day-${d}`} key={day}>
              <p className="booking-day-label" id={`booking-day-${d}`}>
                {day}
              </p>
              <ul className="booking-times">
                {slots.map((slot) => {
                  const id = `booking-slot-${index++}`;
                  return (
                    <li key={slot.start}>
                      <input
                        type="radio"
                        id={id}
                        name="slot"
                        value={slot.start}
                        checked={values.slot === slot.start}
                        onChange={change('slot')}
                        required
                        aria-invalid={invalid('slot')}
                      />
                      <label htmlFor={id}>{timeOf.format(new Date(slot.start))}</label>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
          {error('slot')}
        </fieldset>
        <div className="field">
          <label htmlFor="booking-name">{t.name}</label>
          <input
            id="booking-name"
            name="name"
            type="text"
            autoComplete="name"
            value={values.name}
            onChange={change('name')}
            onBlur={leave('name')}
            required
            maxLength={CONTACT_LIMITS.name.max}
            aria-invalid={invalid('name')}
            aria-describedby="booking-name-error"
          />
          {error('name')}
        </div>
        <div className="field">
          <label htmlFor="booking-email">{t.email}</label>
          <input
            id="booking-email"
            name="email"
            type="email"
            autoComplete="email"
            spellCheck={false}
            value={values.email}
            onChange={change('email')}
            onBlur={leave('email')}
            required
            maxLength={CONTACT_LIMITS.email.max}
            aria-invalid={invalid('email')}
            aria-describedby="booking-email-error"
          />
          {error('email')}
        </div>
        <div className="field">
          <label htmlFor="booking-topic">{t.topic}</label>
          <textarea
            id="booking-topic"
            name="topic"
            rows={3}
            value={values.topic}
            onChange={change('topic')}
            onBlur={leave('topic')}
            maxLength={TOPIC_MAX}
            aria-invalid={invalid('topic')}
            aria-describedby="booking-topic-hint booking-topic-error"
          />
          <p className="field-hint" id="booking-topic-hint">
            {t.topicHint}
          </p>
          {error('topic')}
        </div>
        <div className="field field-honeypot" aria-hidden="true">
          <label htmlFor={`booking-${HONEYPOT_FIELD}`}>{tc.honeypot}</label>
          <input
            id={`booking-${HONEYPOT_FIELD}`}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <div className="field field-checkbox">
          <input
            id="booking-terms"
            name="terms"
            type="checkbox"
            value="accepted"
            checked={values.terms}
            onChange={change('terms')}
            onBlur={leave('terms')}
            required
            aria-invalid={invalid('terms')}
            aria-describedby="booking-terms-error"
          />
          <label htmlFor="booking-terms">
            {before}
            <a href={setup.termsHref}>{tc.terms}</a>
            {middle}
            <a href={setup.privacyHref}>{tc.privacy}</a>
            {after}
          </label>
          {error('terms')}
        </div>
        <button type="submit" className="button button-primary" aria-disabled={sending || undefined}>
          {t.submit}
        </button>
      </form>
      {statusLine}
    </>
  );
}

/** The contact texts the booking form shares with the message form. */
export function bookingContactTexts(t: Messages['contact']): BookingContactTexts {
  const { acceptTerms, terms, privacy, required, length, invalidEmail, invalidCharacters, termsRequired, honeypot } = t;
  return { acceptTerms, terms, privacy, required, length, invalidEmail, invalidCharacters, termsRequired, honeypot };
}

/** The booking section of the contact page. */
export function BookingSection(props: BookingProps) {
  const { t } = props.setup;
  return (
    <section id={BOOKING_ANCHOR} className="contact-booking" aria-labelledby="booking-title">
      <h2 id="booking-title">{t.title}</h2>
      <p>{format(t.intro, { minutes: props.setup.minutes })}</p>
      <BookingRoot {...props} />
    </section>
  );
}
