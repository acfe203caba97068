// Packages a site names in its config (a theme, a font) are the site's: found from its folder as
// Node finds them (node_modules of the folder or one above), then among the engine's own.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from './package-root.ts';

/** The folder of package `name` as the site at `root` sees it, if it is installed. */
export function sitePackageDir(root: string, name: string): string | undefined {
  for (const start of [path.resolve(root), PACKAGE_ROOT]) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', name);
      if (existsSync(path.join(candidate, 'package.json'))) return candidate;
      if (path.dirname(dir) === dir) break;
    }
  }
  return undefined;
}
