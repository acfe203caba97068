// Rehype: every image of the body is loaded when the reader scrolls near it and decoded off the
// main thread (`loading="lazy"`, `decoding="async"`), so a long page shows its text first.
import type { Element, Root } from 'hast';
import { visit } from '../visit-tree.ts';

export function rehypeLazyImages() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'img') return;
      node.properties.loading = 'lazy';
      node.properties.decoding = 'async';
    });
  };
}
