// Navbar dropdowns (disclosures): a click or Enter/Space on the toggle opens and closes; arrow
// keys open and walk the links; Escape closes and gives focus back to the toggle; focus or a
// click leaving the dropdown closes it. In the mobile sidebar the same toggles fold their list
// in place, animated.

import { closest } from './dom.ts';
import { animateHeight } from './motion.ts';

const inSidebar = (el: Element) => !!el.closest('.navbar-sidebar');

function menuOf(toggle: Element): HTMLElement | null {
  return document.getElementById(toggle.getAttribute('aria-controls') ?? '');
}

export function setExpanded(toggle: Element, open: boolean): void {
  toggle.setAttribute('aria-expanded', String(open));
  const menu = menuOf(toggle);
  if (!menu || !inSidebar(toggle)) return;
  if (open) menu.hidden = false;
  animateHeight(menu, open, open ? undefined : () => (menu.hidden = toggle.getAttribute('aria-expanded') !== 'true'));
}

function closeAll(except?: Element): void {
  for (const toggle of document.querySelectorAll('.dropdown-toggle[aria-expanded="true"]')) {
    if (toggle !== except && !inSidebar(toggle)) setExpanded(toggle, false);
  }
}

function onClick(event: MouseEvent): void {
  const toggle = closest(event.target, '.dropdown-toggle');
  if (toggle) {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    if (!inSidebar(toggle)) closeAll(toggle);
    setExpanded(toggle, open);
    return;
  }
  if (!closest(event.target, '.dropdown-menu') || closest(event.target, 'a')) closeAll();
}

function onKeydown(event: KeyboardEvent): void {
  const target = event.target as HTMLElement;
  const dropdown = closest(target, '.dropdown');
  if (!dropdown || inSidebar(dropdown)) return;
  const toggle = dropdown.querySelector<HTMLElement>('.dropdown-toggle');
  const menu = toggle && menuOf(toggle);
  if (!toggle || !menu) return;
  const links = [...menu.querySelectorAll<HTMLAnchorElement>('a')];
  const index = links.indexOf(target as HTMLAnchorElement);
  const inMenu = index >= 0;
  switch (event.key) {
    case 'Escape':
      if (toggle.getAttribute('aria-expanded') !== 'true' && !inMenu) return;
      event.preventDefault();
      setExpanded(toggle, false);
      toggle.focus();
      return;
    case 'ArrowDown':
    case 'ArrowUp': {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setExpanded(toggle, true);
      const next = inMenu ? (index + step + links.length) % links.length : step > 0 ? 0 : links.length - 1;
      links[next]?.focus();
      return;
    }
    case 'Home':
    case 'End':
      if (!inMenu) return;
      event.preventDefault();
      links[event.key === 'Home' ? 0 : links.length - 1].focus();
  }
}

function onFocusout(event: FocusEvent): void {
  const dropdown = closest(event.target, '.dropdown');
  if (!dropdown || inSidebar(dropdown)) return;
  const to = event.relatedTarget as Node | null;
  if (to && dropdown.contains(to)) return;
  const toggle = dropdown.querySelector('.dropdown-toggle[aria-expanded="true"]');
  if (toggle) setExpanded(toggle, false);
}

export function initDropdowns(): void {
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeydown);
  document.addEventListener('focusout', onFocusout);
}
