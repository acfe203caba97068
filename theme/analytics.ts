// What this theme's runtime sends to the analytics endpoint (the contract's `analytics`): page
// views (client/analytics.ts), the colour switch (client/color-mode.ts), the appointment links
// marked `data-track` (Navbar, home CallToAction), and completed contact and booking requests.
// The endpoint counts these and nothing else; the privacy policy lists the same.
import type { ThemeAnalytics } from '../generator/theming/theme-contract.ts';

export const analytics: ThemeAnalytics = {
  events: ['pageview', 'Color Change Click', 'booking-link-click', 'booking-complete', 'contact-complete'],
  // The colour mode a page is shown in, the colour switch's choice (`item`) and where it sits
  // (`position`), the booking's event type (`event`: the contact page's introductory call,
  // 'unknown' when a booking page names none), and the page's language (the site's locales).
  properties: {
    colorMode: ['light', 'dark'],
    item: ['light', 'dark', 'system'],
    position: ['navbar'],
    event: ['intro-call', 'unknown'],
    locale: [],
  },
};
