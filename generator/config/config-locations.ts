// Where a value of the config is written, and what the config could have meant: the config is
// TypeScript spread over several files (site.config.ts importing base.ts, navbar.ts, …), so a
// problem found in the loaded object is traced back to the line that writes the key, in the file
// that holds it, and a misspelt key or option is answered with the closest one the schema knows.
import type { z } from 'zod';
import { escapeRegExp } from '../../common/escape.ts';
import { closestKey } from '../diagnostics/closest-key.ts';
import type { Diagnostic } from '../types.ts';
import type { ConfigFile } from './config-links.ts';

export type KeyPath = (string | number)[];

/** The value at `path` in the loaded config, if there is one. */
export function valueAt(raw: unknown, path: KeyPath): unknown {
  let value = raw;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** The line that writes the last named key of `path` (with the offending value on it, where the
 * value is plain, and then at the value's column), searched in site.config.ts first and then the
 * files it imports. */
export function locateConfig(
  files: ConfigFile[],
  path: KeyPath,
  value?: unknown,
  /** Where on the line: the value (a wrong value), or the key (a key that is not known). */
  point: 'value' | 'key' = 'value',
): Pick<Diagnostic, 'file' | 'line' | 'column'> | undefined {
  const names = path.filter((p): p is string => typeof p === 'string');
  const literal =
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  for (let n = names.length - 1; n >= 0; n--) {
    const key = new RegExp(`(^|[\\s{,])(['"]?)${escapeRegExp(names[n])}\\2\\s*:`);
    let first: Pick<Diagnostic, 'file' | 'line' | 'column'> | undefined;
    for (const file of files) {
      const lines = file.raw.split('\n');
      for (let i = 0; i < lines.length; i++) {
        const match = key.exec(lines[i]);
        if (!match) continue;
        const at = { file: file.id, line: i + 1, column: match.index + match[1].length + 1 };
        if (literal === undefined || n < names.length - 1) return at;
        // The value itself, where it is written on the key's line (its opening quote included).
        const value = lines[i].indexOf(literal, match.index + match[0].length);
        if (value === -1) {
          first ??= at;
          continue;
        }
        return point === 'key' ? at : { ...at, column: value + 1 - Number(/['"`]/.test(lines[i][value - 1] ?? '')) };
      }
    }
    if (first) return first;
  }
  return undefined;
}

/** The schema that validates the value at `path`, following the config itself through unions. */
function schemaAt(schema: z.ZodType, path: KeyPath, raw: unknown): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  let value = raw;
  for (let i = 0; i <= path.length && current; ) {
    const def = (current as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
    if (['optional', 'default', 'nullable', 'prefault', 'readonly', 'pipe'].includes(def.type)) {
      current = (def.innerType ?? def.in) as z.ZodType;
      continue;
    }
    if (def.type === 'union') {
      const options = def.options as z.ZodType[];
      current =
        options.find((o) => o.safeParse(value).success) ??
        options.find((o) => {
          const shape = (o as unknown as { shape?: Record<string, z.ZodType> }).shape;
          const discriminator = def.discriminator as string | undefined;
          return (
            shape &&
            discriminator &&
            value &&
            typeof value === 'object' &&
            shape[discriminator]?.safeParse((value as Record<string, unknown>)[discriminator]).success
          );
        });
      continue;
    }
    if (i === path.length) break;
    const key = path[i++];
    value = value && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined;
    if (def.type === 'object') current = (def.shape as Record<string, z.ZodType>)[String(key)];
    else if (def.type === 'array') current = def.element as z.ZodType;
    else if (def.type === 'record') current = def.valueType as z.ZodType;
    else return undefined;
  }
  return current;
}

/** The closest known key or option for an unknown key or an option that is not one of the allowed. */
export function suggestion(schema: z.ZodType, issue: z.core.$ZodIssue, raw: unknown): string | undefined {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  let known: string[] = [];
  let wrong: unknown;
  if (issue.code === 'unrecognized_keys') {
    const target = schemaAt(schema, path, raw);
    known = Object.keys((target as unknown as { shape?: object })?.shape ?? {});
    wrong = issue.keys[0];
  } else if (issue.code === 'invalid_value') {
    known = issue.values.filter((v): v is string => typeof v === 'string');
    wrong = valueAt(raw, path);
  } else if (issue.code === 'invalid_union' && 'options' in issue && Array.isArray(issue.options)) {
    known = (issue.options as unknown[]).filter((v): v is string => typeof v === 'string');
    wrong = valueAt(raw, path);
  }
  const close = typeof wrong === 'string' ? closestKey(wrong, known) : undefined;
  return close && close !== wrong ? close : undefined;
}

/** Where a redirect of the config writes its `from` or its `to`: the line that names its `from`
 * (one per redirect), and the `to` written on that line or the next ones, at the value. */
export function locateRedirect(
  files: ConfigFile[],
  entry: { from: string; to: string },
  key: 'from' | 'to',
): Pick<Diagnostic, 'file' | 'line' | 'column'> | undefined {
  const from = locateConfig(files, ['redirects', 'from'], entry.from);
  if (!from?.line) return locateConfig(files, ['redirects', key], entry[key]);
  if (key === 'from') return from;
  const lines = files.find((f) => f.id === from.file)?.raw.split('\n') ?? [];
  for (let i = from.line - 1; i < lines.length && i < from.line + 3; i++) {
    const after = i === from.line - 1 ? (from.column ?? 1) : 0;
    const found = [`'${entry.to}'`, `"${entry.to}"`, `\`${entry.to}\``]
      .map((quoted) => lines[i].indexOf(quoted, after))
      .find((at) => at !== -1);
    if (found !== undefined) return { file: from.file, line: i + 1, column: found + 1 };
  }
  return from;
}
