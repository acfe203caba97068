// Colour mode: dark by default, light on request, remembered in localStorage and synced across tabs.
const KEY = 'theme';
type Mode = 'light' | 'dark';

function write(mode: Mode): void {
  try {
    localStorage.setItem(KEY, mode);
  } catch (error) {
    console.warn('Browser storage is unavailable; the colour mode will not be remembered.', error);
  }
}

function apply(mode: Mode): void {
  document.documentElement.setAttribute('data-theme', mode);
  const button = document.querySelector<HTMLButtonElement>('.color-mode-toggle');
  if (button) button.setAttribute('aria-pressed', String(mode === 'dark'));
}

export function initColorMode(): void {
  const button = document.querySelector<HTMLButtonElement>('.color-mode-toggle');
  if (!button) return;
  button.hidden = false;
  apply((document.documentElement.getAttribute('data-theme') as Mode) ?? 'dark');
  button.addEventListener('click', () => {
    const next: Mode = document.documentElement.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
    apply(next);
    write(next);
    window.dispatchEvent(new CustomEvent('site:color-change', { detail: { mode: next } }));
  });
  window.addEventListener('storage', (event) => {
    if (event.key === KEY && (event.newValue === 'light' || event.newValue === 'dark')) apply(event.newValue);
  });
}
