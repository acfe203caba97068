// Keys of a site's UI strings (`i18n/<locale>.ts`) that nothing reads: a misspelt key of the
// engine's or the theme's (`search.placehoder`) would leave the default text on the page without a
// word, and a label in the navbar, footer or announcement groups (or in a group the theme's options
// name labels in, `home` for the built-in theme) that no label names (`nav.contat`) is shown
// nowhere. Each is reported at its line, with the key it was likely meant as.
import { isStringKey, type StringGroup } from '../../common/config-strings.ts';
import { escapeRegExp } from '../../common/escape.ts';
import type { SiteConfig } from '../config/config.ts';
import type { ConfigFile } from '../config/config-links.ts';
import { closestKey } from '../diagnostics/closest-key.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import type { Diagnostic } from '../types.ts';
import { labelsOf } from './config-strings.ts';
import { defaultStrings, type ThemeStringsOf } from './messages.ts';
import type { ThemeConfigContract } from './theme-contract.ts';

/** The groups whose keys a site adds: labels the config names by key (common/config-strings.ts). */
const LABEL_GROUPS: readonly string[] = ['nav', 'footer', 'announcement'] satisfies StringGroup[];

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a dotted key is written in a TypeScript object literal: each key searched after its parent's line. */
export function locateKey(file: ConfigFile, keyPath: string[]): Pick<Diagnostic, 'file' | 'line' | 'column'> {
  const lines = file.raw.split('\n');
  let from = 0;
  let at: Pick<Diagnostic, 'file' | 'line' | 'column'> = { file: file.id };
  for (const key of keyPath) {
    const pattern = new RegExp(`(^|[\\s{,])(['"]?)${escapeRegExp(key)}\\2\\s*:`);
    const i = lines.findIndex((line, n) => n >= from && pattern.test(line));
    if (i === -1) break;
    const match = pattern.exec(lines[i])!;
    at = { file: file.id, line: i + 1, column: match.index + match[1].length + 1 };
    from = i;
  }
  return at;
}

/** Every problem of the site's own UI strings: `own` is what each locale's file exports, `files` their text. */
/** `theme`: the loaded theme, whose strings and option labels count as read; `options`: its checked options. */
export function checkUiStringKeys<C>(
  config: SiteConfig,
  own: Record<string, unknown>,
  files: Record<string, ConfigFile>,
  theme?: ThemeStringsOf & { config?: ThemeConfigContract<C> },
  options?: C,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  // The keys the config's labels name, by the group they are looked up in.
  // The engine's groups and those the theme's options name labels in.
  const labelGroups = [...LABEL_GROUPS, ...(theme?.config?.labelGroups ?? [])];
  const named = new Map<string, Set<string>>(labelGroups.map((g) => [g, new Set<string>()]));
  for (const { label, groups } of labelsOf(config, theme, options))
    if (isStringKey(label)) for (const group of groups) named.get(group)?.add(label);
  for (const [locale, strings] of Object.entries(own)) {
    const file = files[locale];
    if (!file || !isTree(strings)) continue;
    const engine: Tree = defaultStrings(locale, theme);
    const walk = (site: Tree, base: unknown, at: string[]) => {
      for (const [key, value] of Object.entries(site)) {
        const keyPath = [...at, key];
        if (isTree(base) && Object.hasOwn(base, key)) {
          if (isTree(value)) walk(value, base[key], keyPath);
          continue;
        }
        if (at.length === 1 && labelGroups.includes(at[0])) {
          if (named.get(at[0])!.has(key)) continue;
          const suggestion = closestKey(
            key,
            [...named.get(at[0])!].filter((k) => !Object.hasOwn(site, k)),
          );
          diagnostics.push(
            diagnostic(locateKey(file, keyPath), 'ui-string', 'unusedLabel', {
              key: keyPath.join('.'),
              suggestion: suggestion && [...at, suggestion].join('.'),
            }),
          );
          continue;
        }
        const suggestion = isTree(base) ? closestKey(key, Object.keys(base)) : undefined;
        diagnostics.push(
          diagnostic(locateKey(file, keyPath), 'ui-string', 'unknownKey', {
            key: keyPath.join('.'),
            suggestion: suggestion && [...at, suggestion].join('.'),
          }),
        );
      }
    };
    walk(strings, engine, []);
  }
  return diagnostics;
}
