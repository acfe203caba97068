// The progress bar of a page load. It appears only when the load takes longer than the delay, so
// fast navigations (most, thanks to prefetching) show nothing that flickers.
export const PROGRESS_DELAY = 200;

export interface Progress {
  done(): void;
}

export function startProgress(label: string, delay = PROGRESS_DELAY): Progress {
  let bar: HTMLElement | undefined;
  let value = 0;
  let trickle: number | undefined;
  const set = (v: number) => {
    value = v;
    bar?.setAttribute('aria-valuenow', String(Math.round(v)));
    bar?.style.setProperty('--progress', String(v / 100));
  };
  const timer = window.setTimeout(() => {
    bar = document.createElement('div');
    bar.className = 'nav-progress';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', label);
    bar.setAttribute('aria-valuemin', '0');
    bar.setAttribute('aria-valuemax', '100');
    set(15);
    document.body.append(bar);
    // Creeps towards 90 % without reaching it: the real end is only known when the page arrives.
    trickle = window.setInterval(() => set(value + (90 - value) * 0.15), 300);
  }, delay);
  return {
    done() {
      window.clearTimeout(timer);
      window.clearInterval(trickle);
      const el = bar;
      if (!el) return;
      bar = undefined;
      // The page swap replaced the body; the bar finishes on the new one.
      if (!el.isConnected) document.body.append(el);
      el.style.setProperty('--progress', '1');
      el.setAttribute('aria-valuenow', '100');
      el.classList.add('is-done');
      window.setTimeout(() => el.remove(), 400);
    },
  };
}
