// Which parts of the site graph a page's render looked at. A production build keeps them with the
// rendered page; the next build hashes just those parts to decide whether the page is still the
// same, so a title edit re-renders the pages that show the title (sidebars, lists, links labelled
// by their target), not the whole site. Rendering is a pure function of what it reads, so equal
// reads give equal pages.
import type { SidebarItem, SiteGraph } from '../types.ts';

/** The collections of the graph a theme looks things up in, by key. */
const KEYED = [
  'pages',
  'documents',
  'links',
  'sidebars',
  'categoryLabels',
  'authors',
  'tags',
  'versions',
  'notFound',
  'sectionTitles',
  'titleUses',
  'sidebarPlaces',
] as const;
type Keyed = (typeof KEYED)[number];

/** `pages:/en/docs/`, `sidebars:*` (the list of sidebars was enumerated), `feeds` (a whole list);
 * a sidebar's shape and each of its labels (`recordingSidebar`). */
export type Read = string;

export function recordingGraph(graph: SiteGraph): { graph: SiteGraph; reads: Set<Read> } {
  const reads = new Set<Read>();
  const view = { ...graph } as SiteGraph;
  const sidebarProxies = new WeakMap<object, unknown>();
  for (const name of KEYED) {
    const target = graph[name] as Record<string, unknown>;
    (view as unknown as Record<Keyed, unknown>)[name] = new Proxy(target, {
      get(t, key, receiver) {
        const value = Reflect.get(t, key, receiver) as unknown;
        if (typeof key !== 'string') return value;
        if (name === 'sidebars' && Array.isArray(value))
          return recordingSidebar(value as SidebarItem[], `${name}:${key}`, reads, '', sidebarProxies);
        // An entry that is an object is read field by field: a page's sidebar label, not its body.
        if (value && typeof value === 'object' && !Array.isArray(value))
          return recordingEntry(value as Record<string, unknown>, `${name}:${key}`, reads);
        reads.add(`${name}:${key}`);
        return value;
      },
      has(t, key) {
        if (typeof key === 'string') reads.add(`${name}:${key}`);
        return Reflect.has(t, key);
      },
      ownKeys(t) {
        reads.add(`${name}:*`);
        return Reflect.ownKeys(t);
      },
    });
  }
  for (const name of ['feeds', 'redirects'] as const) {
    // Lists are read whole (find, filter); a read of any part counts as a read of all.
    view[name] = new Proxy(graph[name], {
      get(t, key, receiver) {
        reads.add(name);
        return Reflect.get(t, key, receiver);
      },
    }) as never;
  }
  return { graph: view, reads };
}

function recordingEntry(entry: Record<string, unknown>, prefix: string, reads: Set<Read>): Record<string, unknown> {
  return new Proxy(entry, {
    get(t, key, receiver) {
      if (typeof key === 'string') reads.add(`${prefix}${FIELD}${key}`);
      return Reflect.get(t, key, receiver);
    },
    has(t, key) {
      if (typeof key === 'string') reads.add(`${prefix}${FIELD}${key}`);
      return Reflect.has(t, key);
    },
    ownKeys(t) {
      reads.add(prefix);
      return Reflect.ownKeys(t);
    },
  });
}

/** Between an entry's key and a field's name; routes and source ids never hold it. */
const FIELD = '\0';

/** A sidebar is read as two kinds of parts: its shape (every item but the labels: which items, in
 * what order, their routes and nesting), and each label by the item's place (`0.3.1`). A page
 * shows a few of a long sidebar's labels (a theme collapses the branches it is not on), so a title
 * edit renders the pages that show that title, not every page of the sidebar; a page added or
 * moved changes the shape, and every page of the sidebar is rendered again. Each item has one
 * proxy per render, so an item compared with itself is itself. */
function recordingSidebar(
  items: SidebarItem[],
  prefix: string,
  reads: Set<Read>,
  place: string,
  proxies: WeakMap<object, unknown>,
): SidebarItem[] {
  const shape = `${prefix}${FIELD}shape`;
  // Whether a field is there, or which fields there are, is part of the shape.
  const shapeTraps = {
    has: (t: object, key: string | symbol) => {
      reads.add(shape);
      return Reflect.has(t, key);
    },
    ownKeys: (t: object) => {
      reads.add(shape);
      return Reflect.ownKeys(t);
    },
  };
  const once = <T extends object>(value: T, make: () => T): T => {
    let proxy = proxies.get(value) as T | undefined;
    if (!proxy) proxies.set(value, (proxy = make()));
    return proxy;
  };
  const item = (value: SidebarItem, at: string): SidebarItem =>
    once(
      value,
      () =>
        new Proxy<SidebarItem>(value, {
          ...shapeTraps,
          get(t, key, receiver) {
            const field = Reflect.get(t, key, receiver) as unknown;
            if (key === 'label') reads.add(`${prefix}${FIELD}label${FIELD}${at}`);
            else reads.add(shape);
            if (key === 'items' && Array.isArray(field))
              return recordingSidebar(field as SidebarItem[], prefix, reads, `${at}.`, proxies);
            return field;
          },
        }),
    );
  return once(
    items,
    () =>
      new Proxy<SidebarItem[]>(items, {
        ...shapeTraps,
        get(t, key, receiver) {
          reads.add(shape);
          const value = Reflect.get(t, key, receiver) as unknown;
          if (typeof key === 'string' && /^\d+$/.test(key) && value && typeof value === 'object')
            return item(value as SidebarItem, `${place}${key}`);
          return value;
        },
      }),
  );
}

/** The value of a sidebar's part: its shape (the items without their labels) or the label at a place. */
function sidebarPart(items: SidebarItem[] | undefined, part: string, place: string | undefined): string {
  if (part === 'shape')
    return JSON.stringify(items ?? null, (key, value: unknown) => (key === 'label' ? undefined : value));
  let item: SidebarItem | undefined;
  let list = items;
  for (const index of (place ?? '').split('.')) {
    item = list?.[Number(index)];
    list = item?.type === 'category' ? item.items : undefined;
  }
  return JSON.stringify(item?.label ?? null);
}

/** The value a read saw, as text to hash: equal text, equal read. */
export function valueOfRead(graph: SiteGraph, read: Read): string {
  const colon = read.indexOf(':');
  if (colon < 0) return JSON.stringify(graph[read as 'feeds' | 'redirects'] ?? null);
  const collection = graph[read.slice(0, colon) as Keyed] as Record<string, unknown> | undefined;
  const [key, field, place] = read.slice(colon + 1).split(FIELD);
  if (key === '*') return JSON.stringify(Object.keys(collection ?? {}));
  if (read.startsWith('sidebars:') && field !== undefined)
    return sidebarPart(collection?.[key] as SidebarItem[] | undefined, field, place);
  const entry = collection?.[key] as Record<string, unknown> | undefined;
  if (field === undefined) return JSON.stringify(entry ?? null);
  return JSON.stringify(entry?.[field] ?? null);
}
