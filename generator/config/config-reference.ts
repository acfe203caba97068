// The config reference (docs/config.md), written from the schema itself so it cannot drift: every
// key with its type, whether it is required, its default, and what it means where the schema says
// (`.describe()`). tests/engine/unit/config-reference.test.ts
// fails when the file and the schema disagree (UPDATE=1 rewrites it).
import type { z } from 'zod';
import { DIAGNOSTIC_RULES, type DiagnosticRule } from '../diagnostics/diagnostic-rules.ts';
import { configSchema } from './config.ts';

interface Row {
  key: string;
  type: string;
  required: boolean;
  default?: unknown;
  meaning?: string;
}

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function leafType(def: Def): string {
  switch (def.type) {
    case 'string':
      return def.format === 'url' ? 'URL' : 'string';
    case 'enum':
      return Object.values(def.entries as Record<string, string>)
        .map((v) => `'${v}'`)
        .join(' \\| ');
    case 'literal':
      return (def.values as unknown[]).map((v) => JSON.stringify(v).replace(/"/g, "'")).join(' \\| ');
    default:
      return def.type;
  }
}

/** What `.describe()` says of a schema (kept by zod in its registry). */
const meaningOf = (schema: z.ZodType) => (schema as unknown as { description?: string }).description;

function walk(
  schema: z.ZodType,
  key: string,
  rows: Row[],
  required = true,
  fallback?: unknown,
  described?: string,
): void {
  const def = defOf(schema);
  const meaning = meaningOf(schema) ?? described;
  if (def.type === 'optional') return walk(def.innerType as z.ZodType, key, rows, false, fallback, meaning);
  if (def.type === 'default' || def.type === 'prefault') {
    const value = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
    return walk(def.innerType as z.ZodType, key, rows, false, value, meaning);
  }
  if (def.type === 'object') {
    if (key) rows.push({ key, type: 'object', required, default: fallback, meaning });
    for (const [name, inner] of Object.entries(def.shape as Record<string, z.ZodType>))
      walk(inner, key ? `${key}.${name}` : name, rows);
    return;
  }
  if (def.type === 'array') {
    rows.push({ key, type: 'list', required, default: fallback, meaning });
    const element = defOf(def.element as z.ZodType);
    if (['object', 'union'].includes(element.type)) walk(def.element as z.ZodType, `${key}[]`, rows);
    else rows[rows.length - 1].type = `list of ${leafType(element)}`;
    return;
  }
  if (def.type === 'record') {
    rows.push({ key, type: 'map by name', required, default: fallback, meaning });
    return walk(def.valueType as z.ZodType, `${key}.<name>`, rows);
  }
  if (def.type === 'union') {
    const discriminator = def.discriminator as string | undefined;
    const options = def.options as z.ZodType[];
    // A choice between plain values is one key of either type.
    if (options.every((option) => !['object', 'array', 'record'].includes(defOf(option).type))) {
      rows.push({
        key,
        type: options.map((option) => leafType(defOf(option))).join(' \\| '),
        required,
        default: fallback,
        meaning,
      });
      return;
    }
    for (const option of def.options as z.ZodType[]) {
      const shape = defOf(option).shape as Record<string, z.ZodType> | undefined;
      const tag = discriminator && shape ? ` (${discriminator}: ${leafType(defOf(shape[discriminator]))})` : '';
      if (defOf(option).type === 'object') walk(option, `${key}${tag}`, rows, required);
      else rows.push({ key, type: leafType(defOf(option)), required, default: fallback });
    }
    return;
  }
  rows.push({ key, type: leafType(def), required, default: fallback, meaning });
}

const cell = (value: unknown) => (value === undefined ? '' : `\`${JSON.stringify(value)}\``.replace(/\|/g, '\\|'));

const rowLines = (rows: Row[]) =>
  rows.map(
    (r) =>
      `| \`${r.key}\` | ${r.type} | ${r.required ? 'yes' : ''} | ${cell(r.default)} | ${(r.meaning ?? '').replace(/\|/g, '\\|')} |`,
  );

/** `rules`: how a site sets a diagnostic rule's severity, and the rules that are not errors unless it does. */
function rulesSection(): string[] {
  const lenient = (Object.entries(DIAGNOSTIC_RULES) as [string, DiagnosticRule][]).filter(
    ([, rule]) => rule.severity !== 'error',
  );
  return [
    '',
    '## Rules: the severity of a diagnostic on this site',
    '',
    'Every rule of `site check` (docs/diagnostics.md) has a default that fits any site. A site that holds itself to a',
    'stricter house style turns a rule on, or quiets one it does not follow, in `rules`:',
    '',
    '```ts',
    "rules: { 'number-unit': 'error', 'trailing-slash': 'off' },",
    '```',
    '',
    "`'error'` fails `site check` and `site build`, `'warning'` is printed and `'off'` is not reported. A rule name the",
    'catalogue does not have, or a severity other than these three, is a `config` error at its line. `site explain <rule>`',
    'prints a rule with its default. The rules that are not errors unless a site says so:',
    '',
    '| rule | default | what it finds |',
    '| --- | --- | --- |',
    ...lenient.map(([id, rule]) => `| \`${id}\` | ${rule.severity} | ${rule.title.replace(/\|/g, '\\|')} |`),
  ];
}

/** The reference; with `theme` (a theme's name and its `config.schema`), its options (`themeConfig`) in a section of their own. */
export function configReference(theme?: { name: string; schema: z.ZodType }): string {
  const rows: Row[] = [];
  walk(configSchema, '', rows);
  const themeRows: Row[] = [];
  if (theme) walk(theme.schema, 'themeConfig', themeRows);
  return [
    '# Config reference',
    '',
    'Every key of `config/site.config.ts` (`export default defineConfig({ ... })`), with its type, whether it is',
    'required and its default. Written from the schema in `generator/config/config.ts`; a test fails when they disagree',
    '(`UPDATE=1 node --import tsx --test tests/engine/unit/config-reference.test.ts` writes it anew). `a[]` is each entry',
    'of the list `a`; `a.<name>` each entry of the map `a`.',
    '',
    '| key | type | required | default | meaning |',
    '| --- | --- | --- | --- | --- |',
    ...rowLines(rows),
    ...rulesSection(),
    ...(theme
      ? [
          '',
          `## Theme options: ${theme.name}`,
          '',
          "`themeConfig` holds the options of the theme the config names, checked by the theme's own schema once it is",
          `loaded (a wrong key or value is a \`config\` error at its line). These are the ${theme.name}'s, from its schema`,
          '(`theme/options.ts`); a site that shows none of these parts (a docs site) leaves `themeConfig` out.',
          '',
          '| key | type | required | default | meaning |',
          '| --- | --- | --- | --- | --- |',
          ...rowLines(themeRows),
        ]
      : []),
    '',
  ].join('\n');
}
