// Which parts of the site graph a page's render looked at. A production build keeps them with the
// rendered page; the next build hashes just those parts to decide whether the page is still the
// same, so a title edit re-renders the pages that show the title (sidebars, lists, links labelled
// by their target), not the whole site. Rendering is a pure function of what it reads, so equal
// reads give equal pages.
import type { SiteGraph } from '../types.ts';

/** The collections of the graph a theme looks things up in, by key. */
const KEYED = [
  'pages',
  'documents',
  'links',
  'sidebars',
  'authors',
  'tags',
  'versions',
  'notFound',
  'sectionTitles',
  'titleUses',
] as const;
type Keyed = (typeof KEYED)[number];

/** `pages:/en/docs/`, `sidebars:*` (the list of sidebars was enumerated), `feeds` (a whole list). */
export type Read = string;

export function recordingGraph(graph: SiteGraph): { graph: SiteGraph; reads: Set<Read> } {
  const reads = new Set<Read>();
  const view = { ...graph } as SiteGraph;
  for (const name of KEYED) {
    const target = graph[name] as Record<string, unknown>;
    (view as unknown as Record<Keyed, unknown>)[name] = new Proxy(target, {
      get(t, key, receiver) {
        const value = Reflect.get(t, key, receiver) as unknown;
        if (typeof key !== 'string') return value;
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

/** The value a read saw, as text to hash: equal text, equal read. */
export function valueOf(graph: SiteGraph, read: Read): string {
  const colon = read.indexOf(':');
  if (colon < 0) return JSON.stringify(graph[read as 'feeds' | 'redirects'] ?? null);
  const collection = graph[read.slice(0, colon) as Keyed] as Record<string, unknown> | undefined;
  const [key, field] = read.slice(colon + 1).split(FIELD);
  if (key === '*') return JSON.stringify(Object.keys(collection ?? {}));
  const entry = collection?.[key] as Record<string, unknown> | undefined;
  if (field === undefined) return JSON.stringify(entry ?? null);
  return JSON.stringify(entry?.[field] ?? null);
}
