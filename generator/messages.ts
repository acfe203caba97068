// UI strings: the engine's defaults for de and en (common/messages/), overlaid per site by its
// own `i18n/<locale>.ts`. A site may add a locale the engine does not know: the strings its file
// does not give are the engine's English ones, and one warning per locale lists them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importSiteModule } from './config-file.ts';
import { ENGINE_MESSAGES, type Messages, type MessagesByLocale } from '../common/messages.ts';
import { diagnosis, diagnostic } from './diagnostic-rules.ts';
import type { Diagnostic } from './types.ts';
import type { ConfigFile } from './config-links.ts';

export type { Messages, MessagesByLocale, MessagesInput } from '../common/messages.ts';

export const I18N_DIR = 'i18n';

export function messagesFile(locale: string): string {
  return `${I18N_DIR}/${locale}.ts`;
}

function overlay(base: unknown, site: unknown): unknown {
  if (typeof base !== 'object' || base === null || typeof site !== 'object' || site === null) return site ?? base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(site)) out[key] = overlay(out[key], value);
  return out;
}

/** Keys of `base` that `value` lacks, as dotted paths. */
function missingKeys(base: unknown, value: unknown, at = ''): string[] {
  if (typeof base !== 'object' || base === null) return value === undefined ? [at] : [];
  return Object.entries(base).flatMap(([key, inner]) => missingKeys(inner, (value as Record<string, unknown> | undefined)?.[key], at ? `${at}.${key}` : key));
}

/** The UI strings of each locale; `own`: what the site's file of each locale exports, and `files` their text, for checking its keys. */
export async function loadMessages(root: string, locales: string[]): Promise<{ messages?: MessagesByLocale; own: Record<string, unknown>; files: Record<string, ConfigFile>; diagnostics: Diagnostic[] }> {
  const messages: MessagesByLocale = {};
  const own: Record<string, unknown> = {};
  const files: Record<string, ConfigFile> = {};
  const diagnostics: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  for (const locale of locales) {
    const id = messagesFile(locale);
    const file = path.join(root, id);
    let site: unknown = {};
    if (existsSync(file)) {
      const loaded = await importSiteModule(root, file, id, (cause) => diagnosis('config', 'stringsNotLoaded', { cause }));
      if ('diagnostics' in loaded) {
        diagnostics.push(...loaded.diagnostics);
        continue;
      }
      site = loaded.value ?? {};
      own[locale] = site;
      files[locale] = { id, raw: readFileSync(file, 'utf8') };
    }
    const engine = ENGINE_MESSAGES[locale];
    if (!engine) {
      const missing = missingKeys(ENGINE_MESSAGES.en, site).filter((key) => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], ENGINE_MESSAGES.en) !== '');
      if (missing.length) {
        warnings.push(diagnostic({ file: existsSync(file) ? id : 'config/site.config.ts' }, 'missing-messages', 'inEnglish', { locale, keys: missing, file: id }));
      }
    }
    messages[locale] = overlay(engine ?? ENGINE_MESSAGES.en, site) as Messages;
  }
  return diagnostics.length ? { own, files, diagnostics: [...diagnostics, ...warnings] } : { messages, own, files, diagnostics: warnings };
}
