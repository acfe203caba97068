// The theme the config names, found, bundled and loaded through the theme contract
// (theme-contract.ts). As VitePress takes the theme a site's .vitepress/theme exports, the config's
// `theme` names a folder of the site (`./theme`, its index.ts/tsx/js) or an npm package; without
// it, the engine's built-in theme/ renders. The theme is bundled by esbuild into one module under
// .cache/ named by the hash of its code, so a build renders with exactly the code on disk,
// `site serve --watch` takes a fresh bundle after an edit, and the output store sees a theme edit
// as a new version. Packages stay imports, so React is the engine's own.
//
// Component overrides (`components: { Footer: './components/Footer.tsx' }`) are applied while
// bundling, as Starlight's are: an import in the theme of its file named `Footer` resolves to the
// site's file instead, in the server bundle and the browser bundle alike; the site's file reaches
// the theme's own files, the original among them, as `@theme/<path>`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pinnedPackages } from '../bundle/bundle-module.ts';
import { type Esbuild, esbuildVersion, loadEsbuild } from '../bundle/esbuild-module.ts';
import { bundledOnce, bundleNote } from '../bundle/noted-bundle.ts';
import { cacheDirOf, engineCacheDirOf, PACKAGE_ROOT } from '../bundle/package-root.ts';
import { sitePackageDir } from '../bundle/site-package.ts';
import type { SiteConfig } from '../config/config.ts';
import { CONFIG_FILE } from '../config/config.ts';
import type { ConfigFile } from '../config/config-links.ts';
import { type KeyPath, locateConfig } from '../config/config-locations.ts';
import { closestKey } from '../diagnostics/closest-key.ts';
import { type Diagnosis, diagnosis } from '../diagnostics/diagnostic-rules.ts';
import type { Diagnostic } from '../types.ts';
import type { PageRenderers, Theme } from './theme-contract.ts';

/** The engine's own theme, which renders a site whose config names none. */
export const BUILT_IN_THEME_DIR = path.join(PACKAGE_ROOT, 'theme');
/** The built-in theme as `resolveTheme` gives it for a config that names no theme and overrides nothing. */
export const BUILT_IN_THEME: ResolvedTheme = {
  dir: BUILT_IN_THEME_DIR,
  entry: path.join(BUILT_IN_THEME_DIR, 'index.ts'),
  overrides: {},
};
const ENTRY_NAMES = ['index.ts', 'index.tsx', 'index.js', 'index.mjs'];
const SOURCE = /\.(tsx|ts|jsx|js|mjs)$/;
/** The kinds of page a theme renders, one key each of PageRenderers: a kind the graph gains that is
 * missing here does not compile. */
const RENDERED_KINDS: Record<keyof PageRenderers, true> = {
  doc: true,
  category: true,
  post: true,
  'post-list': true,
  archive: true,
  tags: true,
  authors: true,
  'not-found': true,
};
const PAGE_KINDS = Object.keys(RENDERED_KINDS) as (keyof PageRenderers)[];

export interface ResolvedTheme {
  /** The theme's folder: its `files` and `@theme/` imports are relative to it. */
  dir: string;
  entry: string;
  /** Overridden components by name, each the absolute path of the site's file. */
  overrides: Record<string, string>;
}

function entryIn(dir: string): string | undefined {
  return ENTRY_NAMES.map((name) => path.join(dir, name)).find((file) => existsSync(file));
}

/** Every module file of the theme by its name without extension: the names a site may override. */
export function componentNames(dir: string): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/^[A-Z]\w*\.(tsx|jsx)$/.test(entry.name)) names.set(entry.name.replace(SOURCE, ''), file);
    }
  };
  visit(dir);
  return names;
}

/** Where the config's theme and its component overrides are; problems name the config's key. */
export function resolveTheme(
  root: string,
  config: Pick<SiteConfig, 'theme' | 'components'>,
  files: ConfigFile[] = [],
): { theme?: ResolvedTheme; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let key: KeyPath = ['theme'];
  const problem = (says: Diagnosis) =>
    diagnostics.push({ ...(locateConfig(files, key) ?? { file: CONFIG_FILE }), ...says });
  let dir = BUILT_IN_THEME_DIR;
  let entry: string | undefined = path.join(dir, 'index.ts');
  const spec = config.theme;
  if (spec && (spec.startsWith('.') || path.isAbsolute(spec))) {
    const target = path.resolve(root, spec);
    const isFile = existsSync(target) && statSync(target).isFile();
    dir = isFile ? path.dirname(target) : target;
    entry = isFile ? target : existsSync(target) ? entryIn(target) : undefined;
    if (!entry)
      problem(
        diagnosis('config', 'themeNoEntry', {
          spec,
          folderExists: existsSync(target),
          entries: [...ENTRY_NAMES],
          at: path.relative(root, target) || '.',
        }),
      );
  } else if (spec) {
    const folder = sitePackageDir(root, spec);
    if (!folder) {
      entry = undefined;
      problem(diagnosis('config', 'themeNotInstalled', { spec }));
    } else {
      dir = folder;
      try {
        entry = createRequire(path.join(root, 'package.json')).resolve(spec);
      } catch {
        entry = entryIn(folder);
      }
      if (!entry) problem(diagnosis('config', 'themeNoModule', { spec }));
    }
  }
  if (!entry) return { diagnostics };
  const known = componentNames(dir);
  const overrides: Record<string, string> = {};
  for (const [name, file] of Object.entries(config.components)) {
    key = ['components', name];
    const target = path.resolve(root, file);
    if (!known.has(name)) {
      const near = closestKey(name, [...known.keys()]);
      problem(diagnosis('config', 'unknownComponent', { name, known: [...known.keys()].sort(), suggestion: near }));
    } else if (!existsSync(target)) {
      problem(diagnosis('config', 'componentMissing', { name, file }));
    } else overrides[name] = target;
  }
  return { theme: { dir, entry, overrides }, diagnostics };
}

