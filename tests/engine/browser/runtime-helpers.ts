// Helpers for the tests of the browser runtime (navigation, analytics, images, crash page).
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Route } from '../../browser-harness.ts';

/** Records `site:navigated` events, so a test can wait for a client navigation to finish. */
export const RECORD_NAVIGATIONS = `
  window.__navigated = [];
  document.addEventListener('site:navigated', (e) => window.__navigated.push(e.detail.url));
`;

/** Data saver on, as a browser reports it: prefetching must stay off. */
export const SAVE_DATA = `
  Object.defineProperty(Navigator.prototype, 'connection', {
    configurable: true,
    get: () => ({ saveData: true, effectiveType: '4g', addEventListener() {}, removeEventListener() {} }),
  });
`;

export const SLOW_2G = SAVE_DATA.replace('saveData: true', 'saveData: false').replace("'4g'", "'slow-2g'");

export async function navigations(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __navigated: string[] }).__navigated.length);
}

/** Waits until the client navigation number `count` (1-based) has put its page in place. */
export async function waitForNavigation(page: Page, count: number): Promise<string> {
  await page.waitForFunction((n) => (window as unknown as { __navigated: string[] }).__navigated.length >= n, count);
  return page.evaluate((n) => (window as unknown as { __navigated: string[] }).__navigated[n - 1], count);
}

/** Sets a value that survives client navigation but not a full page load. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
}

export async function sameWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __same?: boolean }).__same === true);
}

/** The HTML the build wrote for a route. */
export function builtPage(dir: string, route: string): string {
  return readFileSync(path.join(dir, route, 'index.html'), 'utf8');
}

export function titleOf(html: string): string {
  return (/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
}

/** A test route for one path: `handle` answers, or returns false to let the site answer. */
export function routeFor(
  pathname: string,
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean>,
): Route {
  return (req, res) => (new URL(req.url ?? '/', 'http://x').pathname === pathname ? handle(req, res) : false);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once React has attached its props to the form and the reveal buttons. */
export async function islandHydrated(page: Page): Promise<void> {
  // (No named functions inside: tsx would wrap them in a helper the page does not have.)
  await page.waitForFunction(() =>
    ['form[data-contact-form]', 'form.contact-reveal'].every((selector) => {
      const element = document.querySelector(selector);
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps$'));
    }),
  );
}

export interface SearchResultRow {
  /** The result's page, without the heading's fragment. */
  href: string;
  section: string;
  excerpt: string;
}

/** A query typed into the search dialog (opened with Ctrl+K) as a visitor types it, and the
 * results it shows; the dialog is closed again. */
export async function searchFor(page: Page, query: string): Promise<{ results: SearchResultRow[]; empty: boolean }> {
  await page.keyboard.press('Control+k');
  await page.waitForSelector('#search-dialog[open]');
  // The dialog keeps the last query and its results: cleared first, so what is read is this query's answer.
  await page.fill('.search-input', '');
  await page.waitForSelector('.search-result', { state: 'detached' });
  await page.fill('.search-input', query);
  await page.waitForSelector('.search-result, .search-empty:not([hidden])');
  const results = await page.$$eval('.search-result', (links) =>
    links.map((a) => ({
      href: a.getAttribute('href')!.split('#')[0],
      section: a.querySelector('.search-result-section')?.textContent ?? '',
      excerpt: a.querySelector('.search-result-excerpt')?.textContent ?? '',
    })),
  );
  const empty = await page.isVisible('.search-empty');
  await page.keyboard.press('Escape');
  return { results, empty };
}
