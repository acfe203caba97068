// The load stage: the only place that reads the content tree from disk. It takes what an editor
// saved as text, whatever the editor: a UTF-8 byte order mark is dropped and Windows line ends
// become \n. What cannot be a page is said here, naming the file: bytes that are not UTF-8, a
// name a URL cannot carry as it is, a link to nothing or out of the project, a pipe or device named `.md`.
import { isUtf8 } from 'node:buffer';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { hashOf } from '../content-hash.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import type { Diagnostic, LocaleId, SourceId } from '../types.ts';
import { isInside, walkProjectTree } from './project-tree.ts';

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
  /** Markdown files whose name starts with `_`: included by pages (`::include`), never pages. */
  partials: SourceFile[];
  categories: CategoryFile[];
  /** Folders directly under content/ that are not a configured locale. */
  strayDirs: string[];
  /** MDX files, which the site cannot render: reported, never skipped silently. */
  mdxFiles: SourceId[];
  authors?: { id: SourceId; raw: string };
  tags?: { id: SourceId; raw: string };
  /** Files that could not be taken as they are (see the top of this file). */
  diagnostics: Diagnostic[];
}

/** The characters a content file's name may have: they stand in the page's URL as they are. */
export const FILE_NAME_CHARACTERS = /^[A-Za-z0-9._-]+$/;

export interface DecodedText {
  text: string;
  /** Position of the first byte that is not UTF-8, 1-based. */
  invalid?: { line: number; column: number };
}

/** A source file's bytes as the text the pipeline works on (see the top of this file). */
export function decodeText(bytes: Uint8Array): DecodedText {
  // Node's own check is native; the walk below only finds where a file that fails it goes wrong.
  const bad = isUtf8(bytes) ? -1 : firstInvalidUtf8(bytes);
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  text = text.replace(/\r\n?/g, '\n');
  if (bad === -1) return { text };
  const before = Buffer.from(bytes.subarray(0, bad))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
  const lines = before.split('\n');
  return { text, invalid: { line: lines.length, column: [...lines[lines.length - 1]].length + 1 } };
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    // Lead byte: length and the allowed range of the second byte (no overlongs, no surrogates).
    const [length, low, high] =
      b >= 0xc2 && b <= 0xdf
        ? [2, 0x80, 0xbf]
        : b === 0xe0
          ? [3, 0xa0, 0xbf]
          : b === 0xed
            ? [3, 0x80, 0x9f]
            : b >= 0xe1 && b <= 0xef
              ? [3, 0x80, 0xbf]
              : b === 0xf0
                ? [4, 0x90, 0xbf]
                : b >= 0xf1 && b <= 0xf3
                  ? [4, 0x80, 0xbf]
                  : b === 0xf4
                    ? [4, 0x80, 0x8f]
                    : [0, 0, 0];
    if (!length || i + length > bytes.length || bytes[i + 1] < low || bytes[i + 1] > high) return i;
    for (let k = 2; k < length; k++) if (bytes[i + k] < 0x80 || bytes[i + k] > 0xbf) return i;
    i += length;
  }
  return -1;
}

const vanished = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export const CONTENT_DIR = 'content';

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

export function loadContent(root: string, locales: LocaleId[]): ContentTree {
  const contentRoot = path.join(root, CONTENT_DIR);
  const tree: ContentTree = { sources: [], partials: [], categories: [], strayDirs: [], mdxFiles: [], diagnostics: [] };
  if (!existsSync(contentRoot)) return tree;
  const idOf = (file: string) => path.relative(root, file).split(path.sep).join('/');
  /** The text of a file, or undefined when it vanished since the folder was listed. */
  const read = (file: string): string | undefined => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      if (vanished(error)) return undefined;
      throw error;
    }
    const { text, invalid } = decodeText(bytes);
    if (invalid) {
      tree.diagnostics.push(diagnostic({ file: idOf(file), ...invalid }, 'encoding', 'invalid'));
    }
    return text;
  };
  for (const entry of readdirSync(contentRoot, { withFileTypes: true })) {
    if (entry.isDirectory() && !locales.includes(entry.name) && !entry.name.startsWith('.')) {
      tree.strayDirs.push(`${CONTENT_DIR}/${entry.name}`);
    }
  }
  const realRoot = realpathSync(root);
  for (const name of ['authors', 'tags'] as const) {
    const file = path.join(contentRoot, `${name}.yml`);
    if (existsSync(file) && !isInside(realRoot, realpathSync(file))) {
      tree.diagnostics.push(
        diagnostic({ file: idOf(file) }, 'outside-link', 'content', { link: idOf(file), target: realpathSync(file) }),
      );
      continue;
    }
    const raw = existsSync(file) ? read(file) : undefined;
    if (raw !== undefined) tree[name] = { id: `${CONTENT_DIR}/${name}.yml`, raw };
  }
  for (const locale of locales) {
    const localeRoot = path.join(contentRoot, locale);
    if (!existsSync(localeRoot)) continue;
    // Symbolic links are followed while they stay inside the project (project-tree.ts).
    const walked = walkProjectTree(root, localeRoot, { hidden: false });
    for (const kind of ['dangling', 'special'] as const)
      for (const file of walked[kind].filter((f) => f.endsWith('.md')))
        tree.diagnostics.push(diagnostic({ file: idOf(file) }, 'content-file', kind));
    for (const { link, target } of walked.outside)
      tree.diagnostics.push(diagnostic({ file: idOf(link) }, 'outside-link', 'content', { link: idOf(link), target }));
    const files = walked.files.sort();
    for (const file of files) {
      const rel = path.relative(localeRoot, file).split(path.sep).join('/');
      const id = `${CONTENT_DIR}/${locale}/${rel}`;
      if (rel.endsWith('.md')) {
        const unsafe = rel.split('/').find((part) => !FILE_NAME_CHARACTERS.test(part));
        if (unsafe !== undefined) {
          const characters = [...new Set([...unsafe].filter((c) => !FILE_NAME_CHARACTERS.test(c)))];
          tree.diagnostics.push(diagnostic({ file: id }, 'file-name', 'characters', { name: unsafe, characters }));
          continue;
        }
        const raw = read(file);
        const partial = path.posix.basename(rel).startsWith('_');
        if (raw !== undefined)
          (partial ? tree.partials : tree.sources).push({
            id,
            locale,
            path: withoutNumberPrefixes(rel.slice(0, -3)),
            raw,
            hash: hashOf(raw),
          });
      } else if (rel.endsWith('.mdx')) {
        tree.mdxFiles.push(id);
      } else if (/\.(md|mdx|markdown)$/i.test(rel)) {
        // `Shout.MD`: Markdown by any reader's eye, and no page unless it is said.
        const name = path.basename(rel);
        tree.diagnostics.push(diagnostic({ file: id }, 'file-name', 'extension', { name }));
      } else if (CATEGORY_FILES.includes(path.basename(rel))) {
        const raw = read(file);
        const dir = path.dirname(rel) === '.' ? '' : withoutNumberPrefixes(path.dirname(rel));
        if (raw !== undefined) tree.categories.push({ id, locale, dir, raw });
      }
    }
  }
  return tree;
}
