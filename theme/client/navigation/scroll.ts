// Scroll positions per history entry, so back and forward return to where the visitor was. The
// browser's own restoration is switched off: it would restore before the page's content has been
// put in place. Positions live in sessionStorage, so they survive a reload of the tab too.
import { readStorage, writeStorage } from '../storage.ts';

const STORAGE_KEY = 'scroll-positions';
/** Enough for a long session; the oldest entries are dropped first. */
const MAX_ENTRIES = 100;

interface EntryState {
  key?: string;
}

let positions: Record<string, number> = {};
let current = '';
let frame = 0;

function newKey(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
}

function keyOf(state: unknown): string | undefined {
  const key = (state as EntryState | null)?.key;
  return typeof key === 'string' ? key : undefined;
}

export function initScroll(): void {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  try {
    positions = JSON.parse(readStorage(STORAGE_KEY, 'sessionStorage') ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
  current = keyOf(history.state) ?? newKey();
  if (!keyOf(history.state)) history.replaceState({ ...(history.state as object | null), key: current }, '');
  window.addEventListener(
    'scroll',
    () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        positions[current] = window.scrollY;
      });
    },
    { passive: true },
  );
  // A jump to a fragment made by the browser creates an entry without a key: give it one.
  window.addEventListener('hashchange', () => {
    if (!keyOf(history.state)) {
      current = newKey();
      history.replaceState({ ...(history.state as object | null), key: current }, '');
    }
  });
  window.addEventListener('pagehide', persist);
}

/** Where the entry on display was left, for a reload or a return to it from another site. */
export function initialPosition(): number | undefined {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (nav?.type !== 'reload' && nav?.type !== 'back_forward') return undefined;
  return positions[current];
}

export function rememberScroll(): void {
  positions[current] = window.scrollY;
}

export function pushEntry(url: URL): void {
  rememberScroll();
  current = newKey();
  history.pushState({ key: current }, '', url.href);
  persist();
}

export function replaceEntry(url: URL): void {
  history.replaceState({ ...(history.state as object | null), key: current }, '', url.href);
}

/** After popstate: the entry now on display, and where it was left (if known). */
export function enterEntry(state: unknown): number | undefined {
  const key = keyOf(state);
  if (!key) {
    current = newKey();
    history.replaceState({ ...(state as object | null), key: current }, '');
    return undefined;
  }
  current = key;
  return positions[key];
}

export function persist(): void {
  const keys = Object.keys(positions);
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[key];
  writeStorage(STORAGE_KEY, JSON.stringify(positions), 'sessionStorage');
}

/** Scrolls to the element a fragment names, or to the given position, or to the top. */
export function scrollToTarget(hash: string, y?: number): Element | null {
  if (y !== undefined) {
    window.scrollTo({ top: y, left: 0, behavior: 'instant' });
    return null;
  }
  const target = elementOf(hash);
  if (target) target.scrollIntoView({ block: 'start', behavior: 'instant' });
  else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  return target;
}

export function elementOf(hash: string): Element | null {
  if (hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    id = hash.slice(1);
  }
  return document.getElementById(id) ?? document.getElementsByName(id)[0] ?? null;
}
