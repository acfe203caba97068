// Tabs, as the shared syntax writes them:
//
//   ::::tabs{group="pkg"}
//   :::tab[npm]
//   …
//   :::
//   :::tab[pnpm]
//   …
//   :::
//   ::::
//
// `{#id .class}` on either is kept on its element, as remark-directive defines them (an author's id
// is a fragment others link to); any other attribute is reported.
//
// Rendered readable without JavaScript: every panel is shown, each under its label. The runtime
// (theme/client/chrome/tabs.ts) turns the block into ARIA tabs, keeps the tabs of one `group` on
// the same choice across the page and remembers it.

import type { Paragraph, PhrasingContent, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { MARKDOWN_CLASSES } from '../../../common/markdown-classes.ts';
import { type CaseOf, diagnosis, type MarkdownProblem } from '../../diagnostics/diagnostic-rules.ts';
import { visit } from '../visit-tree.ts';
import { blockAttributes, unknownAttributes } from './admonitions.ts';

/** The attributes tabs take; `value` is a tab's value where it differs from its label. */
const TABS_ATTRIBUTES = ['group', 'id', 'class'];
const TAB_ATTRIBUTES = ['value', 'id', 'class'];

const textOf = (node: { value?: unknown; children?: unknown[] }): string =>
  typeof node.value === 'string' ? node.value : (node.children ?? []).map((c) => textOf(c as never)).join('');

const labelOf = (node: ContainerDirective) => {
  const first = node.children[0];
  return first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel
    ? (first as Paragraph)
    : undefined;
};

export function remarkTabs(report: (file: VFile, problem: MarkdownProblem) => void) {
  return (tree: Root, file: VFile) => {
    const problem = (
      node: { position?: { start: { line: number; column: number } } },
      kase: Exclude<CaseOf<'tabs'>, 'attribute' | 'sameLabel'>,
    ) => {
      const start = node.position?.start ?? { line: 1, column: 1 };
      report(file, { line: start.line, column: start.column, ...diagnosis('tabs', kase) });
    };
    /** Its `{#id .class}` as HTML properties, any other attribute reported. */
    const attributesOf = (node: ContainerDirective, known: string[]) => {
      const start = node.position?.start ?? { line: 1, column: 1 };
      for (const attribute of unknownAttributes(node.attributes, known))
        report(file, {
          line: start.line,
          column: start.column,
          ...diagnosis('tabs', 'attribute', { name: node.name, attribute }),
        });
      const { id, classes } = blockAttributes(node.attributes);
      return { ...(id ? { id } : {}), classes };
    };
    visit(tree, 'containerDirective', (node: ContainerDirective, _index, parent) => {
      if (node.name === 'tab' && !(parent?.type === 'containerDirective' && parent.name === 'tabs')) {
        problem(node, 'outside');
      }
      if (node.name === 'tab') {
        const label = labelOf(node);
        const value = node.attributes?.value ?? (label ? textOf(label).trim() : '');
        if (!label) problem(node, 'noLabel');
        const body = label ? node.children.slice(1) : node.children;
        const { classes, ...id } = attributesOf(node, TAB_ATTRIBUTES);
        node.data = {
          hName: 'div',
          hProperties: { ...id, className: [MARKDOWN_CLASSES.tabPanel, ...classes], dataTab: value },
        };
        node.children = [
          {
            type: 'paragraph',
            data: { hName: 'p', hProperties: { className: [MARKDOWN_CLASSES.tabLabel] } },
            children: (label?.children ?? [{ type: 'text', value: value || '…' }]) as PhrasingContent[],
          },
          ...body,
        ] as ContainerDirective['children'];
        return;
      }
      if (node.name !== 'tabs') return;
      const group = node.attributes?.group ?? undefined;
      const stray = node.children.filter(
        (child) =>
          !(child.type === 'containerDirective' && child.name === 'tab') &&
          !(child.type === 'paragraph' && (child.data as { directiveLabel?: boolean } | undefined)?.directiveLabel),
      );
      for (const child of stray) problem(child, 'stray');
      // Two tabs of one value are one choice with two panels: both show, neither can be chosen alone.
      const values = new Set<string>();
      for (const child of node.children) {
        if (child.type !== 'containerDirective' || child.name !== 'tab') continue;
        const label = labelOf(child);
        const value = child.attributes?.value ?? (label ? textOf(label).trim() : '');
        if (!values.has(value)) values.add(value);
        else if (value) {
          const start = child.position?.start ?? { line: 1, column: 1 };
          report(file, { line: start.line, column: start.column, ...diagnosis('tabs', 'sameLabel', { value }) });
        }
      }
      if (!node.children.some((child) => child.type === 'containerDirective' && child.name === 'tab'))
        problem(node, 'empty');
      const { classes, ...id } = attributesOf(node, TABS_ATTRIBUTES);
      node.data = {
        hName: 'div',
        hProperties: { ...id, className: [MARKDOWN_CLASSES.tabs, ...classes], ...(group ? { dataGroup: group } : {}) },
      };
    });
  };
}
