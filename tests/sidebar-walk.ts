// A reader who only follows a docs sidebar: from one page, the links of its sidebar, then those of
// every page reached, until nothing new is found. With sidebars collapsed to the current page (a
// collapsed category away from it is its link alone), the pages reached this way must still be
// every page of the section: the tests compare them with the pages the build wrote.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The links of the page's docs sidebar (not those of a blog's list of recent posts), as routes. */
export function sidebarLinks(html: string): string[] {
  const sidebar = /<nav class="sidebar"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1];
  if (!sidebar || sidebar.includes('class="sidebar-title"')) return [];
  return [...sidebar.matchAll(/<a [^>]*href="([^"#]+)/g)].map((m) => m[1]);
}

/** The routes reached from `start` through sidebars, among those starting with `within`, in the built `dir`. */
export function sidebarWalk(dir: string, start: string, within: string): Set<string> {
  const reached = new Set([start]);
  const queue = [start];
  while (queue.length) {
    const file = path.join(dir, queue.shift()!, 'index.html');
    if (!existsSync(file)) continue;
    for (const route of sidebarLinks(readFileSync(file, 'utf8'))) {
      if (!route.startsWith(within) || reached.has(route)) continue;
      reached.add(route);
      queue.push(route);
    }
  }
  return reached;
}

/** Whether a built page is one a sidebar lists: no redirect, nor an unlisted page (noindex). */
export const listedPage = (html: string) =>
  !html.includes('http-equiv="refresh"') && !/<meta name="robots" content="noindex/.test(html);
