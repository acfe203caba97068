// Rehype: the links and images of the finished tree whose URL has an unsafe scheme
// (generator/markdown/unsafe-links.ts says which and why), reported where their URL is written.
// The tree is what the browser gets, Markdown's elements and raw HTML's alike, each attribute
// parsed: `<a title=">" href="data:…">` is an `a` with a data: href here, whatever a pattern over
// the HTML text would make of it. data: images pass when the config allows them (`dataImages`).
import type { Element, Root } from 'hast';
import type { Position } from 'unist';
import type { VFile } from 'vfile';
import { diagnosis, type MarkdownProblem } from '../../diagnostics/diagnostic-rules.ts';
import { unsafeScheme } from '../unsafe-links.ts';
import { visit } from '../visit-tree.ts';
import { LINE_BASE, textOf } from './includes.ts';

declare module 'vfile' {
  interface DataMap {
    /** Set before the run: data: images are allowed (markdown.dataImages). */
    dataImages?: boolean;
    /** Links and images made from a reference (`[text][ref]`), by where they stand
     * (`line:column`): where their definition, which holds the URL, is written. */
    definitionsOf?: globalThis.Map<string, Position>;
  }
}

/** `line:column` of a position's start, the key of `definitionsOf`. */
export const placeKey = (position: Position) => `${position.start.line}:${position.start.column}`;

/** Where `scheme:` is written inside `position` (the element's own source, or its definition's):
 * its line and column, or the position's start when it is not written there as it is (entities). */
function whereWritten(file: VFile, position: Position, scheme: string): { line: number; column: number } {
  const { start, end } = position;
  // Lines of included text count from LINE_BASE times the include's number (includes.ts).
  const base = start.line - (start.line % LINE_BASE);
  const lines = textOf(file, start.line).split('\n');
  const first = start.line - base - 1;
  const last = Math.min(end.line - base - 1, lines.length - 1);
  const pattern = new RegExp(`${scheme}\\s*:`, 'i');
  for (let i = first; i <= last; i++) {
    const from = i === first ? start.column - 1 : 0;
    const to = i === last ? end.column - 1 : lines[i].length;
    const found = pattern.exec(lines[i].slice(from, to));
    if (found) return { line: base + i + 1, column: from + found.index + 1 };
  }
  return { line: start.line, column: start.column };
}

export default function rehypeUnsafeLinks(options: { report: (file: VFile, problem: MarkdownProblem) => void }) {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node: Element) => {
      const url =
        node.tagName === 'a' ? node.properties.href : node.tagName === 'img' ? node.properties.src : undefined;
      if (typeof url !== 'string') return;
      const scheme = unsafeScheme(url);
      if (!scheme || (scheme === 'data' && node.tagName === 'img' && file.data.dataImages)) return;
      const position = node.position && (file.data.definitionsOf?.get(placeKey(node.position)) ?? node.position);
      const at = position ? whereWritten(file, position, scheme) : { line: 1, column: 1 };
      options.report(file, { ...at, ...diagnosis('unsafe-link', 'markdown', { scheme }) });
    });
  };
}
