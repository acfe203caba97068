// The sidebar dialog of small screens. It is a modal <dialog>: the page behind is inert, Escape
// closes it, and Tab wraps inside it. Filled on first open from the navbar (primary menu) and
// from the page's docs or blog sidebar (secondary menu, shown first on every opening, with "back
// to main menu").
// It closes on a chosen link and when the window grows past 996 px; a client navigation by other
// means (Back) replaces it with the next page's, closed.
import { closest, focusables } from './dom.ts';

const DESKTOP = matchMedia('(min-width: 997px)');
let opener: HTMLElement | null = null;

const dialog = () => document.getElementById('mobile-menu') as HTMLDialogElement | null;

/** A copy for the dialog, with ids (and the references to them) made unique. */
function copy(el: Element): Element {
  const clone = el.cloneNode(true) as Element;
  for (const node of clone.querySelectorAll('.sidebar-hide, .sidebar-show')) node.remove();
  for (const node of clone.querySelectorAll('[id]')) node.id = `m-${node.id}`;
  for (const toggle of clone.querySelectorAll('[aria-controls]')) {
    const id = `m-${toggle.getAttribute('aria-controls')}`;
    toggle.setAttribute('aria-controls', id);
    const menu = clone.querySelector<HTMLElement>(`#${CSS.escape(id)}`);
    // The dropdown holding the current page starts unfolded.
    const open = !!toggle.closest('.navbar-item')?.querySelector('.active, [aria-current]');
    toggle.setAttribute('aria-expanded', String(open));
    if (menu) menu.hidden = !open;
  }
  return clone;
}

function show(d: HTMLDialogElement, panel: 'primary' | 'secondary'): void {
  for (const p of d.querySelectorAll<HTMLElement>('[data-panel]')) p.hidden = p.dataset.panel !== panel;
}

function fill(d: HTMLDialogElement): void {
  const primary = d.querySelector('[data-panel="primary"]')!;
  if (primary.childElementCount) return;
  for (const selector of [
    '.navbar-inner > .navbar-items',
    '.navbar-inner .navbar-cta',
    '.navbar-inner .language-menu',
  ]) {
    const el = document.querySelector(selector);
    if (el) primary.append(copy(el));
  }
  const sidebar = document.querySelector('.docs-layout > .docs-sidebar .docs-sidebar-inner');
  if (sidebar) d.querySelector('[data-panel-content]')!.append(copy(sidebar));
}

function open(button: HTMLElement): void {
  const d = dialog();
  if (!d || d.open) return;
  fill(d);
  show(d, d.querySelector('[data-panel-content]')!.childElementCount ? 'secondary' : 'primary');
  opener = button;
  d.showModal();
  button.setAttribute('aria-expanded', 'true');
  d.querySelector<HTMLElement>('.navbar-sidebar-close')?.focus();
}

function close(): void {
  dialog()?.close();
}

function onClose(event: Event): void {
  if ((event.target as Element).id !== 'mobile-menu') return;
  document.querySelector('.navbar-toggle')?.setAttribute('aria-expanded', 'false');
  if (opener?.isConnected) opener.focus();
  opener = null;
}

function onClick(event: MouseEvent): void {
  const toggle = closest(event.target, '.navbar-toggle');
  if (toggle) {
    open(toggle);
    return;
  }
  const d = dialog();
  if (!d?.open) return;
  if (closest(event.target, '.navbar-sidebar-close')) {
    close();
    return;
  }
  if (closest(event.target, '.navbar-sidebar-back')) {
    show(d, 'primary');
    focusables(d.querySelector('[data-panel="primary"]')!)[0]?.focus();
    return;
  }
  if (event.target === d) {
    // A click on the backdrop lands on the dialog itself, outside its box.
    const box = d.getBoundingClientRect();
    if (event.clientX > box.right || event.clientX < box.left || event.clientY < box.top || event.clientY > box.bottom)
      close();
    return;
  }
  if (closest(event.target, '.navbar-sidebar a[href]')) close();
}

function onKeydown(event: KeyboardEvent): void {
  const d = dialog();
  if (event.key !== 'Tab' || !d?.open) return;
  const items = focusables(d);
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
    event.preventDefault();
    (event.shiftKey ? last : first)?.focus();
  }
}

export function initMobileMenu(): void {
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeydown);
  // `close` does not bubble; capturing on document still sees it.
  document.addEventListener('close', onClose, true);
  DESKTOP.addEventListener('change', (event) => event.matches && close());
}
