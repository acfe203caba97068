// `_server/` of a build: what `site start` needs besides the files it serves (server/build-manifest.ts
// reads it). The site's validated settings and UI strings as JSON, and the contact page's forms as
// one self-contained module: the `files.forms` module of the theme the config names, with the
// site's component overrides, bundled with React by esbuild, so the production server needs
// neither the site's sources nor a bundler.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_FORMS, SERVER_MANIFEST, SERVER_MANIFEST_VERSION } from '../../common/server-files.ts';
import { esbuildVersion, loadEsbuild } from '../bundle/esbuild-module.ts';
import { bundledOnce, bundleNote } from '../bundle/noted-bundle.ts';
import { cacheDirOf, PACKAGE_ROOT } from '../bundle/package-root.ts';
import type { SiteConfig } from '../config/config.ts';
import type { MessagesByLocale } from '../theming/messages.ts';
import type { ThemeAnalytics, ThemeForms } from '../theming/theme-contract.ts';
import { type ResolvedTheme, themePlugin } from '../theming/theme-loader.ts';

/** The theme whose forms a build carries: where it is (with the site's overrides) and its
 * `files.forms` module, relative to its folder. */
export interface FormsSource {
  theme: ResolvedTheme;
  forms: string;
}

/** The forms' module as a file of the site's .cache/ named by the hash of its code, noted with the
 * files it was made of: while none of them (the theme's, the overrides', the engine's) changed, a
 * build bundles nothing. */
export async function formsModule(root: string, { theme, forms }: FormsSource): Promise<string> {
  const note = bundleNote(cacheDirOf(root), 'server-forms', [
    theme,
    forms,
    esbuildVersion(),
    process.env.SITE_BUNDLE_KEY ?? '',
  ]);
  return bundledOnce(note, async () => {
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
      banner: {
        js: "import { createRequire as siteCreateRequire } from 'node:module'; const require = siteCreateRequire(import.meta.url);",
      },
    });
    return { contents: result.outputFiles[0].contents, inputs: result.metafile.inputs };
  });
}

/** The forms of the theme as `site serve` renders them for a post made with JavaScript off: the
 * module `site build` writes into the build, loaded. */
export async function loadForms(root: string, source: FormsSource): Promise<ThemeForms> {
  return (await import(pathToFileURL(await formsModule(root, source)).href)) as ThemeForms;
}

/** The files of `_server/`: the forms only where the site has a contact page and its theme has forms. */
export async function serverFiles(
  root: string,
  config: SiteConfig,
  messages: MessagesByLocale,
  forms: FormsSource | undefined,
  analytics: ThemeAnalytics | undefined,
): Promise<{ path: string; contents: string | Uint8Array }[]> {
  const manifest = { version: SERVER_MANIFEST_VERSION, config, messages, ...(analytics ? { analytics } : {}) };
  const files: { path: string; contents: string | Uint8Array }[] = [
    { path: SERVER_MANIFEST, contents: `${JSON.stringify(manifest)}\n` },
  ];
  if (config.contact && forms)
    files.push({ path: SERVER_FORMS, contents: await readFile(await formsModule(root, forms)) });
  return files;
}
