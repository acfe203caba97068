// The contact island: hydrates the server-rendered form and reveal buttons of the contact page, so
// they validate as the visitor types and send without a page load. Loaded on the contact page only;
// client navigation imports it once, so it also hydrates contact pages that arrive later.
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { ContactForm, EMPTY_CONTACT_STATE, FORM_ROOT, type ContactFormSetup, type ContactFormState } from '../../pages/ContactForm.tsx';
import { ContactReveal, REVEAL_ROOT, type RevealKind, type RevealSetup, type RevealState } from '../../pages/ContactReveal.tsx';
import { CONTACT_FIELDS, HONEYPOT_FIELD, normalizeContact, validateContact, validateField, type ContactField, type ContactValues } from '../../../common/contact-rules.ts';
import { onNavigated } from '../events.ts';
import { fetchDetail, newIdempotencyKey, submitContact, type ContactPayload } from './contact-requests.ts';

type Focus = 'first-invalid' | 'status' | 'name' | undefined;

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
    const payload: ContactPayload = { ...state.values, locale: setup.locale, website: typeof honeypot === 'string' ? honeypot : '' };
    const serialized = JSON.stringify(payload);
    let key = attempt.current?.payload === serialized ? attempt.current.key : undefined;
    if (!key) {
      key = unusedKey.current ?? newIdempotencyKey();
      unusedKey.current = undefined;
    }
    attempt.current = { payload: serialized, key };
    sending.current = true;
    setState((s) => ({ ...s, errors: {}, status: 'sending', idempotencyKey: key }));
    const outcome = await submitContact(setup.endpoint, payload, key);
    sending.current = false;
    if (outcome.kind === 'stored') {
      attempt.current = undefined;
      touched.current.clear();
      focus.current = 'status';
      setState({ ...EMPTY_CONTACT_STATE, status: 'success' });
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

  return <ContactForm {...setup} state={state} handlers={{ onValue, onLeave, onSubmit: (e) => void onSubmit(e), onAgain }} />;
}

function RevealIsland({ setup, initial }: { setup: RevealSetup; initial: RevealState }) {
  const [state, setState] = useState(initial);
  const focus = useRef<RevealKind | undefined>(undefined);
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
      name === FORM_ROOT ? <FormIsland setup={props.setup} initial={withTypedValues(element, props.state)} /> : name === REVEAL_ROOT ? <RevealIsland setup={props.setup} initial={props.state} /> : undefined;
    if (node) roots.set(element, hydrateRoot(element, node));
  }
}

mount();
onNavigated(mount);
