// The theme the render stage uses. A build uses theme/index.ts as imported with the generator;
// after an edit to theme/, `site serve --watch` bundles the theme afresh with esbuild into a
// temporary module (as config-file.ts does with the config) and renders with that, so edited
// components show without a restart. Packages stay imports, so React is the generator's own.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as builtIn from '../theme/index.ts';
import { cacheDirOf, PACKAGE_ROOT } from './package-root.ts';
import { bundleModule } from './bundle-module.ts';

export type ThemeModule = Pick<typeof builtIn, 'renderPageHtml' | 'colorModeScript'>;

export const THEME_DIR = path.join(PACKAGE_ROOT, 'theme');

const loaded = new Map<string, Promise<ThemeModule>>();

/** Bundles theme/ as it is on disk now into the .cache/ of the site at `root`; returns the module's file, for `themeAt`. */
export async function bundleTheme(root: string, entry = path.join(THEME_DIR, 'index.ts')): Promise<string> {
  const dir = cacheDirOf(root);
  const file = await bundleModule(entry, 'theme', dir);
  // The bundles of earlier edits are of no further use: every build renders with the newest.
  for (const old of await readdir(dir)) {
    if (old.startsWith(`theme-${process.pid}-`) && path.join(dir, old) !== file) await rm(path.join(dir, old), { force: true });
  }
  return file;
}

/** The theme of a render setup: a bundle from `bundleTheme`, or the one imported with the generator. */
export function themeAt(file: string | undefined): Promise<ThemeModule> {
  if (!file) return Promise.resolve(builtIn);
  let theme = loaded.get(file);
  if (!theme) {
    theme = import(pathToFileURL(file).href) as Promise<ThemeModule>;
    loaded.set(file, theme);
  }
  return theme;
}
