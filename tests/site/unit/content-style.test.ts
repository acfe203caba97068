// House style of the site's text: one spelling per term and one price format per language, the
// offers named as their own pages name them. Scans the real content (and the interface strings
// in i18n/) so that a variant spelling that comes back fails with the file and line.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import matter from 'gray-matter';

const ROOT = path.resolve(import.meta.dirname, '../../..');
type Locale = 'de' | 'en';

interface Rule {
  /** What must not appear in visible text. */
  banned: RegExp;
  /** What to write instead. */
  write: string;
}

const RULES: Record<Locale, Rule[]> = {
  de: [
    { banned: /Managed[ -]Kubernetes Cluster|Managed Kubernetes-Cluster/, write: 'Managed-Kubernetes-Cluster' },
    {
      banned: /verwaltete[nrs]? Kubernetes-Cluster/i,
      write: 'Managed-Kubernetes-Cluster (the title of the service page)',
    },
    { banned: /Multi-?Faktor|Multifaktor|Mehrfaktor|Mehr Faktor/i, write: 'Mehr-Faktor-Authentifizierung' },
    { banned: /Faktor-Authentisierung|Faktor-Anmeldung/, write: 'Zwei-Faktor-/Mehr-Faktor-Authentifizierung' },
    { banned: /\d\s*(Euro|EUR)\b/, write: 'the amount before the euro sign: 480 €' },
    { banned: /€\s?\d|\b(Euro|EUR)\s?\d/, write: 'the amount before the euro sign: 480 €' },
    { banned: /\d€/, write: 'a (no-break) space before the euro sign: 480 €' },
    { banned: /\d,\d{3}\s*€/, write: 'a full stop as thousands separator: 1.200 €' },
    { banned: /\bJanuar\b/, write: 'Jänner (Austrian month name)' },
    {
      banned: /Infrastruktur-Check und Review|Infrastrukturcheck/,
      write: 'Infrastruktur-Check (the title of its page)',
    },
    // The infrastructure health check is priced "ab"; only the feasibility check has a fixed price.
    {
      banned: /(Quickstart|Einstiegsangebote?)\S*\s+(zum|zu|mit)\s+(Fixpreis|Festpreis)/i,
      write: 'a fixed price only for the Kubernetes-Machbarkeitsprüfung',
    },
    {
      banned: /Infrastruktur-Check[^.]{0,60}\b(Fixpreis|Festpreis)/,
      write: 'ab 1.200 € for the Infrastruktur-Check, not a fixed price',
    },
  ],
  en: [
    { banned: /Managed Kubernetes Cluster/, write: 'managed Kubernetes cluster' },
    { banned: /\bmultifactor\b|\bmulti factor\b|two-factor login/i, write: 'multi-factor authentication' },
    { banned: /\d[\d,.]*\s*(euros?|EUR)\b/i, write: 'the euro sign before the amount: €480' },
    { banned: /\d\s?€|\b(euros?|EUR)\s?\d/i, write: 'the euro sign before the amount: €480' },
    { banned: /€\s\d/, write: 'no space after the euro sign: €480' },
    { banned: /€\d{1,3}\.\d{3}\b/, write: 'a comma as thousands separator: €1,200' },
    { banned: /Infrastructure check and review/i, write: 'infrastructure health check (the title of its page)' },
    {
      banned: /quickstart\S*\s+(at|for)\s+a\s+fixed\s+price/i,
      write: 'a fixed price only for the Kubernetes feasibility check',
    },
    {
      banned: /infrastructure (health )?check[^.]{0,60}\bfixed price/i,
      write: 'from €1,200 for the infrastructure health check, not a fixed price',
    },
  ],
};

interface TextFile {
  file: string;
  lines: string[];
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md') || name.endsWith('.yml'))
    .map((name) => path.join(dir, name))
    .sort();
}

