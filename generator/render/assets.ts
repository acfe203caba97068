// The client bundle and the stylesheet of the theme (its contract's `files`), built by esbuild with
// content-hashed names. The site's component overrides apply here as in the server bundle
// (theme-loader.ts), and the stylesheet's `@import "site:design"` is answered with the config's
// design as CSS (design-css.ts).
import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Esbuild, esbuildVersion, loadEsbuild } from '../bundle/esbuild-module.ts';
import { removeStale } from '../bundle/noted-bundle.ts';
import { PACKAGE_ROOT } from '../bundle/package-root.ts';
import { DESIGN_IMPORT } from '../config/design-css.ts';
import { hashOf } from '../content-hash.ts';
import type { Assets, ThemeFiles } from '../theming/theme-contract.ts';
import { type ResolvedTheme, themePlugin } from '../theming/theme-loader.ts';
import { stampOf, unchangedSince } from '../write/file-stamp.ts';
import { writeWhole } from '../write/whole-file.ts';

/** Every face the stylesheet declares is on every page above the fold (text, headings, the mono
 * eyebrows and sidebar titles), and with `font-display: optional` one that misses the first paint
 * is not used on that page: all are preloaded. */
const PRELOADED_FONT = /\.woff2$/;

/** This file (or the engine's bundle holding it), part of a kept bundle's name: a bundle made by
 * other code than this (an engine upgrade, an edit to it) is made again. */
const BUNDLER = fileURLToPath(import.meta.url);

function islandEntries(dir: string): Record<string, string> {
  const files = readdirSync(dir).filter((f) => f.endsWith('.tsx'));
  return Object.fromEntries(files.map((f) => [`islands/${f.slice(0, -'.tsx'.length)}`, path.join(dir, f)]));
}

/** Answers the stylesheet's `@import "site:design"`. */
function designPlugin(css: string): Esbuild.Plugin {
  return {
    name: 'site-design',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${DESIGN_IMPORT}$`) }, () => ({
        path: DESIGN_IMPORT,
        namespace: 'site-design',
      }));
      build.onLoad({ filter: /.*/, namespace: 'site-design' }, () => ({
        contents: css,
        loader: 'css',
        resolveDir: PACKAGE_ROOT,
      }));
    },
  };
}

export interface BuiltAssets {
  assets: Omit<Assets, 'colorModeScript'>;
  /** Output path (relative to the site root, no leading slash) and bytes. */
  files: { path: string; contents: Uint8Array }[];
}

type Made = { built: BuiltAssets; inputs: Record<string, string | undefined> };

/** Bundles made in this process, by theme, files and design, with the stamps of the files each was
 * made of: a process that builds one site after another (the dev server, the programmatic API, a
 * test run) bundles a theme again only when one of its files changed. With `cacheDir` (the site's
 * .cache/) the bundle is also kept there for the next process: a start with nothing changed runs
 * no bundler. */
const made = new Map<string, Promise<Made>>();

export async function buildAssets(
  theme: ResolvedTheme,
  themeFiles: ThemeFiles,
  designCss: string,
  cacheDir?: string,
): Promise<BuiltAssets> {
  const islands = themeFiles.islands ? islandEntries(path.join(theme.dir, themeFiles.islands)) : {};
  const key = JSON.stringify([theme, themeFiles, islands, designCss]);
  const known = await made.get(key)?.catch(() => undefined);
  if (known && unchangedSince(known.inputs)) return known.built;
  const note =
    cacheDir &&
    path.join(
      cacheDir,
      `client-${hashOf(JSON.stringify([key, esbuildVersion(), BUNDLER, stampOf(BUNDLER)])).slice(0, 16)}.json`,
    );
  const kept = note ? keptAssets(note) : undefined;
  const bundled =
    kept && unchangedSince(kept.inputs)
      ? Promise.resolve(kept)
      : bundleAssets(theme, themeFiles, islands, designCss).then(async (fresh) =>
          note ? keepAssets(note, fresh) : fresh,
        );
  made.set(key, bundled);
  bundled.catch(() => made.delete(key));
  return (await bundled).built;
}

/** The bundle kept in `note` by an earlier process, or nothing when it is missing or unreadable. */
function keptAssets(note: string): Made | undefined {
  try {
    const kept = JSON.parse(readFileSync(note, 'utf8')) as {
      built: { assets: BuiltAssets['assets']; files: { path: string; base64: string }[] };
      inputs: Made['inputs'];
    };
    const now = new Date();
    utimesSync(note, now, now);
    return {
      built: {
        assets: kept.built.assets,
        files: kept.built.files.map((f) => ({
          path: f.path,
          contents: new Uint8Array(Buffer.from(f.base64, 'base64')),
        })),
      },
      inputs: kept.inputs,
    };
  } catch {
    return undefined;
  }
}

async function keepAssets(note: string, fresh: Made): Promise<Made> {
  // A bundle with a file written while esbuild ran is not kept: the next start bundles again.
  if (!Object.values(fresh.inputs).every((stamp) => stamp !== undefined)) return fresh;
  const files = fresh.built.files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString('base64') }));
  try {
    await mkdir(path.dirname(note), { recursive: true });
    await writeWhole(note, JSON.stringify({ built: { assets: fresh.built.assets, files }, inputs: fresh.inputs }));
    await removeStale(path.dirname(note), 'client', [note]);
  } catch {
    // A cache that cannot be written only costs the next start a bundling.
  }
  return fresh;
}

async function bundleAssets(
  theme: ResolvedTheme,
  themeFiles: ThemeFiles,
  islands: Record<string, string>,
  designCss: string,
): Promise<{ built: BuiltAssets; inputs: Record<string, string | undefined> }> {
  const started = Date.now();
  // Output paths are relative to this folder: `assets/<name>.<hash>`.
  const root = PACKAGE_ROOT;
  const client = path.join(theme.dir, themeFiles.client);
  const styles = path.join(theme.dir, themeFiles.styles);
  const esbuild = await loadEsbuild();
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { app: client, site: styles, ...islands },
    plugins: [themePlugin(theme), designPlugin(designCss)],
    // A site's override or theme package imports React and the rest as the engine has them.
    nodePaths: [path.join(PACKAGE_ROOT, 'node_modules')],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    target: ['es2022', 'chrome110', 'firefox115', 'safari16'],
    outdir: 'assets',
    entryNames: '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    assetNames: '[name].[hash]',
    loader: { '.woff2': 'file', '.woff': 'file', '.svg': 'file' },
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const files = withoutUnusedHelperImports(
    result.outputFiles.map((f) => ({
      path: path.relative(root, f.path).split(path.sep).join('/'),
      contents: f.contents,
    })),
    result.metafile,
  );
  const find = (entry: string) => {
    const out = Object.entries(result.metafile.outputs).find(
      ([, meta]) => meta.entryPoint !== undefined && path.resolve(root, meta.entryPoint) === entry,
    );
    if (!out) throw new Error(`esbuild produced no output for ${entry}`);
    return `/${out[0]}`;
  };
  const islandAssets = Object.fromEntries(
    Object.entries(islands).map(([name, entry]) => [name.slice('islands/'.length), find(entry)]),
  );
  const fonts = Object.keys(result.metafile.outputs)
    .filter((out) => PRELOADED_FONT.test(path.basename(out)))
    .map((out) => `/${out}`);
  const js = find(client);
  const jsImports = result.metafile.outputs[js.slice(1)].imports
    .filter((i) => i.kind === 'import-statement')
    .map((i) => `/${i.path}`);
  // A file written while esbuild ran may be in the bundle as it was before: it gets no stamp, so
  // the next call bundles again.
  const inputs = Object.fromEntries(
    Object.keys(result.metafile.inputs)
      .filter((input) => !input.includes(':'))
      .map((input) => path.resolve(root, input))
      .map((input) => [
        input,
        (statSync(input, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= started ? undefined : stampOf(input),
      ]),
  );
  return {
    built: { assets: { js, jsImports, css: find(styles), fonts, islands: islandAssets, assetFiles: {} }, files },
    inputs,
  };
}

/** The bundle with the theme's `assetFiles` among its files, each named by the hash of its text
 * as esbuild names the others (`icons.svg` as `assets/icons.<hash>.svg`). */
export function withAssetFiles(built: BuiltAssets, assetFiles: Record<string, string> = {}): BuiltAssets {
  const named = Object.entries(assetFiles).map(([name, text]) => {
    if (!/^[\w-]+\.\w+$/.test(name)) throw new Error(`the theme's assetFiles name "${name}" is no plain file name`);
    const dot = name.lastIndexOf('.');
    const hashed = `assets/${name.slice(0, dot)}.${hashOf(text).slice(0, 8).toUpperCase()}${name.slice(dot)}`;
    return { name, path: hashed, contents: new Uint8Array(Buffer.from(text)) };
  });
  return {
    assets: { ...built.assets, assetFiles: Object.fromEntries(named.map((f) => [f.name, `/${f.path}`])) },
    files: [
      ...built.files.filter((f) => !named.some((n) => n.path === f.path)),
      ...named.map(({ path, contents }) => ({ path, contents })),
    ],
  };
}

