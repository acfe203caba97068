// Rehype, on the finished tree: the first paragraph outside code blocks, the excerpt of a post
// without a `<!-- truncate -->` marker.
import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { VFile } from 'vfile';
import '../collected.ts';
import { EXIT, SKIP, visit } from '../visit-tree.ts';

export function rehypeFirstParagraph() {
  return (tree: Root, file: VFile) => {
    let first: Element | undefined;
    visit(tree, (node) => {
      if (node.type === 'element' && node.tagName === 'pre') return SKIP;
      if (node.type === 'element' && node.tagName === 'p') {
        first = node;
        return EXIT;
      }
      return undefined;
    });
    if (first) file.data.firstParagraph = toHtml(first);
  };
}
