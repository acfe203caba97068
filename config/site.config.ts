// The Almwerk site. Everything the generator needs to know that is not content.
import { defineConfig } from '../generator/define-config.ts';
import { navbar } from './navbar.ts';
import { footer } from './footer.ts';
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
    { id: 'about-us', kind: 'docs', landing: true, versionMenu: false },
    { id: 'services', kind: 'docs', landing: true },
    { id: 'solutions', kind: 'docs' },
    { id: 'compare', kind: 'docs' },
    { id: 'policies', kind: 'docs' },
    { id: 'trust', kind: 'docs' },
    { id: 'glossary', kind: 'docs' },
    { id: 'legal', kind: 'docs' },
    { id: 'faq', kind: 'docs', sidebar: false },
    { id: 'pricing', kind: 'docs', landing: true, sidebar: false, versionMenu: false },
    { id: 'blog', kind: 'blog', postsPerPage: 10 },
    { id: 'case-studies', kind: 'blog', postsPerPage: 10 },
    { id: 'insights', kind: 'blog', postsPerPage: 10 },
  ],
  navbar,
  footer,
  redirects,
  colorMode: { defaultMode: 'dark', respectPrefersColorScheme: false },
  // The message and the link's text are keys into i18n/<locale>.ts (`announcement`); a new id
  // shows the bar again to everyone who dismissed the previous one.
  announcement: { id: 'quickstart-fixed-price', message: 'quickstart', to: '/services/quickstart/', link: 'quickstartLink' },
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
  },
  // Labels are keys into i18n/<locale>.ts (`nav`, `home`).
  home: {
    actions: [
      { to: '/contact/', label: 'contact', event: 'booking-link-click', icon: 'calendar' },
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
  favicon: '/img/favicon.svg',
  customFields: { version: 'v1.19.6' },
  sitemap: { changefreq: 'weekly', priority: 0.5 },
});
