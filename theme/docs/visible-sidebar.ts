// Which part of a docs sidebar a page shows: the way to the page. A collapsed category that does
// not hold the current page comes as its own link only: its page lists its items and shows it open
// in its own sidebar, so every page stays two steps away while the sidebar of a page grows with the
// depth of its section, not with its size (a section of 5,000 pages would otherwise put 5,000 links
// on each of them, and building it would take quadratic time). Categories the section keeps open
// (`collapsed: false`) and those on the way to the page come with their items.
//
// Whether a category holds the page is read from their places in the sidebar (the graph's
// `sidebarPlaces`), not by walking the category: a page's render then visits the items it shows
// and the top of each collapsed category, whatever the size of the section.
import type { SidebarItem } from '../../generator/types.ts';

/** Whether the item at `place` (`2.0`) is the page at `pagePlace` or a category that holds it;
 * a page that is not in the sidebar (`undefined`) is held by none. */
export function holds(place: string, pagePlace: string | undefined): boolean {
  return pagePlace !== undefined && (pagePlace === place || pagePlace.startsWith(`${place}.`));
}

/** The sidebar as the page at `pagePlace` shows it; `prefix` is the place of `items`' parent. */
export function sidebarFor(items: SidebarItem[], pagePlace: string | undefined, prefix = ''): SidebarItem[] {
  return items.map((item, i) => {
    if (item.type !== 'category') return item;
    const place = `${prefix}${i}`;
    if (item.collapsed && item.route && !holds(place, pagePlace)) return { ...item, items: [] };
    return { ...item, items: sidebarFor(item.items, pagePlace, `${place}.`) };
  });
}
