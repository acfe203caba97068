// The page's runtime data (strings of the runtime's states, analytics settings), written by the
// build into every page as JSON (theme/runtime-data.ts).
import type { Strings as Messages } from '../strings.ts';

export const RUNTIME_DATA_ID = 'site-runtime';

/** The type of an island's script tag: a data block the browser neither fetches nor runs, naming
 * the island's module in `data-src` (a data block may not have `src`), which the runtime imports
 * when the visitor reaches for the island (theme/client/navigation/apply.ts). */
export const ISLAND_TYPE = 'text/x-site-island';

export interface RuntimeData {
  /** Site title and delimiter, for the crash page's document title. */
  title: string;
  delimiter: string;
  strings: {
    loading: Messages['loading'];
    crash: Messages['crash'];
    image: Messages['image'];
    code: Messages['code'];
  };
  /** The site's baseUrl, where it is not `/`: the runtime navigates within it only. */
  base?: string;
  analytics?: {
    script: string;
    endpoint: string;
    /** The domain events are recorded for: the site's host, or the local domain on a local host. */
    domain: string;
    localDomain: string;
  };
}

let base: string | undefined;

/** The path the site is served under (`/` or `/docs/`): the same for every page of it, so read once. */
export function siteBase(): string {
  return (base ??= runtimeData()?.base ?? '/');
}

export function runtimeData(doc: Document = document): RuntimeData | undefined {
  const text = doc.getElementById(RUNTIME_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as RuntimeData;
  } catch (error) {
    console.warn('The page carries unreadable runtime data; continuing without it.', error);
    return undefined;
  }
}
