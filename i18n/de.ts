// The site's German UI strings, laid over the defaults of the engine and the theme
// (common/messages/de.ts, theme/strings/de.ts): only what the site says in its own words, and the
// labels config/ refers to by key.
import type { StringsInput } from 'sitesmith/theme';

export default {
  meta: {
    tagline: 'Managed Hosting und Infrastrukturbetrieb aus Graz',
    siteDescription:
      'Almwerk betreibt Hosting, Kubernetes, Datenbanken und Backups für Agenturen und Unternehmen mit eigener Software: DSGVO-konform, in ISO-27001-Rechenzentren im EWR.',
  },
  contact: {
    hints: { message: 'Was betreiben Sie heute, und bis wann brauchen Sie eine Lösung? Ein paar Sätze reichen.' },
    // Said where no mail server carries the message on; in the words of the contact page's "Wie es weitergeht".
    successStored:
      'Vielen Dank für Ihre Anfrage! Ihre Nachricht ist bei uns gespeichert. Wir lesen sie während unserer Support-Zeiten und antworten Ihnen persönlich.',
  },
  // The office in Graz keeps the time of Vienna: visitors read times as "Wiener Zeit".
  booking: { officeZone: 'Wiener Zeit' },
  search: { placeholder: 'Seiten, Leistungen, Begriffe …', noneHint: 'Fragen Sie uns direkt, wir helfen gern weiter.' },
  nav: {
    aboutUs: 'Über uns',
    caseStudies: 'Fallstudien',
    services: 'Leistungen',
    solutions: 'Lösungen',
    pricing: 'Preise',
    why: 'Warum Almwerk',
    knowledge: 'Wissen',
    contact: 'Termin vereinbaren',
    collaborationFaq: 'FAQ zur Zusammenarbeit',
    policies: 'Grundsätze',
    compare: 'Vergleiche',
    insights: 'Insights',
    blog: 'Blog',
    glossary: 'Glossar',
  },
  footer: {
    legal: 'Rechtliches',
    company: 'Unternehmen',
    knowledge: 'Wissen und Einblicke',
    statusPage: 'Statusseite',
    faqs: 'FAQ',
    copyright: 'Copyright © {year} Almwerk GmbH, Graz.',
    location: 'Beispielgasse 12, 8010 Graz, Österreich',
  },
  announcement: {
    quickstartLink: 'Zu den Quickstart-Angeboten',
    quickstart:
      'Quickstart mit klarem Preis: die Kubernetes-Machbarkeitsprüfung zum Fixpreis von 2.000 €, der Infrastruktur-Check ab 1.200 €.',
  },
  home: {
    eyebrow: 'Managed Hosting · Graz',
    trustIso: 'ISO-27001-zertifizierte Rechenzentren im EWR',
    trustGdpr: 'DSGVO-konform',
    trustGreen: 'Betrieben mit Ökostrom',
    trustBackups: 'Tägliche Backups',
    trustExperience: 'Rund 60 Jahre gemeinsame Erfahrung',
  },
} satisfies StringsInput;
