// The load stage: the only place that reads the content tree from disk.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { LocaleId, SourceId } from './types.ts';

export interface SourceFile {
  id: SourceId;
  locale: LocaleId;
  /** Path inside the locale tree, without `.md` and without number prefixes: `services/databases/index`. */
  path: string;
  raw: string;
  hash: string;
}

export interface CategoryFile {
  id: SourceId;
  locale: LocaleId;
  /** Folder inside the locale tree, without number prefixes: `services/databases`. */
  dir: string;
  raw: string;
}

/** A folder's category file, in any of the names Docusaurus and this project use. */
export const CATEGORY_FILES = ['_category.yml', '_category_.yml', '_category_.json'];

export interface ContentTree {
  sources: SourceFile[];
  categories: CategoryFile[];
  /** Folders directly under content/ that are not a configured locale. */
  strayDirs: string[];
  /** MDX files, which the site cannot render: reported, never skipped silently. */
  mdxFiles: SourceId[];
  authors?: { id: SourceId; raw: string };
  tags?: { id: SourceId; raw: string };
}

export const CONTENT_DIR = 'content';

/** The content hash the pipeline keys its caches and outputs by. */
export function hashOf(text: string | Uint8Array): string {
  return createHash('sha1').update(text).digest('hex').slice(0, 16);
}

// `01-intro.md`, `3_dlna.md`, `02-guides/`: a number prefix orders files in the folder, as in
// Docusaurus, and is no part of the route. Dates (`2024-05-01-x`) and versions (`1.2-x`) are names.
const NUMBER_PREFIX = /^\d+\s*[-_.]+\s*(?=[^-_.\s])/;
const NOT_A_PREFIX = /^(?:\d{2,4}[-_.]\d{2}[-_.]\d{2}|\d+\.\d+)/;

export function withoutNumberPrefixes(relPath: string): string {
  return relPath
    .split('/')
    .map((segment) => (NOT_A_PREFIX.test(segment) ? segment : segment.replace(NUMBER_PREFIX, '')))
    .join('/');
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
}

export function loadContent(root: string, locales: LocaleId[]): ContentTree {
  const contentRoot = path.join(root, CONTENT_DIR);
  const tree: ContentTree = { sources: [], categories: [], strayDirs: [], mdxFiles: [] };
  if (!existsSync(contentRoot)) return tree;
  for (const entry of readdirSync(contentRoot, { withFileTypes: true })) {
    if (entry.isDirectory() && !locales.includes(entry.name) && !entry.name.startsWith('.')) {
      tree.strayDirs.push(`${CONTENT_DIR}/${entry.name}`);
    }
  }
  for (const name of ['authors', 'tags'] as const) {
    const file = path.join(contentRoot, `${name}.yml`);
    if (existsSync(file)) tree[name] = { id: `${CONTENT_DIR}/${name}.yml`, raw: readFileSync(file, 'utf8') };
  }
  for (const locale of locales) {
    const localeRoot = path.join(contentRoot, locale);
    if (!existsSync(localeRoot)) continue;
    const files: string[] = [];
    walk(localeRoot, files);
    files.sort();
    for (const file of files) {
      const rel = path.relative(localeRoot, file).split(path.sep).join('/');
      const id = `${CONTENT_DIR}/${locale}/${rel}`;
      if (rel.endsWith('.md')) {
        const raw = readFileSync(file, 'utf8');
        tree.sources.push({ id, locale, path: withoutNumberPrefixes(rel.slice(0, -3)), raw, hash: hashOf(raw) });
      } else if (rel.endsWith('.mdx')) {
        tree.mdxFiles.push(id);
      } else if (CATEGORY_FILES.includes(path.basename(rel))) {
        const dir = path.dirname(rel) === '.' ? '' : withoutNumberPrefixes(path.dirname(rel));
        tree.categories.push({ id, locale, dir, raw: readFileSync(file, 'utf8') });
      }
    }
  }
  return tree;
}
