// UI strings in three layers, each laid over the one before: the engine's own for de and en
// (common/messages/: what it writes without a theme), the theme's defaults for each locale it
// knows (its `strings`, theme-contract.ts), and the site's `i18n/<locale>.ts`. A locale the engine
// or the theme does not know takes their fallback strings (the engine's English, the theme's
// `fallbackLocale`) for what the site's file does not give, and one warning per locale lists them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ENGINE_MESSAGES, type Messages, type MessagesByLocale } from '../../common/messages.ts';
import { importSiteModule } from '../config/config-file.ts';
import type { ConfigFile } from '../config/config-links.ts';
import { diagnosis, diagnostic } from '../diagnostics/diagnostic-rules.ts';
import type { Diagnostic } from '../types.ts';
import type { Theme } from './theme-contract.ts';

export type { EngineStrings, Messages, MessagesByLocale, MessagesInput, StringTree } from '../../common/messages.ts';

export const I18N_DIR = 'i18n';
const ENGINE_FALLBACK = 'en';

/** What of a theme the strings take: its defaults by locale and the locale that stands in for others. */
export type ThemeStringsOf = Pick<Theme, 'strings' | 'fallbackLocale'>;

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
  return Object.entries(base).flatMap(([key, inner]) =>
    missingKeys(inner, (value as Record<string, unknown> | undefined)?.[key], at ? `${at}.${key}` : key),
  );
}

const valueAt = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], tree);

/** The theme's defaults for a locale: its own, or (`fallback`) those of its fallback locale. */
function themeDefaults(theme: ThemeStringsOf | undefined, locale: string): { strings: object; fallback: boolean } {
  const strings = theme?.strings ?? {};
  if (Object.hasOwn(strings, locale)) return { strings: strings[locale], fallback: false };
  const fallback = theme?.fallbackLocale ?? ENGINE_FALLBACK;
  return { strings: strings[fallback] ?? Object.values(strings)[0] ?? {}, fallback: Object.keys(strings).length > 0 };
}

/** The defaults a site's strings are laid over for a locale: the engine's and the theme's. */
export function defaultStrings(locale: string, theme?: ThemeStringsOf): Record<string, unknown> {
  return overlay(
    ENGINE_MESSAGES[locale] ?? ENGINE_MESSAGES[ENGINE_FALLBACK],
    themeDefaults(theme, locale).strings,
  ) as Record<string, unknown>;
}

/** The strings of each locale: the engine's and the theme's defaults with the site's own (`own`:
 * what each locale's file exports) over them; warnings for locales shown partly in a fallback. */
export function mergeMessages(
  locales: string[],
  own: Record<string, unknown>,
  theme?: ThemeStringsOf,
): { messages: MessagesByLocale; diagnostics: Diagnostic[] } {
  const messages: MessagesByLocale = {};
  const diagnostics: Diagnostic[] = [];
  for (const locale of locales) {
    const site = own[locale] ?? {};
    const fromFallback = [
      ...(ENGINE_MESSAGES[locale] ? [] : [ENGINE_MESSAGES[ENGINE_FALLBACK]]),
      ...(themeDefaults(theme, locale).fallback ? [themeDefaults(theme, locale).strings] : []),
    ];
    const missing = fromFallback.flatMap((base) => missingKeys(base, site).filter((key) => valueAt(base, key) !== ''));
    if (missing.length) {
      const id = messagesFile(locale);
      diagnostics.push(
        diagnostic(
          { file: own[locale] !== undefined ? id : 'config/site.config.ts' },
          'missing-messages',
          'inEnglish',
          { locale, keys: [...new Set(missing)], file: id },
        ),
      );
    }
    messages[locale] = overlay(defaultStrings(locale, theme), site) as Messages;
  }
  return { messages, diagnostics };
}

/** The UI strings of each locale; `own`: what the site's file of each locale exports, and `files`
 * their text, for checking its keys. Without `theme`, the engine's strings and the site's: enough
 * for what the engine writes itself (Markdown, the graph's titles, `site new`, the backend). */
export async function loadMessages(
  root: string,
  locales: string[],
  theme?: ThemeStringsOf,
): Promise<{
  messages?: MessagesByLocale;
  own: Record<string, unknown>;
  files: Record<string, ConfigFile>;
  diagnostics: Diagnostic[];
}> {
  const own: Record<string, unknown> = {};
  const files: Record<string, ConfigFile> = {};
  const diagnostics: Diagnostic[] = [];
  for (const locale of locales) {
    const id = messagesFile(locale);
    const file = path.join(root, id);
    if (!existsSync(file)) continue;
    const loaded = await importSiteModule(root, file, id, (cause) =>
      diagnosis('config', 'stringsNotLoaded', { cause }),
    );
    if ('diagnostics' in loaded) {
      diagnostics.push(...loaded.diagnostics);
      continue;
    }
    own[locale] = loaded.value ?? {};
    files[locale] = { id, raw: readFileSync(file, 'utf8') };
  }
  if (diagnostics.length) return { own, files, diagnostics };
  // Without a theme, its strings are not known yet: the build tells which a locale lacks once it
  // has loaded the theme (mergeMessages).
  const merged = mergeMessages(locales, own, theme);
  return { messages: merged.messages, own, files, diagnostics: theme ? merged.diagnostics : [] };
}
