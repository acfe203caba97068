// Where a value of the config is written, and what the config could have meant: the config is
// TypeScript spread over several files (site.config.ts importing base.ts, navbar.ts, …), so a
// problem found in the loaded object is traced back to the line that writes the key, in the file
// that holds it, and a misspelt key or option is answered with the closest one the schema knows.
import { parse } from '@babel/parser';
import type { Node } from '@babel/types';
import { z } from 'zod';
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

/** A key written in a config file: where its name and its value stand in the file's text. */
interface WrittenKey {
  name: string;
  line: number;
  column: number;
  valueStart: number;
  valueEnd: number;
}

const writtenKeys = new WeakMap<ConfigFile, WrittenKey[]>();

/** Every object key the file writes, in the order of the text, as @babel/parser reads the file. */
function keysOf(file: ConfigFile): WrittenKey[] {
  let keys = writtenKeys.get(file);
  if (keys) return keys;
  keys = [];
  let program: Node | undefined;
  try {
    program = parse(file.raw, { sourceType: 'module', plugins: ['typescript', 'jsx'], errorRecovery: true });
  } catch {
    // A file the loader could bundle but this parser cannot read: its keys are not found, and a
    // problem in it is reported without a line.
  }
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
    const n = node as Node;
    if (n.type === 'ObjectProperty' && !n.computed && n.key.loc && n.value.start != null && n.value.end != null) {
      const name =
        n.key.type === 'Identifier'
          ? n.key.name
          : n.key.type === 'StringLiteral' || n.key.type === 'NumericLiteral'
            ? String(n.key.value)
            : undefined;
      if (name !== undefined)
        keys?.push({
          name,
          line: n.key.loc.start.line,
          column: n.key.loc.start.column + 1,
          valueStart: n.value.start,
          valueEnd: n.value.end,
        });
    }
    for (const [field, child] of Object.entries(n)) {
      if (field !== 'loc' && field !== 'leadingComments' && field !== 'trailingComments' && field !== 'extra')
        visit(child);
    }
  };
  visit(program);
  writtenKeys.set(file, keys);
  return keys;
}

/** The line and column of an offset in a text. */
function placeOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/** The key that writes the last named key of `path` (with the offending value in it, where the
 * value is plain, and then at the value's column), searched in site.config.ts first and then the
 * files it imports. */
export function locateConfig(
  files: ConfigFile[],
  path: KeyPath,
  value?: unknown,
  /** Where: at the value (a wrong value), or at the key (a key that is not known). */
  point: 'value' | 'key' = 'value',
): Pick<Diagnostic, 'file' | 'line' | 'column'> | undefined {
  const names = path.filter((p): p is string => typeof p === 'string');
  const literal =
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  for (let n = names.length - 1; n >= 0; n--) {
    let first: Pick<Diagnostic, 'file' | 'line' | 'column'> | undefined;
    for (const file of files) {
      for (const key of keysOf(file)) {
        if (key.name !== names[n]) continue;
        const at = { file: file.id, line: key.line, column: key.column };
        if (literal === undefined || n < names.length - 1) return at;
        // The value itself, where the key's value writes it (its opening quote included).
        const found = file.raw.slice(key.valueStart, key.valueEnd).indexOf(literal);
        if (found === -1) {
          first ??= at;
          continue;
        }
        if (point === 'key') return at;
        const offset = key.valueStart + found;
        return { file: file.id, ...placeOf(file.raw, offset - Number(/['"`]/.test(file.raw[offset - 1] ?? ''))) };
      }
    }
    if (first) return first;
  }
  return undefined;
}

/** The schema that validates the value at `path`, following the config itself through unions. */
function schemaAt(schema: z.core.$ZodType, path: KeyPath, raw: unknown): z.core.$ZodType | undefined {
  let current: z.core.$ZodType | undefined = schema;
  let value = raw;
  for (let i = 0; i <= path.length && current; ) {
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodDefault ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodPrefault ||
      current instanceof z.ZodReadonly
    ) {
      current = current.def.innerType;
      continue;
    }
    if (current instanceof z.ZodPipe) {
      current = current.in;
      continue;
    }
    if (current instanceof z.ZodUnion) {
      const union: z.ZodUnion = current;
      const options = union.options;
      const discriminator: string | undefined =
        union instanceof z.ZodDiscriminatedUnion ? union.def.discriminator : undefined;
      current =
        options.find((o) => z.safeParse(o, value).success) ??
        options.find(
          (o) =>
            o instanceof z.ZodObject &&
            discriminator &&
            value &&
            typeof value === 'object' &&
            o.shape[discriminator] !== undefined &&
            z.safeParse(o.shape[discriminator], (value as Record<string, unknown>)[discriminator]).success,
        );
      continue;
    }
    if (i === path.length) break;
    const key = path[i++];
    value = value && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined;
    if (current instanceof z.ZodObject) current = current.shape[String(key)];
    else if (current instanceof z.ZodArray) current = current.element;
    else if (current instanceof z.ZodRecord) current = current.valueType;
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
    known = target instanceof z.ZodObject ? Object.keys(target.shape) : [];
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
