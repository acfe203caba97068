// Table rows with more cells than the header. GFM defines what happens to them: the cells beyond
// the header's columns are left out of the table (a row with fewer gets empty ones). That is the
// spec's, so the table is rendered as GFM says; the cells left out are named, so their text is not
// lost without a word (often a `|` inside a cell that should have been written `\|`).
import type { Root, Table } from 'mdast';
import type { VFile } from 'vfile';
import { diagnosis, type MarkdownProblem } from '../../diagnostics/diagnostic-rules.ts';
import { visit } from '../visit-tree.ts';

const textOf = (node: { value?: unknown; children?: unknown[] }): string =>
  typeof node.value === 'string' ? node.value : (node.children ?? []).map((c) => textOf(c as never)).join('');

export function remarkTableCells(report: (file: VFile, problem: MarkdownProblem) => void) {
  return (tree: Root, file: VFile) => {
    visit(tree, 'table', (table: Table) => {
      const columns = table.children[0]?.children.length ?? 0;
      for (const row of table.children.slice(1)) {
        if (row.children.length <= columns) continue;
        const extra = row.children.slice(columns);
        const start = extra[0].position?.start ?? row.position?.start ?? { line: 1, column: 1 };
        report(file, {
          line: start.line,
          column: start.column,
          ...diagnosis('table-cells', 'extra', {
            cells: row.children.length,
            columns,
            lost: extra.map((cell) => textOf(cell).trim()),
          }),
        });
      }
    });
  };
}
