// Reading `config/site.config.ts` (and the site's `i18n/<locale>.ts`): the file and everything it imports, bundled by esbuild into one
// module kept in the site's .cache/ until one of those files changes (noted-bundle.ts), and imported
// from there. No TypeScript loader is needed at run time, a syntax error comes with its line, and
// each import is a fresh module, so watch mode sees an edited config. The schema it is checked
// against is in config.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import { messageOf } from '../../common/error-message.ts';
import { bundleModule } from '../bundle/bundle-module.ts';
import { esbuildVersion } from '../bundle/esbuild-module.ts';
import { bundledOnce, bundleNote } from '../bundle/noted-bundle.ts';
import { cacheDirOf } from '../bundle/package-root.ts';
import { type Diagnosis, diagnosis, diagnostic } from '../diagnostics/diagnostic-rules.ts';
import type { Diagnostic } from '../types.ts';
import { CONFIG_FILE, type ConfigResult, validateConfig } from './config.ts';
import type { ConfigFile } from './config-links.ts';

export async function loadConfig(root: string): Promise<ConfigResult> {
  const file = path.join(root, CONFIG_FILE);
  if (!existsSync(file)) {
    return { diagnostics: [diagnostic({ file: CONFIG_FILE }, 'config', 'missing')] };
  }
  const loaded = await importSiteModule(root, file, CONFIG_FILE, (cause) =>
    diagnosis('config', 'notLoaded', { cause }),
  );
  if ('diagnostics' in loaded) return { diagnostics: loaded.diagnostics };
  return validateConfig(loaded.value, readConfigFiles(root));
}

/** A TypeScript file of the site (config, UI strings) and its default export, or a diagnostic at
 * the line esbuild or the module stumbled on. */
export async function importSiteModule(
  root: string,
  file: string,
  id: string,
  says: (cause: string) => Diagnosis,
): Promise<{ value: unknown } | { diagnostics: Diagnostic[] }> {
  try {
    return { value: await importTypeScript(root, file) };
  } catch (error) {
    return { diagnostics: [bundleFailure(root, error, id, says, root)] };
  }
}

/** What esbuild (or the import of what it made) stumbled on, at its file, line and column, said by
 * `says` from the cause; `base` is the folder esbuild's paths are relative to. */
export function bundleFailure(
  root: string,
  error: unknown,
  id: string,
  says: (cause: string) => Diagnosis,
  base = process.cwd(),
): Diagnostic {
  const located = (error as { errors?: esbuild.Message[] }).errors?.[0];
  const where = located?.location;
  const at = {
    file: where ? path.relative(root, path.resolve(base, where.file)).split(path.sep).join('/') : id,
    line: where?.line,
    column: where ? where.column + 1 : undefined,
  };
  return { ...at, ...says(located?.text ?? messageOf(error).split('\n')[0]) };
}

/** Imports so far: each import of a module is a fresh one (see importTypeScript). */
let imports = 0;

async function importTypeScript(root: string, file: string): Promise<unknown> {
  const note = bundleNote(cacheDirOf(root), 'site-module', [file, esbuildVersion(), process.env.SITE_BUNDLE_KEY ?? '']);
  const bundled = await bundledOnce(note, () => bundleModule(file));
  // A query makes each import a module of its own, as a fresh file did: a config read twice is two
  // objects, and watch mode reads an edited one.
  return (await import(`${pathToFileURL(bundled).href}?${++imports}`)).default;
}

/** The config's TypeScript files, site.config.ts first: where a diagnostic finds the line of a value. */
export function readConfigFiles(root: string): ConfigFile[] {
  const dir = path.join(root, 'config');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort((a, b) => Number(b === 'site.config.ts') - Number(a === 'site.config.ts') || a.localeCompare(b))
    .map((f) => ({ id: `config/${f}`, raw: readFileSync(path.join(dir, f), 'utf8') }));
}
