// Rehype, on the finished tree: the `##` sections of a page laid out by them, for the documents
// that ask (the tree stays as it is; generator/markdown/body-sections.ts cuts them).
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { bodySections } from '../body-sections.ts';
import '../collected.ts';

export function rehypeSections() {
  return (tree: Root, file: VFile) => {
    if (file.data.wantsSections) file.data.sections = bodySections(tree);
  };
}
