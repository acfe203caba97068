// Admonitions as Docusaurus writes them: `:::tip` ... `:::` container blocks, with a title in
// brackets (`:::tip[Title]`) or, in the older form, after the keyword (`:::tip Title`), and the
// attributes remark-directive defines: `{#id .class}` kept on the aside, `{title="Title"}` as its
// title. Any other attribute would be left out, and is reported.
//
// Only the container and leaf forms of directives are parsed (leaf ones for includes, see
// generator/markdown/plugins/includes.ts, which turns any other `::name` line back into its text). Text directives
// (`:name`) are not: in prose, "10:30", "Hinweis:Text", "std::vector" or "a:hover{color:red}" are far more
// common than a directive, and must come out exactly as typed.

import type { Blockquote, Paragraph, PhrasingContent, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { directive } from 'micromark-extension-directive';
import type { Construct, Extension } from 'micromark-util-types';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { admonitionKindClass, MARKDOWN_CLASSES } from '../../../common/markdown-classes.ts';
import { type Diagnosis, diagnosis, type MarkdownProblem } from '../../diagnostics/diagnostic-rules.ts';
import { visit } from '../visit-tree.ts';
import { containerKeepingCode, withDocumentLines } from './code-in-containers.ts';

export const ADMONITION_KINDS = ['note', 'tip', 'info', 'warning', 'danger'] as const;
export type AdmonitionKind = (typeof ADMONITION_KINDS)[number];
/** The attributes an admonition takes: `:::tip[Title]{#id .class}`, `:::tip{title="Title"}`. */
const ADMONITION_ATTRIBUTES = ['id', 'class', 'title'] as const;

const toText = (node: { value?: unknown; children?: unknown[] }): string =>
  typeof node.value === 'string' ? node.value : (node.children ?? []).map((c) => toText(c as never)).join('');

/** Other keywords Docusaurus accepts, and the kind they stand for. */
export const ADMONITION_ALIASES: Record<string, AdmonitionKind> = { caution: 'warning' };

export interface AdmonitionOptions {
  /** Default titles per kind, in the page's language. */
  titles: Record<AdmonitionKind, string>;
  /** Where an unknown admonition is reported (the Markdown stage's problems). */
  report?: (file: VFile, problem: MarkdownProblem) => void;
}

/** micromark's directive syntax, reduced to blocks: containers and leaves (no text directives).
 * A container's closing fence is not looked for inside a code block of its content. */
function containerDirectives(): Extension {
  const full = directive();
  const [container, ...leaves] = (full.flow?.[58] ?? []) as Construct[];
  return { flow: { 58: [containerKeepingCode(container), ...leaves] } };
}

const LEGACY_TITLE = /^( {0,3})(:{3,})([A-Za-z][\w-]*)[ \t]+([^\s[{].*?)[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Rewrites the legacy title form `:::tip Title` into `:::tip[Title]`, outside fenced code. Only that
 * line changes, and only after the keyword, so line numbers stay and columns before it too.
 */
export function withBracketTitles(markdown: string): string {
  if (!markdown.includes(':::')) return markdown;
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const f = FENCE.exec(line);
      if (f) {
        if (!fence) fence = f[1];
        else if (f[1][0] === fence[0] && f[1].length >= fence.length && line.trim() === f[1]) fence = undefined;
        return line;
      }
      if (fence) return line;
      const m = LEGACY_TITLE.exec(line.replace(/\r$/, ''));
      if (!m) return line;
      return `${m[1]}${m[2]}${m[3]}[${m[4].replace(/[[\]\\]/g, '\\$&')}]${line.endsWith('\r') ? '\r' : ''}`;
    })
    .join('\n');
}

/** GitHub's alerts (`> [!NOTE]` on the first line of a block quote) and the admonition each is. */
export const ALERT_KINDS: Record<string, AdmonitionKind> = {
  NOTE: 'note',
  TIP: 'tip',
  IMPORTANT: 'info',
  WARNING: 'warning',
  CAUTION: 'danger',
};
const ALERT = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\r?\n|$)/i;

/** What remark-directive's attributes give a block: `{#id .class}`, which the HTML keeps. */
export interface BlockAttributes {
  id?: string;
  classes: string[];
}

/** The id and classes of a directive's attributes (`{#id .a .b}` or `{id="…" class="…"}`). */
export function blockAttributes(attributes: ContainerDirective['attributes']): BlockAttributes {
  const id = attributes?.id?.trim();
  return { ...(id ? { id } : {}), classes: (attributes?.class ?? '').split(/\s+/).filter(Boolean) };
}

/** The attribute names of a directive that `known` does not name: reported, as they are left out. */
export function unknownAttributes(attributes: ContainerDirective['attributes'], known: readonly string[]): string[] {
  return Object.keys(attributes ?? {}).filter((name) => !known.includes(name));
}

/** An admonition's HTML: an aside with its title first. */
function asAdmonition(
  node: { data?: unknown; children: unknown[] },
  kind: AdmonitionKind,
  title: PhrasingContent[],
  body: unknown[],
  attributes: BlockAttributes = { classes: [] },
): void {
  node.data = {
    hName: 'aside',
    hProperties: {
      ...(attributes.id ? { id: attributes.id } : {}),
      className: [MARKDOWN_CLASSES.admonition, admonitionKindClass(kind), ...attributes.classes],
      role: 'note',
    },
  };
  node.children = [
    {
      type: 'paragraph',
      data: { hName: 'p', hProperties: { className: [MARKDOWN_CLASSES.admonitionTitle] } },
      children: title,
    },
    ...body,
  ];
}

/** A block quote that starts with `[!NOTE]` alone on its line becomes that admonition. */
function alert(quote: Blockquote, options: AdmonitionOptions): void {
  const first = quote.children[0];
  const text = first?.type === 'paragraph' ? first.children[0] : undefined;
  const m = text?.type === 'text' ? ALERT.exec(text.value) : null;
  if (!m || !text || text.type !== 'text' || first?.type !== 'paragraph') return;
  const kind = ALERT_KINDS[m[1].toUpperCase()];
  text.value = text.value.slice(m[0].length);
  if (!text.value) first.children.shift();
  // A line break right after the marker (`[!NOTE]\` or two spaces) belongs to the marker.
  if (first.children[0]?.type === 'break') first.children.shift();
  const body = first.children.length ? quote.children : quote.children.slice(1);
  asAdmonition(quote, kind, [{ type: 'text', value: options.titles[kind] }], body);
}

export default function remarkAdmonitions(this: Processor, options: AdmonitionOptions) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(containerDirectives());
  (data.fromMarkdownExtensions ??= []).push(directiveFromMarkdown());
  withDocumentLines(this);
  return (tree: Root, file: VFile) => {
    visit(tree, 'containerDirective', (directive: ContainerDirective) => {
      // Tabs are the one other container (generator/markdown/plugins/tabs.ts).
      if (directive.name === 'tabs' || directive.name === 'tab') return;
      const kind = ADMONITION_ALIASES[directive.name] ?? (directive.name as AdmonitionKind);
      if (!ADMONITION_KINDS.includes(kind)) {
        const at = directive.position?.start ?? { line: 1, column: 1 };
        options.report?.(file, {
          line: at.line,
          column: at.column,
          ...diagnosis('admonition', 'unknown', {
            name: directive.name,
            known: [...ADMONITION_KINDS, ...Object.keys(ADMONITION_ALIASES)],
          }),
        });
        return;
      }
      const start = directive.position?.start ?? { line: 1, column: 1 };
      const problem = (says: Diagnosis) => options.report?.(file, { line: start.line, column: start.column, ...says });
      const [first, ...rest] = directive.children;
      const hasLabel =
        first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel;
      // remark-directive's attributes: `{#id .class}` go into the HTML (an author's id is a
      // fragment others link to), `{title="…"}` is the title where no label gives one.
      const title = directive.attributes?.title ?? undefined;
      if (hasLabel && title != null)
        problem(diagnosis('admonition', 'twoTitles', { name: directive.name, label: toText(first), title }));
      for (const attribute of unknownAttributes(directive.attributes, ADMONITION_ATTRIBUTES))
        problem(diagnosis('admonition', 'attribute', { name: directive.name, attribute }));
      const titleChildren: PhrasingContent[] = hasLabel
        ? (first as Paragraph).children
        : [{ type: 'text', value: title || options.titles[kind] }];
      const body = hasLabel ? rest : directive.children;
      asAdmonition(directive, kind, titleChildren, body, blockAttributes(directive.attributes));
    });
    visit(tree, 'blockquote', (quote: Blockquote) => alert(quote, options));
  };
}
