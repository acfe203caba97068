// Where the generator is installed: its theme, its node_modules and its cache live there, whatever
// the root of the site being built. Also right inside the bundle bin/site.js writes to .cache/,
// one folder below the root.
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CACHE_DIR = fileURLToPath(new URL('../.cache/', import.meta.url));
