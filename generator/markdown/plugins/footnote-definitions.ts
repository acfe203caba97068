// Remark: footnotes the page does not show. A footnote nobody refers to is left out of the page by
// the HTML step, and so is a second definition of a label (the first is shown): said, not dropped.
import type { FootnoteDefinition, Root } from 'mdast';
import type { VFile } from 'vfile';
import { type Diagnosis, diagnosis } from '../../diagnostics/diagnostic-rules.ts';
import { collected, plainText } from '../collected.ts';
import { SKIP, visit } from '../visit-tree.ts';

export function remarkFootnoteDefinitions() {
  return (tree: Root, file: VFile) => {
    const data = collected(file);
    const problem = (node: { position?: { start: { line: number; column: number } } }, says: Diagnosis) => {
      const start = node.position?.start ?? { line: 1, column: 1 };
      data.problems.push({ line: start.line, column: start.column, ...says });
    };
    // A reference counts when the page's text makes it, or a footnote it shows does: one made only
    // inside its own definition (a next line that ran into it) shows nothing.
    const referenced = new Set<string>();
    const definitionsOf = new Map<string, FootnoteDefinition[]>();
    visit(tree, (node) => {
      if (node.type === 'footnoteDefinition') {
        const list = definitionsOf.get(node.identifier) ?? [];
        definitionsOf.set(node.identifier, [...list, node]);
        return SKIP;
      }
      if (node.type === 'footnoteReference') referenced.add(node.identifier);
      return undefined;
    });
    for (const identifier of referenced)
      for (const definition of definitionsOf.get(identifier)?.slice(0, 1) ?? [])
        visit(definition, 'footnoteReference', (node) => void referenced.add(node.identifier));
    const footnotes = new Map<string, string>();
    visit(tree, 'footnoteDefinition', (node) => {
      const text = plainText(node).trim();
      const first = footnotes.get(node.identifier);
      if (first === undefined) footnotes.set(node.identifier, text);
      else if (first !== text) {
        const label = node.label ?? node.identifier;
        const shown = first.length > 60 ? `${first.slice(0, 59)}…` : first;
        problem(node, diagnosis('duplicate-definition', 'footnote', { label, first: shown }));
        return;
      }
      if (referenced.has(node.identifier)) return;
      const start = node.position?.start ?? { line: 1, column: 1 };
      data.problems.push({
        line: start.line,
        column: start.column,
        ...diagnosis('unused-definition', 'footnote', { label: node.label ?? node.identifier }),
      });
    });
  };
}
