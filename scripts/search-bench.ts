// The search's figures on the real site: the index build step's time, each language's bundle on
// disk, the bytes a visitor fetches for typical queries, and the time from typing to the first
// results in Chromium with the CPU slowed 4x (a mid-range phone) and the production server's
// compression. Prints figures; asserts nothing.
//
//   node --import tsx scripts/search-bench.ts [--runs 3] [--dir build]
//
// `--dir` measures a site already built there instead of building one. Each run opens a fresh
// browser context per language and measures, from the key that completes a query to its results on
// screen (the list filled, one frame later):
// - typed: search opened with Ctrl+K and the first query typed at once, a key every 120 ms (a fast
//   typist), while Pagefind, its WebAssembly and the index metadata are still loading;
// - pasted: the same, the whole first query arriving at once right after opening (the worst case:
//   nothing could load before it);
// - later: further queries pasted whole once the engine is loaded, each needing index chunks and
//   page fragments of its own.
// Chromium's CPU throttling slows the page's main thread only, not Pagefind's web worker (which
// loads the WebAssembly and the index and searches); on a phone every core is slow. So each case is
// measured twice: as shipped, and with the page's `Worker` removed, which makes Pagefind do all of
// its work on the throttled main thread (its own fallback): the figure for a phone, if pessimistic.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { runBuild } from '../generator/build/build.ts';
import { serveStatic } from '../server/static.ts';
import { launchBrowser } from '../tests/browser-harness.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const QUERIES: Record<string, string[]> = {
  de: ['datenbank', 'sicherung', 'kubernetes cluster', 'wiederherstellung'],
  en: ['database', 'backups', 'kubernetes cluster', 'restore test'],
};
const TYPING_MS = 120;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' }, dir: { type: 'string' } } });
const runs = Number(args.runs);

async function sizeOf(dir: string, skip: RegExp): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && !skip.test(entry.name)) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

let dir = args.dir ? path.resolve(args.dir) : '';
// build/ and the generation it links to (generator/write/generations.ts), both in one temporary folder.
let outRoot = '';
if (!dir) {
  outRoot = await mkdtemp(path.join(os.tmpdir(), 'search-bench-'));
  dir = path.join(outRoot, 'build');
  const result = await runBuild({ root: ROOT, mode: 'build', outDir: dir });
  if (!result.ok) throw new Error('the site did not build');
  console.log(
    `site build: search-index step ${Math.round(result.stats.timings['search-index'])} ms, markdown-twins step ${Math.round(result.stats.timings['markdown-twins'])} ms`,
  );
}
for (const locale of ['de', 'en']) {
  console.log(
    `${locale}: bundle on disk ${kb(await sizeOf(path.join(dir, 'pagefind', locale), /\.(br|gz)$/))} (${(await readdir(path.join(dir, 'pagefind', locale, 'fragment'))).length} pages)`,
  );
}

/** Resolves, in the page, with the time from the input event that made the field read `query` to
 * the next time the result list holds results, one frame after (when they are painted). */
function armTimer(page: Page, query: string): Promise<number> {
  return page.evaluate(
    (q) =>
      new Promise<number>((resolve) => {
        const input = document.querySelector<HTMLInputElement>('.search-input')!;
        const list = document.querySelector('.search-results')!;
        // (Inline arrows only: tsx names named functions with a helper the page does not have.)
        const done = new AbortController();
        input.addEventListener(
          'input',
          () => {
            if (input.value !== q) return;
            done.abort();
            const start = performance.now();
            new MutationObserver((_, observer) => {
              if (!list.querySelector('.search-result')) return;
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - start));
            }).observe(list, { childList: true });
          },
          { signal: done.signal },
        );
      }),
    query,
  );
}

