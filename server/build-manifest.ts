// What `site start --dir build` needs besides the files it serves, written by `site build` under
// `_server/` of the build (generator/extras/server-manifest.ts): the site's settings (locales, the contact
// page and its booking, analytics) and UI strings as they were built, and the contact page's forms
// rendered by the theme the site was built with. So a server runs from a copy of the build and the
// installed engine, without the site's config/, i18n/ or theme sources. The static server answers
// 404 under `_server/`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { messageOf } from '../common/error-message.ts';
import { SERVER_FORMS, SERVER_MANIFEST, SERVER_MANIFEST_VERSION } from '../common/server-files.ts';
import type { SiteConfig } from '../generator/config/config.ts';
import type { MessagesByLocale } from '../generator/theming/messages.ts';
import type { ThemeAnalytics, ThemeForms } from '../generator/theming/theme-contract.ts';

export interface ServerManifest {
  version: number;
  config: SiteConfig;
  messages: MessagesByLocale;
  /** What the theme's runtime sends to the analytics endpoint, as its contract declares it. */
  analytics?: ThemeAnalytics;
}

export class ManifestError extends Error {}

/** The manifest of the build in `siteDir`, or undefined for a build that has none. */
export function readServerManifest(siteDir: string): ServerManifest | undefined {
  const file = path.join(siteDir, SERVER_MANIFEST);
  if (!existsSync(file)) return undefined;
  let manifest: ServerManifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as ServerManifest;
  } catch (error) {
    throw new ManifestError(`${file} is no JSON (${messageOf(error)}): run \`site build\` again`);
  }
  if (manifest.version !== SERVER_MANIFEST_VERSION)
    throw new ManifestError(
      `${file} was written by another version of the engine (manifest ${manifest.version}, this one reads ${SERVER_MANIFEST_VERSION}): run \`site build\` again`,
    );
  return manifest;
}

/** The forms' renderer the build in `siteDir` carries, or undefined for a site without a contact page. */
export async function loadBuildForms(siteDir: string): Promise<ThemeForms | undefined> {
  const file = path.join(siteDir, SERVER_FORMS);
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as ThemeForms;
}
