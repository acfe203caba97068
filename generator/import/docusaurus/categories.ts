// Docusaurus `_category_.json` / `_category_.yml` files, and folders with a number prefix, become
// `_category.yml` in every locale, with the labels translated in `current.json`.
import { slug } from 'github-slugger';
import YAML from 'yaml';
import { stripNumberPrefix } from './paths.ts';
import type { ContentTree } from './read-project.ts';

export interface CategoryOut {
  /** Folder inside the section, number prefixes stripped: `guides/advanced`. */
  dir: string;
  /** `_category.yml` text by locale. */
  text: Record<string, string>;
  /** The Docusaurus route of the folder's generated index (`docs/category/guides`), if it had one. */
  generatedRoute?: string;
}

export interface CategoryProblem {
  rel: string;
  line: number;
  message: string;
}

const KNOWN = new Set(['label', 'position', 'collapsed', 'link']);

function readCategory(raw: string, rel: string): Record<string, unknown> | undefined {
  try {
    const value = rel.endsWith('.json') ? JSON.parse(raw) : YAML.parse(raw);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return undefined;
  }
}

/** The translation of a sidebar string: `current.json` keys are `sidebar.<sidebar id>.category.<label>[...]`. */
export function translated(labels: Record<string, string> | undefined, label: string, suffix = ''): string | undefined {
  if (!labels) return undefined;
  const key = Object.keys(labels).find(
    (k) =>
      /^sidebar\.[^.]+\.category\./.test(k) && k.replace(/^sidebar\.[^.]+\.category\./, '') === `${label}${suffix}`,
  );
  return key ? labels[key] : undefined;
}

/** What a hand-written sidebar says about a folder (sidebars.ts): its label per locale, position, collapsed. */
export interface CategoryOverride {
  label: Record<string, string>;
  position?: number;
  collapsed?: boolean;
}

export function convertCategories(
  tree: ContentTree,
  docsRoute: string,
  locales: string[],
  defaultLocale: string,
  problems: CategoryProblem[],
  overrides = new Map<string, CategoryOverride>(),
): CategoryOut[] {
  const files = new Map(tree.categories.map((c) => [c.path.replace(/\/?_category_\.(json|ya?ml)$/, ''), c]));
  const folders = new Set<string>();
  for (const f of tree.files) {
    const parts = f.path.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  const out: CategoryOut[] = [];
  for (const folder of [...folders].sort()) {
    const name = stripNumberPrefix(folder.split('/').pop()!);
    const file = files.get(folder);
    const dir = folder
      .split('/')
      .map((s) => stripNumberPrefix(s).name)
      .join('/');
    const override = overrides.get(dir);
    if (!file && name.number === undefined && !override) continue;
    const data = file ? readCategory(file.raw, file.rel) : {};
    if (!data) {
      problems.push({ rel: file!.rel, line: 1, message: 'not readable; the folder gets the default label' });
    }
    const c = data ?? {};
    const lineOf = (key: string) =>
      Math.max(
        1,
        file!.raw.slice(0, Math.max(0, file!.raw.search(new RegExp(`["']?${key}["']?\\s*:`)))).split('\n').length,
      );
    for (const key of Object.keys(c)) {
      if (!KNOWN.has(key))
        problems.push({
          rel: file!.rel,
          line: lineOf(key),
          message: `"${key}" left out: _category.yml has label, position, collapsed and description`,
        });
    }
    const link = c.link && typeof c.link === 'object' ? (c.link as Record<string, unknown>) : undefined;
    if (link?.type === 'doc')
      problems.push({
        rel: file!.rel,
        line: lineOf('link'),
        message: `the category's page (doc "${String(link.id)}") left out: the engine shows a folder's index.md, or a generated list; rename that page to index.md`,
      });
    for (const key of ['title', 'slug', 'keywords', 'image']) {
      if (link && link[key] !== undefined)
        problems.push({
          rel: file!.rel,
          line: lineOf(key),
          message: `link.${key} left out: a folder's generated page takes its label and description`,
        });
    }
    const label = override?.label[defaultLocale] ?? (typeof c.label === 'string' && c.label ? c.label : name.name);
    const description = typeof link?.description === 'string' ? link.description : undefined;
    const position = override?.position ?? (typeof c.position === 'number' ? c.position : name.number);
    const text: Record<string, string> = {};
    for (const locale of locales) {
      const labels = locale === defaultLocale ? undefined : tree.labels[locale];
      const own = {
        label: override?.label[locale] ?? translated(labels, label) ?? label,
        position,
        collapsed: override?.collapsed ?? (typeof c.collapsed === 'boolean' ? c.collapsed : undefined),
        description: description && (translated(labels, label, '.link.generated-index.description') ?? description),
      };
      text[locale] = YAML.stringify(Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined)), {
        lineWidth: 0,
      });
    }
    const generated =
      link?.type === 'generated-index'
        ? typeof link.slug === 'string'
          ? link.slug
          : `/category/${slug(label)}`
        : undefined;
    out.push({
      dir,
      text,
      generatedRoute: generated && [docsRoute, generated.replace(/^\/+|\/+$/g, '')].filter(Boolean).join('/'),
    });
  }
  return out;
}
