// `_server/` of a build: what `site start` needs besides the files it serves (server/build-manifest.ts
// reads it). The site's validated settings and UI strings as JSON, and the contact page's forms as
// one self-contained module: the `files.forms` module of the theme the config names, with the
// site's component overrides, bundled with React by esbuild, so the production server needs
// neither the site's sources nor a bundler.
import { existsSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { esbuildVersion, loadEsbuild } from './esbuild-module.ts';
import type { SiteConfig } from './config.ts';
import type { MessagesByLocale } from './messages.ts';
import { cacheDirOf, PACKAGE_ROOT } from './package-root.ts';
import { themePlugin, type ResolvedTheme } from './theme-loader.ts';
import type { ThemeForms } from './theme-contract.ts';
import { hashOf } from './load.ts';
import { SERVER_FORMS, SERVER_MANIFEST, SERVER_MANIFEST_VERSION } from '../common/server-files.ts';

/** The theme whose forms a build carries: where it is (with the site's overrides) and its
 * `files.forms` module, relative to its folder. */
export interface FormsSource {
  theme: ResolvedTheme;
  forms: string;
}

/** Forms' modules unused this long are removed. */
const STALE_MS = 24 * 3600 * 1000;

const stampOf = (file: string) => {
  try {
    const info = statSync(file);
    return `${info.size}:${info.mtimeMs}`;
  } catch {
    return '';
  }
};

/** The forms' module as a file of the site's .cache/ named by the hash of its code, noted with the
 * files it was made of: while none of them (the theme's, the overrides', the engine's) changed, a
 * build bundles nothing. */
export async function formsModule(root: string, { theme, forms }: FormsSource): Promise<string> {
  const cacheDir = cacheDirOf(root);
  const key = hashOf(JSON.stringify([theme, forms, esbuildVersion(), process.env.SITE_BUNDLE_KEY ?? ''])).slice(0, 16);
  const note = path.join(cacheDir, `server-forms-${key}.json`);
  try {
    const noted = JSON.parse(readFileSync(note, 'utf8')) as { file: string; inputs: Record<string, string> };
    if (existsSync(noted.file) && Object.entries(noted.inputs).every(([input, stamp]) => stampOf(input) === stamp)) {
      const now = new Date();
      for (const used of [noted.file, note]) utimesSync(used, now, now);
      return noted.file;
    }
  } catch {
    // Not bundled before: bundled below.
  }
  const esbuild = await loadEsbuild();
  const result = await esbuild.build({
    absWorkingDir: PACKAGE_ROOT,
    entryPoints: [path.resolve(theme.dir, forms)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    // The overrides apply here as in the pages; a site's file finds React in the engine's packages.
    plugins: [themePlugin(theme)],
    nodePaths: [path.join(PACKAGE_ROOT, 'node_modules')],
    define: { 'process.env.NODE_ENV': '"production"' },
    // React's server renderer is CommonJS and requires Node's modules.
    banner: { js: "import { createRequire as siteCreateRequire } from 'node:module'; const require = siteCreateRequire(import.meta.url);" },
  });
  const contents = result.outputFiles[0].contents;
  const file = path.join(cacheDir, `server-forms-${hashOf(contents).slice(0, 16)}.mjs`);
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((input) => path.resolve(PACKAGE_ROOT, input)).map((input) => [input, stampOf(input)]));
  await mkdir(cacheDir, { recursive: true });
  for (const [target, text] of [[file, contents], [note, JSON.stringify({ file, inputs })]] as const) {
    // Renamed into place: another build reading the same name sees the whole file or none.
    const temp = `${target}.${process.pid}.tmp`;
    await writeFile(temp, text);
    await rename(temp, target);
  }
  await removeStaleForms(cacheDir, file);
  return file;
}

/** Modules of earlier versions of the forms unused for a day: a module in use is touched by every build. */
async function removeStaleForms(cacheDir: string, current: string): Promise<void> {
  for (const name of await readdir(cacheDir)) {
    const file = path.join(cacheDir, name);
    if (!/^server-forms-.*\.(mjs|json)$/.test(name) || file === current) continue;
    try {
      if (Date.now() - (await stat(file)).mtimeMs > STALE_MS) await rm(file, { force: true });
    } catch {
      // Removed by another build meanwhile.
    }
  }
}

/** The forms of the theme as `site serve` renders them for a post made with JavaScript off: the
 * module `site build` writes into the build, loaded. */
export async function loadForms(root: string, source: FormsSource): Promise<ThemeForms> {
  return (await import(pathToFileURL(await formsModule(root, source)).href)) as ThemeForms;
}

/** The files of `_server/`: the forms only where the site has a contact page and its theme has forms. */
export async function serverFiles(root: string, config: SiteConfig, messages: MessagesByLocale, forms: FormsSource | undefined): Promise<{ path: string; contents: string | Uint8Array }[]> {
  const manifest = { version: SERVER_MANIFEST_VERSION, config, messages };
  const files: { path: string; contents: string | Uint8Array }[] = [{ path: SERVER_MANIFEST, contents: `${JSON.stringify(manifest)}\n` }];
  if (config.contact && forms) files.push({ path: SERVER_FORMS, contents: await readFile(await formsModule(root, forms)) });
  return files;
}
