// Putting a fetched page in place of the one on display: the head tags that differ, the language
// of the document, and the body. What the runtime keeps across pages (the colour mode and other
// state on <html>, scripts already running, the stylesheet) stays untouched.
import { ISLAND_READY, ISLAND_READY_ATTRIBUTE } from '../events.ts';
import { ISLAND_TYPE } from '../runtime-data.ts';

/** Head elements that describe the page, as opposed to what runs or styles it. */
const PAGE_HEAD =
  'title, meta:not([charset]):not([name="viewport"]), link:not([rel="stylesheet"]):not([rel="modulepreload"]):not([rel="preload"]), script[type="application/ld+json"], script[type="application/json"]';
const ISLAND_SCRIPT = `script[type="${ISLAND_TYPE}"][data-island][data-src]`;
/** The runtime's bundle: when the next page names another one, a new version of the site is out. */
const RUNTIME_SCRIPT = 'head script[type="module"][src]:not([data-island])';

const islandsLoaded = new Set<string>();

export function parsePage(html: string): Document {
  const next = new DOMParser().parseFromString(html, 'text/html');
  // DOMParser runs no scripts, so it parses <noscript> content as markup: without this, the
  // no-JavaScript fallbacks would show (and their styles apply) on a page that has JavaScript.
  for (const el of next.querySelectorAll('noscript')) el.remove();
  return next;
}

/** The next page was built with another runtime than the one running: only a full load is right.
 * A page that names no runtime at all is not one of ours (a proxy's error page, a half-finished
 * deployment): putting it in place fails and shows the crash screen with its cause. */
export function needsFullLoad(next: Document): boolean {
  const src = (doc: Document) => [...doc.querySelectorAll<HTMLScriptElement>(RUNTIME_SCRIPT)].map((s) => s.src).join();
  const wanted = src(next);
  return wanted !== '' && wanted !== src(document);
}

/**
 * What the next page needs before it can be shown: stylesheets the current page does not have and
 * the scripts of its islands. Rejects when one of them fails to load.
 */
export async function preloadPage(next: Document): Promise<void> {
  const jobs: Promise<void>[] = [];
  const present = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href));
  for (const link of next.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href]')) {
    const href = new URL(link.getAttribute('href') ?? '', location.href).href;
    if (present.has(href)) continue;
    // Loaded now but switched off, so it cannot restyle the page still on display.
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.href = href;
    sheet.media = 'not all';
    sheet.dataset.media = link.media || 'all';
    jobs.push(loaded(sheet, `stylesheet ${href}`));
    document.head.append(sheet);
  }
  for (const script of next.querySelectorAll<HTMLScriptElement>(ISLAND_SCRIPT)) {
    const src = new URL(script.dataset.src ?? '', location.href).href;
    if (islandsLoaded.has(src) || document.querySelector(`link[rel="modulepreload"][href="${CSS.escape(src)}"]`))
      continue;
    const preload = document.createElement('link');
    preload.rel = 'modulepreload';
    preload.href = src;
    jobs.push(loaded(preload, `script ${src}`));
    document.head.append(preload);
  }
  await Promise.all(jobs);
}

function loaded(el: HTMLLinkElement, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    el.addEventListener('load', () => resolve(), { once: true });
    el.addEventListener(
      'error',
      () => {
        el.remove();
        reject(new Error(`${what} did not load`));
      },
      { once: true },
    );
  });
}

/** Replaces the page on display with the next one. Throws when the next page is not a page of this site. */
export function applyPage(next: Document): void {
  if (!next.body || !next.getElementById('main')) {
    throw new Error('The page that arrived is incomplete.', { cause: new Error('It has no main content (#main).') });
  }
  syncHead(next);
  const root = document.documentElement;
  for (const name of ['lang', 'dir']) {
    const value = next.documentElement.getAttribute(name);
    if (value === null) root.removeAttribute(name);
    else root.setAttribute(name, value);
  }
  const body = document.body;
  for (const { name } of [...body.attributes]) if (!next.body.hasAttribute(name)) body.removeAttribute(name);
  for (const { name, value } of [...next.body.attributes]) body.setAttribute(name, value);
  body.replaceChildren(...next.body.childNodes);
  for (const sheet of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-media]')) {
    sheet.media = sheet.dataset.media ?? 'all';
    delete sheet.dataset.media;
  }
}

function syncHead(next: Document): void {
  const head = document.head;
  const title = next.title;
  const wanted = new Map<string, Element>();
  for (const el of next.head.querySelectorAll(PAGE_HEAD)) wanted.set(el.outerHTML, el);
  for (const el of [...head.querySelectorAll(PAGE_HEAD)]) {
    if (wanted.has(el.outerHTML)) wanted.delete(el.outerHTML);
    else el.remove();
  }
  for (const el of wanted.values()) head.append(el);
  document.title = title;
}

/** What shows a visitor reaching for an island: a pointer over it, a touch, the focus moving in. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
const ISLAND_ROOT = '[data-island-root]';
let listening = false;

/**
 * Starts the islands of the page on display once the visitor reaches for one. Until then the
 * server's markup works on its own (the plain form posts), and React's start-up, by far the
 * heaviest script of the site, stays out of the page load. What a visitor types in the meantime
 * is kept by hydration.
 */
export function loadIslands(): void {
  if (!listening) {
    listening = true;
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
    document.addEventListener('submit', onEarlySubmit, { capture: true });
  }
  // The pointer or the focus may be on an island already (a reload, a click that navigated here).
  if (document.querySelector(`${ISLAND_ROOT}:hover, ${ISLAND_ROOT}:focus-within`)) startIslands();
}

function onIntent(event: Event): void {
  if (event.target instanceof Element && event.target.closest(ISLAND_ROOT)) startIslands();
}

/** How long a form sent before its island is ready waits for it; then it goes as a plain form. */
const HOLD_MS = 8000;
/** Forms let through as plain forms after their island did not come in time. */
const released = new WeakSet<HTMLFormElement>();

/**
 * A form of an island sent before the island has taken over (a quick first click, or Enter right
 * after the focus moved in: the island's script is still loading) would leave the page as a plain
 * form. It is held instead, the island started, and the same button pressed again once the island
 * is ready, so the click does what it does with JavaScript. An island that does not come within
 * HOLD_MS lets the form go as a plain form after all.
 */
function onEarlySubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || released.has(form)) return;
  const root = form.closest(ISLAND_ROOT);
  if (!root || root.hasAttribute(ISLAND_READY_ATTRIBUTE)) return;
  event.preventDefault();
  const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
  startIslands();
  void islandReady(root).then((ready) => {
    if (!form.isConnected) return;
    if (ready && submitter?.isConnected) submitter.click();
    else if (ready) form.requestSubmit();
    else {
      released.add(form);
      form.requestSubmit(submitter?.form === form ? submitter : null);
    }
  });
}

function islandReady(root: Element): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      root.removeEventListener(ISLAND_READY, onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(root.hasAttribute(ISLAND_READY_ATTRIBUTE)), HOLD_MS);
    root.addEventListener(ISLAND_READY, onReady);
  });
}

function startIslands(): void {
  for (const script of document.querySelectorAll<HTMLScriptElement>(ISLAND_SCRIPT)) {
    const src = new URL(script.dataset.src ?? '', location.href).href;
    if (islandsLoaded.has(src)) continue;
    islandsLoaded.add(src);
    import(src).catch((error: unknown) => {
      // The island's server-rendered markup still works without it (a plain form post).
      console.warn(`The script ${src} did not load; the page works without it.`, error);
    });
  }
}
