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
// Rendered readable without JavaScript: every panel is shown, each under its label. The runtime
// (theme/client/chrome/tabs.ts) turns the block into ARIA tabs, keeps the tabs of one `group` on
// the same choice across the page and remembers it.
import type { Root, Paragraph, PhrasingContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

export interface TabsProblem {
  message: string;
  line: number;
  column: number;
  rule: 'tabs';
  hint: string;
  severity: 'warning';
}

const HINT = 'write ::::tabs{group="name"}, then one :::tab[Label] … ::: per tab, and close with ::::';

const textOf = (node: { value?: unknown; children?: unknown[] }): string => (typeof node.value === 'string' ? node.value : (node.children ?? []).map((c) => textOf(c as never)).join(''));

const labelOf = (node: ContainerDirective) => {
  const first = node.children[0];
  return first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel ? (first as Paragraph) : undefined;
};

export function remarkTabs(report: (file: VFile, problem: TabsProblem) => void) {
  return (tree: Root, file: VFile) => {
    const problem = (node: { position?: { start: { line: number; column: number } } }, message: string) => {
      const start = node.position?.start ?? { line: 1, column: 1 };
      report(file, { message, line: start.line, column: start.column, rule: 'tabs', hint: HINT, severity: 'warning' });
    };
    visit(tree, 'containerDirective', (node: ContainerDirective, _index, parent) => {
      if (node.name === 'tab' && !(parent?.type === 'containerDirective' && parent.name === 'tabs')) {
        problem(node, ':::tab outside a ::::tabs block: shown as a plain section');
      }
      if (node.name === 'tab') {
        const label = labelOf(node);
        const value = node.attributes?.value ?? (label ? textOf(label).trim() : '');
        if (!label) problem(node, ':::tab without a label: write it as :::tab[Label]');
        const body = label ? node.children.slice(1) : node.children;
        node.data = { hName: 'div', hProperties: { className: ['tab-panel'], dataTab: value } };
        node.children = [
          { type: 'paragraph', data: { hName: 'p', hProperties: { className: ['tab-label'] } }, children: (label?.children ?? [{ type: 'text', value: value || '…' }]) as PhrasingContent[] },
          ...body,
        ] as ContainerDirective['children'];
        return;
      }
      if (node.name !== 'tabs') return;
      const group = node.attributes?.group ?? undefined;
      const stray = node.children.filter((child) => !(child.type === 'containerDirective' && child.name === 'tab') && !(child.type === 'paragraph' && (child.data as { directiveLabel?: boolean } | undefined)?.directiveLabel));
      for (const child of stray) problem(child, 'content in a ::::tabs block outside any :::tab belongs to no tab');
      if (!node.children.some((child) => child.type === 'containerDirective' && child.name === 'tab')) problem(node, '::::tabs without any :::tab[Label] inside');
      node.data = { hName: 'div', hProperties: { className: ['tabs'], ...(group ? { dataGroup: group } : {}) } };
    });
  };
}
