// What the browser runtime needs from the build, embedded in every page as JSON: the UI strings of
// its states (loading, crash, image errors) in the page's locale, and the analytics settings. In
// the page rather than in the bundle, so the bundle stays the same for every locale and every site.
// The shape and the element's id are the browser's side of the contract (client/runtime-data.ts).

import { servedPath } from '../common/served-url.ts';
import type { RuntimeData } from './client/runtime-data.ts';
import type { ThemeContext } from './context.ts';

export { ISLAND_TYPE, RUNTIME_DATA_ID } from './client/runtime-data.ts';

export function runtimeDataOf(ctx: Pick<ThemeContext, 'config' | 't'>): RuntimeData {
  const { config, t } = ctx;
  const analytics = config.analytics;
  return {
    title: config.title,
    delimiter: config.titleDelimiter,
    strings: { loading: t.loading, crash: t.crash, image: t.image, code: t.code },
    // Only under a subpath: a site at `/` writes the same bytes as before there was a baseUrl.
    ...(config.baseUrl !== '/' ? { base: config.baseUrl } : {}),
    analytics: analytics && {
      script: servedPath(config, analytics.script),
      endpoint: servedPath(config, analytics.endpoint),
      domain: new URL(config.url).hostname,
      localDomain: analytics.localDomain,
    },
  };
}

/** JSON that is safe inside a <script> element. */
export function runtimeDataJson(ctx: Pick<ThemeContext, 'config' | 't'>): string {
  return JSON.stringify(runtimeDataOf(ctx)).replace(/</g, '\\u003c');
}
