// Marks the table-of-contents entry of the section being read: the last heading that has passed
// under the navbar, or the first one while the page is still at its top.
import { onNavigated } from '../events.ts';
import { onViewport } from './dom.ts';

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

function collect(): void {
  links = [...document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]')];
  update();
}

export function initToc(): void {
  collect();
  onViewport(update);
  onNavigated(collect);
}
