// Remark: `[^my note]`, a footnote label GFM does not take (it has a space), is text to Markdown,
// or, with a definition of one word (`[^my note]: Wikipedia`), a link to that word. Either way the
// footnote is lost: each place is reported, and shown as it was typed.
import type { Definition, Root, Text } from 'mdast';
import type { VFile } from 'vfile';
import { type Diagnosis, diagnosis } from '../../diagnostics/diagnostic-rules.ts';
import { collected } from '../collected.ts';
import { SKIP, visit } from '../visit-tree.ts';
import { textOf } from './includes.ts';

/** A footnote reference or definition whose label has a space, as the source has it. */
const FOOTNOTE_WITH_SPACE = /\[\^([^\]\n]*?\s[^\]\n]*?)\]/g;

export function remarkFootnoteLabels() {
  return (tree: Root, file: VFile) => {
    const data = collected(file);
    const problem = (node: { position?: { start: { line: number; column: number } } }, says: Diagnosis) => {
      const start = node.position?.start ?? { line: 1, column: 1 };
      data.problems.push({ line: start.line, column: start.column, ...says });
    };
    footnoteLabels(tree, file, problem);
  };
}

function footnoteLabels(
  tree: Root,
  file: VFile,
  problem: (node: { position?: { start: { line: number; column: number } } }, says: Diagnosis) => void,
): void {
  const written = (node: { position?: { start: { offset?: number }; end: { offset?: number } } }, line: number) => {
    const { start, end } = node.position ?? { start: {}, end: {} };
    return start.offset === undefined || end.offset === undefined
      ? ''
      : textOf(file, line).slice(start.offset, end.offset);
  };
  visit(tree, (node, index, parent) => {
    if (node.type === 'text' && node.value.includes('[^') && node.position) {
      const { start } = node.position;
      const source = written(node as Text, start.line) || (node as Text).value;
      for (const m of source.matchAll(FOOTNOTE_WITH_SPACE)) {
        const lines = source.slice(0, m.index).split('\n');
        const line = start.line + lines.length - 1;
        const column = lines.length > 1 ? lines.at(-1)!.length + 1 : start.column + lines[0].length;
        problem({ position: { start: { line, column } } }, diagnosis('footnote-label', 'space', { label: m[1] }));
      }
      return;
    }
    const label = (node as { label?: string }).label;
    if ((node.type !== 'definition' && node.type !== 'linkReference') || !label?.startsWith('^') || !parent) return;
    if (!/\s/.test(label)) return;
    problem(node as Definition, diagnosis('footnote-label', 'space', { label: label.slice(1) }));
    const text: Text = { type: 'text', value: written(node as Definition, node.position?.start.line ?? 1) };
    parent.children[index!] = (node.type === 'definition' ? { type: 'paragraph', children: [text] } : text) as never;
    return SKIP;
  });
}
