// Rehype, on the finished tree: the words a reader reads, code blocks aside, for the reading time.
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import '../collected.ts';
import { SKIP, visit } from '../visit-tree.ts';

export function rehypeWordCount() {
  return (tree: Root, file: VFile) => {
    let words = 0;
    visit(tree, (node) => {
      if (node.type === 'element' && node.tagName === 'pre') return SKIP;
      if (node.type === 'text') words += node.value.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
      return undefined;
    });
    file.data.words = words;
  };
}
