// Remark: a body that starts with `# Title`. The page shows its title as its heading already, so
// the same words again are dropped; other words are kept as the body's leading title.
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { collected, plainText } from '../collected.ts';
import { HEADING_ID } from './custom-heading-ids.ts';

export function remarkLeadingTitle() {
  return (tree: Root, file: VFile) => {
    const data = collected(file);
    const first = tree.children[0];
    if (first?.type === 'heading' && first.depth === 1) {
      const start = first.position?.start ?? { line: 1, column: 1 };
      const text = plainText(first).replace(HEADING_ID, '').trim();
      if (data.title !== undefined && text === data.title.trim()) tree.children.shift();
      else data.leadingTitle = { text, line: start.line, column: start.column };
    }
  };
}
