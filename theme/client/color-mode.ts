// Colour mode: dark by default, light on request (and "system" where config allows following
// the system), remembered in localStorage and synced across tabs. The inline head script has
// already set it before first paint; this only reacts to the toggle and to other tabs.

import { closest, html } from './chrome/dom.ts';
import { onNavigated, track } from './events.ts';
import { COLOR_MODE_KEY, readStorage, writeStorage } from './storage.ts';

type Choice = 'light' | 'dark' | 'system';
const system = matchMedia('(prefers-color-scheme: dark)');

function valid(value: string | null): Choice | undefined {
  return value === 'light' || value === 'dark' || value === 'system' ? value : undefined;
}

function button(): HTMLButtonElement | null {
  return document.querySelector('.navbar .color-mode-toggle');
}

function choice(): Choice {
  return (
    valid(readStorage(COLOR_MODE_KEY)) ??
    (button()?.hasAttribute('data-system') ? 'system' : (html.dataset.theme as Choice) || 'dark')
  );
}

function apply(mode: Choice): void {
  html.dataset.theme = mode === 'system' ? (system.matches ? 'dark' : 'light') : mode;
  if (mode === 'system') html.dataset.colorChoice = 'system';
  else delete html.dataset.colorChoice;
  for (const b of document.querySelectorAll<HTMLButtonElement>('.color-mode-toggle')) {
    const names = JSON.parse(b.dataset.modes ?? '{}') as Record<Choice, string>;
    const label = `${b.dataset.label} (${(b.dataset.current ?? '{mode}').replace('{mode}', names[mode] ?? mode)})`;
    b.setAttribute('aria-label', label);
    b.title = label;
  }
}

export function initColorMode(): void {
  apply(choice());
  document.addEventListener('click', (event) => {
    const toggle = closest<HTMLButtonElement>(event.target, '.color-mode-toggle');
    if (!toggle) return;
    const current = choice();
    const next: Choice = toggle.hasAttribute('data-system')
      ? ({ light: 'dark', dark: 'system', system: 'light' } as const)[current]
      : html.dataset.theme === 'dark'
        ? 'light'
        : 'dark';
    writeStorage(COLOR_MODE_KEY, next);
    apply(next);
    track('Color Change Click', { item: next, position: 'navbar' });
  });
  addEventListener('storage', (event) => {
    if (event.key === COLOR_MODE_KEY) apply(valid(event.newValue) ?? choice());
  });
  system.addEventListener('change', () => {
    if (choice() === 'system') apply('system');
  });
  onNavigated(() => apply(choice()));
}
