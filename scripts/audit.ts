// `npm run audit`: Lighthouse (mobile preset) on the home page, a docs page, a blog post and the
// contact page, each in both languages, served by the production server (headers, compression) from
// a fresh build, in Debian's Chromium. Prints the four category scores, CLS and every audit that
// cost points; exits 1 when a score is under 100 or CLS is over 0.
// Usage: npm run audit [-- /en/some/page/ ...]
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { runBuild, formatDiagnostic } from '../generator/build.ts';
import { DEFAULT_SETTINGS } from '../server/backend-config.ts';
import { startProductionServer } from '../server/main.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const DEFAULT_PAGES = ['/', '/services/databases/postgresql/', '/blog/containers/', '/contact/', '/en/', '/en/services/databases/postgresql/', '/en/blog/containers/', '/en/contact/'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The first words of each item an audit lists (the console error, the link, the shifted element). */
function detailsOf(audit: { details?: unknown }): string[] {
  const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  return items.map((item) => {
    const text = ['description', 'text', 'href', 'url', 'source', 'node']
      .map((key) => item[key])
      .filter((v) => v !== undefined)
      .map((v) => (typeof v === 'object' && v && 'snippet' in v ? String((v as { snippet: unknown }).snippet) : typeof v === 'object' ? JSON.stringify(v) : String(v)))
      .join(' ');
    return text.slice(0, 200);
  });
}

const pages = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_PAGES;
const quiet = { log: () => undefined, error: (...args: unknown[]) => console.error(...args) };

const outDir = await mkdtemp(path.join(os.tmpdir(), 'site-audit-'));
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-audit-data-'));
let failed = false;
try {
  const built = await runBuild({ root: REPO, mode: 'build', outDir });
  if (!built.ok) throw new Error(`the site did not build:\n${built.diagnostics.map(formatDiagnostic).join('\n')}`);
  const server = await startProductionServer({ root: REPO, dir: outDir, host: '127.0.0.1', port: 0, settings: { ...DEFAULT_SETTINGS, dataDir }, log: quiet });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: 'error' });
  try {
    console.log(`Lighthouse ${'mobile'} preset on ${server.url}\n`);
    console.log(['page'.padEnd(40), ...CATEGORIES.map((c) => c.padStart(15)), 'CLS'.padStart(6)].join(''));
    for (const route of pages) {
      const result = await lighthouse(`${server.url}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
      const { lhr } = result;
      const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      const cls = Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0);
      console.log([route.padEnd(40), ...scores.map((s) => String(s).padStart(15)), cls.toFixed(3).padStart(6)].join(''));
      if (scores.some((s) => s < 100) || cls > 0) failed = true;
      if (scores[0] < 100) {
        const lcp = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
        const element = lcp?.items?.[0]?.items?.[0]?.node?.snippet;
        if (element) console.log(`    largest contentful paint: ${element.slice(0, 160)}`);
      }
      if (cls > 0) for (const item of detailsOf(lhr.audits['layout-shifts'] ?? {}).slice(0, 3)) console.log(`    layout shift: ${item}`);
      // What cost points: every audit in a category with a weight and a score under 1.
      for (const category of CATEGORIES) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            console.log(`    ${category}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''} ${audit.title}`);
            for (const item of detailsOf(audit).slice(0, 3)) console.log(`      ${item}`);
          }
        }
      }
    }
  } finally {
    chrome.kill();
    await server.close(1000);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await rm(outDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}
if (failed) console.log('\nBelow target: every score should be 100 and CLS 0.');
process.exitCode = failed ? 1 : 0;
