// The config's `themeConfig`, checked by the schema the theme gives (its `config.schema`,
// theme-contract.ts) once the theme is loaded: a key or value the theme refuses is a config error
// at its line in config/, with the closest key the theme knows, as for the engine's own keys.
import { z } from 'zod';
import type { SiteConfig } from '../config/config.ts';
import { CONFIG_FILE } from '../config/config.ts';
import type { ConfigFile } from '../config/config-links.ts';
import { locateConfig, suggestion, valueAt } from '../config/config-locations.ts';
import { zodDiagnostics } from '../diagnostics/schema-errors.ts';
import type { Diagnostic } from '../types.ts';
import type { ThemeConfigContract } from './theme-contract.ts';

/** The theme's options as its schema completes them; a theme without options takes none. */
export function themeOptionsOf<C>(
  config: Pick<SiteConfig, 'themeConfig'>,
  theme: { config?: ThemeConfigContract<C> },
  files: ConfigFile[],
): { options?: C; diagnostics: Diagnostic[] } {
  // Checked as a part of the whole config, so each problem names its full key (`themeConfig.navbar.cta`).
  const schema = z.strictObject({ themeConfig: (theme.config?.schema as z.ZodType | undefined) ?? z.strictObject({}) });
  const raw = { themeConfig: config.themeConfig };
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { options: parsed.data.themeConfig as C, diagnostics: [] };
  const diagnostics = zodDiagnostics(
    parsed.error,
    CONFIG_FILE,
    'config',
    undefined,
    (issue) => suggestion(schema, issue, raw),
    raw,
  );
  return {
    diagnostics: parsed.error.issues.map((issue, i) => {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      const keyPath = issue.code === 'unrecognized_keys' ? [...path, issue.keys[0]] : path;
      return {
        ...diagnostics[i],
        ...locateConfig(files, keyPath, valueAt(raw, keyPath), issue.code === 'unrecognized_keys' ? 'key' : 'value'),
      };
    }),
  };
}
