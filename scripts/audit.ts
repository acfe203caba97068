// `npm run audit`: Lighthouse (mobile preset) on the home page, a docs page, a blog post and the
// contact page, each in both languages, served by the production server (headers, compression) from
// a fresh build, in Debian's Chromium. Each page is audited `--runs` times (3 unless told) and the
// run with the median performance score is reported: one run swings by several points on a shared
// machine. A bare page (a heading and a paragraph, nothing else) is audited the same way first, as
// the reference: what this machine and Lighthouse give for a page that costs nothing.
// Prints the four category scores, CLS, the key timings and every audit that cost points; exits 1
// when a score of one of the site's pages is under 100 or its CLS is over 0.
// Usage: npm run audit [-- --runs 5] [-- /en/some/page/ ...]
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import lighthouse from 'lighthouse';
import { formatDiagnostic, runBuild } from '../generator/build/build.ts';
import { DEFAULT_SETTINGS } from '../server/backend-config.ts';
import { startProductionServer } from '../server/main.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const DEFAULT_PAGES = [
  '/',
  '/services/databases/postgresql/',
  '/blog/containers/',
  '/contact/',
  '/en/',
  '/en/services/databases/postgresql/',
  '/en/blog/containers/',
  '/en/contact/',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The first words of each item an audit lists (the console error, the link, the shifted element). */
function detailsOf(audit: { details?: unknown }): string[] {
  const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  return items.map((item) => {
    const text = ['description', 'text', 'href', 'url', 'source', 'node']
      .map((key) => item[key])
      .filter((v) => v !== undefined)
      .map((v) =>
        typeof v === 'object' && v && 'snippet' in v
          ? String((v as { snippet: unknown }).snippet)
          : typeof v === 'object'
            ? JSON.stringify(v)
            : String(v),
      )
      .join(' ');
    return text.slice(0, 200);
  });
}

const REFERENCE = '/audit-reference/';
const REFERENCE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title><meta name="description" content="A bare page: the floor of what Lighthouse measures on this machine."></head>' +
  '<body><main><h1>Reference</h1><p>A bare page with a heading and this paragraph, and no stylesheet, font or script: what Lighthouse gives here for a page that costs nothing.</p></main></body></html>';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
if (!Number.isInteger(runs) || runs < 1)
  throw new Error('--runs takes a whole number of runs per page, such as --runs 5');
const pages = args.length ? args : DEFAULT_PAGES;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const quiet = { log: () => undefined, error: (...args: unknown[]) => console.error(...args) };

// build/ and the generation it links to (generator/write/generations.ts), both in one temporary folder.
const outRoot = await mkdtemp(path.join(os.tmpdir(), 'site-audit-'));
const outDir = path.join(outRoot, 'build');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-audit-data-'));
let failed = false;
try {
  const built = await runBuild({ root: REPO, mode: 'build', outDir });
  if (!built.ok) throw new Error(`the site did not build:\n${built.diagnostics.map(formatDiagnostic).join('\n')}`);
  await mkdir(path.join(outDir, REFERENCE), { recursive: true });
  await writeFile(path.join(outDir, REFERENCE, 'index.html'), REFERENCE_PAGE);
  const server = await startProductionServer({
    root: REPO,
    dir: outDir,
    host: '127.0.0.1',
    port: 0,
    settings: { ...DEFAULT_SETTINGS, dataDir },
    log: quiet,
  });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: 'error' });
  try {
    console.log(`Lighthouse mobile preset on ${server.url}, the median of ${runs} run(s) per page\n`);
    console.log(
      [
        'page'.padEnd(40),
        ...CATEGORIES.map((c) => c.padStart(15)),
        'CLS'.padStart(6),
        '   FCP    LCP    TBT   performance of each run',
      ].join(''),
    );
    for (const route of [REFERENCE, ...pages]) {
      const results: Result[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(`${server.url}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
        results.push(result.lhr);
      }
      const performance = (lhr: Result) => lhr.categories.performance?.score ?? 0;
      const lhr = results.find((r) => performance(r) === median(results.map(performance)))!;
      const scores = CATEGORIES.map((c) => Math.round(median(results.map((r) => r.categories[c]?.score ?? 0)) * 100));
      const cls = median(results.map((r) => Number(r.audits['cumulative-layout-shift']?.numericValue ?? 0)));
      const timing = (id: string) =>
        `${(median(results.map((r) => Number(r.audits[id]?.numericValue ?? 0))) / 1000).toFixed(2)}s`.padStart(7);
      const each = results.map((r) => Math.round(performance(r) * 100)).join(' ');
      const label = route === REFERENCE ? 'reference: a bare page' : route;
      console.log(
        [
          label.padEnd(40),
          ...scores.map((s) => String(s).padStart(15)),
          cls.toFixed(3).padStart(6),
          timing('first-contentful-paint'),
          timing('largest-contentful-paint'),
          timing('total-blocking-time'),
          `   ${each}`,
        ].join(''),
      );
      if (route === REFERENCE) continue;
      if (scores.some((s) => s < 100) || cls > 0) failed = true;
      if (scores[0] < 100) {
        const lcp = lhr.audits['largest-contentful-paint-element']?.details as
          | { items?: { items?: { node?: { snippet?: string } }[] }[] }
          | undefined;
        const element = lcp?.items?.[0]?.items?.[0]?.node?.snippet;
        if (element) console.log(`    largest contentful paint: ${element.slice(0, 160)}`);
        // Where blocking time comes from: the long tasks (simulated slow CPU) and the main thread's work by kind.
        const tasks =
          (
            lhr.audits['long-tasks']?.details as
              | { items?: { url?: string; duration?: number; startTime?: number }[] }
              | undefined
          )?.items ?? [];
        for (const task of tasks.slice(0, 5))
          console.log(
            `    long task (median run): ${Math.round(task.duration ?? 0)} ms at ${Math.round(task.startTime ?? 0)} ms, ${task.url ?? ''}`,
          );
      }
      if (cls > 0)
        for (const item of detailsOf(lhr.audits['layout-shifts'] ?? {}).slice(0, 3))
          console.log(`    layout shift: ${item}`);
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
  await rm(outRoot, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}
if (failed) console.log('\nBelow target: every score should be 100 and CLS 0.');
process.exitCode = failed ? 1 : 0;
