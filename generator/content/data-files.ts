// YAML data files beside the Markdown: authors, tags and folder categories.
import YAML from 'yaml';
import { z } from 'zod';
import { closestKey } from '../diagnostics/closest-key.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import { yamlLocator, zodDiagnostics } from '../diagnostics/schema-errors.ts';
import type { Author, Category, Diagnostic, LocaleId, Tag } from '../types.ts';
import { xmlText } from './frontmatter.ts';

function perLocale(locales: LocaleId[]) {
  return z.strictObject(Object.fromEntries(locales.map((l) => [l, xmlText().min(1)])) as Record<string, z.ZodString>);
}

function parseYaml(
  raw: string,
  file: string,
  rule: 'authors' | 'tags' | 'category',
): { value?: unknown; diagnostics: Diagnostic[] } {
  const lineCounter = new YAML.LineCounter();
  const doc = YAML.parseDocument(raw, { lineCounter });
  if (doc.errors.length) {
    return {
      diagnostics: doc.errors.map((e) =>
        diagnostic({ file, line: e.linePos?.[0].line, column: e.linePos?.[0].col }, rule, 'yaml', {
          reason: e.message.split('\n')[0],
        }),
      ),
    };
  }
  return { value: doc.toJS(), diagnostics: [] };
}

const idPattern = /^[a-z0-9][a-z0-9-]*$/;

export function parseAuthors(
  raw: string,
  file: string,
  locales: LocaleId[],
): { authors: Record<string, Author>; diagnostics: Diagnostic[] } {
  const schema = z.record(
    z.string().regex(idPattern, 'author ids are lower-case letters, digits and dashes'),
    z.strictObject({
      name: xmlText().min(1),
      page: z.string().optional(),
      image: z.string().optional(),
      title: perLocale(locales),
      bio: perLocale(locales),
    }),
  );
  const { value, diagnostics } = parseYaml(raw, file, 'authors');
  if (diagnostics.length) return { authors: {}, diagnostics };
  const result = schema.safeParse(value ?? {});
  if (!result.success)
    return {
      authors: {},
      diagnostics: zodDiagnostics(result.error, file, 'authors', yamlLocator(raw), undefined, value ?? {}),
    };
  const authors = Object.fromEntries(Object.entries(result.data).map(([id, a]) => [id, { id, ...a }]));
  return { authors, diagnostics: [] };
}

export function parseTags(
  raw: string,
  file: string,
  locales: LocaleId[],
): { tags: Record<string, Tag>; diagnostics: Diagnostic[] } {
  const schema = z.record(
    z.string().regex(idPattern, 'tag ids are lower-case letters, digits and dashes: they are URL slugs'),
    z.strictObject({ label: perLocale(locales), description: perLocale(locales) }),
  );
  const { value, diagnostics } = parseYaml(raw, file, 'tags');
  if (diagnostics.length) return { tags: {}, diagnostics };
  const result = schema.safeParse(value ?? {});
  if (!result.success)
    return {
      tags: {},
      diagnostics: zodDiagnostics(result.error, file, 'tags', yamlLocator(raw), undefined, value ?? {}),
    };
  const tags = Object.fromEntries(Object.entries(result.data).map(([id, t]) => [id, { id, ...t }]));
  return { tags, diagnostics: [] };
}

const categorySchema = z.strictObject({
  label: z.string().min(1).optional(),
  position: z.number().optional(),
  collapsed: z.boolean().default(true),
  description: z.string().optional(),
});

/** `_category.yml`, `_category_.yml` or `_category_.json` (JSON is YAML too). Without a label, the
 * folder's name is the label, as in Docusaurus. */
export function parseCategory(
  raw: string,
  file: string,
  folderName: string,
): { category?: Category; diagnostics: Diagnostic[] } {
  const { value, diagnostics } = parseYaml(raw, file, 'category');
  if (diagnostics.length) return { diagnostics };
  const result = categorySchema.safeParse(value ?? {});
  if (!result.success) {
    const known = Object.keys(categorySchema.shape);
    return {
      diagnostics: zodDiagnostics(
        result.error,
        file,
        'category',
        yamlLocator(raw),
        (issue) => (issue.code === 'unrecognized_keys' ? closestKey(issue.keys[0], known) : undefined),
        value ?? {},
      ),
    };
  }
  return { category: { source: file, ...result.data, label: result.data.label ?? folderName }, diagnostics: [] };
}
