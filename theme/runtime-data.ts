// What the browser runtime needs from the build, embedded in every page as JSON: the UI strings of
// its states (loading, crash, image errors) in the page's locale, and the analytics settings. In
// the page rather than in the bundle, so the bundle stays the same for every locale and every site.
import type { ThemeContext } from './context.ts';

export const RUNTIME_DATA_ID = 'site-runtime';

/** The type of an island's script tag: a data block the browser neither fetches nor runs, naming
 * the island's module in `data-src` (a data block may not have `src`), which the runtime imports
 * after the page has loaded (theme/client/navigation/apply.ts). */
export const ISLAND_TYPE = 'text/x-site-island';

export interface RuntimeData {
  /** Site title and delimiter, for the crash page's document title. */
  title: string;
  delimiter: string;
  strings: {
    loading: ThemeContext['t']['loading'];
    crash: ThemeContext['t']['crash'];
    image: ThemeContext['t']['image'];
  };
  analytics?: {
    script: string;
    endpoint: string;
    /** The domain events are recorded for: the site's host, or the local domain on a local host. */
    domain: string;
    localDomain: string;
  };
}

export function runtimeDataOf(ctx: Pick<ThemeContext, 'config' | 't'>): RuntimeData {
  const { config, t } = ctx;
  const analytics = config.analytics;
  return {
    title: config.title,
    delimiter: config.titleDelimiter,
    strings: { loading: t.loading, crash: t.crash, image: t.image },
    analytics: analytics && {
      script: analytics.script,
      endpoint: analytics.endpoint,
      domain: new URL(config.url).hostname,
      localDomain: analytics.localDomain,
    },
  };
}

/** JSON that is safe inside a <script> element. */
export function runtimeDataJson(ctx: Pick<ThemeContext, 'config' | 't'>): string {
  return JSON.stringify(runtimeDataOf(ctx)).replace(/</g, '\\u003c');
}