function sourceFile(base: string): string | undefined {
  if (existsSync(base) && statSync(base).isFile()) return base;
  return ['.tsx', '.ts', '.jsx', '.js'].map((ext) => base + ext).find((file) => existsSync(file));
}

/** The esbuild plugin that applies the overrides and answers `@theme/` imports; both bundles use it. */
export function themePlugin(theme: ResolvedTheme): Esbuild.Plugin {
  const inTheme = (file: string) => file.startsWith(`${theme.dir}${path.sep}`);
  return {
    name: 'site-theme',
    setup(build) {
      build.onResolve({ filter: /^@theme\// }, (args) => {
        const file = sourceFile(path.join(theme.dir, args.path.slice('@theme/'.length)));
        return file ? { path: file } : { errors: [{ text: `${args.path}: no such file in the theme (${theme.dir})` }] };
      });
      if (!Object.keys(theme.overrides).length) return;
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        // Only the theme's own imports are redirected: the site's file may import the original.
        if (!inTheme(args.importer)) return undefined;
        const target = sourceFile(path.resolve(args.resolveDir, args.path));
        if (!target || !inTheme(target)) return undefined;
        const override = theme.overrides[path.basename(target).replace(SOURCE, '')];
        return override ? { path: override } : undefined;
      });
    },
  };
}

/** Bundles the theme for Node into the site's .cache/ (noted-bundle.ts): while none of the files it
 * was made of changed, the next build takes the bundle as it is, without running esbuild. The
 * built-in theme without overrides is the engine's code alone: its bundle is kept with the
 * engine's, so a site's first build or dev server (an empty .cache/) does not wait for it. */
export async function bundleTheme(root: string, theme: ResolvedTheme): Promise<string> {
  const engineOnly = theme.dir === BUILT_IN_THEME_DIR && !Object.keys(theme.overrides).length;
  const note = bundleNote(engineOnly ? engineCacheDirOf(root) : cacheDirOf(root), 'theme', [theme, esbuildVersion()]);
  return bundledOnce(note, async () => {
    const esbuild = await loadEsbuild();
    const result = await esbuild.build({
      absWorkingDir: PACKAGE_ROOT,
      entryPoints: [theme.entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      // Packages stay imports, pinned to the engine's own copies: the bundle lives in the site's
      // folder, which may have no React of its own.
      plugins: [themePlugin(theme), pinnedPackages],
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    return { contents: result.outputFiles[0].contents, inputs: result.metafile.inputs };
  });
}

const loaded = new Map<string, Promise<Theme>>();

/** The theme a bundle from `bundleTheme` default-exports, checked against the contract's shape. */
export function themeAt(file: string): Promise<Theme> {
  let theme = loaded.get(file);
  if (!theme) {
    theme = import(pathToFileURL(file).href).then((module: { default?: Partial<Theme> }) =>
      checkedTheme(module.default),
    );
    loaded.set(file, theme);
  }
  return theme;
}

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkedTheme(theme: Partial<Theme> | undefined): Theme {
  const hint =
    'a theme default-exports { pages, layouts, strings, colorModeScript, files } (generator/theming/theme-contract.ts)';
  if (!theme || typeof theme !== 'object') throw new Error(`the theme has no default export: ${hint}`);
  const missing = [
    ...(typeof theme.colorModeScript === 'function' ? [] : ['colorModeScript']),
    ...(theme.files &&
    ['client', 'styles'].every((k) => typeof theme.files![k as keyof Theme['files']] === 'string') &&
    ['undefined', 'string'].includes(typeof theme.files.islands)
      ? []
      : ['files']),
    ...PAGE_KINDS.filter((kind) => typeof theme.pages?.[kind] !== 'function').map((kind) => `pages['${kind}']`),
    ...(theme.layouts &&
    typeof theme.layouts === 'object' &&
    Object.values(theme.layouts).every((render) => typeof render === 'function')
      ? []
      : ['layouts']),
    // Its strings by locale (an object of objects; `{}` for a theme whose components have no words).
    ...(isObject(theme.strings) && Object.values(theme.strings).every(isObject) ? [] : ['strings']),
    ...(theme.config === undefined ||
    typeof (theme.config?.schema as { safeParse?: unknown } | undefined)?.safeParse === 'function'
      ? []
      : ['config.schema']),
  ];
  if (missing.length) throw new Error(`the theme gives no ${missing.join(', ')}: ${hint}`);
  return theme as Theme;
}
