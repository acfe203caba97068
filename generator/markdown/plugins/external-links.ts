// Rehype: a link to another site (http: or https:) gets `rel="noopener"`, so a page it opens in a
// new tab cannot reach back into this one through window.opener.
import type { Element, Root } from 'hast';
import { visit } from '../visit-tree.ts';

export function rehypeExternalLinks() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'a' && typeof node.properties.href === 'string' && /^https?:/.test(node.properties.href))
        node.properties.rel = ['noopener'];
    });
  };
}