// esbuild puts its own helpers (`__commonJS`, `__toESM`: what the islands need to load React's
// CommonJS) in a chunk of their own, and with code splitting it imports that chunk from every
// entry point and chunk, whether or not they use a helper (evanw/esbuild#1892). On this site that
// was one request and 0.36 KB gzip on every page for code only the islands run. Such an import
// names nothing (`import"./chunk.X.js";`) and the chunk has no side effect, so it goes.
/** Chunks made of esbuild's helpers only: the metafile lists no input of the project in them. */
function helperChunks(metafile: Esbuild.Metafile): Set<string> {
  const chunks = Object.entries(metafile.outputs).filter(
    ([out, meta]) => out.endsWith('.js') && meta.entryPoint === undefined && Object.keys(meta.inputs).length === 0,
  );
  return new Set(chunks.map(([out]) => out));
}

/** The files with every import of a helpers-only chunk that imports no name removed, and the metafile's import lists to match. */
export function withoutUnusedHelperImports(
  files: BuiltAssets['files'],
  metafile: Esbuild.Metafile,
): BuiltAssets['files'] {
  const helpers = helperChunks(metafile);
  if (helpers.size === 0) return files;
  return files.map((file) => {
    const meta = metafile.outputs[file.path];
    if (!meta || !file.path.endsWith('.js')) return file;
    const text = Buffer.from(file.contents).toString('utf8');
    let kept = text;
    for (const helper of helpers) {
      const specifier = `"./${path.posix.basename(helper)}"`;
      const bare = `import${specifier};`;
      if (!kept.includes(bare)) continue;
      kept = kept.replace(bare, '');
      // Still imported for a name (the islands): the chunk stays in the file's imports.
      if (!kept.includes(specifier)) meta.imports = meta.imports.filter((i) => i.path !== helper);
    }
    return kept === text ? file : { path: file.path, contents: Buffer.from(kept) };
  });
}