/** Sets the whole query at once, as a paste does. */
async function paste(page: Page, query: string): Promise<void> {
  await page.evaluate((q) => {
    const input = document.querySelector<HTMLInputElement>('.search-input')!;
    input.value = q;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, query);
}

async function measure(
  browser: Browser,
  base: string,
  locale: string,
  prefix: string,
  firstBy: 'typed' | 'pasted',
  mainThread: boolean,
) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  if (mainThread) await context.addInitScript('delete window.Worker');
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Playwright sees the requests of Pagefind's web worker too; the sizes are the bytes on the wire.
  let searchBytes = 0;
  let opened = false;
  let beforeOpen = 0;
  const pending: Promise<void>[] = [];
  context.on('requestfinished', (request) => {
    const url = request.url();
    if (!url.includes('/pagefind/') && !(opened && url.includes('/assets/chunk.'))) return;
    pending.push(
      request
        .sizes()
        .then(
          (s) =>
            void (opened
              ? (searchBytes += s.responseBodySize + s.responseHeadersSize)
              : (beforeOpen += s.responseBodySize)),
        ),
    );
  });
  await page.goto(`${base}${prefix}/services/`, { waitUntil: 'load' });
  await page.waitForTimeout(300);
  opened = true;
  const [first, ...later] = QUERIES[locale];
  // The timer is armed before the dialog opens, so that nothing it does is missed.
  const firstTime = armTimer(page, first);
  await page.keyboard.press('Control+k');
  if (firstBy === 'typed') await page.keyboard.type(first, { delay: TYPING_MS });
  else {
    await page.waitForSelector('#search-dialog[open]');
    await paste(page, first);
  }
  const times = [await firstTime];
  for (const query of later) {
    await page.evaluate(() => document.querySelector('.search-results')!.replaceChildren());
    const time = armTimer(page, query);
    await paste(page, query);
    times.push(await time);
  }
  await page.waitForTimeout(300);
  await Promise.all(pending);
  await context.close();
  return { first: times[0], later: times.slice(1), searchBytes, beforeOpen };
}

const server = http.createServer((req, res) =>
  serveStatic({ dir, redirects: new Map(), localePrefixes: ['/en'], precompressed: true }, req, res),
);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await launchBrowser();
const ms = (values: number[]) => values.map((v) => Math.round(v)).join(', ');
try {
  console.log(
    `load average at the start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
  for (const mainThread of [false, true]) {
    console.log(
      mainThread
        ? 'Pagefind on the main thread (every part of it slowed):'
        : 'As shipped (Pagefind in its web worker, which the throttling does not slow):',
    );
    for (const [locale, prefix] of [
      ['de', ''],
      ['en', '/en'],
    ] as const) {
      const typed: number[] = [];
      const pasted: number[] = [];
      const later: number[] = [];
      let bytes = 0;
      let beforeOpen = 0;
      for (let run = 0; run < runs; run++) {
        const a = await measure(browser, base, locale, prefix, 'typed', mainThread);
        const b = await measure(browser, base, locale, prefix, 'pasted', mainThread);
        typed.push(a.first);
        pasted.push(b.first);
        later.push(...a.later, ...b.later);
        bytes = b.searchBytes;
        beforeOpen = Math.max(beforeOpen, a.beforeOpen, b.beforeOpen);
      }
      later.sort((x, y) => x - y);
      console.log(
        `  ${locale}, CPU 4x slower, ms from the last key to the results: first query typed ${ms(typed)}; first query pasted at once on opening ${ms(pasted)}; later queries ${Math.round(later[0])} to ${Math.round(later[later.length - 1])}, median ${Math.round(later[later.length >> 1])}`,
      );
      if (!mainThread)
        console.log(
          `  ${locale}: search bytes fetched for "${QUERIES[locale].join('", "')}" pasted ${kb(bytes)}; before opening ${kb(beforeOpen)}`,
        );
    }
  }
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
} finally {
  await browser.close();
  server.close();
  if (outRoot) await rm(outRoot, { recursive: true, force: true });
}
