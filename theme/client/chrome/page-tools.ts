// The small page-level controls: back to top, the announcement bar's dismissal, hiding the docs
// sidebar for the session, the preferred docs version per section, and the base-URL banner
// (shown again after client navigation replaced the body), and keyboard access to wide blocks.
import { onNavigated } from '../events.ts';
import { ANNOUNCEMENT_KEY, SIDEBAR_HIDDEN_KEY, writeStorage } from '../storage.ts';
import { closest, focusMain, html, onViewport } from './dom.ts';
import { reducedMotion } from './motion.ts';

export const PREFERRED_VERSION_KEY = 'docs-preferred-version-';

function onClick(event: MouseEvent): void {
  const target = event.target;
  if (closest(target, '.back-to-top')) {
    scrollTo({ top: 0, behavior: reducedMotion() ? 'auto' : 'smooth' });
    focusMain();
    return;
  }
  const dismiss = closest(target, '.announcement-close');
  if (dismiss) {
    writeStorage(ANNOUNCEMENT_KEY, closest(dismiss, '.announcement')?.dataset.announcementId ?? null);
    html.setAttribute('data-announcement-dismissed', '');
    focusMain();
    return;
  }
  const hide = closest(target, '.sidebar-hide, .sidebar-show');
  if (hide) {
    const hidden = hide.classList.contains('sidebar-hide');
    html.toggleAttribute('data-sidebar-hidden', hidden);
    writeStorage(SIDEBAR_HIDDEN_KEY, hidden ? '1' : null, 'sessionStorage');
    document.querySelector<HTMLElement>(`.docs-layout .${hidden ? 'sidebar-show' : 'sidebar-hide'}`)?.focus();
    return;
  }
  const version = closest(target, 'a[data-docs-version]');
  if (version) writeStorage(`${PREFERRED_VERSION_KEY}${version.dataset.section}`, version.dataset.docsVersion ?? null);
}

function backToTop(): void {
  document.querySelector('.back-to-top')?.classList.toggle('visible', scrollY > innerHeight * 0.8);
}

/** Code blocks and tables that scroll sideways must be reachable by keyboard to scroll them. */
function scrollables(): void {
  for (const el of document.querySelectorAll<HTMLElement>('.markdown pre, .markdown table')) {
    if (el.scrollWidth > el.clientWidth) el.tabIndex = 0;
  }
}

function perPage(): void {
  backToTop();
  scrollables();
  const banner = document.getElementById('base-url-banner');
  if (banner && html.hasAttribute('data-base-url-mismatch')) banner.hidden = false;
}

export function initPageTools(): void {
  document.addEventListener('click', onClick);
  onViewport(backToTop);
  perPage();
  onNavigated(perPage);
}
