// Which part of a docs sidebar a page shows: all of it, or, in a large one, only the way to the page.
import type { Route, SidebarItem } from '../../generator/types.ts';

/**
 * Sidebars up to this many entries are rendered whole, so every category opens without JavaScript
 * or a page load. In larger ones, a collapsed category that does not hold the current page shows
 * only its own link, since its page lists its items: otherwise a section of 5,000 pages would put
 * 5,000 links on each of them, and building it would take quadratic time.
 */
export const FULL_SIDEBAR_LIMIT = 300;

const sizes = new WeakMap<SidebarItem[], number>();

function sizeOf(items: SidebarItem[]): number {
  let size = sizes.get(items);
  if (size === undefined) {
    size = items.reduce((n, item) => n + 1 + (item.type === 'category' ? sizeOf(item.items) : 0), 0);
    sizes.set(items, size);
  }
  return size;
}

/** Whether the item is the page at `route` or a category that holds it. */
export function holds(item: SidebarItem, route: Route): boolean {
  return item.route === route || (item.type === 'category' && item.items.some((child) => holds(child, route)));
}

/** The sidebar as the page at `route` shows it. */
export function sidebarFor(items: SidebarItem[], route: Route): SidebarItem[] {
  if (sizeOf(items) <= FULL_SIDEBAR_LIMIT) return items;
  const prune = (list: SidebarItem[]): SidebarItem[] =>
    list.map((item) => {
      if (item.type !== 'category') return item;
      if (item.collapsed && item.route && !holds(item, route)) return { ...item, items: [] };
      return { ...item, items: prune(item.items) };
    });
  return prune(items);
}
