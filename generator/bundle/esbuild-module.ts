// esbuild is loaded when something has to be bundled, not whenever the engine starts: a command
// that finds its bundles made (the dev server's first page, a build after an edit) does not pay for
// loading it. Its version, part of the keys of what it made, is read from its package.json.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Esbuild from 'esbuild';
import { PACKAGE_ROOT } from './package-root.ts';

export type { Esbuild };

let loaded: Promise<typeof Esbuild> | undefined;

/** esbuild, imported on first use. */
export function loadEsbuild(): Promise<typeof Esbuild> {
  return (loaded ??= import('esbuild'));
}

const engineRequire = () => createRequire(path.join(PACKAGE_ROOT, 'package.json'));

/** esbuild for callers that cannot wait (generator/bundle/bundle-module.ts's synchronous bundle). */
export function esbuildNow(): typeof Esbuild {
  return engineRequire()('esbuild') as typeof Esbuild;
}

let version: string | undefined;

/** The version of the engine's esbuild, without loading it. */
export function esbuildVersion(): string {
  return (version ??= (engineRequire()('esbuild/package.json') as { version: string }).version);
}
