// Height animation for collapsibles: duration grows with the height, sub-linearly, so a long list
// does not crawl and a short one does not snap. Nothing moves under prefers-reduced-motion.
export function reducedMotion(): boolean {
  return matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function durationFor(height: number): number {
  const c = height / 36;
  return Math.round((4 + 15 * c ** 0.25 + c / 5) * 10);
}

/** Call with the element already shown when opening; `done` runs when a closing one may be hidden. */
export function animateHeight(el: HTMLElement, open: boolean, done?: () => void): void {
  for (const running of el.getAnimations()) running.cancel();
  const height = el.scrollHeight;
  if (reducedMotion() || !height) {
    done?.();
    return;
  }
  const frames = [{ height: '0px' }, { height: `${height}px` }];
  const animation = el.animate(open ? frames : frames.reverse(), {
    duration: durationFor(height),
    easing: 'ease-in-out',
  });
  if (done) animation.onfinish = done;
}
