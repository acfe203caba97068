// Container directives that are never closed: `:::tip` (or `::::tabs`) without its closing line of
// colons. The directive syntax, like a fenced code block, runs such a block to the end of what holds
// it (the page, a list item, a block quote), so the rest of the page would show inside the tip box.
// Each is reported at its opening line; the tree stays as the parser made it.
import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Parent } from 'unist';
import type { VFile } from 'vfile';
import { diagnosis, type MarkdownProblem } from '../../diagnostics/diagnostic-rules.ts';
import { visit } from '../visit-tree.ts';
import { LINE_BASE, textOf } from './includes.ts';

/** What an unclosed block runs to the end of, by the type of the node that holds it. */
const HOLDERS: Record<string, string> = {
  root: 'the end of the page',
  listItem: 'the end of its list item',
  blockquote: 'the end of its block quote',
  footnoteDefinition: 'the end of its footnote',
  containerDirective: 'the end of the block that holds it',
};

/** The line of the text a position is in (the file's own body or an included one). */
function lineAt(file: VFile, line: number): string {
  return textOf(file, line).split('\n')[(line % LINE_BASE) - 1] ?? '';
}

/** Whether the directive ends with a closing fence of its own: a line of at least as many colons as
 * opened it (after the marks of the blocks that hold it). A block that ends where its last child
 * ends was closed by that child's fence, or by the end of what holds it, not by one of its own. */
function isClosed(file: VFile, node: ContainerDirective, fence: number): boolean {
  const { start, end } = node.position!;
  if (end.line <= start.line) return false;
  if (node.children.at(-1)?.position?.end.offset === end.offset) return false;
  const closing = /^[\s>]*(:+)[ \t]*$/.exec(lineAt(file, end.line).slice(0, end.column - 1));
  return closing !== null && closing[1].length >= fence;
}

export function remarkUnclosedContainers(report: (file: VFile, problem: MarkdownProblem) => void) {
  return (tree: Root, file: VFile) => {
    visit(tree, 'containerDirective', (node: ContainerDirective, _index, parent: Parent | undefined) => {
      if (!node.position) return;
      const { start } = node.position;
      const fence = /^:+/.exec(lineAt(file, start.line).slice(start.column - 1))?.[0] ?? ':::';
      if (isClosed(file, node, fence.length)) return;
      const included = Math.floor(start.line / LINE_BASE) > 0 && parent?.type === 'root';
      report(file, {
        line: start.line,
        column: start.column,
        ...diagnosis('unclosed-container', 'open', {
          fence,
          name: node.name,
          until: included ? 'the end of the included file' : (HOLDERS[parent?.type ?? 'root'] ?? 'the end of the page'),
        }),
      });
    });
  };
}
