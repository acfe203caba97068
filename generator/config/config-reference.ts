// The config reference (docs/config.md), written from the schema itself so it cannot drift: every
// key with its type, whether it is required, its default, and what it means where the schema says
// (`.describe()`). tests/engine/unit/config-reference.test.ts
// fails when the file and the schema disagree (UPDATE=1 rewrites it).
import { z } from 'zod';
import { DIAGNOSTIC_RULES, type DiagnosticRule } from '../diagnostics/diagnostic-rules.ts';
import { configSchema } from './config.ts';

interface Row {
  key: string;
  type: string;
  required: boolean;
  default?: unknown;
  meaning?: string;
}

/** The type of a key that holds a plain value, as the reference writes it. */
function leafType(schema: z.core.$ZodType): string {
  if (schema instanceof z.ZodURL) return 'URL';
  if (schema instanceof z.ZodEnum) return schema.options.map((v) => `'${String(v)}'`).join(' \\| ');
  if (schema instanceof z.ZodLiteral)
    return [...schema.values].map((v) => JSON.stringify(v).replace(/"/g, "'")).join(' \\| ');
  return schema instanceof z.ZodType ? schema.def.type : 'value';
}

const isPlain = (schema: z.core.$ZodType) =>
  !(schema instanceof z.ZodObject || schema instanceof z.ZodArray || schema instanceof z.ZodRecord);

function walk(
  schema: z.core.$ZodType,
  key: string,
  rows: Row[],
  required = true,
  fallback?: unknown,
  described?: string,
): void {
  // What `.describe()` says of a key; zod keeps it on the schema it was said of.
  const meaning = z.globalRegistry.get(schema)?.description ?? described;
  if (schema instanceof z.ZodOptional) {
    walk(schema.unwrap(), key, rows, false, fallback, meaning);
    return;
  }
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) {
    walk(schema.unwrap(), key, rows, false, schema.def.defaultValue, meaning);
    return;
  }
  if (schema instanceof z.ZodObject) {
    if (key) rows.push({ key, type: 'object', required, default: fallback, meaning });
    for (const [name, inner] of Object.entries(schema.shape)) walk(inner, key ? `${key}.${name}` : name, rows);
    return;
  }
  if (schema instanceof z.ZodArray) {
    const element = schema.element;
    if (isPlain(element) && !(element instanceof z.ZodUnion))
      rows.push({ key, type: `list of ${leafType(element)}`, required, default: fallback, meaning });
    else {
      rows.push({ key, type: 'list', required, default: fallback, meaning });
      walk(element, `${key}[]`, rows);
    }
    return;
  }
  if (schema instanceof z.ZodRecord) {
    rows.push({ key, type: 'map by name', required, default: fallback, meaning });
    walk(schema.valueType, `${key}.<name>`, rows);
    return;
  }
  if (schema instanceof z.ZodUnion) {
    const options = schema.options;
    // A choice between plain values is one key of either type.
    if (options.every(isPlain)) {
      rows.push({ key, type: options.map(leafType).join(' \\| '), required, default: fallback, meaning });
      return;
    }
    const discriminator = schema instanceof z.ZodDiscriminatedUnion ? schema.def.discriminator : undefined;
    for (const option of options) {
      if (option instanceof z.ZodObject) {
        const tagged = discriminator ? option.shape[discriminator] : undefined;
        walk(option, `${key}${tagged ? ` (${discriminator}: ${leafType(tagged)})` : ''}`, rows, required);
      } else rows.push({ key, type: leafType(option), required, default: fallback });
    }
    return;
  }
  rows.push({ key, type: leafType(schema), required, default: fallback, meaning });
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
