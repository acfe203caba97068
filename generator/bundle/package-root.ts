// Where the generator is installed (its theme and its node_modules), and where a site keeps what
// the generator caches for it: `.cache/` in the site's own folder, beside `content/`, never in the
// installed package. Two sites share no cache, and an engine installed read-only works.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set by bin/engine-bundle.js in the bundles it makes, which may sit in a site's .cache/engine/. */
declare const SITE_ENGINE_ROOT: string | undefined;

export const PACKAGE_ROOT =
  typeof SITE_ENGINE_ROOT === 'string' ? SITE_ENGINE_ROOT : fileURLToPath(new URL('../..', import.meta.url));

/** The cache folder of the site at `root`. */
export function cacheDirOf(root: string): string {
  return path.join(root, '.cache');
}

/** Where a bundle made of the engine's files alone (the built-in theme's) is kept: beside the
 * engine's own bundle (bin/engine-bundle.js says where), made once for every site, else in the
 * site's cache (an installed engine, or the sources run directly). */
export function engineCacheDirOf(root: string): string {
  return process.env.SITE_ENGINE_CACHE ?? cacheDirOf(root);
}
