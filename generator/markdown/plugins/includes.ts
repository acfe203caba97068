// Includes: `::include{file="./_install.md"}` on a line of its own puts another Markdown file's body
// in its place. The included text is parsed as its own file: its relative links and images start
// from its own folder, and what it gets wrong is reported in it, at its own lines. A file that is
// missing or includes itself again is reported with the chain of includes that led there.
//
// Files whose name starts with `_` are partials: included, never pages (generator/content/load.ts).
//
// Positions of included text are kept in the syntax tree with their line raised by LINE_BASE times
// the include's number, so that every later stage (links, raw HTML, MDX) keeps them as they are;
// where the stage's findings leave the Markdown stage, `origin` turns them back into file lines.
import path from 'node:path';
import type { Node, Paragraph, Root } from 'mdast';
import type { LeafDirective } from 'mdast-util-directive';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { type Diagnosis, diagnosis, type MarkdownProblem } from '../../diagnostics/diagnostic-rules.ts';
import type { SourceId } from '../../types.ts';
import { SKIP, visit } from '../visit-tree.ts';
import { withBracketTitles } from './admonitions.ts';

export const LINE_BASE = 1_000_000;

/** What the including file may include: the Markdown files by id, as written (front matter too). */
export interface IncludeContext {
  /** The file being rendered. */
  self: SourceId;
  /** The line of the file the rendered body starts at, after its front matter. */
  bodyLine?: number;
  files: Record<SourceId, string>;
}

/** One included text: where it comes from and where its body starts in its file. */
export interface Included {
  id: SourceId;
  bodyLine: number;
  body: string;
}

declare module 'vfile' {
  interface DataMap {
    includeContext?: IncludeContext;
    /** The texts included so far, the first one at LINE_BASE. */
    included?: Included[];
  }
}

/** Where a position of the tree really is: the file (undefined for the rendered file itself) and its line. */
export function origin(file: VFile, line: number): { file?: SourceId; line: number } {
  const k = Math.floor(line / LINE_BASE);
  const entry = k > 0 ? file.data.included?.[k - 1] : undefined;
  return entry ? { file: entry.id, line: (line % LINE_BASE) + entry.bodyLine - 1 } : { line };
}

/** The text a node of the tree was written in: the file's own body or an included one. */
export function textOf(file: VFile, line: number): string {
  const k = Math.floor(line / LINE_BASE);
  return k > 0 ? (file.data.included?.[k - 1]?.body ?? '') : String(file.value);
}

/** The ids a file's text may include, found by a plain search: used to key cached results, where
 * one too many costs nothing. */
export function includeTargets(self: SourceId, raw: string): SourceId[] {
  if (!raw.includes('::include')) return [];
  return [...raw.matchAll(/::include\{[^}\n]*?file=["']?([^"'}\s]+)/g)].map((m) => resolveInclude(self, m[1]));
}

/** `./_install.md` from `content/en/docs/guides/setup.md`; `/docs/_x.md` from the locale's root. */
export function resolveInclude(from: SourceId, target: string): SourceId {
  if (target.startsWith('/')) return path.posix.join(from.split('/').slice(0, 2).join('/'), target);
  return path.posix.join(path.posix.dirname(from), target);
}

/** Body and first body line of a Markdown file, front matter left out. */
function bodyOf(raw: string): { body: string; bodyLine: number } {
  const m = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(raw);
  if (!m) return { body: raw, bodyLine: 1 };
  return { body: raw.slice(m[0].length), bodyLine: m[0].split('\n').length };
}

const isRelative = (url: string) =>
  !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('/') && !url.startsWith('#') && url !== '';

/** Relative URLs of included text, from the included file's folder to the including file's. */
function rebase(tree: Root, from: SourceId, to: SourceId): void {
  const fromDir = path.posix.dirname(from);
  const toDir = path.posix.dirname(to);
  if (fromDir === toDir) return;
  visit(tree, (node) => {
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
    const target = node as { url: string };
    if (!isRelative(target.url)) return;
    const cut = target.url.search(/[?#]/);
    const [pathname, rest] = cut === -1 ? [target.url, ''] : [target.url.slice(0, cut), target.url.slice(cut)];
    const moved = path.posix.relative(toDir, path.posix.join(fromDir, pathname));
    target.url = (moved.startsWith('.') ? moved : `./${moved}`) + rest;
  });
}

function shift(tree: Node, lines: number): void {
  visit(tree, (node) => {
    const p = node.position;
    if (p)
      node.position = {
        start: { ...p.start, line: p.start.line + lines },
        end: { ...p.end, line: p.end.line + lines },
      };
  });
}

/** Remark: includes expanded; any other leaf directive (`::name` alone on a line) is text as typed. */
export function remarkIncludes(this: Processor, report: (file: VFile, problem: MarkdownProblem) => void) {
  return (tree: Root, file: VFile) => {
    const context = file.data.includeContext;
    file.data.included ??= [];
    const expand = (root: Root, from: SourceId, chain: string[]) => {
      visit(root, 'leafDirective', (node: LeafDirective, index, parent) => {
        if (!parent || index === undefined) return;
        const start = node.position?.start ?? { line: 1, column: 1, offset: 0 };
        const at = origin(file, start.line);
        const where = at.file
          ? `${at.file}:${at.line}`
          : `${context?.self ?? 'this file'}:${at.line + (context?.bodyLine ?? 1) - 1}`;
        const problem = (says: Diagnosis) => report(file, { line: start.line, column: start.column, ...says });
        if (node.name !== 'include') {
          // `::name` is text here: only includes are leaf directives.
          const written = textOf(file, start.line).slice(start.offset, node.position?.end.offset);
          parent.children[index] = {
            type: 'paragraph',
            children: [{ type: 'text', value: written, position: node.position }],
            position: node.position,
          } as Paragraph;
          return SKIP;
        }
        const target = node.attributes?.file;
        if (!target || !context) {
          problem(diagnosis('include', target ? 'unavailable' : 'noFile'));
          parent.children.splice(index, 1);
          return [SKIP, index];
        }
        const id = resolveInclude(from, target);
        const steps = [...chain, where];
        if (id === context.self || chain.some((step) => step.startsWith(`${id}:`)) || from === id) {
          problem(diagnosis('include', 'cycle', { chain: [...steps, id] }));
          parent.children.splice(index, 1);
          return [SKIP, index];
        }
        const raw = context.files[id];
        if (raw === undefined) {
          problem(diagnosis('include', 'missing', { id, chain: [...steps, id] }));
          parent.children.splice(index, 1);
          return [SKIP, index];
        }
        const { body, bodyLine } = bodyOf(raw);
        const included = file.data.included!;
        const text = withBracketTitles(body);
        included.push({ id, bodyLine, body: text });
        const sub = this.parse(text) as Root;
        shift(sub, included.length * LINE_BASE);
        expand(sub, id, steps);
        rebase(sub, id, from);
        parent.children.splice(index, 1, ...(sub.children as never[]));
        return [SKIP, index + sub.children.length];
      });
    };
    expand(tree, context?.self ?? '', []);
  };
}
