// The engine's programmatic API (`import { build, check } from 'sitesmith/api'`): what `site build`
// and `site check` do, for a script or a tool, with the result as data instead of printed lines.
import path from 'node:path';
import { type BuildResult, formatDiagnostic, runBuild } from '../generator/build/build.ts';
import { type CheckOptions, runCheck } from './check.ts';

export type { Diagnostic } from '../generator/types.ts';
export type { BuildResult, CheckOptions };
export { formatDiagnostic };

export interface BuildOptions {
  /** The site's folder (config/, content/, i18n/, public/); the current folder by default. */
  root?: string;
  /** Where the build is published, relative to `root`: `build` by default. */
  outDir?: string;
}

/** `site build`: builds a new generation and publishes it as `<outDir>`; `ok` is false (and nothing
 * is published) when any diagnostic is an error. */
export function build(options: BuildOptions = {}): Promise<BuildResult> {
  const root = path.resolve(options.root ?? '.');
  return keepingAlive(runBuild({ root, mode: 'build', outDir: options.outDir ?? 'build' }));
}

/** `site check`: loads, validates and renders everything in memory and writes nothing. */
export function check(options: CheckOptions & { root?: string } = {}): Promise<BuildResult> {
  const { root, ...rest } = options;
  return keepingAlive(runCheck(path.resolve(root ?? '.'), rest));
}

/** The worker threads do not keep a process alive (a finished build must not wait for them), so a
 * script whose only work is awaiting the build would end in the middle of it: a timer holds it. */
async function keepingAlive<T>(work: Promise<T>): Promise<T> {
  const timer = setInterval(() => undefined, 60_000);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}
