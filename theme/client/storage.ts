// Browser storage that may fail (private windows, full quota, blocked cookies): a failure logs a
// warning and is otherwise ignored, so no feature breaks because it cannot remember something.
type Area = 'localStorage' | 'sessionStorage';

/** The keys the inline head script (theme/color-mode-script.ts) reads before first paint. */
export const COLOR_MODE_KEY = 'theme';
export const ANNOUNCEMENT_KEY = 'announcement-dismissed';
/** sessionStorage: the docs sidebar stays hidden while the visitor navigates, not forever. */
export const SIDEBAR_HIDDEN_KEY = 'docs-sidebar-hidden';

export function readStorage(key: string, area: Area = 'localStorage'): string | null {
  try {
    return window[area].getItem(key);
  } catch (error) {
    console.warn(`Could not read "${key}" from ${area}; continuing without it.`, error);
    return null;
  }
}

export function writeStorage(key: string, value: string | null, area: Area = 'localStorage'): void {
  try {
    if (value === null) window[area].removeItem(key);
    else window[area].setItem(key, value);
  } catch (error) {
    console.warn(`Could not write "${key}" to ${area}; it will not be remembered.`, error);
  }
}
