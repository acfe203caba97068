// The load stage: the only place that reads the content tree from disk.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { LocaleId, SourceId } from './types.ts';

export interface SourceFile {
  id: SourceId;
  locale: LocaleId;
  /** Path inside the locale tree, without `.md`: `services/databases/index`. */
  path: string;
  raw: string;
  hash: string;
}

export interface CategoryFile {
  id: SourceId;
  locale: LocaleId;
  /** Folder inside the locale tree: `services/databases`. */
  dir: string;
  raw: string;
}

export interface ContentTree {
  sources: SourceFile[];
  categories: CategoryFile[];
  /** Folders directly under content/ that are not a configured locale. */
  strayDirs: string[];
  authors?: { id: SourceId; raw: string };
  tags?: { id: SourceId; raw: string };
}

export const CONTENT_DIR = 'content';

/** The content hash the pipeline keys its caches and outputs by. */
export function hashOf(text: string | Uint8Array): string {
  return createHash('sha1').update(text).digest('hex').slice(0, 16);
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
  const tree: ContentTree = { sources: [], categories: [], strayDirs: [] };
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
        tree.sources.push({ id, locale, path: rel.slice(0, -3), raw, hash: hashOf(raw) });
      } else if (path.basename(rel) === '_category.yml') {
        tree.categories.push({ id, locale, dir: path.dirname(rel) === '.' ? '' : path.dirname(rel), raw: readFileSync(file, 'utf8') });
      }
    }
  }
  return tree;
}
