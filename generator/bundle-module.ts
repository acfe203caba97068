// A TypeScript module (the site's config, a theme edited in watch mode) bundled by esbuild into one
// file under .cache/ that Node imports, so no TypeScript loader runs at run time. Packages stay
// imports, resolved from the generator's own node_modules: the module shares React and zod with
// the generator instead of loading second copies.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { CACHE_DIR } from './package-root.ts';

/** Bundles `entry` into a new file named `<name>-<pid>-…mjs` under .cache/; returns its path. */
export async function bundleModule(entry: string, name: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  await mkdir(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, `${name}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);
  await writeFile(file, result.outputFiles[0].contents);
  return file;
}
