// The search's figures on the real site: the index build step's time, each language's bundle on
// disk, the bytes a visitor fetches for typical queries, and the time from typing to the first
// results in Chromium with the CPU slowed 4x (a mid-range phone) and the production server's
// compression. Prints figures; asserts nothing. `node --import tsx scripts/search-bench.ts`
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runBuild } from '../generator/build.ts';
import { serveStatic } from '../server/static.ts';
import { launchBrowser } from '../tests/browser/harness.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const QUERIES: Record<string, string[]> = { de: ['datenbank', 'sicherung', 'kubernetes cluster', 'wiederherstellung'], en: ['database', 'backups', 'kubernetes cluster', 'restore test'] };
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

async function sizeOf(dir: string, skip: RegExp): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && !skip.test(entry.name)) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'search-bench-'));
const result = await runBuild({ root: ROOT, mode: 'build', outDir: dir });
if (!result.ok) throw new Error('the site did not build');
console.log(`site build: search-index step ${Math.round(result.stats.timings['search-index'])} ms, markdown-twins step ${Math.round(result.stats.timings['markdown-twins'])} ms`);
for (const locale of ['de', 'en']) {
  console.log(`${locale}: bundle on disk ${kb(await sizeOf(path.join(dir, 'pagefind', locale), /\.(br|gz)$/))} (${(await readdir(path.join(dir, 'pagefind', locale, 'fragment'))).length} pages)`);
}

const server = http.createServer((req, res) => serveStatic({ dir, redirects: new Map(), localePrefixes: ['/en'], precompressed: true }, req, res));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await launchBrowser();
try {
  for (const [locale, prefix] of [['de', ''], ['en', '/en']] as const) {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Playwright sees the requests of Pagefind's web worker too; the sizes are the bytes on the wire.
    let searchBytes = 0;
    let beforeOpen = -1;
    const pending: Promise<void>[] = [];
    context.on('requestfinished', (request) => {
      const url = request.url();
      if (!url.includes('/pagefind/') && !(beforeOpen >= 0 && url.includes('/assets/chunk.'))) return;
      pending.push(request.sizes().then((s) => void (searchBytes += s.responseBodySize + s.responseHeadersSize)));
    });
    await page.goto(`${base}${prefix}/services/`, { waitUntil: 'load' });
    beforeOpen = searchBytes;
    const times: string[] = [];
    await page.click('.search-button');
    await page.waitForSelector('#search-dialog[open]');
    for (const [i, query] of QUERIES[locale].entries()) {
      // From the input event of the whole query to the first result on screen; the first query
      // is typed at once after opening, so it includes loading Pagefind and the index.
      const ms = await page.evaluate(
        (q) =>
          new Promise<number>((resolve) => {
            const input = document.querySelector<HTMLInputElement>('.search-input')!;
            const list = document.querySelector('.search-results')!;
            list.replaceChildren();
            const start = performance.now();
            new MutationObserver((_, observer) => {
              if (list.querySelector('.search-result')) {
                observer.disconnect();
                requestAnimationFrame(() => resolve(performance.now() - start));
              }
            }).observe(list, { childList: true });
            input.value = q;
            input.dispatchEvent(new Event('input', { bubbles: true }));
          }),
        query,
      );
      times.push(`"${query}" ${Math.round(ms)} ms${i === 0 ? ' (first, engine loading)' : ''}`);
    }
    await page.waitForTimeout(300);
    await Promise.all(pending);
    console.log(`${locale}, CPU 4x slower: ${times.join(', ')}; search bytes fetched ${kb(searchBytes)} (before opening: ${kb(beforeOpen)})`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
  await rm(dir, { recursive: true, force: true });
}
