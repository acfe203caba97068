// The table of contents, rendered once (theme/docs/Toc.tsx): folded above the content, and moved
// into the side column while the screen is wide enough for one, and back when it no longer is.
// It marks the entry of the section being read: the last heading that has passed under the
// navbar, or the first one while the page is still at its top.
import { onNavigated } from '../events.ts';
import { onViewport } from './dom.ts';

/** Where the side column is hidden (styles/docs.css), the table of contents stays folded. */
const NARROW = '(max-width: 1200px)';

let links: HTMLAnchorElement[] = [];

function update(): void {
  if (!links.length) return;
  const line = (document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0) + 24;
  const ids = [...new Set(links.map((a) => decodeURIComponent(a.hash.slice(1))))];
  let active: string | undefined;
  for (const id of ids) {
    const top = document.getElementById(id)?.getBoundingClientRect().top;
    if (top === undefined) continue;
    if (top <= line) active = id;
    else {
      if (!active && top < innerHeight) active = id;
      break;
    }
  }
  const atEnd = innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
  if (atEnd && scrollY > 0) active = ids[ids.length - 1];
  for (const a of links) a.classList.toggle('active', decodeURIComponent(a.hash.slice(1)) === active);
}

/** Puts the table of contents where the screen's width shows it: the side column or the fold. */
function place(): void {
  const toc = document.querySelector('nav.toc');
  const fold = document.querySelector('.toc-mobile');
  const column = document.querySelector('.docs-toc');
  if (!toc || !fold || !column) return;
  const home = matchMedia(NARROW).matches ? fold : column;
  if (toc.parentElement !== home) home.append(toc);
}

function collect(): void {
  place();
  links = [...document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]')];
  update();
}

export function initToc(): void {
  collect();
  matchMedia(NARROW).addEventListener('change', place);
  onViewport(update);
  onNavigated(collect);
}
