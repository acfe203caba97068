// Remark plugin: `:::tip[Title]` container directives become admonition boxes. Any other
// directive is turned back into the text it was written as, because a stray `:word` in prose
// ("Hinweis:Text") is far more common than a directive nobody declared.
import type { Root, Paragraph, PhrasingContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { visit, SKIP } from 'unist-util-visit';
import type { VFile } from 'vfile';

export const ADMONITION_KINDS = ['note', 'tip', 'info', 'warning', 'danger'] as const;
export type AdmonitionKind = (typeof ADMONITION_KINDS)[number];

export interface AdmonitionOptions {
  /** Default titles per kind, in the page's language. */
  titles: Record<AdmonitionKind, string>;
}

export default function remarkAdmonitions(options: AdmonitionOptions) {
  return (tree: Root, file: VFile) => {
    visit(tree, (node, index, parent) => {
      if (node.type === 'containerDirective') {
        const directive = node as ContainerDirective;
        const kind = directive.name as AdmonitionKind;
        if (!ADMONITION_KINDS.includes(kind)) {
          file.message(`unknown admonition ":::${directive.name}"; use one of ${ADMONITION_KINDS.join(', ')}`, directive, 'site:admonition');
          return;
        }
        const [first, ...rest] = directive.children;
        const hasLabel = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel;
        const titleChildren: PhrasingContent[] = hasLabel ? (first as Paragraph).children : [{ type: 'text', value: options.titles[kind] }];
        const body = hasLabel ? rest : directive.children;
        directive.data = { hName: 'aside', hProperties: { className: ['admonition', `admonition-${kind}`], role: 'note' } };
        directive.children = [
          { type: 'paragraph', data: { hName: 'p', hProperties: { className: ['admonition-title'] } }, children: titleChildren },
          ...body,
        ] as ContainerDirective['children'];
        return;
      }
      if ((node.type === 'textDirective' || node.type === 'leafDirective') && parent && index !== undefined) {
        const directive = node as TextDirective | LeafDirective;
        const marker = node.type === 'textDirective' ? ':' : '::';
        const label = directive.children.length ? directive.children : [];
        const replacement: PhrasingContent[] = [{ type: 'text', value: `${marker}${directive.name}` }, ...(label as PhrasingContent[])];
        if (node.type === 'textDirective') {
          parent.children.splice(index, 1, ...(replacement as typeof parent.children));
        } else {
          parent.children.splice(index, 1, { type: 'paragraph', children: replacement } as (typeof parent.children)[number]);
        }
        return [SKIP, index + replacement.length];
      }
    });
  };
}
