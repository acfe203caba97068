// Turns schema validation failures into diagnostics that name the file, the key and its line.
import YAML from 'yaml';
import type { z } from 'zod';
import type { Diagnostic } from './diagnostic.ts';
import { type Diagnosis, diagnosis } from './diagnostic-rules.ts';

export type Locate = (keyPath: (string | number)[]) => { line: number; column: number } | undefined;
/** The rules whose files are checked against a schema: each has the cases unknownKeys, required and invalid. */
export type SchemaRule = 'config' | 'front-matter' | 'authors' | 'tags' | 'category';
/** The closest known key or option for an issue, for "did you mean". */
export type Suggest = (issue: z.core.$ZodIssue) => string | undefined;

/** Each issue of a failed schema check at the line of its key, with "did you mean" where `suggest` finds one. */
export function zodDiagnostics(
  error: z.ZodError,
  file: string,
  rule: SchemaRule,
  locate?: Locate,
  suggest?: Suggest,
): Diagnostic[] {
  return error.issues.map((issue) => {
    const keyPath = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    // An unknown key is reported on its parent; point at the key itself.
    const at = locate?.(issue.code === 'unrecognized_keys' ? [...keyPath, issue.keys[0]] : keyPath);
    return { file, line: at?.line, column: at?.column, ...describeIssue(rule, issue, keyPath, suggest?.(issue)) };
  });
}

function describeIssue(
  rule: SchemaRule,
  issue: z.core.$ZodIssue,
  keyPath: (string | number)[],
  suggestion: string | undefined,
): Diagnosis {
  const key = keyPath.length
    ? keyPath
        .map((p) => (typeof p === 'number' ? `[${p}]` : p))
        .join('.')
        .replace(/\.\[/g, '[')
    : '';
  if (issue.code === 'unrecognized_keys')
    return diagnosis(rule, 'unknownKeys', { at: key, keys: issue.keys, suggestion });
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message))
    return diagnosis(rule, 'required', { key });
  return diagnosis(rule, 'invalid', { key, detail: issue.message, suggestion });
}

/** Finds the line and column of a key path in YAML text; parsed once, on the error path only. */
export function yamlLocator(yamlText: string): Locate {
  const lineCounter = new YAML.LineCounter();
  const doc = YAML.parseDocument(yamlText, { lineCounter });
  return (keyPath) => {
    let node: unknown = doc.contents;
    let offset: number | undefined;
    for (const key of keyPath) {
      if (YAML.isMap(node)) {
        const pair = node.items.find((p) => YAML.isScalar(p.key) && p.key.value === key);
        if (!pair) break;
        offset = (pair.key as YAML.Scalar).range?.[0] ?? offset;
        node = pair.value;
      } else if (YAML.isSeq(node) && typeof key === 'number') {
        node = node.items[key];
        offset = (node as YAML.Scalar | undefined)?.range?.[0] ?? offset;
      } else break;
    }
    if (offset === undefined) return undefined;
    const pos = lineCounter.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
}
