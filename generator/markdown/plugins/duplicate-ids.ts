// Rehype: every id of the page (and every `<a name>`), recorded for #fragment checks; an id given
// twice is reported where it is given again, naming the element that has it first.
import type { Element, Root } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { MARKDOWN_CLASSES } from '../../../common/markdown-classes.ts';
import { diagnosis } from '../../diagnostics/diagnostic-rules.ts';
import { collected } from '../collected.ts';
import { visit } from '../visit-tree.ts';

export function rehypeDuplicateIds() {
  return (tree: Root, file: VFile) => {
    const data = collected(file);
    const seen = new Map<string, Element>();
    visit(tree, 'element', (node: Element) => {
      const id = node.properties?.id;
      if (typeof id === 'string') {
        const first = seen.get(id);
        if (first) {
          const start = node.position?.start ?? { line: 1, column: 1 };
          data.problems.push({
            line: start.line,
            column: start.column,
            ...diagnosis('duplicate-id', 'again', { id, first: describeElement(first) }),
          });
        } else seen.set(id, node);
        data.ids.push(id);
      }
      // `<a name="x">`, the older way of HTML to name a place to link to: one more place a link
      // to #x may mean.
      const name = node.tagName === 'a' ? node.properties.name : undefined;
      if (typeof name === 'string' && name !== id) {
        const first = seen.get(name);
        if (first) {
          const start = node.position?.start ?? { line: 1, column: 1 };
          data.problems.push({
            line: start.line,
            column: start.column,
            ...diagnosis('duplicate-id', 'name', { id: name, first: describeElement(first) }),
          });
        } else seen.set(name, node);
        data.ids.push(name);
      }
    });
  };
}

/** An element as an author knows it, for a message: the heading "Install", the tip, the tabs. */
function describeElement(element: Element): string {
  if (/^h[1-6]$/.test(element.tagName)) return `the heading "${hastToString(element).trim()}"`;
  const classes = element.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  const kind = list.find((c) => c.startsWith(`${MARKDOWN_CLASSES.admonition}-`));
  if (kind) return `the :::${kind.slice(MARKDOWN_CLASSES.admonition.length + 1)} block`;
  if (list.includes(MARKDOWN_CLASSES.tabs)) return 'the ::::tabs block';
  if (list.includes(MARKDOWN_CLASSES.tabPanel)) return 'a :::tab';
  if (element.tagName === 'a' && typeof element.properties.name === 'string')
    return `<a name="${element.properties.name}">`;
  return `<${element.tagName}>`;
}
