// Which links client navigation takes over. Everything else is left to the browser: other origins,
// new tabs and windows, downloads, files that are not pages (feeds, images, PDFs), jumps within
// the same page, and links that opt out with `data-reload`.
import { routeOfServedPath } from '../../../common/served-url.ts';
import { siteBase } from '../runtime-data.ts';

const PAGE_FILE = /\.html?$/i;

/** The page URL a link leads to, if client navigation should load it; otherwise undefined. */
export function navigableUrl(link: Element): URL | undefined {
  if (!(link instanceof HTMLAnchorElement) || !link.hasAttribute('href')) return undefined;
  if (link.target && link.target !== '_self') return undefined;
  if (link.hasAttribute('download') || link.hasAttribute('data-reload') || link.relList.contains('external'))
    return undefined;
  const url = pageUrl(link.href);
  if (!url || isSamePageJump(url)) return undefined;
  return url;
}

/** A same-origin URL of a page (not of a file), with any `index.html` suffix dropped. */
export function pageUrl(href: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(href, location.href);
  } catch {
    return undefined;
  }
  if (url.origin !== location.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  // Beside a site under a subpath, the rest of the origin is someone else's: loaded by the browser.
  if (routeOfServedPath({ baseUrl: siteBase() }, url.pathname) === undefined) return undefined;
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  if (last.includes('.') && !PAGE_FILE.test(last)) return undefined;
  return withoutIndexHtml(url);
}

export function withoutIndexHtml(url: URL): URL {
  const clean = new URL(url.href);
  if (/\/index\.html?$/i.test(clean.pathname)) clean.pathname = clean.pathname.replace(/index\.html?$/i, '');
  return clean;
}

/** The same document as the one on display: only the hash differs (or nothing). */
export function isSameDocument(a: URL, b: URL): boolean {
  return a.pathname === b.pathname && a.search === b.search;
}

/** A link to a fragment of the page on display: the browser scrolls there by itself. */
function isSamePageJump(url: URL): boolean {
  return isSameDocument(url, new URL(location.href)) && url.hash !== '';
}

/** The key under which a page is fetched and cached: without its fragment. */
export function pageKey(url: URL): string {
  return url.origin + url.pathname + url.search;
}
