// Which part of a docs sidebar a page shows: the way to the page. A collapsed category that does
// not hold the current page comes as its own link only: its page lists its items and shows it open
// in its own sidebar, so every page stays two steps away while the sidebar of a page grows with the
// depth of its section, not with its size (a section of 5,000 pages would otherwise put 5,000 links
// on each of them, and building it would take quadratic time). Categories the section keeps open
// (`collapsed: false`) and those on the way to the page come with their items.
import type { Route, SidebarItem } from '../../generator/types.ts';

/** Whether the item is the page at `route` or a category that holds it. */
export function holds(item: SidebarItem, route: Route): boolean {
  return item.route === route || (item.type === 'category' && item.items.some((child) => holds(child, route)));
}

/** The sidebar as the page at `route` shows it. */
export function sidebarFor(items: SidebarItem[], route: Route): SidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    if (item.collapsed && item.route && !holds(item, route)) return { ...item, items: [] };
    return { ...item, items: sidebarFor(item.items, route) };
  });
}
