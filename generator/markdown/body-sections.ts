// The `##` sections of a body, taken from its syntax tree (hast) in the Markdown stage, for the
// pages a theme lays out by them (the built-in theme's home page and landing pages). The engine
// only splits: the text before the first `##`, each `##` with what follows it, the footnotes; each
// part's top-level blocks with their HTML and the shape a layout asks about (which elements a block
// holds, a table's cells, the links). What a section is (a list of steps, offers, a call to action)
// is the theme's to decide (theme/home/sections.ts); the shape is read here, on the tree, so that
// no theme has to find it again in finished HTML.
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toString as hastToString } from 'hast-util-to-string';
import { routeInLocale } from '../../common/routes.ts';
import type { BodySection, SectionBlock, SectionCell } from '../types.ts';
import { SKIP, visit } from './visit-tree.ts';

type Node = RootContent | ElementContent;

/** Whether a document may be laid out by its sections: the home page and the index pages of
 * sections are the only ones whose route (inside their locale) has at most one segment. Only
 * those documents get their sections, the others do not pay for them. */
export function mayBeLaidOutBySections(path: string, slug?: string): boolean {
  return /^\/(?:[^/]+\/)?$/.test(routeInLocale(path, slug));
}

const isElement = (node: Node, tagName: string): node is Element => node.type === 'element' && node.tagName === tagName;

const htmlOf = (nodes: Node[]): string => toHtml({ type: 'root', children: nodes as RootContent[] });

/** Targets of the links among `nodes`, in order, without #fragment; in-page links are left out. */
function linksOf(nodes: Node[]): string[] {
  const hrefs: string[] = [];
  visit({ type: 'root', children: nodes as RootContent[] }, 'element', (node: Element) => {
    const href = node.properties.href;
    if (node.tagName === 'a' && typeof href === 'string' && !href.startsWith('#')) hrefs.push(href.replace(/#.*$/, ''));
  });
  return hrefs;
}

/** Tag names of the elements in `node`, its own first, each once. */
function tagsIn(node: Node): string[] {
  const tags = new Set<string>();
  visit(node, 'element', (element: Element) => void tags.add(element.tagName));
  return [...tags];
}

/** A heading's text, without the link to itself that rehype-autolink-headings adds. */
function headingText(heading: Element): string {
  const isSelfLink = (node: ElementContent) =>
    node.type === 'element' && node.tagName === 'a' && node.properties.href === `#${String(heading.properties.id)}`;
  return hastToString({ ...heading, children: heading.children.filter((node) => !isSelfLink(node)) }).trim();
}

/** The GFM footnotes, which remark-rehype appends to the body as a `<section data-footnotes>`. */
const isFootnotes = (node: Node) =>
  node.type === 'element' && node.tagName === 'section' && node.properties.dataFootnotes !== undefined;

/** The `<!-- truncate -->` marker, which the body's HTML leaves out too. */
function withoutTruncate(nodes: Node[]): Node[] {
  const root: Root = { type: 'root', children: structuredClone(nodes) as RootContent[] };
  visit(root, 'element', (node: Element, index, parent) => {
    if (node.tagName !== 'hr' || node.properties.dataSiteTruncate === undefined || !parent || index === undefined)
      return undefined;
    parent.children.splice(index, 1);
    return [SKIP, index];
  });
  return root.children;
}

/** A table's body rows, each its data cells. */
function rowsOf(table: Element): SectionCell[][] | undefined {
  const body = table.children.find((child): child is Element => isElement(child, 'tbody'));
  if (!body) return undefined;
  return body.children
    .filter((row): row is Element => isElement(row, 'tr'))
    .map((row) =>
      row.children
        .filter((cell): cell is Element => isElement(cell, 'td'))
        .map((td) => ({ html: htmlOf(td.children).trim(), links: linksOf(td.children) })),
    );
}

/** A table's header cells: the first row of its head. */
function headOf(table: Element): SectionCell[] | undefined {
  const head = table.children.find((child): child is Element => isElement(child, 'thead'));
  const row = head?.children.find((child): child is Element => isElement(child, 'tr'));
  return row?.children
    .filter((cell): cell is Element => isElement(cell, 'th'))
    .map((th) => ({ html: htmlOf(th.children).trim(), links: linksOf(th.children) }));
}

function blockOf(node: Node): SectionBlock {
  const block: SectionBlock = {
    html: htmlOf([node]),
    contains: node.type === 'element' ? tagsIn(node) : [],
    links: linksOf([node]),
  };
  if (node.type !== 'element') return block;
  block.tag = node.tagName;
  const rows = node.tagName === 'table' ? rowsOf(node) : undefined;
  const head = rows ? headOf(node) : undefined;
  return rows ? { ...block, rows, ...(head ? { head } : {}) } : block;
}

/** The body's sections, from its finished tree (which is left as it is). */
export function bodySections(tree: Root): BodySection[] {
  // Text before the first `##`, then one part per `##`; the footnotes stand on their own.
  const groups: { heading?: Element; footnotes?: boolean; nodes: Node[] }[] = [{ nodes: [] }];
  for (const node of tree.children) {
    if (isElement(node, 'h2')) groups.push({ heading: node, nodes: [] });
    else if (isFootnotes(node)) groups.push({ footnotes: true, nodes: [] });
    groups[groups.length - 1].nodes.push(node);
  }
  const sections: BodySection[] = [];
  for (const { heading, footnotes, nodes } of groups) {
    const blocks = withoutTruncate(nodes).map(blockOf);
    if (heading) {
      const id = heading.properties.id;
      sections.push({
        part: 'section',
        heading: { ...(typeof id === 'string' ? { id } : {}), text: headingText(heading) },
        blocks,
      });
    } else if (blocks.some((block) => block.html.trim()))
      sections.push({ part: footnotes ? 'footnotes' : 'intro', blocks });
  }
  return sections;
}

/** A document that is not split into sections, as one part: its whole body, one block. */
export function wholeBody(html: string): BodySection[] {
  return html.trim() ? [{ part: 'body', blocks: [{ html, contains: [], links: [] }] }] : [];
}

/** A section with every piece of HTML and every link target passed through `html` and `href`: the
 * image step sizes images in it, the render stage resolves links, as in the body's HTML. */
export function mapSection(
  section: BodySection,
  html: (piece: string) => string,
  href: (target: string) => string = (target) => target,
): BodySection {
  const cell = (c: SectionCell): SectionCell => ({ html: html(c.html), links: c.links.map(href) });
  return {
    ...section,
    blocks: section.blocks.map((block) => ({
      ...block,
      html: html(block.html),
      links: block.links.map(href),
      ...(block.rows ? { rows: block.rows.map((row) => row.map(cell)) } : {}),
      ...(block.head ? { head: block.head.map(cell) } : {}),
    })),
  };
}
