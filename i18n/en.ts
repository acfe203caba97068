// The site's English UI strings, laid over the defaults of the engine and the theme
// (common/messages/en.ts, theme/strings/en.ts): only what the site says in its own words, and the
// labels config/ refers to by key.
import type { StringsInput } from 'sitesmith/theme';

export default {
  meta: {
    tagline: 'Managed hosting and infrastructure operations from Graz',
    siteDescription:
      'Almwerk runs hosting, Kubernetes, databases and backups for agencies and companies with their own software: GDPR-compliant, in ISO 27001 data centres in the EEA.',
  },
  contact: {
    hints: { message: 'What do you run today, and when do you need a solution? A few sentences are enough.' },
    // Said where no mail server carries the message on; in the words of the contact page's "What happens next".
    successStored:
      'Thank you for your inquiry! Your message is stored with us. We read it during our support hours and reply to you personally.',
  },
  // The office in Graz keeps the time of Vienna: visitors read times as "Vienna time".
  booking: { officeZone: 'Vienna time' },
  search: { placeholder: 'Pages, services, terms …', noneHint: 'Ask us directly: we are glad to help.' },
  nav: {
    aboutUs: 'About Us',
    caseStudies: 'Case Studies',
    services: 'Services',
    solutions: 'Solutions',
    pricing: 'Pricing',
    why: 'Why Almwerk',
    knowledge: 'Knowledge',
    contact: 'Book an appointment',
    collaborationFaq: 'Collaboration FAQ',
    policies: 'Policies',
    compare: 'Comparisons',
    insights: 'Insights',
    blog: 'Blog',
    glossary: 'Glossary',
  },
  footer: {
    legal: 'Legal',
    company: 'Company',
    knowledge: 'Knowledge and Insights',
    statusPage: 'Status page',
    faqs: 'FAQs',
    copyright: 'Copyright © {year} Almwerk GmbH, Graz.',
    location: 'Beispielgasse 12, 8010 Graz, Austria',
  },
  announcement: {
    quickstartLink: 'See the quickstart offers',
    quickstart:
      'Quickstart with a clear price: the Kubernetes feasibility check at a fixed €2,000, the infrastructure health check from €1,200.',
  },
  home: {
    eyebrow: 'Managed hosting · Graz',
    trustIso: 'ISO 27001-certified data centres in the EEA',
    trustGdpr: 'GDPR-compliant',
    trustGreen: 'Powered by green electricity',
    trustBackups: 'Daily backups',
    trustExperience: 'About 60 years of combined experience',
  },
} satisfies StringsInput;
