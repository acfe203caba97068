// Sidebar categories: <details> that animate open and closed, and whose state the reader set is
// kept for the session while navigating (a category holding the current page always opens).
import { onNavigated } from '../events.ts';
import { readStorage, writeStorage } from '../storage.ts';
import { closest } from './dom.ts';
import { animateHeight } from './motion.ts';

export const CATEGORIES_KEY = 'sidebar-categories';

function states(): Record<string, boolean> {
  try {
    return JSON.parse(readStorage(CATEGORIES_KEY, 'sessionStorage') ?? '{}') as Record<string, boolean>;
  } catch {
    return {};
  }
}

function restore(): void {
  const saved = states();
  for (const details of document.querySelectorAll<HTMLDetailsElement>('details[data-category]')) {
    const open = saved[details.dataset.category ?? ''];
    if (open !== undefined) details.open = open || details.hasAttribute('data-active');
  }
}

function onClick(event: MouseEvent): void {
  const summary = closest(event.target, '.sidebar summary, .toc-mobile > summary');
  const details = summary?.parentElement as HTMLDetailsElement | undefined;
  const body = details?.lastElementChild as HTMLElement | null | undefined;
  if (!details || !body || body === summary) return;
  event.preventDefault();
  const open = !details.open;
  if (details.dataset.category)
    writeStorage(CATEGORIES_KEY, JSON.stringify({ ...states(), [details.dataset.category]: open }), 'sessionStorage');
  if (open) details.open = true;
  animateHeight(body, open, open ? undefined : () => (details.open = false));
}

export function initCollapsibles(): void {
  document.addEventListener('click', onClick);
  restore();
  onNavigated(restore);
}
