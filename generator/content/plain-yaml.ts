// Front matter written as plain `key: value` lines, read without the YAML parser. Nearly every page's
// front matter is a handful of such lines, and the parser costs about a millisecond a file (more
// while it is cold): the dev server reads every file's front matter before it answers. Only what
// reads the same under YAML 1.2's core schema is taken here; anything else (a nested map, a
// comment, an escape, a value YAML could read as a number, null or a date) makes this give up, and
// the YAML parser reads the whole block as before. tests/engine/unit/plain-yaml.test.ts holds the two
// readings equal on every front matter of the site and the fixtures.

type Plain = string | number | boolean;

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
/** Characters a plain scalar may not start with: YAML gives them another meaning. */
const INDICATOR = /^[-?:,[\]{}#&*!|>'"%@`\s]/;
/** What YAML's core schema reads as something other than a string: null, booleans, numbers. */
const NOT_A_STRING =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[0-9][0-9_]*|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const INTEGER = /^(?:0|[1-9][0-9]{0,14})$/;

/** A plain scalar as the core schema reads it, or undefined when this reader does not take it. */
function scalar(text: string, inFlow: boolean): Plain | undefined {
  if (text === '' || text !== text.trim()) return undefined;
  if (text.startsWith('"')) return /^"[^"\\]*"$/.test(text) ? text.slice(1, -1) : undefined;
  if (text.startsWith("'")) return /^'[^']*'$/.test(text) ? text.slice(1, -1) : undefined;
  if (INDICATOR.test(text) || text.includes(': ') || text.includes(' #') || text.endsWith(':') || text.includes('\t'))
    return undefined;
  if (inFlow && /[[\]{},:]/.test(text)) return undefined;
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (INTEGER.test(text)) return Number(text);
  return NOT_A_STRING.test(text) ? undefined : text;
}

/** A one-line flow sequence of scalars (`[a, b]`), or undefined. */
function sequence(text: string): Plain[] | undefined {
  if (!/^\[[^[\]{}]*\]$/.test(text)) return undefined;
  const inner = text.slice(1, -1).trim();
  if (inner === '') return [];
  const items: Plain[] = [];
  for (const part of inner.split(',')) {
    const item = scalar(part.trim(), true);
    if (item === undefined) return undefined;
    items.push(item);
  }
  return items;
}

/** The block read as YAML would read it, or undefined when it is not plain enough to be sure. */
export function plainYaml(block: string): Record<string, Plain | Plain[]> | undefined {
  const data: Record<string, Plain | Plain[]> = {};
  for (const line of block.split('\n')) {
    if (line.trim() === '') continue;
    const match = KEY.exec(line);
    if (
      !match ||
      match[2] === undefined ||
      Object.hasOwn(data, match[1]) ||
      match[1] === '__proto__' ||
      NOT_A_STRING.test(match[1])
    )
      return undefined;
    const raw = match[2];
    const value = raw.startsWith('[') ? sequence(raw) : scalar(raw, false);
    if (value === undefined) return undefined;
    data[match[1]] = value;
  }
  // An empty block is YAML's null, not an empty map: the parser says what that means.
  return Object.keys(data).length ? data : undefined;
}

/** Strings as `key: value` lines, when `plainYaml` reads them back as they are: what YAML's own
 * writer makes of them too, without its cost (a tenth of a second for the 1,406 Markdown twins of
 * the benchmark). Undefined when a value needs quotes or escapes: YAML's writer then writes them. */
export function plainYamlLines(data: Record<string, string | undefined>): string | undefined {
  const entries = Object.entries(data).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const text = entries.map(([key, value]) => `${key}: ${value}`).join('\n');
  const back = plainYaml(text);
  return back && entries.every(([key, value]) => back[key] === value) ? `${text}\n` : undefined;
}
