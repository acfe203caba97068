// A TypeScript module (the site's config, a theme edited in watch mode) bundled by esbuild into one
// file under .cache/ that Node imports, so no TypeScript loader runs at run time. Packages stay
// imports, resolved from the generator's own node_modules: the module shares React and zod with
// the generator instead of loading second copies.
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { CACHE_DIR } from './package-root.ts';

const options = (entry: string) =>
  ({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  }) satisfies esbuild.BuildOptions;

const fileFor = (name: string) => path.join(CACHE_DIR, `${name}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);

/** Bundles `entry` into a new file named `<name>-<pid>-…mjs` under .cache/; returns its path. */
export async function bundleModule(entry: string, name: string): Promise<string> {
  const result = await esbuild.build(options(entry));
  await mkdir(CACHE_DIR, { recursive: true });
  const file = fileFor(name);
  await writeFile(file, result.outputFiles[0].contents);
  return file;
}

/** The same, for callers that cannot wait (a worker thread is started synchronously). */
export function bundleModuleSync(entry: string, name: string): string {
  const result = esbuild.buildSync(options(entry));
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = fileFor(name);
  writeFileSync(file, result.outputFiles[0].contents);
  return file;
}
