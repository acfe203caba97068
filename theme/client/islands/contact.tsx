// The contact island: hydrates the server-rendered form, reveal buttons and booking of the contact page, so
// they validate as the visitor types and send without a page load. Loaded on the contact page only;
// client navigation imports it once, so it also hydrates contact pages that arrive later.

import { type FormEvent, type MouseEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import {
  BOOKING_FIELDS,
  type BookingField,
  type BookingValues,
  dayKey,
  normalizeBooking,
  validateBooking,
  validateBookingField,
} from '../../../common/booking-rules.ts';
import {
  CONTACT_FIELDS,
  type ContactField,
  type ContactValues,
  HONEYPOT_FIELD,
  normalizeContact,
  validateContact,
  validateField,
} from '../../../common/contact-rules.ts';
import {
  BOOKING_ROOT,
  type BookingState,
  type ContactFormState,
  EMPTY_BOOKING_STATE,
  EMPTY_CONTACT_STATE,
  FORM_ROOT,
  REVEAL_ROOT,
  type RevealKind,
  type RevealState,
} from '../../../common/forms.ts';
import { BookingForm, type BookingSetup } from '../../pages/BookingForm.tsx';
import { ContactForm, type ContactFormSetup } from '../../pages/ContactForm.tsx';
import { ContactReveal, type RevealSetup } from '../../pages/ContactReveal.tsx';
import { ISLAND_READY, ISLAND_READY_ATTRIBUTE, onNavigated } from '../events.ts';
import {
  type BookingPayload,
  type ContactPayload,
  fetchDetail,
  fetchSlots,
  newIdempotencyKey,
  submitBooking,
  submitContact,
} from './contact-requests.ts';

type Focus = 'first-invalid' | 'status' | 'name' | undefined;

/** The idempotency key of a send: the last attempt's when the same payload goes again (a retry the
 * server must store once), else the one the server rendered into the form, else a fresh one. */
function keyFor(
  attempt: RefObject<{ payload: string; key: string } | undefined>,
  unusedKey: RefObject<string | undefined>,
  serialized: string,
): string {
  let key = attempt.current?.payload === serialized ? attempt.current.key : undefined;
  if (!key) {
    key = unusedKey.current ?? newIdempotencyKey();
    unusedKey.current = undefined;
  }
  attempt.current = { payload: serialized, key };
  return key;
}

function FormIsland({ setup, initial }: { setup: ContactFormSetup; initial: ContactFormState }) {
  const [state, setState] = useState(initial);
  // Fields the visitor has left once: from then on their errors follow every keystroke.
  const touched = useRef(new Set<ContactField>(Object.keys(initial.errors) as ContactField[]));
  // A key stays with one payload: an unchanged retry reuses it (stored once), an edited message
  // gets a new one (stored as the new message it is).
  const attempt = useRef<{ payload: string; key: string } | undefined>(undefined);
  const unusedKey = useRef(initial.idempotencyKey || undefined);
  const sending = useRef(false);
  const focus = useRef<Focus>(undefined);

  useEffect(() => {
    const target = focus.current;
    focus.current = undefined;
    if (target === 'status') document.getElementById('contact-status')?.focus();
    if (target === 'name') document.getElementById('contact-name')?.focus();
    if (target === 'first-invalid') {
      const field = CONTACT_FIELDS.find((f) => state.errors[f]);
      if (field) document.getElementById(`contact-${field}`)?.focus();
    }
  }, [state]);

  const onValue = (field: ContactField, value: string | boolean) =>
    setState((s) => {
      const values = { ...s.values, [field]: value } as ContactValues;
      const errors = { ...s.errors };
      if (touched.current.has(field) || field === 'terms') {
        const error = validateField(field, normalizeContact(values));
        if (error) errors[field] = error;
        else delete errors[field];
      }
      return { ...s, values, errors };
    });

  const onLeave = (field: ContactField) =>
    setState((s) => {
      const value = s.values[field];
      if (!touched.current.has(field) && (value === '' || value === false)) return s;
      touched.current.add(field);
      const error = validateField(field, normalizeContact(s.values));
      const errors = { ...s.errors };
      if (error) errors[field] = error;
      else delete errors[field];
      return { ...s, errors };
    });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const errors = validateContact(state.values);
    for (const field of CONTACT_FIELDS) touched.current.add(field);
    if (Object.keys(errors).length) {
      focus.current = 'first-invalid';
      setState((s) => ({ ...s, errors, status: 'invalid' }));
      return;
    }
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    const payload: ContactPayload = {
      ...state.values,
      locale: setup.locale,
      website: typeof honeypot === 'string' ? honeypot : '',
    };
    const serialized = JSON.stringify(payload);
    const key = keyFor(attempt, unusedKey, serialized);
    sending.current = true;
    setState((s) => ({ ...s, errors: {}, status: 'sending', idempotencyKey: key }));
    const outcome = await submitContact(setup.endpoint, payload, key);
    sending.current = false;
    if (outcome.kind === 'stored') {
      attempt.current = undefined;
      touched.current.clear();
      focus.current = 'status';
      setState({ ...EMPTY_CONTACT_STATE, status: 'success', mails: outcome.mailed });
      window.postMessage({ type: 'contact-success' }, location.origin);
    } else if (outcome.kind === 'invalid') {
      focus.current = 'first-invalid';
      setState((s) => ({ ...s, errors: outcome.errors, status: 'invalid' }));
    } else {
      setState((s) => ({ ...s, status: outcome.kind === 'rate-limited' ? 'rate-limited' : 'error' }));
    }
  };

  const onAgain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focus.current = 'name';
    setState(EMPTY_CONTACT_STATE);
  };

  return (
    <ContactForm {...setup} state={state} handlers={{ onValue, onLeave, onSubmit: (e) => void onSubmit(e), onAgain }} />
  );
}

