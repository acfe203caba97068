// Turns schema validation failures into diagnostics that name the file, the key and its line.
import YAML from 'yaml';
import type { z } from 'zod';
import type { Diagnostic } from './diagnostic.ts';
import { type Diagnosis, diagnosis } from './diagnostic-rules.ts';

/** Where a key is written, or with `value`, where its value is (after the colon when it has none). */
export type Locate = (keyPath: (string | number)[], value?: boolean) => { line: number; column: number } | undefined;
/** The rules whose files are checked against a schema: each has the cases unknownKeys, required and invalid. */
export type SchemaRule = 'config' | 'front-matter' | 'authors' | 'tags' | 'category';
/** The closest known key or option for an issue, for "did you mean". */
export type Suggest = (issue: z.core.$ZodIssue) => string | undefined;

/** Each issue of a failed schema check at the line of its key (of its value, when the value is
 * wrong), with "did you mean" where `suggest` finds one. `input`: what was checked, whose values
 * the messages name. */
export function zodDiagnostics(
  error: z.ZodError,
  file: string,
  rule: SchemaRule,
  locate?: Locate,
  suggest?: Suggest,
  input?: unknown,
): Diagnostic[] {
  return error.issues.map((issue) => {
    const keyPath = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const says = describeIssue(rule, issue, keyPath, suggest?.(issue), input);
    // An unknown key is reported on its parent; point at the key itself. A missing one at its
    // parent, a wrong value at the value.
    const at =
      issue.code === 'unrecognized_keys'
        ? locate?.([...keyPath, issue.keys[0]])
        : (locate?.(keyPath, !isMissing(issue, keyPath, input)) ?? locate?.(keyPath));
    return { file, line: at?.line, column: at?.column, ...says };
  });
}

/** zod's own English, which says what its checks found in its words ("Invalid input: expected
 * string, received null"): such an issue is told in the catalogue's; a message of the site's
 * schemas (a pattern's, a date's) is already an editor's. */
const ZOD_WORDS = /^(Invalid (input|option|string|union|key|element)|Too (small|big)|Unrecognized key)/;

/** How an editor names the kind of value a key takes. */
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'keys of its own',
  record: 'keys of its own',
  date: 'a date',
};

/** What an editor wrote, in words: `the number 5`, `the text "yes"`, `a list`, `nothing`. */
function written(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 39)}…` : value}"`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `${value}`;
  if (Array.isArray(value)) return 'a list';
  return 'keys of their own';
}

function valueAt(input: unknown, keyPath: (string | number)[]): unknown {
  let value = input;
  for (const key of keyPath) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** A key that is not written at all (rather than written without a value). */
function isMissing(issue: z.core.$ZodIssue, keyPath: (string | number)[], input: unknown): boolean {
  if (issue.code !== 'invalid_type') return false;
  if (input === undefined) return /received undefined/.test(issue.message);
  const parent = valueAt(input, keyPath.slice(0, -1));
  return !(parent && typeof parent === 'object' && (keyPath.at(-1) ?? '') in parent);
}

function describeIssue(
  rule: SchemaRule,
  issue: z.core.$ZodIssue,
  keyPath: (string | number)[],
  suggestion: string | undefined,
  input: unknown,
): Diagnosis {
  const key = keyPath.length
    ? keyPath
        .map((p) => (typeof p === 'number' ? `[${p}]` : p))
        .join('.')
        .replace(/\.\[/g, '[')
    : '';
  if (issue.code === 'unrecognized_keys')
    return diagnosis(rule, 'unknownKeys', { at: key, keys: issue.keys, suggestion });
  if (isMissing(issue, keyPath, input)) return diagnosis(rule, 'required', { key });
  const value = valueAt(input, keyPath);
  if (ZOD_WORDS.test(issue.message)) {
    if (issue.code === 'invalid_type') {
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      if (value === null || value === '') return diagnosis(rule, 'empty', { key, expected });
      if (input !== undefined)
        return diagnosis(rule, 'wrongType', {
          key,
          expected,
          written: written(value),
          quote: issue.expected === 'string' && (typeof value === 'number' || typeof value === 'boolean'),
        });
    }
    const length = typeof value === 'string' ? value.length : Array.isArray(value) ? value.length : undefined;
    if (issue.code === 'too_small' && issue.origin === 'string' && typeof value === 'string')
      return value.trim() === '' || Number(issue.minimum) <= 1
        ? diagnosis(rule, 'empty', { key, expected: 'text' })
        : diagnosis(rule, 'tooShort', { key, length: value.length, minimum: Number(issue.minimum) });
    if (issue.code === 'too_big' && issue.origin === 'string' && length !== undefined)
      return diagnosis(rule, 'tooLong', { key, length, maximum: Number(issue.maximum) });
    if (issue.code === 'too_small' && issue.origin === 'array' && length !== undefined)
      return diagnosis(rule, 'tooFew', { key, count: length, minimum: Number(issue.minimum) });
    if (issue.code === 'invalid_value' && value !== undefined)
      return diagnosis(rule, 'notOneOf', {
        key,
        value: String(value),
        values: issue.values.map(String),
        suggestion,
      });
  }
  return diagnosis(rule, 'invalid', { key, detail: issue.message, suggestion });
}

/** Finds the line and column of a key path in YAML text; parsed once, on the error path only. */
export function yamlLocator(yamlText: string): Locate {
  const lineCounter = new YAML.LineCounter();
  const doc = YAML.parseDocument(yamlText, { lineCounter });
  return (keyPath, value = false) => {
    let node: unknown = doc.contents;
    let offset: number | undefined;
    let found = 0;
    /** Where the value of the last pair found is: its node, or after the colon when it has none. */
    let valueOffset: number | undefined;
    for (const key of keyPath) {
      if (YAML.isMap(node)) {
        const pair = node.items.find((p) => YAML.isScalar(p.key) && p.key.value === key);
        if (!pair) break;
        const keyRange = (pair.key as YAML.Scalar).range;
        offset = keyRange?.[0] ?? offset;
        node = pair.value;
        const range = (node as YAML.Node | null)?.range;
        valueOffset =
          range && range[1] > range[0] ? range[0] : keyRange ? afterColon(yamlText, keyRange[1]) : undefined;
      } else if (YAML.isSeq(node) && typeof key === 'number') {
        node = node.items[key];
        offset = (node as YAML.Scalar | undefined)?.range?.[0] ?? offset;
        valueOffset = offset;
      } else break;
      found++;
    }
    const at = value && found === keyPath.length && valueOffset !== undefined ? valueOffset : offset;
    if (at === undefined) return undefined;
    const pos = lineCounter.linePos(at);
    return { line: pos.line, column: pos.col };
  };
}

/** The offset after a key's colon (and the space after it, if any): where its missing value goes. */
function afterColon(text: string, from: number): number {
  const colon = text.indexOf(':', from);
  return text[colon + 1] === ' ' ? colon + 2 : colon + 1;
}
