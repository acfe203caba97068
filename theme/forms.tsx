// The contact page's islands rendered on the server in a new state (errors beside their fields and
// the values kept, the success message, the free times of the booking list), for a plain form post
// with JavaScript off: the theme's `files.forms` (ThemeForms in generator/theming/theme-contract.ts).
// `site build` bundles this file, with the site's component overrides and React, into
// `_server/forms.mjs`, so `site start` answers with the forms of the theme the site was built
// with, from the build alone.

import { renderToString } from 'react-dom/server';
import type { ThemeForms } from '../generator/theming/theme-contract.ts';
import { BookingRoot, type BookingSetup } from './pages/BookingForm.tsx';
import { ContactFormRoot, type ContactFormSetup } from './pages/ContactForm.tsx';
import { ContactRevealRoot, type RevealSetup } from './pages/ContactReveal.tsx';

/** The forms with this theme's setups and the contact backend's states. */
export type FormRenderer = ThemeForms<ContactFormSetup, RevealSetup, BookingSetup>;

export const form: FormRenderer['form'] = (setup, state) =>
  renderToString(<ContactFormRoot {...setup} state={state} />);
export const reveal: FormRenderer['reveal'] = (setup, state) =>
  renderToString(<ContactRevealRoot {...setup} state={state} />);
export const booking: FormRenderer['booking'] = (setup, state) =>
  renderToString(<BookingRoot setup={setup} state={state} />);