function RevealIsland({ setup, initial }: { setup: RevealSetup; initial: RevealState }) {
  const [state, setState] = useState(initial);
  const focus = useRef<RevealKind | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs after each reveal's render, which `state` marks
  useEffect(() => {
    // The pressed button is gone; the detail that replaced it takes the focus, so it is read out.
    if (focus.current) document.getElementById(`contact-${focus.current}-revealed`)?.focus();
    focus.current = undefined;
  }, [state]);
  const onReveal = async (kind: RevealKind, event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    try {
      const detail = await fetchDetail(setup.action, kind);
      focus.current = kind;
      setState((s) => ({ revealed: { ...s.revealed, [kind]: detail }, failed: false }));
    } catch {
      setState((s) => ({ ...s, failed: true }));
    }
  };
  return <ContactReveal {...setup} state={state} onReveal={(kind, event) => void onReveal(kind, event)} />;
}

type BookingFocus = 'first-invalid' | 'status' | 'day' | undefined;

/** What the analytics counts as `booking-complete` (theme/client/analytics.ts). */
const BOOKING_EVENT = 'intro-call';

function BookingIsland({ setup, initial }: { setup: BookingSetup; initial: BookingState }) {
  const [state, setState] = useState(initial);
  const touched = useRef(new Set<BookingField>(Object.keys(initial.errors) as BookingField[]));
  const attempt = useRef<{ payload: string; key: string } | undefined>(undefined);
  const unusedKey = useRef(initial.idempotencyKey || undefined);
  const sending = useRef(false);
  const focus = useRef<BookingFocus>(undefined);

  // The focus goes where the visitor has to look next, which also scrolls it into view: the
  // message of a problem with the time (above the days, so the days and times are in view below
  // it), the first other field at fault, the form's status, or the day to choose first.
  useEffect(() => {
    const target = focus.current;
    focus.current = undefined;
    const form = document.querySelector<HTMLFormElement>('form[data-booking-form]');
    if (target === 'status') document.getElementById('booking-status')?.focus();
    if (target === 'day') form?.querySelector<HTMLInputElement>('input[name="day"]:checked')?.focus();
    if (target === 'first-invalid') {
      const field = BOOKING_FIELDS.find((f) => state.errors[f]);
      if (field === 'slot') document.getElementById('booking-slot-error')?.focus();
      else if (field) document.getElementById(`booking-${field}`)?.focus();
    }
  }, [state]);

  /** The free times as they are now, in the visitor's own zone. */
  const load = async (focusAfter: boolean) => {
    setState((s) => (s.slots ? s : { ...s, status: 'loading' }));
    try {
      const list = await fetchSlots(setup.endpoint);
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || list.timeZone;
      if (focusAfter) focus.current = 'day';
      setState((s) => ({
        ...s,
        slots: list.slots,
        mails: list.mails ?? s.mails,
        zone,
        // The server's day was one of the office's zone; in another zone the first day is shown.
        day: zone === s.zone ? s.day : undefined,
        status: ['loading', 'closed', 'load-error', 'unavailable'].includes(s.status) ? 'ready' : s.status,
        // A time someone else took in the meantime is no longer chosen.
        values: list.slots.some((slot) => slot.start === s.values.slot) ? s.values : { ...s.values, slot: '' },
      }));
    } catch {
      setState((s) => ({ ...s, status: s.slots ? s.status : 'load-error' }));
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the free times are loaded once, when the island starts
  useEffect(() => {
    if (initial.status !== 'success') void load(false);
  }, []);

  const onValue = (field: BookingField, value: string | boolean) =>
    setState((s) => {
      const values = { ...s.values, [field]: value } as BookingValues;
      const errors = { ...s.errors };
      if (touched.current.has(field) || field === 'terms' || field === 'slot') {
        const error = validateBookingField(field, normalizeBooking({ ...values }));
        if (error) errors[field] = error;
        else delete errors[field];
      }
      return { ...s, values, errors };
    });

  const onLeave = (field: BookingField) =>
    setState((s) => {
      const value = s.values[field];
      if (!touched.current.has(field) && (value === '' || value === false)) return s;
      touched.current.add(field);
      const error = validateBookingField(field, normalizeBooking({ ...s.values }));
      const errors = { ...s.errors };
      if (error) errors[field] = error;
      else delete errors[field];
      return { ...s, errors };
    });

  /** Another day: its times show, and a time chosen on the day before is chosen no longer. */
  const onDay = (day: string) =>
    setState((s) => {
      const zone = s.zone ?? setup.officeZone;
      const kept = Boolean(s.values.slot) && dayKey(s.values.slot, zone) === day;
      return { ...s, day, values: kept ? s.values : { ...s.values, slot: '' } };
    });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const values = normalizeBooking({ ...state.values });
    const errors = validateBooking(values);
    for (const field of BOOKING_FIELDS) touched.current.add(field);
    if (Object.keys(errors).length) {
      focus.current = 'first-invalid';
      setState((s) => ({ ...s, errors, status: 'invalid' }));
      return;
    }
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    const payload: BookingPayload = {
      ...values,
      locale: setup.locale,
      website: typeof honeypot === 'string' ? honeypot : '',
    };
    const serialized = JSON.stringify(payload);
    const key = keyFor(attempt, unusedKey, serialized);
    sending.current = true;
    setState((s) => ({ ...s, errors: {}, status: 'sending', idempotencyKey: key }));
    const outcome = await submitBooking(setup.endpoint, payload, key);
    sending.current = false;
    if (outcome.kind === 'booked') {
      attempt.current = undefined;
      touched.current.clear();
      focus.current = 'status';
      setState({
        ...EMPTY_BOOKING_STATE,
        status: 'success',
        booked: { start: outcome.start, email: values.email, invitation: outcome.invitation },
        zone: state.zone,
      });
      window.postMessage({ type: 'booking-success', event: BOOKING_EVENT }, location.origin);
    } else if (outcome.kind === 'invalid') {
      focus.current = 'first-invalid';
      setState((s) => ({ ...s, errors: outcome.errors, status: 'invalid' }));
      // The time was taken or is no longer offered: show what is free now.
      if (outcome.errors.slot) void load(false);
    } else {
      // A problem of the whole form: its message, at the top of the form, takes the focus.
      focus.current = 'status';
      setState((s) => ({
        ...s,
        status:
          outcome.kind === 'limit'
            ? outcome.limit === 'email'
              ? 'limit-email'
              : 'limit-day'
            : outcome.kind === 'rate-limited' || outcome.kind === 'unavailable'
              ? outcome.kind
              : 'error',
      }));
    }
  };

  const onShow = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    void load(true);
  };

  const onAgain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    touched.current.clear();
    setState({ ...EMPTY_BOOKING_STATE, status: 'loading' });
    void load(true);
  };

  return (
    <BookingForm
      setup={setup}
      state={state}
      handlers={{ onShow, onDay, onValue, onLeave, onSubmit: (e) => void onSubmit(e), onAgain }}
    />
  );
}

