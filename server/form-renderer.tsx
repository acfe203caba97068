// The contact page's islands rendered on the server in a new state (errors beside their fields and
// the values kept, or the success message), for a plain form post with JavaScript off. `site
// build` bundles this file with the site's theme and React into `_server/forms.mjs` of the build,
// so `site start` renders the forms of the theme the site was built with, from the build alone.
import { renderToString } from 'react-dom/server';
import { BookingRoot, ContactFormRoot, ContactRevealRoot, type BookingSetup, type BookingState, type ContactFormSetup, type ContactFormState, type RevealSetup, type RevealState } from '../theme/index.ts';

export interface FormRenderer {
  form: (setup: ContactFormSetup, state: ContactFormState) => string;
  reveal: (setup: RevealSetup, state: RevealState) => string;
  booking: (setup: BookingSetup, state: BookingState) => string;
}

export const form: FormRenderer['form'] = (setup, state) => renderToString(<ContactFormRoot {...setup} state={state} />);
export const reveal: FormRenderer['reveal'] = (setup, state) => renderToString(<ContactRevealRoot {...setup} state={state} />);
export const booking: FormRenderer['booking'] = (setup, state) => renderToString(<BookingRoot setup={setup} state={state} />);
