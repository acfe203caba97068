// Booking an introductory call on the contact page (`#appointment`): first the day, then a time
// of that day (both radio buttons, so the choice fits one phone screen however many days are
// offered), then name, e-mail, an optional topic and the terms. Shared by the page render (which
// cannot know the free times and so offers a button that asks the server for them), the server's
// pages for visitors without JavaScript (times in the office's zone, said so) and the browser
// island (times in the visitor's zone). Pure: state and handlers come in as props.
//
// Without JavaScript the day's times show by CSS alone: every day's times follow its radio button
// and its label, and `input:checked + label + fieldset` is the one shown (theme/styles/contact.css),
// below the row of days. What went wrong is said where the visitor looks: a problem of the whole
// form at its top, a field's beside it, the time's above the days; the island moves the focus
// there, and the server's answer page has the browser do it as it loads (autofocus).
import { type ChangeEvent, type FocusEvent, type FormEvent, Fragment, type MouseEvent } from 'react';
import {
  BOOKING_FIELDS,
  type BookingField,
  type BookingSlot,
  bookingErrorText,
  dayKey,
  formatSlot,
  TOPIC_MAX,
  zoneLabel,
} from '../../common/booking-rules.ts';
import { CONTACT_LIMITS } from '../../common/contact-rules.ts';
import { format } from '../../common/format-message.ts';
import {
  BOOKING_ANCHOR,
  BOOKING_ROOT,
  type BookingState,
  type BookingStatus,
  SLOTS_QUERY,
} from '../../common/forms.ts';
import { HoneypotField } from './HoneypotField.tsx';

// The booking's state, root, anchor and texts, the contact backend's (common/forms.ts and
// booking-rules.ts), where a component override of this form finds them.
export { bookingErrorText, formatSlot, zoneLabel } from '../../common/booking-rules.ts';
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
  /** Its name for visitors ("Wiener Zeit"): the site's string, or the locale's name of the zone,
   * made once when the page is built so the server and the browser say the same. */
  officeZoneName: string;
}

