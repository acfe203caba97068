// What a buyer of managed hosting looks for, on the real site: one page with every price, the
// service level with the data centres by name, the data processing agreement to read and to
// download, the careers page, and the status page, each reachable from where a visitor looks.

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

const page = (route: string) => read(out, `${route.slice(1)}index.html`);
/** The page's own content, without the navbar and footer that every page shares. */
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
/** Visible text, with no-break spaces read as the spaces they are. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
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
}

test('every page links the status page, the service level, the DPA, careers and pricing in its footer', () => {
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
      `${prefix}/about-us/careers/`,
      `${prefix}/pricing/`,
    ]) {
      if (!footer.includes(`href="${href}"`)) missing.push(`${file}: ${href}`);
    }
  }
  assert.deepEqual(missing.slice(0, 10), []);
});
