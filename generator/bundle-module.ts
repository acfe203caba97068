// A TypeScript module (the site's config, a theme edited in watch mode) bundled by esbuild into one
// file under .cache/ that Node imports, so no TypeScript loader runs at run time. Packages stay
// imports, resolved from the generator's own node_modules: the module shares React and zod with
// the generator instead of loading second copies. A worker thread shares nothing with the main
// thread, so its bundle takes its packages in.
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
// Packages that stay imports and the `require` CommonJS packages need, as bin/site.js bundles the CLI.
import nodeBundle from './node-bundle.json' with { type: 'json' };
import { CACHE_DIR } from './package-root.ts';

const options = (entry: string, withPackages: boolean) =>
  ({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    ...(withPackages ? { external: nodeBundle.external, banner: { js: nodeBundle.requireShim } } : { packages: 'external' as const }),
    write: false,
    logLevel: 'silent',
  }) satisfies esbuild.BuildOptions;

const fileFor = (name: string) => path.join(CACHE_DIR, `${name}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);

/** Bundles `entry` into a new file named `<name>-<pid>-…mjs` under .cache/; returns its path. */
export async function bundleModule(entry: string, name: string): Promise<string> {
  const result = await esbuild.build(options(entry, false));
  await mkdir(CACHE_DIR, { recursive: true });
  const file = fileFor(name);
  await writeFile(file, result.outputFiles[0].contents);
  return file;
}

/**
 * The same, for callers that cannot wait (a worker thread is started synchronously). `withPackages`
 * bundles the packages too, as bin/site.js does for the CLI's worker: a worker then loads one file
 * instead of resolving hundreds of package modules, which takes about 0.3 s instead of 0.8 s.
 */
export function bundleModuleSync(entry: string, name: string, withPackages = false): string {
  const result = esbuild.buildSync(options(entry, withPackages));
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = fileFor(name);
  writeFileSync(file, result.outputFiles[0].contents);
  return file;
}