/** Code, link targets and image paths are not prose: blank them out, keeping line numbers. */
function proseLines(source: string): string[] {
  let inFence = false;
  return source.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      return '';
    }
    if (inFence) return '';
    return line
      .replace(/`[^`]*`/g, ' ')
      .replace(/\]\([^)]*\)/g, '] ')
      .replace(/^(image|slug|keywords):.*$/, '');
  });
}

/** The locale's text: its content tree, its interface strings and its half of the shared data files. */
function localeTexts(locale: Locale): TextFile[] {
  const files = markdownFiles(path.join(ROOT, 'content', locale)).map((file) => ({
    file,
    lines: proseLines(readFileSync(file, 'utf8')),
  }));
  files.push({
    file: path.join(ROOT, 'i18n', `${locale}.ts`),
    lines: readFileSync(path.join(ROOT, 'i18n', `${locale}.ts`), 'utf8').split('\n'),
  });
  for (const shared of ['authors.yml', 'tags.yml']) {
    const file = path.join(ROOT, 'content', shared);
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => (line.trimStart().startsWith(`${locale}:`) ? line : ''));
    files.push({ file, lines });
  }
  return files;
}

function findings(locale: Locale): string[] {
  const found: string[] = [];
  for (const { file, lines } of localeTexts(locale)) {
    lines.forEach((line, index) => {
      for (const rule of RULES[locale]) {
        const match = rule.banned.exec(line);
        if (match) found.push(`${path.relative(ROOT, file)}:${index + 1}  "${match[0]}": write ${rule.write}`);
      }
    });
  }
  return found;
}

for (const locale of ['de', 'en'] as const) {
  test(`${locale}: the text uses one spelling per term and one price format`, () => {
    const texts = localeTexts(locale);
    assert.ok(texts.length > 100, `expected the whole ${locale} tree, found ${texts.length} files`);
    assert.deepEqual(findings(locale), []);
  });
}

test('the canonical spellings are the ones the pages use', () => {
  const all = (locale: Locale) =>
    localeTexts(locale)
      .flatMap((t) => t.lines)
      .join('\n');
  const de = all('de');
  const en = all('en');
  // Amount and euro sign joined by a no-break space, so a line never breaks between them ([number-unit]).
  for (const form of [
    'Managed-Kubernetes-Cluster',
    'Mehr-Faktor-Authentifizierung',
    '480\u00a0€',
    '320\u00a0€',
    '2.000\u00a0€',
    'ab 1.200\u00a0€',
  ]) {
    assert.ok(de.includes(form), `German text never writes ${form}`);
  }
  for (const form of [
    'managed Kubernetes cluster',
    'multi-factor authentication',
    '€480',
    '€320',
    '€2,000',
    'from €1,200',
  ]) {
    assert.ok(en.includes(form), `English text never writes ${form}`);
  }
});

/** The front matter title of the page a route like /solutions/agency/ names. */
function pageTitle(locale: Locale, route: string): string | undefined {
  const base = path.join(ROOT, 'content', locale, route.replace(/^\/|\/$/g, ''));
  for (const candidate of [`${base}.md`, path.join(base, 'index.md')]) {
    try {
      return String(matter(readFileSync(candidate, 'utf8')).data.title);
    } catch {
      // Not this form of the route; try the other.
    }
  }
  return undefined;
}

for (const locale of ['de', 'en'] as const) {
  test(`${locale}: the home page names each offer as the offer's own page does`, () => {
    const home = readFileSync(path.join(ROOT, 'content', locale, 'index.md'), 'utf8');
    const links = [...home.matchAll(/\[([^\]]+)\]\((\/(?:solutions|services\/quickstart)\/[^)#]*)\)/g)];
    assert.ok(links.length >= 6, `expected the offers to be linked from the home page, found ${links.length}`);
    const sentenceCase = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
    const mismatches = links
      .map(([, text, route]) => ({ text, route, title: pageTitle(locale, route) }))
      .filter(({ text, title }) => title === undefined || sentenceCase(text) !== sentenceCase(title))
      .map(({ text, route, title }) => `"${text}" links to ${route}, whose title is "${title}"`);
    assert.deepEqual(mismatches, []);
  });
}
