// Opens search: the navbar's search button, Ctrl+K (⌘K) and `/`. This part is in every page's
// runtime and is tiny; the dialog's logic, Pagefind and the index load only when search is first
// opened, so a visitor who never searches loads no byte of it.
import { closest } from '../chrome/dom.ts';

type Dialog = typeof import('./dialog.ts');
let dialog: Promise<Dialog> | undefined;

/** The dialog opens at once, so what the visitor types while the rest loads lands in its input. */
function open(opener: HTMLElement | null): void {
  const element = document.getElementById('search-dialog');
  if (!(element instanceof HTMLDialogElement) || element.open) return;
  element.showModal();
  const input = element.querySelector<HTMLInputElement>('.search-input');
  input?.focus();
  input?.select();
  dialog ??= import('./dialog.ts');
  dialog.then((d) => d.searchOpened(element, opener)).catch((error: unknown) => {
    dialog = undefined;
    console.warn('Search could not be loaded.', error);
  });
}

/** Where `/` is text to type, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
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

export function initSearch(): void {
  document.addEventListener('keydown', onKeydown);
  document.addEventListener('click', onClick);
}
