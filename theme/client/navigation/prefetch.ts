// Prefetching pages before they are clicked: on intent (hover, focus, touch) and, for a few links
// in view, in idle time, within a budget of bytes per page view. Nothing on a slow connection (2g,
// 3g) or with data saver on: those visitors pay for every byte and every wait.
import { onNavigated } from '../events.ts';
import { isLoaded, loadPage } from './fetch-page.ts';
import { isSameDocument, navigableUrl } from './links.ts';

/** A pointer resting this long on a link means interest, not a pass across it on the way elsewhere. */
const HOVER_DELAY = 50;
/** Links that came into view are fetched two at a time, in idle time, so they never slow the page. */
const CONCURRENCY = 2;
/** Links in view prefetched at most per page view: the next step a reader is likely to take, not
 * the dozens of pages a long sidebar or footer shows. */
export const VIEWPORT_BUDGET = 4;
/** Page HTML fetched for links in view at most per page view (characters of HTML, about bytes). */
export const BYTE_BUDGET = 48_000;

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.saveData) return false;
  // 2g, slow-2g and 3g: a prefetch would compete with what the visitor asked for.
  if (connection?.effectiveType && connection.effectiveType !== '4g') return false;
  return true;
}

function wanted(url: URL | undefined): url is URL {
  return !!url && !isSameDocument(url, new URL(location.href)) && !isLoaded(url) && prefetchAllowed();
}

function prefetch(url: URL, low: boolean): void {
  // A failed prefetch is not an error anyone needs to see: the click loads the page again and
  // shows its own error if it fails then.
  loadPage(url, { low }).catch(() => undefined);
}

let hoverTimer: number | undefined;
let queue: URL[] = [];
let active = 0;
let budget = VIEWPORT_BUDGET;
/** HTML fetched so far for links in view on this page view. */
let spent = 0;
let observer: IntersectionObserver | undefined;

function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest('a[href]') : null;
}

function onIntent(event: Event): void {
  const link = linkOf(event.target);
  if (!link || link.hasAttribute('data-no-prefetch')) return;
  const url = navigableUrl(link);
  if (!wanted(url)) return;
  window.clearTimeout(hoverTimer);
  if (event.type === 'pointerover') hoverTimer = window.setTimeout(() => prefetch(url, false), HOVER_DELAY);
  else prefetch(url, false);
}

function onLeave(event: Event): void {
  if (linkOf(event.target)) window.clearTimeout(hoverTimer);
}

const idle = (fn: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200);

function pump(): void {
  while (active < CONCURRENCY) {
    const url = queue.shift();
    if (!url) return;
    if (!wanted(url) || spent >= BYTE_BUDGET) continue;
    active++;
    idle(() => {
      loadPage(url, { low: true })
        .then((page) => void (spent += page.html.length))
        .catch(() => undefined)
        .finally(() => {
          active--;
          pump();
        });
    });
  }
}

function isVisible(el: Element): boolean {
  const check = (el as Element & { checkVisibility?: (options: object) => boolean }).checkVisibility;
  return check ? check.call(el, { visibilityProperty: true, opacityProperty: true }) : true;
}

function observeLinks(): void {
  if (!observer) return;
  observer.disconnect();
  queue = [];
  budget = VIEWPORT_BUDGET;
  spent = 0;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]:not([data-no-prefetch])')) {
    if (navigableUrl(link)) observer.observe(link);
  }
}

export function initPrefetch(): void {
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('pointerout', onLeave, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true, capture: true });
  document.addEventListener('focusin', onIntent);
  if (!('IntersectionObserver' in window)) return;
  observer = new IntersectionObserver((entries, self) => {
    for (const entry of entries) {
      // A closed dropdown's links intersect the viewport too; only links a reader sees count.
      if (!entry.isIntersecting || !isVisible(entry.target)) continue;
      self.unobserve(entry.target);
      const url = navigableUrl(entry.target);
      if (budget > 0 && wanted(url) && !queue.some((u) => u.href === url.href)) {
        budget--;
        queue.push(url);
      }
    }
    pump();
  });
  // After the page has loaded, so prefetches never compete with what the visitor is waiting for.
  const start = () => idle(observeLinks);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  onNavigated(() => idle(observeLinks));
}
