// What a buyer of managed hosting looks for, on the real site: one page with every price and what
// the entry prices cover in numbers, the service level with the data centres by name and the on-call
// cover explained, the certificates with issuer, number and validity, the data processing agreement
// with every sub-processor, to read and to download, the general terms of service (term, notice,
// liability), the careers page, and the status page, each reachable from where a visitor looks.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { exists, read } from '../../helpers.ts';
import { realSiteBuild } from '../../real-site.ts';

let out: string;

before(async () => {
  out = (await realSiteBuild()).dir;
});

const LOCALES = [
  {
    prefix: '',
    prices: [
      'ab 480 € pro Monat',
      'ab 320 € pro Monat',
      '2.000 € einmalig',
      'ab 1.200 € einmalig',
      'nach individuellem Angebot',
    ],
  },
  {
    prefix: '/en',
    prices: [
      'from €480 per month',
      'from €320 per month',
      '€2,000 one-time',
      'from €1,200 one-time',
      'by custom quote',
    ],
  },
];
const OFFERS = [
  '/solutions/agency/',
  '/solutions/company/',
  '/solutions/managed-hosting/',
  '/services/quickstart/kubernetes-feasibility/',
  '/services/quickstart/infrastructure-health-check/',
  '/services/quickstart/operational-transition/',
];
const OPERATORS = ['Vindobona Rechenzentrum GmbH', 'Pegnitz Rechenzentrum GmbH'];

type Locale = 'de' | 'en';
const localeOf = (prefix: string): Locale => (prefix === '/en' ? 'en' : 'de');

/** What each entry price covers, in the words of the pricing page and of the offer's own page. */
const ENTRY_SCOPE: { offer: string; figures: Record<Locale, string[]> }[] = [
  {
    offer: '/solutions/agency/',
    figures: {
      de: ['bis zu 3 Kundenprojekte', '8 vCPU', '16 GB RAM', '200 GB', '2 TB', '3 Stunden'],
      en: ['up to 3 client projects', '8 vCPU', '16 GB RAM', '200 GB', '2 TB', '3 hours'],
    },
  },
  {
    offer: '/solutions/company/',
    figures: {
      de: ['1 Anwendung', '4 vCPU', '8 GB RAM', '100 GB', '1 TB', '2 Stunden'],
      en: ['1 application', '4 vCPU', '8 GB RAM', '100 GB', '1 TB', '2 hours'],
    },
  },
];

/** The certificates the site relies on; every page that names one names the same validity. */
const CERTIFICATES = [
  {
    number: 'KZ-ISMS-2025-0412',
    standard: 'ISO/IEC 27001:2022',
    holder: 'Vindobona Rechenzentrum GmbH',
    issuer: 'Kalkalpen Zertifizierung GmbH',
    until: { de: '11. März 2028', en: '11 March 2028' },
  },
  {
    number: 'KZ-EnMS-2024-0177',
    standard: 'ISO 50001:2018',
    holder: 'Vindobona Rechenzentrum GmbH',
    issuer: 'Kalkalpen Zertifizierung GmbH',
    until: { de: '30. Juni 2027', en: '30 June 2027' },
  },
  {
    number: 'RAZ-27001-1189',
    standard: 'ISO/IEC 27001:2022',
    holder: 'Pegnitz Rechenzentrum GmbH',
    issuer: 'Regnitz Audit & Zertifizierung GmbH',
    until: { de: '23. September 2027', en: '23 September 2027' },
  },
  {
    number: 'RAZ-50600-0342',
    standard: '50600',
    holder: 'Pegnitz Rechenzentrum GmbH',
    issuer: 'Regnitz Audit & Zertifizierung GmbH',
    until: { de: '14. Mai 2028', en: '14 May 2028' },
  },
];
const ISO_27001 = CERTIFICATES.filter((c) => c.standard.startsWith('ISO/IEC 27001'));

