// Rehype: an id for every heading without one, made from its text as on GitHub (rehype-slug did),
// and the page's headings with their ids for the table of contents and #fragment checks.
import GithubSlugger from 'github-slugger';
import type { Element, Root } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { collected } from '../collected.ts';
import { visit } from '../visit-tree.ts';

/** GFM footnotes render a visually hidden heading with this id; it is no section of the page. */
export const FOOTNOTE_LABEL_ID = 'footnote-label';

export function rehypeHeadingIds() {
  const slugs = new GithubSlugger();
  return (tree: Root, file: VFile) => {
    const data = collected(file);
    slugs.reset();
    // The ids the author gave (`{#id}` on a heading, an admonition or tabs, raw HTML): a heading's
    // id made from its text steps aside from them, as from each other.
    const given = new Set<string>();
    visit(tree, 'element', (node: Element) => {
      if (typeof node.properties.id === 'string') given.add(node.properties.id);
      if (node.tagName === 'a' && typeof node.properties.name === 'string') given.add(node.properties.name);
    });
    visit(tree, 'element', (node: Element) => {
      const rank = /^h([1-6])$/.exec(node.tagName);
      if (!rank) return;
      const text = hastToString(node);
      if (!node.properties.id) {
        let made = slugs.slug(text);
        while (given.has(made)) made = slugs.slug(text);
        node.properties.id = made;
      }
      const id = node.properties.id;
      if (typeof id === 'string' && id !== FOOTNOTE_LABEL_ID)
        data.headings.push({ depth: Number(rank[1]), id, text: text.trim() });
    });
  };
}
