// Remark: `<!-- truncate -->`, where a post's excerpt ends. The first one at the top level becomes
// the cut the render stage finds; one inside a block, or a second one, is reported and left out.
import type { Html, Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { type Diagnosis, diagnosis } from '../../diagnostics/diagnostic-rules.ts';
import { collected } from '../collected.ts';
import { describeBlock } from '../describe-block.ts';
import { visit } from '../visit-tree.ts';

const TRUNCATE = /^<!--\s*truncate\s*-->$/;
/** What the marker becomes in the HTML, where renderMarkdown cuts the excerpt. */
export const TRUNCATE_HTML = '<hr data-site-truncate="">';

export function remarkTruncateMarker() {
  return (tree: Root, file: VFile) => {
    const data = collected(file);
    const problem = (node: { position?: { start: { line: number; column: number } } }, says: Diagnosis) => {
      const start = node.position?.start ?? { line: 1, column: 1 };
      data.problems.push({ line: start.line, column: start.column, ...says });
    };
    let truncated = false;
    visit(tree, (node, index, parent) => {
      if (node.type === 'html' && parent && index !== undefined) {
        const html = node as Html;
        if (TRUNCATE.test(html.value.trim())) {
          // The excerpt is the page's HTML up to the marker: cut inside a list or a block, it would
          // leave that block open.
          if (parent.type !== 'root') {
            problem(html, diagnosis('truncate', 'nested', { inside: describeBlock(parent as RootContent) }));
            parent.children.splice(index, 1);
            return index;
          }
          // The excerpt ends at the first marker; another would be a rule on the page.
          if (truncated) {
            problem(html, diagnosis('truncate', 'again'));
            parent.children.splice(index, 1);
            return index;
          }
          truncated = true;
          parent.children[index] = { type: 'thematicBreak', data: { hProperties: { dataSiteTruncate: '' } } } as never;
          return;
        }
        // Any other HTML is parsed and sanitised on the HTML side (generator/markdown/plugins/raw-html.ts).
      }
    });
  };
}