/** The providers besides the data centres that the DPA must list, with the purpose its row names. */
const SUB_PROCESSORS: { kind: string; name: string; purpose: Record<Locale, RegExp> }[] = [
  { kind: 'mail', name: 'Zirbenmail GmbH', purpose: { de: /E-Mail/, en: /e-mail/i } },
  { kind: 'chat and ticketing', name: 'Isarlicht Software GmbH', purpose: { de: /Ticket.*Chat/, en: /ticket.*chat/i } },
  { kind: 'monitoring and alerting', name: 'Vigilo Alerting s.r.o.', purpose: { de: /Alarm/, en: /alert/i } },
  { kind: 'off-site backups', name: 'Zuiderzee Storage B.V.', purpose: { de: /Backup/, en: /backup/i } },
];
/** Countries of the European Economic Area, as the DPA's place-of-processing column names them. */
const EEA = {
  de: /Österreich|Deutschland|Tschechien|Niederlande|Finnland|Slowenien|Italien|Frankreich|Belgien|Dänemark|Schweden|Polen|Irland|Norwegen/,
  en: /Austria|Germany|Czech Republic|Netherlands|Finland|Slovenia|Italy|France|Belgium|Denmark|Sweden|Poland|Ireland|Norway/,
};

const page = (route: string) => read(out, `${route.slice(1)}index.html`);
/** The rows of the first table after the heading with this id, as the visible text of each cell. */
const tableAfter = (html: string, id: string): string[][] => {
  const at = html.indexOf(`id="${id}"`);
  assert.ok(at >= 0, `a heading with the id ${id}`);
  const table = /<table[\s\S]*?<\/table>/.exec(html.slice(at))?.[0] ?? '';
  return [...table.matchAll(/<tr[\s\S]*?<\/tr>/g)].map(([row]) =>
    [...row.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map(([, cell]) => textOf(cell).trim()),
  );
};
/** The page's own content, without the navbar and footer that every page shares. */
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
/** Visible text, with no-break spaces read as the spaces they are and character references decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

for (const { prefix, prices } of LOCALES) {
  test(`${prefix || '/'}: the pricing page names every price and links every offer's own page`, async () => {
    const main = mainOf(await page(`${prefix}/pricing/`));
    const text = textOf(main);
    for (const price of prices) assert.ok(text.includes(price), `the pricing page says "${price}"`);
    for (const offer of OFFERS)
      assert.ok(main.includes(`href="${prefix}${offer}"`), `the pricing page links ${prefix}${offer}`);
  });

  test(`${prefix || '/'}: the home page, the solutions and the quickstart pages point to the pricing page in their text`, async () => {
    const routes = ['/', '/solutions/', '/services/quickstart/', ...OFFERS.filter((o) => o.startsWith('/services/'))];
    const without = [];
    for (const route of routes)
      if (!mainOf(await page(`${prefix}${route}`)).includes(`href="${prefix}/pricing/"`)) without.push(route);
    assert.deepEqual(without, []);
  });

  test(`${prefix || '/'}: the service level and the DPA name the same data centre operators`, async () => {
    const serviceLevel = textOf(mainOf(await page(`${prefix}/trust/service-level/`)));
    const dpa = textOf(mainOf(await page(`${prefix}/legal/dpa/`)));
    for (const operator of OPERATORS) {
      assert.ok(serviceLevel.includes(operator), `the service level names ${operator}`);
      assert.ok(dpa.includes(operator), `the DPA lists ${operator} as a sub-processor`);
    }
    assert.match(serviceLevel, /99[.,]9 ?%/);
  });

  test(`${prefix || '/'}: the DPA links its text as a download, and the file is the agreement`, async () => {
    const download = `${prefix}/legal/dpa/index.md`;
    assert.ok(
      mainOf(await page(`${prefix}/legal/dpa/`)).includes(`href="${download}"`),
      `the DPA page links ${download}`,
    );
    assert.ok(exists(out, download.slice(1)), `${download} is served`);
    const text = await read(out, download.slice(1));
    assert.match(text, /Art\. 28/);
    for (const operator of OPERATORS) assert.ok(text.includes(operator), `the download lists ${operator}`);
  });
  test(`${prefix || '/'}: the pricing page and each offer's page say in numbers what the entry price covers`, async () => {
    const locale = localeOf(prefix);
    const pricing = textOf(mainOf(await page(`${prefix}/pricing/`)));
    assert.doesNotMatch(pricing, /kleine, übersichtliche Umgebung|small, well-arranged environment/);
    for (const { offer, figures } of ENTRY_SCOPE) {
      const offerPage = textOf(mainOf(await page(`${prefix}${offer}`)));
      for (const figure of figures[locale]) {
        assert.ok(pricing.includes(figure), `the pricing page says "${figure}" for ${offer}`);
        assert.ok(offerPage.includes(figure), `${offer} says "${figure}" as the pricing page does`);
      }
    }
  });

  test(`${prefix || '/'}: the general terms of service state term, notice, liability and law, and are linked where a buyer looks`, async () => {
    const locale = localeOf(prefix);
    const route = `${prefix}/legal/terms-of-service/`;
    const terms = textOf(mainOf(await page(route)));
    const says = {
      de: [
        'Die Mindestlaufzeit beträgt drei Monate',
        'mit einer Frist von einem Monat zum Ende eines Kalendermonats kündigen',
        'haftet Almwerk unbeschränkt',
        'mindestens aber auf 10.000 €',
        'Es gilt österreichisches Recht',
        'Gericht in Graz',
      ],
      en: [
        'The initial term is three months',
        "with one month's notice to the end of a calendar month",
        'Almwerk is liable without limit',
        'no less than €10,000',
        'Austrian law applies',
        'the court in Graz',
      ],
    }[locale];
    for (const phrase of says) assert.ok(terms.includes(phrase), `the terms of service say "${phrase}"`);
    // The cap the pricing page quotes is the one the terms set.
    const pricing = textOf(mainOf(await page(`${prefix}/pricing/`)));
    assert.ok(pricing.includes(locale === 'de' ? '10.000 €' : '€10,000'), 'the pricing page quotes the liability cap');
    for (const from of ['/legal/', '/legal/dpa/', '/pricing/'])
      assert.ok(
        mainOf(await page(`${prefix}${from}`)).includes(`href="${route}`),
        `${prefix}${from} links the terms of service`,
      );
  });

  test(`${prefix || '/'}: the security page gives each certificate's holder, issuer, number and validity, and Almwerk's own status`, async () => {
    const locale = localeOf(prefix);
    const html = mainOf(await page(`${prefix}/trust/security/`));
    const security = textOf(html);
    const rows = tableAfter(html, locale === 'de' ? 'zertifikate-und-nachweise' : 'certificates-and-evidence');
    for (const c of CERTIFICATES) {
      const row = rows.find((cells) => cells.includes(c.number));
      assert.ok(row, `the certificates table has a row for ${c.number}`);
      for (const field of [c.holder, c.issuer, c.until[locale]])
        assert.ok(
          row.some((cell) => cell.includes(field)),
          `the row of ${c.number} names ${field}`,
        );
      assert.ok(
        row.some((cell) => cell.includes(c.standard)),
        `the row of ${c.number} names ${c.standard}`,
      );
    }
    assert.match(
      security,
      locale === 'de' ? /Almwerk GmbH hat kein eigenes Zertifikat/ : /Almwerk GmbH holds no certificate of its own/,
    );
  });

  test(`${prefix || '/'}: the trust overview, the service level and the DPA give the same ISO 27001 numbers and validity`, async () => {
    const locale = localeOf(prefix);
    for (const route of ['/trust/', '/trust/service-level/', '/legal/dpa/']) {
      const text = textOf(mainOf(await page(`${prefix}${route}`)));
      for (const c of ISO_27001) {
        assert.ok(text.includes(c.number), `${prefix}${route} names certificate ${c.number}`);
        assert.ok(
          text.includes(c.until[locale]),
          `${prefix}${route} says ${c.number} is valid until ${c.until[locale]}`,
        );
      }
    }
  });

  test(`${prefix || '/'}: the DPA lists a mail, a chat and ticketing, an alerting and a backup provider with purpose, data and place in the EEA`, async () => {
    const locale = localeOf(prefix);
    const dpa = await page(`${prefix}/legal/dpa/`);
    const rows = tableAfter(dpa, locale === 'de' ? 'anlage-2-unterauftragsverarbeiter' : 'annex-2-sub-processors');
    const [header, ...body] = rows;
    assert.equal(header.length, 4, `the sub-processor table has name, purpose, data and place: ${header.join(' | ')}`);
    for (const operator of OPERATORS)
      assert.ok(
        body.some(([name]) => name.includes(operator)),
        `the DPA lists ${operator}`,
      );
    for (const { kind, name, purpose } of SUB_PROCESSORS) {
      const row = body.find(([cell]) => cell.includes(name));
      assert.ok(row, `the DPA lists ${name} as the ${kind} provider`);
      const [, what, data, place] = row;
      assert.match(what, purpose[locale], `${name}'s purpose is ${kind}`);
      assert.ok(data.length > 20, `${name}'s row says which data it processes`);
      assert.match(place, EEA[locale], `${name} processes in the EEA`);
    }
    // The download is the same agreement, with the same list.
    const download = await read(out, `${prefix.slice(1)}${prefix ? '/' : ''}legal/dpa/index.md`);
    for (const { name } of SUB_PROCESSORS) assert.ok(download.includes(name), `the download lists ${name}`);
    // The privacy policy names the same mail provider the DPA lists for the mailbox it mentions.
    const privacy = textOf(mainOf(await page(`${prefix}/legal/privacy/`)));
    assert.ok(privacy.includes(SUB_PROCESSORS[0].name), 'the privacy policy names the mail provider');
  });

  test(`${prefix || '/'}: the pricing page gives the hourly rate and a unit price for each add-on, and the terms of service the same rates`, async () => {
    const locale = localeOf(prefix);
    const pricing = textOf(mainOf(await page(`${prefix}/pricing/`)));
    const terms = textOf(mainOf(await page(`${prefix}/legal/terms-of-service/`)));
    const rates = {
      de: ['120 € pro Stunde', '180 € pro Stunde'],
      en: ['€120 per hour', '€180 per hour'],
    }[locale];
    for (const rate of rates) {
      assert.ok(pricing.includes(rate), `the pricing page says "${rate}"`);
      assert.ok(terms.includes(rate), `the terms of service say "${rate}", as the pricing page does`);
    }
    const addOns = {
      de: [
        'Weitere Umgebung',
        '60 € pro Monat',
        'Weiteres Kundenprojekt',
        'Weitere vCPU',
        '15 € pro Monat',
        'Weitere 8 GB RAM',
        'Weitere 100 GB SSD',
      ],
      en: [
        'Another environment',
        '€60 per month',
        'Another client project',
        'Another vCPU',
        '€15 per month',
        'Another 8 GB RAM',
        'Another 100 GB SSD',
      ],
    }[locale];
    for (const item of addOns) assert.ok(pricing.includes(item), `the pricing page prices "${item}"`);
  });

  test(`${prefix || '/'}: the security page answers penetration tests, NIS2 and liability insurance with the same facts in both languages`, async () => {
    const locale = localeOf(prefix);
    const security = textOf(mainOf(await page(`${prefix}/trust/security/`)));
    const says = {
      de: [
        'Schöckl Security GmbH',
        'Oktober 2026',
        'innerhalb von 30 Tagen',
        'NIS2-Richtlinie (EU) 2022/2555',
        'innerhalb von 12 Stunden',
        'Murtaler Versicherung AG',
        '2.000.000 € je Schadensfall',
      ],
      en: [
        'Schöckl Security GmbH',
        'October 2026',
        'within 30 days',
        'NIS2 Directive (EU) 2022/2555',
        'within 12 hours',
        'Murtaler Versicherung AG',
        '€2,000,000 per claim',
      ],
    }[locale];
    for (const phrase of says) assert.ok(security.includes(phrase), `the security page says "${phrase}"`);
  });

  test(`${prefix || '/'}: the vendor lock-in policy says what happens if Almwerk stops trading: a deposit with a notary and a named partner`, async () => {
    const locale = localeOf(prefix);
    const policy = textOf(mainOf(await page(`${prefix}/policies/vendor-lock-in/`)));
    const says = {
      de: [
        'Notariat Mag. Eva Reiter in Graz',
        'Runbooks',
        'Insolvenzverfahren',
        '5 Arbeitstage',
        'Kernbach IT-Betrieb GmbH in Linz',
        'bis zu drei Monate zu unseren Preisen',
      ],
      en: [
        'Mag. Eva Reiter in Graz',
        'runbooks',
        'insolvency proceedings',
        '5 working days',
        'Kernbach IT-Betrieb GmbH in Linz',
        'for up to three months at our prices',
      ],
    }[locale];
    for (const phrase of says) assert.ok(policy.includes(phrase), `the policy says "${phrase}"`);
  });

  test(`${prefix || '/'}: the company page names customers as references, each with a quote and who said it`, async () => {
    const about = textOf(mainOf(await page(`${prefix}/about-us/`)));
    for (const [customer, person] of [
      ['Murblick Digital GmbH, Graz', 'Katharina Pölzl'],
      ['Sattler Messtechnik GmbH, Weiz', 'Markus Hainzl'],
    ]) {
      assert.ok(about.includes(customer), `the company page names ${customer}`);
      assert.ok(about.includes(`— ${person}`), `${customer}: the quote is signed by ${person}`);
    }
    assert.equal((mainOf(await page(`${prefix}/about-us/`)).match(/<blockquote>/g) ?? []).length, 2, 'a quote each');
  });

  test(`${prefix || '/'}: the service level explains how three people give on-call cover, and the FAQ points to it`, async () => {
    const locale = localeOf(prefix);
    const id = locale === 'de' ? 'rufbereitschaft-rund-um-die-uhr' : 'on-call-around-the-clock';
    const html = mainOf(await page(`${prefix}/trust/service-level/`));
    assert.ok(html.includes(`id="${id}"`), `the service level has a section #${id}`);
    const section = textOf(html.slice(html.indexOf(`id="${id}"`)));
    const explains = {
      de: {
        rota: /jeden Montag um 09:00 Uhr/,
        handover: /Die Übergabe/,
        escalation: /nach 10 Minuten nicht bestätigt, ruft der Dienst die Zweitbereitschaft an/,
        holidays: /Urlaub: Nie zwei von uns gleichzeitig/,
        illness: /Fällt die Erstbereitschaft aus, übernimmt die Zweitbereitschaft sofort/,
        measured: /Wie die 30 Minuten gemessen werden/,
      },
      en: {
        rota: /every Monday at 9 am/,
        handover: /The handover/,
        escalation: /not acknowledged within 10 minutes, the service calls the secondary/,
        holidays: /Holidays: never two of us at the same time/,
        illness: /if the primary falls ill, the secondary takes over immediately/,
        measured: /How the 30 minutes are measured/,
      },
    }[locale];
    for (const [what, pattern] of Object.entries(explains))
      assert.match(section, pattern, `the on-call section explains the ${what}`);
    const faq = mainOf(await page(`${prefix}/faq/collaboration/`));
    assert.ok(
      faq.includes(`href="${prefix}/trust/service-level/#${id}"`),
      'the collaboration FAQ links the on-call section',
    );
  });
}

test('every page links the status page, the service level, the DPA, the terms of service, careers and pricing in its footer', () => {
  const pages = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('index.html'));
  assert.ok(pages.length > 300, `the whole site: ${pages.length} pages`);
  const missing: string[] = [];
  for (const file of pages) {
    const html = readFileSync(path.join(out, file), 'utf8');
    if (html.includes('http-equiv="refresh"')) continue;
    const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
    const prefix = file.startsWith('en/') ? '/en' : '';
    for (const href of [
      'https://status.almwerk.example',
      `${prefix}/trust/service-level/`,
      `${prefix}/legal/dpa/`,
      `${prefix}/legal/terms-of-service/`,
      `${prefix}/about-us/careers/`,
      `${prefix}/pricing/`,
    ]) {
      if (!footer.includes(`href="${href}"`)) missing.push(`${file}: ${href}`);
    }
  }
  assert.deepEqual(missing.slice(0, 10), []);
});

test('every certificate number the site names is a known one, with the validity the security page gives', () => {
  const pages = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('index.html'));
  const known = new Map(CERTIFICATES.map((c) => [c.number, c]));
  const wrong: string[] = [];
  for (const file of pages) {
    const text = textOf(mainOf(readFileSync(path.join(out, file), 'utf8')));
    const locale: Locale = file.startsWith('en/') ? 'en' : 'de';
    for (const [number] of text.matchAll(/\b(?:KZ|RAZ)-[A-Za-z]*-?\d[\d-]*\b/g)) {
      const c = known.get(number);
      if (!c) wrong.push(`${file}: unknown certificate number ${number}`);
      else if (!text.includes(c.until[locale]))
        wrong.push(`${file}: ${number} without its validity ${c.until[locale]}`);
    }
  }
  assert.deepEqual(wrong, []);
});
