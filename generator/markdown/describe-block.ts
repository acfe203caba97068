// A block of the Markdown as an author knows it, named for a message.
import type { RootContent } from 'mdast';

/** A block of the Markdown as an author knows it, for a message. */
export function describeBlock(node: RootContent): string {
  if (node.type === 'containerDirective') return `the ${node.name === 'tabs' ? '::::' : ':::'}${node.name} block`;
  if (node.type === 'listItem') return 'a list item';
  if (node.type === 'blockquote') return 'a block quote';
  if (node.type === 'footnoteDefinition') return 'a footnote';
  return 'a block';
}
