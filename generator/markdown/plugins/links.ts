// Remark: every link and image with its position, recorded for the link checks; internal ones are
// marked for the render stage, which puts in their resolved URL. References (`[text][ref]`,
// `![alt][ref]`) become plain links and images first, so an image defined by reference is checked
// and sized as an image, at the place where it is used. Link definitions given twice with other
// targets, or never used, are reported: a definition's line never shows on the page.
import type { Element } from 'hast';
import type { Definition, Root, Text } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { type Diagnosis, diagnosis } from '../../diagnostics/diagnostic-rules.ts';
import { collected, plainText } from '../collected.ts';
import { describeBlock } from '../describe-block.ts';
import { visit } from '../visit-tree.ts';
import { placeKey } from './unsafe-links.ts';

/** Hrefs of internal links are replaced by this marker plus the link's index; the render stage
 * puts in the resolved URL, which depends on the whole graph (slugs, locale prefixes). */
export const LINK_MARKER = 'site:link:';

export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

export function remarkLinks() {
  return (tree: Root, file: VFile) => {
    const data = collected(file);
    const problem = (node: { position?: { start: { line: number; column: number } } }, says: Diagnosis) => {
      const start = node.position?.start ?? { line: 1, column: 1 };
      data.problems.push({ line: start.line, column: start.column, ...says });
    };
    // CommonMark takes the first definition of a label; a later one with another target is never
    // used, and its line does not show: said, not dropped.
    const definitions = new Map<string, Definition>();
    visit(tree, 'definition', (node: Definition) => {
      const first = definitions.get(node.identifier);
      if (!first) definitions.set(node.identifier, node);
      else if (first.url !== node.url || first.title !== node.title)
        problem(
          node,
          diagnosis('duplicate-definition', 'link', {
            label: node.label ?? node.identifier,
            url: node.url,
            first: `${first.url}${first.title != null ? ` "${first.title}"` : ''}`,
          }),
        );
    });
    const used = new Set<string>();
    visit(tree, (node, index, parent) => {
      if ((node.type === 'linkReference' || node.type === 'imageReference') && parent && index !== undefined) {
        const definition = definitions.get(node.identifier);
        if (!definition) return;
        used.add(node.identifier);
        // The URL is written in the definition: what is said of it is said there (plugins/unsafe-links.ts).
        if (node.position && definition.position)
          (file.data.definitionsOf ??= new Map()).set(placeKey(node.position), definition.position);
        const common = { url: definition.url, title: definition.title, position: node.position, data: node.data };
        parent.children[index] = (
          node.type === 'imageReference'
            ? { type: 'image', alt: node.alt, ...common }
            : { type: 'link', children: node.children, ...common }
        ) as never;
        node = parent.children[index] as typeof node;
      }
      if (node.type === 'link' || node.type === 'image') {
        const url = node.url;
        const start = node.position?.start ?? { line: 1, column: 1 };
        if (node.type === 'image' && !(node.alt ?? '').trim())
          problem(node, diagnosis('image-alt', 'missing', { url }));
        // `[text]()` leads back to the top of this page, which is seldom what the brackets meant.
        if (node.type === 'link' && !url.trim())
          problem(node, diagnosis('broken-link', 'empty', { text: plainText(node).trim() }));
        if (isExternal(url)) return;
        const kind = node.type === 'image' ? 'image' : 'link';
        const image =
          node.type === 'image' ? { alt: node.alt ?? '', ...(node.title != null ? { title: node.title } : {}) } : {};
        data.links.push({ url, line: start.line, column: start.column, kind, ...image });
        if (kind === 'link') node.url = `${LINK_MARKER}${data.links.length - 1}`;
        // The image step (generator/images/images.ts) finds the <img> by this index to give it its sizes.
        if (node.type === 'image')
          node.data = {
            ...node.data,
            hProperties: { ...node.data?.hProperties, dataSiteImage: String(data.links.length - 1) },
          };
        return;
      }
    });
    // A definition inside a ::: block is found only by the links of that block that follow it
    // (the block's content is parsed on its own, after the text around it).
    const blockOf = new Map<Definition, ContainerDirective>();
    visit(tree, 'containerDirective', (block: ContainerDirective) =>
      visit(block, 'definition', (node: Definition) => void blockOf.set(node, block)),
    );
    // A line like `[::]:443` is a link definition to Markdown and never shows on the page.
    for (const [identifier, definition] of definitions) {
      if (used.has(identifier)) continue;
      const start = definition.position?.start ?? { line: 1, column: 1 };
      const block = blockOf.get(definition);
      if (block && showsAsText(tree, definition.label ?? identifier)) {
        problem(
          definition,
          diagnosis('unused-definition', 'inBlock', {
            label: definition.label ?? identifier,
            url: definition.url,
            block: describeBlock(block),
          }),
        );
        continue;
      }
      data.problems.push({
        line: start.line,
        column: start.column,
        ...diagnosis('unused-definition', 'definition', { label: definition.label ?? identifier, url: definition.url }),
      });
    }
  };
}

/** Whether `[label]` is left as text somewhere in the tree: a reference whose definition was not found. */
function showsAsText(tree: Root, label: string): boolean {
  const wanted = `[${label.toLowerCase().replace(/\s+/g, ' ')}]`;
  let found = false;
  visit(tree, 'text', (node: Text) => {
    if (node.value.toLowerCase().replace(/\s+/g, ' ').includes(wanted)) found = true;
  });
  return found;
}

/** The links and images of an element raw HTML wrote and the sanitiser kept, collected and marked
 * as Markdown's are (remarkLinks), so that they are checked and resolved alike. */
export function collectHtmlLinks(element: Element, file: VFile): void {
  const data = collected(file);
  const start = element.position?.start ?? { line: 1, column: 1 };
  const at = { line: start.line, column: start.column };
  const { href, src, srcSet } = element.properties;
  if (element.tagName === 'a' && typeof href === 'string' && !isExternal(href)) {
    data.links.push({ url: href, ...at, kind: 'link' });
    element.properties.href = `${LINK_MARKER}${data.links.length - 1}`;
  }
  // An <img> that says alt="" is marked as decoration; one without alt says nothing of itself.
  if (element.tagName === 'img' && element.properties.alt === undefined)
    data.problems.push({ ...at, ...diagnosis('image-alt', 'missing', { url: typeof src === 'string' ? src : '' }) });
  if (element.tagName === 'img' && typeof src === 'string' && !isExternal(src)) {
    const { alt, title } = element.properties;
    data.links.push({
      url: src,
      ...at,
      kind: 'image',
      alt: typeof alt === 'string' ? alt : '',
      ...(typeof title === 'string' ? { title } : {}),
    });
    element.properties.dataSiteImage = String(data.links.length - 1);
  }
  if (element.tagName === 'source' && typeof srcSet === 'string') {
    for (const candidate of srcSet.split(',')) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url && !isExternal(url)) data.links.push({ url, ...at, kind: 'image', alt: '' });
    }
  }
}