/** Says when React has taken its root over (events.ts): a form sent before is sent again then. */
function Ready({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    root.setAttribute(ISLAND_READY_ATTRIBUTE, '');
    root.dispatchEvent(new CustomEvent(ISLAND_READY, { bubbles: true }));
  }, [root]);
  return children;
}

const roots = new Map<HTMLElement, Root>();

/** The state to hydrate with: the server's, with what the visitor typed before the island arrived.
 * Hydration keeps the fields' text on screen but starts from the state it is given, so without
 * this a form filled in early would be sent empty. */
function withTypedValues(element: HTMLElement, state: ContactFormState): ContactFormState {
  const field = (name: string) => element.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
  const text = (name: 'name' | 'email' | 'message') => field(name)?.value ?? state.values[name];
  const terms = field('terms');
  const values: ContactValues = {
    name: text('name'),
    email: text('email'),
    message: text('message'),
    terms: terms instanceof HTMLInputElement ? terms.checked : state.values.terms,
  };
  return { ...state, values };
}

/** As withTypedValues, for the booking form of the server's page of free times. */
function withTypedBooking(element: HTMLElement, state: BookingState): BookingState {
  const form = element.querySelector('form[data-booking-form]');
  if (!form) return state;
  const data = new FormData(form as HTMLFormElement);
  const text = (name: string) => (typeof data.get(name) === 'string' ? (data.get(name) as string) : '');
  return {
    ...state,
    day: text('day') || state.day,
    values: {
      slot: text('slot'),
      name: text('name'),
      email: text('email'),
      topic: text('topic'),
      terms: data.get('terms') !== null,
    },
  };
}

function mount(): void {
  for (const [element, root] of roots) {
    if (element.isConnected) continue;
    root.unmount();
    roots.delete(element);
  }
  for (const element of document.querySelectorAll<HTMLElement>('[data-island-root]')) {
    if (roots.has(element)) continue;
    const name = element.dataset.islandRoot;
    let props: { setup: never; state: never };
    try {
      props = JSON.parse(element.dataset.props ?? '');
    } catch {
      continue;
    }
    const node =
      name === FORM_ROOT ? (
        <FormIsland setup={props.setup} initial={withTypedValues(element, props.state)} />
      ) : name === REVEAL_ROOT ? (
        <RevealIsland setup={props.setup} initial={props.state} />
      ) : name === BOOKING_ROOT ? (
        <BookingIsland setup={props.setup} initial={withTypedBooking(element, props.state)} />
      ) : undefined;
    if (node) roots.set(element, hydrateRoot(element, <Ready root={element}>{node}</Ready>));
  }
}

mount();
onNavigated(mount);
