// Small DOM helpers shared by the chrome modules.
export const html = document.documentElement;

export function closest<T extends Element = HTMLElement>(target: EventTarget | null, selector: string): T | null {
  return target instanceof Element ? (target.closest(selector) as T | null) : null;
}

/** Elements that Tab reaches inside `root`, in order, skipping hidden ones. */
export function focusables(root: Element): HTMLElement[] {
  return [
    ...root.querySelectorAll<HTMLElement>(
      'a[href],button:not([disabled]),summary,input:not([type="hidden"]),select,textarea,[tabindex]:not([tabindex="-1"])',
    ),
  ].filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden');
}

/** Moves focus to the main content without scrolling, when what had focus goes away. */
export function focusMain(): void {
  document.getElementById('main')?.focus({ preventScroll: true });
}

/** One rAF-throttled scroll and resize listener for everything that reacts to the viewport. */
export function onViewport(update: () => void): void {
  let queued = false;
  const run = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      update();
    });
  };
  addEventListener('scroll', run, { passive: true });
  addEventListener('resize', run, { passive: true });
}
