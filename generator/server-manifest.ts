// `_server/` of a build: what `site start` needs besides the files it serves (server/build-manifest.ts
// reads it). The site's validated settings and UI strings as JSON, and the contact page's forms as
// one self-contained module: server/form-renderer.tsx bundled with the theme and React by esbuild,
// so the production server needs neither the site's sources nor a bundler.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { SiteConfig } from './config.ts';
import type { MessagesByLocale } from './messages.ts';
import { cacheDirOf, PACKAGE_ROOT } from './package-root.ts';
import { SERVER_FORMS, SERVER_MANIFEST, SERVER_MANIFEST_VERSION } from '../common/server-files.ts';

const FORMS_ENTRY = path.join(PACKAGE_ROOT, 'server', 'form-renderer.tsx');

/** The forms' module depends on the engine's code only: bundled once a process, and kept in the
 * site's .cache/ for the engine's version (the key bin/site.js gives its bundles), so a build with
 * an unchanged engine bundles nothing. */
let forms: Promise<Uint8Array> | undefined;

function bundleForms(root: string): Promise<Uint8Array> {
  const key = process.env.SITE_BUNDLE_KEY;
  const kept = key && path.join(cacheDirOf(root), `server-forms-${key}.mjs`);
  forms ??= (async () => {
    if (kept && existsSync(kept)) return readFile(kept);
    const result = await esbuild.build({
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
    });
    const contents = result.outputFiles[0].contents;
    if (kept) {
      await mkdir(path.dirname(kept), { recursive: true });
      const temp = `${kept}.${process.pid}.tmp`;
      await writeFile(temp, contents);
      await rename(temp, kept);
    }
    return contents;
  })();
  forms.catch(() => (forms = undefined));
  return forms;
}

/** The files of `_server/`: the forms only where the site has a contact page. */
export async function serverFiles(root: string, config: SiteConfig, messages: MessagesByLocale): Promise<{ path: string; contents: string | Uint8Array }[]> {
  const manifest = { version: SERVER_MANIFEST_VERSION, config, messages };
  const files: { path: string; contents: string | Uint8Array }[] = [{ path: SERVER_MANIFEST, contents: `${JSON.stringify(manifest)}\n` }];
  if (config.contact) files.push({ path: SERVER_FORMS, contents: await bundleForms(root) });
  return files;
}
