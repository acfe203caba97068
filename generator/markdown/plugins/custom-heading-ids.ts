// Remark: `## Title {#custom-id}`, as Docusaurus writes a heading's own id. The `{#id}` leaves the
// heading's text and becomes its id.
import type { Heading, Root } from 'mdast';
import { visit } from '../visit-tree.ts';

/** `{#custom-id}` at the end of a heading's text. */
export const HEADING_ID = /[ \t]*\{#([A-Za-z0-9_][\w-]*)\}[ \t]*$/;

export function remarkCustomHeadingIds() {
  return (tree: Root) => {
    visit(tree, 'heading', (node: Heading) => {
      const last = node.children.at(-1);
      const m = last?.type === 'text' ? HEADING_ID.exec(last.value) : null;
      if (last?.type === 'text' && m) {
        last.value = last.value.slice(0, m.index);
        // The id is no text of the heading: the search for MDX expressions in the source
        // (mdx-syntax.ts) must not find it either.
        const end = last.position?.end;
        if (last.position && end?.offset !== undefined)
          last.position = {
            ...last.position,
            end: { ...end, offset: end.offset - m[0].length, column: end.column - m[0].length },
          };
        node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id: m[1] } };
      }
    });
  };
}
