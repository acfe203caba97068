// The theme's one entry point: everything the generator and the server take from the theme. The
// theme itself imports nothing from them but the generator's types.
export { renderPageHtml } from './render.tsx';
export { colorModeScript } from './color-mode-script.ts';
// The contour lines of the home page, drawn on the generated social images too.
export { contourPaths } from './home/Contours.tsx';
export type { Assets, ThemeContext } from './context.ts';
// The contact page's forms, which the contact backend renders again with a visitor's answer when
// the browser posted without JavaScript.
export { ContactFormRoot, EMPTY_CONTACT_STATE, FORM_ROOT, type ContactFormSetup, type ContactFormState } from './pages/ContactForm.tsx';
export { BOOKING_ANCHOR, BOOKING_ROOT, BookingRoot, EMPTY_BOOKING_STATE, SLOTS_QUERY, bookingErrorText, formatSlot, type BookingSetup, type BookingState } from './pages/BookingForm.tsx';
export { ContactRevealRoot, REVEAL_KINDS, REVEAL_ROOT, revealAction, type RevealKind, type RevealSetup, type RevealState, type RevealedDetail } from './pages/ContactReveal.tsx';

/** What esbuild bundles for the browser, relative to the package root. Every `*.tsx` in
 * `islands` is an island: its own entry, loaded only by pages that render it. */
export const THEME_FILES = { client: 'theme/client/index.ts', styles: 'theme/styles/site.css', islands: 'theme/client/islands' } as const;
