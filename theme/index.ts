// The theme's one entry point. Its default export is what the engine takes from it, as the theme
// contract (generator/theming/theme-contract.ts) types it; the named exports are what the contact backend
// takes. The theme itself imports nothing from the engine but its types.
import type { Theme } from '../generator/theming/theme-contract.ts';
import { colorModeScript } from './color-mode-script.ts';
import { contourArt } from './home/Contours.tsx';
import { options, type ThemeOptions } from './options.ts';
import { layouts, pages } from './render.tsx';
import { strings, type ThemeStrings } from './strings.ts';

export { colorModeScript } from './color-mode-script.ts';
export type { Assets, ThemeContext } from './context.ts';
export type { FormRenderer } from './forms.tsx';
// The contact page's forms, which the contact backend renders again with a visitor's answer when
// the browser posted without JavaScript: from these sources under `site serve`, from the build's
// `_server/forms.mjs` (this theme's `files.forms`, bundled) under `site start`.
export * as forms from './forms.tsx';
export type { ThemeOptions, ThemeOptionsInput } from './options.ts';
export {
  BOOKING_ANCHOR,
  BOOKING_ROOT,
  BookingRoot,
  type BookingSetup,
  type BookingState,
  bookingErrorText,
  EMPTY_BOOKING_STATE,
  formatSlot,
  SLOTS_QUERY,
} from './pages/BookingForm.tsx';
export {
  ContactFormRoot,
  type ContactFormSetup,
  type ContactFormState,
  EMPTY_CONTACT_STATE,
  FORM_ROOT,
} from './pages/ContactForm.tsx';
export {
  ContactRevealRoot,
  REVEAL_KINDS,
  REVEAL_ROOT,
  type RevealedDetail,
  type RevealKind,
  type RevealSetup,
  type RevealState,
  revealAction,
} from './pages/ContactReveal.tsx';
export type { StringsInput, ThemeStrings } from './strings.ts';

export default {
  pages,
  layouts,
  // The words of its components, in German and English; a site's other locale reads the English.
  strings,
  fallbackLocale: 'en',
  // Its options, the config's `themeConfig`: the navbar's button, the home page's buttons and trust strip.
  config: options,
  colorModeScript,
  // Every `*.tsx` in `islands` is an island: its own entry, loaded only by pages that render it.
  files: { client: 'client/index.ts', styles: 'styles/site.css', islands: 'client/islands', forms: 'forms.tsx' },
  // The contour lines of the home page's hero, drawn on the social cards too.
  socialCardArt: (config, color) => (config.design.heroArt === 'contours' ? contourArt(color) : undefined),
  // Set per colour mode in styles/tokens.css.
  tokens: [
    'bg',
    'bg-alt',
    'surface',
    'surface-2',
    'border',
    'border-strong',
    'text',
    'muted',
    'accent',
    'accent-hover',
    'on-accent',
    'link',
    'glow',
    'focus',
    'code-bg',
    'shadow',
    'grid-line',
    'warn-bg',
    'warn',
    'danger',
    'info',
    'tip',
  ],
} satisfies Theme<ThemeStrings, ThemeOptions>;
