// Fetching pages, shared by navigation and prefetching: a page fetched on hover is the one shown
// on click, and a page visited a minute ago shows again at once on back. Static pages change only
// with a deployment, so a few minutes of reuse is safe; a changed bundle forces a full load anyway.
import { pageKey } from './links.ts';

export interface FetchedPage {
  /** Where the page was found after redirects, without a fragment. */
  url: URL;
  status: number;
  html: string;
}

/** The page could not be fetched (network, server error): the red box with Retry. */
export class PageLoadError extends Error {
  override name = 'PageLoadError';
}

/** The URL answered with something that is not a page of this site: the browser should load it. */
export class NotAPageError extends Error {
  override name = 'NotAPageError';
}

const TTL = 5 * 60_000;
const MAX_ENTRIES = 40;
const cache = new Map<string, { time: number; promise: Promise<FetchedPage> }>();

export function loadPage(url: URL, options: { fresh?: boolean; low?: boolean } = {}): Promise<FetchedPage> {
  const key = pageKey(url);
  const hit = cache.get(key);
  if (hit && !options.fresh && Date.now() - hit.time < TTL) return hit.promise;
  const promise = fetchPage(url, options.low ?? false);
  cache.delete(key);
  cache.set(key, { time: Date.now(), promise });
  const oldest = cache.keys().next();
  if (cache.size > MAX_ENTRIES && !oldest.done) cache.delete(oldest.value);
  // A failure is not remembered: the next attempt asks the server again.
  promise.catch(() => {
    if (cache.get(key)?.promise === promise) cache.delete(key);
  });
  return promise;
}

export function isLoaded(url: URL): boolean {
  const hit = cache.get(pageKey(url));
  return !!hit && Date.now() - hit.time < TTL;
}

export function forget(url: URL): void {
  cache.delete(pageKey(url));
}

async function fetchPage(url: URL, low: boolean): Promise<FetchedPage> {
  let response: Response;
  try {
    response = await fetch(pageKey(url), {
      headers: { accept: 'text/html' },
      credentials: 'same-origin',
      ...(low ? { priority: 'low' } : {}),
    } as RequestInit);
  } catch (error) {
    throw new PageLoadError(`${url.pathname} could not be fetched`, { cause: error });
  }
  const final = new URL(response.url || url.href);
  if (final.origin !== location.origin) throw new NotAPageError(`${url.pathname} leads to another site`);
  // 404 is the not-found page, a page like any other; other failures are worth a retry.
  if (!response.ok && response.status !== 404)
    throw new PageLoadError(`${url.pathname} answered with status ${response.status}`);
  if (!(response.headers.get('content-type') ?? '').includes('text/html'))
    throw new NotAPageError(`${url.pathname} is not an HTML page`);
  try {
    return { url: final, status: response.status, html: await response.text() };
  } catch (error) {
    throw new PageLoadError(`${url.pathname} broke off while loading`, { cause: error });
  }
}
