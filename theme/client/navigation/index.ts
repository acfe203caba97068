// Client navigation without a router: a click on a link to another page of the site fetches that
// page and puts it in place of the current one, so the runtime, the fonts and the stylesheet stay
// loaded and nothing flashes. The browser keeps everything it does best: new tabs, downloads,
// other sites, jumps within a page. Every page is a complete HTML document, so any failure can
// fall back to a normal page load.
//
// States: idle; loading (progress bar after 200 ms); failed (red box with Retry); crashed (the
// crash screen, when putting the page in place threw); loaded.

import { showCrash } from '../crash.ts';
import { NAVIGATED, NAVIGATING, type NavigatedDetail } from '../events.ts';
import { runtimeData } from '../runtime-data.ts';
import { applyPage, loadIslands, needsFullLoad, parsePage, preloadPage } from './apply.ts';
import { type FetchedPage, forget, loadPage, NotAPageError } from './fetch-page.ts';
import { isSameDocument, navigableUrl, withoutIndexHtml } from './links.ts';
import { hideLoadError, showLoadError } from './load-error.ts';
import { initPrefetch } from './prefetch.ts';
import { startProgress } from './progress.ts';
import {
  elementOf,
  enterEntry,
  initialPosition,
  initScroll,
  pushEntry,
  rememberScroll,
  replaceEntry,
  scrollToTarget,
} from './scroll.ts';

type Mode = 'push' | 'replace' | 'pop';

interface Navigation {
  url: URL;
  mode: Mode;
  /** Where to scroll after a back or forward, when the position was recorded. */
  scrollY?: number;
  /** Ask the server again instead of using a prefetched copy (Retry, Try again). */
  fresh?: boolean;
}

/** The URL of the page on display (the address bar may already show the next one after popstate). */
let shown: URL;
/** Counts navigations: a navigation that is no longer the latest one stops where it is. */
let latest = 0;

/** The page's UI strings; the runtime only starts on pages that have them. */
function stringsOf(doc?: Document) {
  return (doc && runtimeData(doc)?.strings) ?? runtimeData()!.strings;
}

function reducedMotion(): boolean {
  return matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Runs the DOM update inside a view transition where the browser has them and motion is welcome. */
async function transition(update: () => void): Promise<void> {
  type ViewTransition = { updateCallbackDone: Promise<void>; ready: Promise<void>; finished: Promise<void> };
  const start = (document as Document & { startViewTransition?: (cb: () => void) => ViewTransition })
    .startViewTransition;
  let started: ViewTransition | undefined;
  if (start && !reducedMotion() && document.visibilityState === 'visible') {
    try {
      started = start.call(document, update);
    } catch {
      started = undefined;
    }
  }
  // When the update throws, all three promises reject with its error; the caller handles it once
  // through updateCallbackDone, so the other two must not surface as uncaught errors.
  started?.ready.catch(() => {});
  started?.finished.catch(() => {});
  if (started) await started.updateCallbackDone;
  else update();
}

function fullLoad(url: URL, mode: Mode): void {
  if (mode === 'push') location.assign(url.href);
  else location.replace(url.href);
}

/** Focus moves to the new page's heading (or the fragment's target), as a screen reader expects. */
function moveFocus(target: Element | null): void {
  const main = document.getElementById('main');
  const el = target ?? main?.querySelector('h1') ?? main;
  if (!(el instanceof HTMLElement)) return;
  if (!el.matches('a[href], button, input, select, textarea, [tabindex]')) el.tabIndex = -1;
  el.focus({ preventScroll: true });
}

async function navigate(nav: Navigation): Promise<void> {
  const id = ++latest;
  const stale = () => id !== latest;
  document.dispatchEvent(new CustomEvent(NAVIGATING));
  hideLoadError();
  if (nav.mode !== 'pop') rememberScroll();
  const strings = stringsOf();
  const progress = nav.url.pathname !== shown.pathname ? startProgress(strings.loading.loading) : undefined;
  const main = document.getElementById('main');
  main?.setAttribute('aria-busy', 'true');
  const settle = () => {
    progress?.done();
    main?.removeAttribute('aria-busy');
  };

  let page: FetchedPage;
  try {
    page = await loadPage(nav.url, { fresh: nav.fresh });
  } catch (error) {
    if (stale()) return;
    settle();
    if (error instanceof NotAPageError) return fullLoad(nav.url, nav.mode);
    console.warn(`Loading ${nav.url.pathname} failed.`, error);
    showLoadError(strings.loading, () => navigate({ ...nav, fresh: true }));
    return;
  }
  if (stale()) return;

  const target = new URL(page.url.href);
  target.hash = nav.url.hash;
  const next = parsePage(page.html);
  if (needsFullLoad(next)) {
    settle();
    return fullLoad(target, nav.mode);
  }
  try {
    await preloadPage(next);
  } catch (error) {
    if (stale()) return;
    settle();
    console.warn(`Preloading ${target.pathname} failed; loading it as a full page instead.`, error);
    forget(target);
    return fullLoad(target, nav.mode);
  }
  if (stale()) return;

  if (nav.mode === 'push') pushEntry(target);
  else if (target.href !== location.href) replaceEntry(target);
  shown = target;
  const nextStrings = stringsOf(next);
  const data = runtimeData(next) ?? runtimeData();
  try {
    await transition(() => {
      applyPage(next);
      const fragmentTarget = nav.scrollY === undefined ? elementOf(target.hash) : null;
      scrollToTarget(target.hash, nav.scrollY);
      moveFocus(fragmentTarget);
      document.dispatchEvent(new CustomEvent<NavigatedDetail>(NAVIGATED, { detail: { url: target.href } }));
    });
  } catch (error) {
    if (stale()) return;
    forget(target);
    showCrash(error, {
      strings: nextStrings.crash,
      siteTitle: data?.title,
      delimiter: data?.delimiter,
      retry: () => void navigate({ url: new URL(location.href), mode: 'replace', fresh: true }),
    });
    return;
  } finally {
    if (!stale()) settle();
  }
  loadIslands();
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  const url = link ? navigableUrl(link) : undefined;
  if (!url) return;
  event.preventDefault();
  // A link to the page on display loads it again in place, as the browser would, without a new entry.
  void navigate({ url, mode: isSameDocument(url, shown) ? 'replace' : 'push' });
}

function onPopState(event: PopStateEvent): void {
  const url = new URL(location.href);
  const y = enterEntry(event.state);
  if (isSameDocument(url, shown)) {
    // Only the fragment changed: no page to load, just the scroll position to restore.
    latest++;
    hideLoadError();
    shown = url;
    scrollToTarget(url.hash, y);
    return;
  }
  void navigate({ url, mode: 'pop', scrollY: y });
}

export function initNavigation(): void {
  if (!runtimeData() || !('pushState' in history)) return;
  // A site opened as `/path/index.html` shows the same page as `/path/`; one address per page.
  const clean = withoutIndexHtml(new URL(location.href));
  if (clean.href !== location.href) history.replaceState(history.state, '', clean.href);
  shown = new URL(location.href);
  initScroll();
  const y = initialPosition();
  if (y !== undefined) scrollToTarget('', y);
  document.addEventListener('click', onClick);
  window.addEventListener('popstate', onPopState);
  initPrefetch();
}
