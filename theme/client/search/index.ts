// Opens search: the navbar's search button, Ctrl+K (⌘K) and `/`. This part is in every page's
// runtime and is tiny; the dialog's logic, Pagefind and the index load only once the visitor shows
// that they are about to search, so a visitor who never searches loads no byte of it.
//
// What counts as that intent: opening search (button, shortcut), pressing the button (on a touch
// screen `pointerdown` comes about 100 ms before the click), and a mouse resting on the button for
// HOVER_MS. A pointer crossing the navbar on its way elsewhere passes the small icon button in a
// few milliseconds and loads nothing; one that stops on it is about to click (the rule instant.page
// uses for prefetching links, 65 ms), and the time it rests before the click, commonly a few
// hundred milliseconds, is time the engine gets to load. A visitor who rests the mouse there and
// then does not search costs the engine's first bytes (about 100 KB compressed) and nothing else.
// Keyboard focus is not counted: Tab passes through the navbar's buttons on the way to the
// content, and Enter, Ctrl+K or `/` open search at once anyway.
//
// A visitor who opens search while the next page is still loading is searching on that page:
// when it arrives and replaces the body (and the open dialog with it), search opens again on it
// with what they typed, and keeps the focus.
import { closest } from '../chrome/dom.ts';
import { onNavigated, onNavigating } from '../events.ts';
import { engineFor } from './engine.ts';

type Dialog = typeof import('./dialog.ts');
let dialog: Promise<Dialog> | undefined;
let hover: ReturnType<typeof setTimeout> | undefined;

const HOVER_MS = 65;

/** Client navigations started since this document loaded. */
let navigations = 0;
/** The dialog opened last, and how many navigations had started then. */
let shown: [HTMLDialogElement, number] | undefined;

/** Starts loading the dialog's code and, beside it rather than after it, the engine with the index
 * of the page's language. */
function warm(element: HTMLElement | null = document.getElementById('search-dialog')): Promise<Dialog> {
  clearTimeout(hover);
  const bundle = element?.dataset.bundle;
  // Errors are shown by the dialog, which asks for the engine again.
  if (bundle) engineFor(bundle).catch(() => undefined);
  // A failed load is tried again on the next sign of intent.
  dialog ??= import('./dialog.ts').catch((error: unknown) => {
    dialog = undefined;
    throw error;
  });
  return dialog;
}

/** The dialog opens at once, so what the visitor types while the rest loads lands in its input. */
function open(opener: HTMLElement | null, typed?: string): void {
  const element = document.getElementById('search-dialog');
  if (!(element instanceof HTMLDialogElement) || element.open) return;
  // The requests go out before the dialog is laid out: on a slow phone that takes a while.
  const loading = warm(element);
  element.showModal();
  shown = [element, navigations];
  const input = element.querySelector<HTMLInputElement>('.search-input');
  // The not-found page's button searches for what the missing address names (`/services/backup/`: "backup").
  if (input && opener?.hasAttribute('data-search-from-path')) input.value = wordsOfPath(location.pathname);
  // What was typed on the page this one replaced goes on where it ended.
  if (input && typed !== undefined) input.value = typed;
  input?.focus();
  if (typed === undefined) input?.select();
  loading
    .then((d) => d.searchOpened(element, opener))
    .catch((error: unknown) => console.warn('Search could not be loaded.', error));
}

/** The last segment of a path as words: `/en/services/managed-backup/` -> "managed backup". */
function wordsOfPath(pathname: string): string {
  let last = pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    // Not valid percent-encoding: taken as it stands.
  }
  return last
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_.+]+/g, ' ')
    .trim();
}

/** Where `/` is text to type, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

function onKeydown(event: KeyboardEvent): void {
  const button = document.querySelector<HTMLElement>('.search-button');
  if (!button || event.defaultPrevented || event.altKey) return;
  const ctrlK = (event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'k';
  const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !isTyping(event.target);
  if (!ctrlK && !slash) return;
  if (document.querySelector('dialog[open]')) return;
  event.preventDefault();
  open(document.activeElement instanceof HTMLElement ? document.activeElement : button);
}

function onClick(event: MouseEvent): void {
  const button = closest(event.target, '.search-button');
  if (button) open(button);
}

function onPointer(event: PointerEvent): void {
  if (dialog || !closest(event.target, '.search-button')) return;
  // Loading early is a head start only: a failure is reported when search is opened.
  const early = () => void warm().catch(() => undefined);
  if (event.type === 'pointerdown') early();
  else if (event.type === 'pointerout') {
    if (!closest(event.relatedTarget, '.search-button')) clearTimeout(hover);
  } else if (event.pointerType === 'mouse' || event.pointerType === 'pen') {
    clearTimeout(hover);
    hover = setTimeout(early, HOVER_MS);
  }
}

/** Opens search on the page that replaced the one it was opened on while that page loaded. */
function onPageReplaced(): void {
  const [before, navigation] = shown ?? [];
  // A dialog taken out of the page while open keeps its `open` attribute; one the visitor closed
  // has none. Another language's page has another index: what was typed is no search there.
  if (
    before?.open &&
    !before.isConnected &&
    navigation === navigations &&
    before.dataset.bundle === document.getElementById('search-dialog')?.dataset.bundle
  ) {
    // The new page's heading has the focus (navigation put it there); closing search goes back to it.
    open(document.activeElement as HTMLElement | null, before.querySelector('input')?.value ?? '');
  }
}

export function initSearch(): void {
  onNavigating(() => navigations++);
  onNavigated(onPageReplaced);
  document.addEventListener('keydown', onKeydown);
  document.addEventListener('click', onClick);
  for (const type of ['pointerover', 'pointerout', 'pointerdown'] as const)
    document.addEventListener(type, onPointer, { passive: true });
}
