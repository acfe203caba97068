// Sidebar categories: <details> that animate open and closed, and whose state the reader set is
// kept for the session while navigating (a category holding the current page always opens). A
// category a large sidebar sent empty (`data-lazy`, see theme/docs/Sidebar.tsx) is filled from the
// sidebar of its own page when it first opens.
import { onNavigated } from '../events.ts';
import { parsePage } from '../navigation/apply.ts';
import { loadPage } from '../navigation/fetch-page.ts';
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

/** Fills an empty category from its page's sidebar; false when that page could not be had. */
async function fill(details: HTMLDetailsElement): Promise<boolean> {
  const list = details.lastElementChild;
  const route = details.dataset.lazy;
  if (!route || !list || list.childElementCount > 0) return true;
  try {
    const page = parsePage((await loadPage(new URL(route, location.href))).html);
    const source = page.querySelector(
      `details[data-category="${CSS.escape(details.dataset.category!)}"] > .sidebar-list`,
    );
    if (!source) return false;
    list.replaceChildren(...document.importNode(source, true).childNodes);
    return true;
  } catch {
    return false;
  }
}

function restore(): void {
  const saved = states();
  for (const details of document.querySelectorAll<HTMLDetailsElement>('details[data-category]')) {
    const open = saved[details.dataset.category!];
    if (open === undefined) continue;
    if (open && details.dataset.lazy) void fill(details).then((ok) => ok && (details.open = true));
    else details.open = open || details.hasAttribute('data-active');
  }
}

async function onClick(event: MouseEvent): Promise<void> {
  const summary = closest(event.target, '.sidebar summary, .toc-mobile > summary');
  const details = summary?.parentElement as HTMLDetailsElement | undefined;
  const body = details?.lastElementChild as HTMLElement | null | undefined;
  if (!details || !body || body === summary) return;
  event.preventDefault();
  const open = !details.open;
  // A category that cannot be filled is left to its link, which shows the same pages.
  if (open && details.dataset.lazy && !(await fill(details))) return;
  if (details.dataset.category)
    writeStorage(CATEGORIES_KEY, JSON.stringify({ ...states(), [details.dataset.category]: open }), 'sessionStorage');
  if (open) details.open = true;
  animateHeight(body, open, open ? undefined : () => (details.open = false));
}

export function initCollapsibles(): void {
  document.addEventListener('click', (event) => void onClick(event));
  restore();
  onNavigated(restore);
}
