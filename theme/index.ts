// The theme's one entry point. Its default export is what the engine takes from it, as the theme
// contract (generator/theming/theme-contract.ts) types it; the named exports are its components and
// types for a site that overrides or reuses one. The theme imports nothing from the engine but its
// types; the contact backend knows none of it (it renders the theme's `files.forms` module).
import type { Theme } from '../generator/theming/theme-contract.ts';
import { analytics } from './analytics.ts';
import { colorModeScript } from './color-mode-script.ts';
import { contourArt } from './home/Contours.tsx';
import { ICON_SPRITE, iconSprite } from './icons/Icon.tsx';
import { options, type ThemeOptions } from './options.ts';
import { layouts, pages } from './render.tsx';
import { strings, type ThemeStrings } from './strings.ts';

export { colorModeScript } from './color-mode-script.ts';
export type { Assets, ThemeContext } from './context.ts';
export type { FormRenderer } from './forms.tsx';
export type { ThemeOptions, ThemeOptionsInput } from './options.ts';
export { BookingRoot, type BookingSetup } from './pages/BookingForm.tsx';
export { ContactFormRoot, type ContactFormSetup } from './pages/ContactForm.tsx';
export { ContactRevealRoot, type RevealSetup } from './pages/ContactReveal.tsx';
export type { StringsInput, ThemeStrings } from './strings.ts';

export default {
  pages,
  layouts,
  // The words of its components, in German and English; a site's other locale reads the English.
  strings,
  fallbackLocale: 'en',
  // Its options, the config's `themeConfig`: the navbar's button, the home page's buttons and trust strip.
  config: options,
  // The events and property values its runtime sends to the analytics endpoint.
  analytics,
  colorModeScript,
  // Every `*.tsx` in `islands` is an island: its own entry, loaded only by pages that render it.
  files: { client: 'client/index.ts', styles: 'styles/site.css', islands: 'client/islands', forms: 'forms.tsx' },
  // The icons, one sprite every page names them from.
  assetFiles: { [ICON_SPRITE]: iconSprite() },
  // The contour lines of the home page's hero, drawn on the social cards too.
  arts: ['contours'],
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
