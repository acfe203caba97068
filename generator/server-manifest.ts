// `_server/` of a build: what `site start` needs besides the files it serves (server/build-manifest.ts
// reads it). The site's validated settings and UI strings as JSON, and the contact page's forms as
// one self-contained module: server/form-renderer.tsx bundled with the theme and React by esbuild,
// so the production server needs neither the site's sources nor a bundler.
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { SiteConfig } from './config.ts';
import type { MessagesByLocale } from './messages.ts';
import { PACKAGE_ROOT } from './package-root.ts';
import { SERVER_FORMS, SERVER_MANIFEST, SERVER_MANIFEST_VERSION } from '../common/server-files.ts';

const FORMS_ENTRY = path.join(PACKAGE_ROOT, 'server', 'form-renderer.tsx');

/** The forms' module is the same for every build of one process's engine: bundled once. */
let forms: Promise<Uint8Array> | undefined;

function bundleForms(): Promise<Uint8Array> {
  forms ??= esbuild
    .build({
      entryPoints: [FORMS_ENTRY],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      minify: true,
      write: false,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      // React's server renderer is CommonJS and requires Node's modules.
      banner: { js: "import { createRequire as siteCreateRequire } from 'node:module'; const require = siteCreateRequire(import.meta.url);" },
    })
    .then((result) => result.outputFiles[0].contents);
  forms.catch(() => (forms = undefined));
  return forms;
}

/** The files of `_server/`: the forms only where the site has a contact page. */
export async function serverFiles(config: SiteConfig, messages: MessagesByLocale): Promise<{ path: string; contents: string | Uint8Array }[]> {
  const manifest = { version: SERVER_MANIFEST_VERSION, config, messages };
  const files: { path: string; contents: string | Uint8Array }[] = [{ path: SERVER_MANIFEST, contents: `${JSON.stringify(manifest)}\n` }];
  if (config.contact) files.push({ path: SERVER_FORMS, contents: await bundleForms() });
  return files;
}
