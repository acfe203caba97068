// Docs versions Docusaurus served besides the one imported (`/docs/next/`, `/docs/2.1/`): the engine
// has one docs version, so each of their pages gets a redirect to its nearest page here: the same
// doc (by Docusaurus's doc id), else the page at the same path, else the nearest folder that has
// pages here, else the section's own page.
import { type ImportedPage, targetRoute } from './site-map.ts';

export type Nearness = 'same doc' | 'same path' | 'folder' | 'section';

export interface Nearest {
  to: string;
  how: Nearness;
}

const parentOf = (target: string) => target.replace(/\/?[^/]*$/, '');

/** The nearest folder (`guides/advanced`, '' for the section) that holds pages here, at or above `dir`. */
export function nearestFolder(dir: string, imported: ImportedPage[], section: string): Nearest {
  for (let d = dir; d; d = parentOf(d)) {
    if (imported.some((p) => p.place.target.startsWith(`${d}/`)))
      return { to: `/${section}/${d}/`, how: d === dir ? 'same path' : 'folder' };
  }
  return { to: `/${section}/`, how: 'section' };
}

/** Where a page of another version goes here; `idOf` gives Docusaurus's doc id of a page. */
export function nearestPage(
  page: ImportedPage,
  imported: ImportedPage[],
  section: string,
  idOf: (p: ImportedPage) => string,
): Nearest {
  const id = idOf(page);
  const same = imported.find((p) => idOf(p) === id);
  if (same) return { to: targetRoute(same), how: 'same doc' };
  const at = imported.find((p) => p.place.target === page.place.target);
  if (at) return { to: targetRoute(at), how: 'same path' };
  const folder = nearestFolder(parentOf(page.place.target.replace(/\/index$/, '')), imported, section);
  return folder.how === 'same path' ? { ...folder, how: 'folder' } : folder;
}
