// A TypeScript module (the site's config and UI strings) bundled by esbuild into one module that Node
// imports from the site's .cache/ (noted-bundle.ts), so no TypeScript loader runs at run time.
// Packages stay imports, each pinned to the absolute path of the file the generator itself would
// load (a site's folder holds no React or zod of its own when the engine is linked into it), so
// the module shares React and zod with the generator instead of loading second copies. The
// engine's own files, reached by a relative path or by the package's name (`import { defineConfig }
// from '<engine>'`), are bundled in. A worker thread shares nothing with the main thread, so its
// bundle takes its packages in.
import { mkdirSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Esbuild, esbuildNow, loadEsbuild } from './esbuild-module.ts';
// Packages that stay imports and the `require` CommonJS packages need, as bin/engine-bundle.js bundles the CLI.
import nodeBundle from './node-bundle.json' with { type: 'json' };
import { PACKAGE_ROOT } from './package-root.ts';

const ENGINE_SOURCES = PACKAGE_ROOT.endsWith(path.sep) ? PACKAGE_ROOT : `${PACKAGE_ROOT}${path.sep}`;
const BARE = /^[^./]/;

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));
const isEngineSource = (file: string) =>
  file.startsWith(ENGINE_SOURCES) && !file.slice(ENGINE_SOURCES.length).split(path.sep).includes('node_modules');

/** Resolves bare imports as Node would from the importing file, then keeps them imports by their
 * absolute path (so the bundle can live anywhere), or bundles them (the engine's own sources). */
export const pinnedPackages: Esbuild.Plugin = {
  name: 'pinned-packages',
  setup(build) {
    build.onResolve({ filter: BARE }, async (args) => {
      if (args.pluginData === 'pinned' || isBuiltin(args.path)) return undefined;
      let found = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'pinned',
      });
      // A file of the site (a component override, a config) may import a package the site's folder
      // does not install, React above all: the engine's copy is the one it gets.
      if (found.errors.length)
        found = await build.resolve(args.path, { kind: args.kind, resolveDir: PACKAGE_ROOT, pluginData: 'pinned' });
      // esbuild's own resolution then reports it at the import's line.
      if (found.errors.length) return undefined;
      if (isEngineSource(found.path)) return { path: found.path };
      return { path: found.path, external: true };
    });
  },
};

const common = {
  // The metafile's inputs are relative to this folder, as noted-bundle.ts resolves them: from the
  // site's folder they named files of the engine's, so a site outside it bundled again every start.
  absWorkingDir: PACKAGE_ROOT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  write: false,
  logLevel: 'silent',
} satisfies Esbuild.BuildOptions;

const fileFor = (dir: string, name: string) =>
  path.join(dir, `${name}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);

/** Bundles `entry`; gives the module's code and the files it was made of (esbuild's metafile inputs). */
export async function bundleModule(entry: string): Promise<{ contents: Uint8Array; inputs: Record<string, unknown> }> {
  const result = await (await loadEsbuild()).build({
    ...common,
    entryPoints: [entry],
    plugins: [pinnedPackages],
    metafile: true,
  });
  return { contents: result.outputFiles[0].contents, inputs: result.metafile.inputs };
}

/** Each package that stays an import of a bundle with its packages, by the absolute path of the
 * file the generator resolves it to (a package the install lacks, such as fsevents on Linux, stays
 * bare: nothing imports it there). */
function pinnedExternals(): { alias: Record<string, string>; external: string[] } {
  const alias: Record<string, string> = {};
  const external: string[] = [];
  for (const name of nodeBundle.external) {
    try {
      const file = fileURLToPath(import.meta.resolve(name));
      alias[name] = file;
      external.push(file);
    } catch {
      external.push(name);
    }
  }
  return { alias, external };
}

/**
 * The same, for callers that cannot wait (a worker thread is started synchronously), with the
 * packages bundled too, as bin/engine-bundle.js does for the CLI's worker: a worker then loads one file
 * instead of resolving hundreds of package modules, which takes about 0.3 s instead of 0.8 s.
 * esbuild's synchronous API runs no plugins: the packages that stay imports are pinned by alias.
 */
export function bundleModuleWithPackagesSync(entry: string, name: string, dir: string): string {
  const result = esbuildNow().buildSync({
    ...common,
    entryPoints: [entry],
    banner: {
      js: nodeBundle.requireShim.replace(
        '%ENGINE_PACKAGE_JSON%',
        JSON.stringify(path.join(PACKAGE_ROOT, 'package.json')),
      ),
    },
    ...pinnedExternals(),
  });
  mkdirSync(dir, { recursive: true });
  const file = fileFor(dir, name);
  writeFileSync(file, result.outputFiles[0].contents);
  return file;
}
