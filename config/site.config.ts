// The Almwerk site. Everything the generator needs to know that is not content.
import { defineConfig } from 'sitesmith';
import type { ThemeOptionsInput } from 'sitesmith/theme';
import { design } from './design.ts';
import { footer } from './footer.ts';
import { navbar } from './navbar.ts';
import { redirects } from './redirects.ts';

export default defineConfig({
  title: 'Almwerk',
  url: 'https://almwerk.example',
  baseUrl: '/',
  defaultLocale: 'de',
  locales: {
    de: { label: 'Deutsch', htmlLang: 'de', direction: 'ltr', calendar: 'gregory', path: '' },
    en: { label: 'English', htmlLang: 'en', direction: 'ltr', calendar: 'gregory', path: 'en' },
  },
  titleDelimiter: '|',
  sections: [
    { id: 'about-us', kind: 'docs', landing: true },
    { id: 'services', kind: 'docs', landing: true },
    { id: 'solutions', kind: 'docs' },
    { id: 'compare', kind: 'docs' },
    { id: 'policies', kind: 'docs' },
    { id: 'trust', kind: 'docs' },
    { id: 'glossary', kind: 'docs' },
    { id: 'legal', kind: 'docs' },
    { id: 'faq', kind: 'docs', sidebar: false },
    { id: 'pricing', kind: 'docs', landing: true, sidebar: false },
    { id: 'blog', kind: 'blog', postsPerPage: 10 },
    { id: 'case-studies', kind: 'blog', postsPerPage: 10 },
    { id: 'insights', kind: 'blog', postsPerPage: 10 },
  ],
  design,
  navbar,
  footer,
  redirects,
  colorMode: { defaultMode: 'dark', respectPrefersColorScheme: false },
  // The message and the link's text are keys into i18n/<locale>.ts (`announcement`); a new id
  // shows the bar again to everyone who dismissed the previous one.
  announcement: {
    id: 'quickstart-fixed-price',
    message: 'quickstart',
    to: '/services/quickstart/',
    link: 'quickstartLink',
  },
  analytics: { script: '/insights.js', localDomain: '127.0.0.1', endpoint: '/api/event' },
  organization: {
    name: 'Almwerk GmbH',
    email: 'hello@almwerk.example',
    phone: '+43 316 555 0100',
    address: { street: 'Beispielgasse 12', postalCode: '8010', locality: 'Graz', country: 'AT' },
  },
  contact: {
    route: '/contact/',
    email: 'hello@almwerk.example',
    phone: '+43 316 555 0100',
    endpoint: '/api/contact',
    terms: '/legal/terms/',
    privacy: '/legal/privacy/',
    // The introductory call of 30 minutes, in the office hours of the team in Graz.
    booking: {
      endpoint: '/api/booking',
      timeZone: 'Europe/Vienna',
      slotMinutes: 30,
      officeHours: {
        mon: ['09:00-12:00', '13:30-16:30'],
        tue: ['09:00-12:00', '13:30-16:30'],
        wed: ['09:00-12:00', '13:30-16:30'],
        thu: ['09:00-12:00', '13:30-16:30'],
        fri: ['09:00-12:00'],
      },
      daysAhead: 21,
      leadTimeHours: 24,
      // Austrian public holidays, and the days between Christmas and New Year the office is closed.
      holidays: [
        '2026-12-08',
        '2026-12-24',
        '2026-12-25',
        '2026-12-28',
        '2026-12-29',
        '2026-12-30',
        '2026-12-31',
        '2027-01-01',
        '2027-01-06',
        '2027-03-29',
        '2027-05-06',
        '2027-05-17',
        '2027-05-27',
        '2027-10-26',
        '2027-11-01',
        '2027-12-08',
        '2027-12-24',
        '2027-12-31',
      ],
    },
  },
  // The built-in theme's options (theme/options.ts): the navbar's button, the home page's buttons
  // and trust strip. Labels are keys into i18n/<locale>.ts (`nav`, `home`).
  themeConfig: {
    navbar: {
      cta: { to: '/contact/#appointment', label: 'contact', event: 'booking-link-click', icon: 'calendar' },
    },
    home: {
      actions: [
        { to: '/contact/#appointment', label: 'contact', event: 'booking-link-click', icon: 'calendar' },
        { to: '/services/', label: 'services', icon: 'arrowRight' },
      ],
      trust: [
        { icon: 'shield', label: 'trustIso' },
        { icon: 'lock', label: 'trustGdpr' },
        { icon: 'leaf', label: 'trustGreen' },
        { icon: 'database', label: 'trustBackups' },
        { icon: 'people', label: 'trustExperience' },
      ],
    },
  } satisfies ThemeOptionsInput,
  favicon: '/img/favicon.svg',
  customFields: { version: 'v1.19.6' },
  sitemap: { changefreq: 'weekly', priority: 0.5 },
  // Almwerk's house style, stricter than the engine's defaults: a unit never alone at the start of
  // a line, no placeholder text published, one title a page, links written as the route they reach.
  rules: {
    'number-unit': 'error',
    placeholder: 'error',
    'duplicate-title': 'error',
    'trailing-slash': 'error',
    'redirected-link': 'error',
  },
});