export interface BookingHandlers {
  onShow: (event: MouseEvent<HTMLButtonElement>) => void;
  onDay: (day: string) => void;
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

/** A day with free times, in the zone shown. */
interface Day {
  /** `YYYY-MM-DD`: the value of its radio button. */
  key: string;
  /** "Mi." and "2. Dez." on the chip, "Mittwoch, 2. Dezember" for screen readers and the times' legend. */
  weekday: string;
  date: string;
  long: string;
  slots: BookingSlot[];
}

/** The times grouped by their day in the zone shown. */
function byDay(slots: BookingSlot[], dateLocale: string, zone: string): Day[] {
  const weekday = new Intl.DateTimeFormat(dateLocale, { timeZone: zone, weekday: 'short' });
  const date = new Intl.DateTimeFormat(dateLocale, { timeZone: zone, day: 'numeric', month: 'short' });
  const long = new Intl.DateTimeFormat(dateLocale, { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' });
  const days: Day[] = [];
  for (const slot of slots) {
    const key = dayKey(slot.start, zone);
    const last = days.at(-1);
    if (last?.key === key) last.slots.push(slot);
    else {
      const at = new Date(slot.start);
      days.push({ key, weekday: weekday.format(at), date: date.format(at), long: long.format(at), slots: [slot] });
    }
  }
  return days;
}

/** The day whose times show: the one chosen, else the chosen time's, else the first. */
function shownDay(days: Day[], state: BookingState): string | undefined {
  if (state.day && days.some((d) => d.key === state.day)) return state.day;
  return days.find((d) => d.slots.some((s) => s.start === state.values.slot))?.key ?? days[0]?.key;
}

const STATUS_TEXT: Partial<Record<BookingStatus, keyof Messages['booking']>> = {
  loading: 'loading',
  'load-error': 'loadError',
  sending: 'sending',
  error: 'error',
  invalid: 'invalid',
  'rate-limited': 'rateLimited',
  'limit-email': 'limitEmail',
  'limit-day': 'limitDay',
  unavailable: 'unavailable',
};

/** What a server's answer page focuses as it loads: the message the visitor has to read. */
const FOCUSED_ON_LOAD = new Set<BookingStatus>([
  'success',
  'invalid',
  'error',
  'rate-limited',
  'limit-email',
  'limit-day',
  'unavailable',
]);

const noop = () => undefined;

export function BookingForm({ setup, state, handlers }: BookingProps) {
  const { t, tc } = setup;
  const { values, errors, status } = state;
  const zone = state.zone ?? setup.officeZone;
  const zoneName = zoneLabel(zone, setup.dateLocale, { zone: setup.officeZone, name: setup.officeZoneName });
  // Rendered without handlers: the server's answer to a post made without JavaScript. The browser
  // focuses its message as the page loads (the island moves the focus itself).
  const answerPage = !handlers;
  const slotAtFault = status === 'invalid' && BOOKING_FIELDS.find((f) => errors[f]) === 'slot';
  // A time that is gone or missing, and nothing else: its message above the days says it all.
  const onlySlot = slotAtFault && Object.keys(errors).length === 1;
  const statusKey = onlySlot ? undefined : STATUS_TEXT[status];
  const statusLine = (
    <p
      className="form-status"
      id="booking-status"
      role="status"
      aria-live="polite"
      data-status={status}
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the page answering a form sent without JavaScript puts the focus on its result
      autoFocus={(answerPage && FOCUSED_ON_LOAD.has(status) && !slotAtFault) || undefined}
    >
      {status === 'success' && state.booked
        ? format(state.booked.invitation === 'queued' ? t.successLater : t.success, {
            time: formatSlot(state.booked.start, setup.dateLocale, zone, zoneName),
            email: state.booked.email,
          })
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
    <p
      className="field-error"
      id={`booking-${field}-error`}
      role="alert"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the page answering a form sent without JavaScript puts the focus on the time at fault
      autoFocus={(field === 'slot' && answerPage && slotAtFault) || undefined}
    >
      {bookingErrorText(setup, field, errors)}
    </p>
  );
  const invalid = (field: BookingField) => (errors[field] ? true : undefined);
  const timeOf = new Intl.DateTimeFormat(setup.dateLocale, { timeZone: zone, hour: '2-digit', minute: '2-digit' });
  const days = byDay(state.slots, setup.dateLocale, zone);
  const shown = shownDay(days, state);
  const pickDay = (event: ChangeEvent<HTMLInputElement>) => (handlers?.onDay ?? noop)(event.target.value);
  const [before, afterTerms] = tc.acceptTerms.split('{terms}');
  const [middle, after] = afterTerms.split('{privacy}');
  const sending = status === 'sending';
  let index = 0;
  return (
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
      {/* How the booking is confirmed, as the server that takes it says (common/forms.ts, MailsNow):
          the built page does not know, so it says it only where the server's answer came in. */}
      {state.mails !== undefined && (
        <p className="booking-delivery" id="booking-delivery">
          {state.mails ? t.byMail : t.inPerson}
        </p>
      )}
      {statusLine}
      <div className="booking-columns">
        <fieldset
          className="booking-slots"
          aria-describedby="booking-zone booking-slot-error"
          data-invalid={invalid('slot')}
        >
          <legend>{t.slots}</legend>
          <p className="field-hint" id="booking-zone">
            {format(zone === setup.officeZone ? t.zone : t.zoneLocal, { zone: zoneName })}
          </p>
          {error('slot')}
          {days.length === 0 && <p className="booking-none">{format(t.none, { days: setup.daysAhead })}</p>}
          {days.length > 0 && (
            <div className="booking-picker">
              <p className="booking-step" aria-hidden="true">
                {t.day}
              </p>
              {days.map((day, d) => (
                <Fragment key={day.key}>
                  <input
                    type="radio"
                    className="booking-day-input"
                    id={`booking-day-${d}`}
                    name="day"
                    value={day.key}
                    checked={day.key === shown}
                    onChange={pickDay}
                  />
                  <label htmlFor={`booking-day-${d}`} className="booking-day-chip">
                    <span aria-hidden="true">{day.weekday}</span>
                    <span aria-hidden="true">{day.date}</span>
                    <span className="visually-hidden">{day.long}</span>
                  </label>
                  <fieldset className="booking-times">
                    <legend className="booking-step">{format(t.times, { day: day.long })}</legend>
                    <ul>
                      {day.slots.map((slot) => {
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
                  </fieldset>
                </Fragment>
              ))}
            </div>
          )}
        </fieldset>
        <div className="booking-details">
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
          <HoneypotField form="booking" label={tc.honeypot} />
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
        </div>
      </div>
    </form>
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
