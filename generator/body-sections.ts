// The `##` sections of a body, taken from its syntax tree (hast) in the Markdown stage, for the
// pages laid out by them: the home page and the landing pages of sections (theme/home/). Writers
// change the copy without touching code; the kind of each section comes from its shape (see
// SectionKind in types.ts), and the pieces the layout needs (the text around a table, its rows'
// cells, the `###` columns, the links in them) are split here, on the tree, not found again in
// finished HTML.
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { SKIP, visit } from 'unist-util-visit';
import { routeInLocale } from '../common/routes.ts';
import type { BodySection, OfferRow, SectionKind } from './types.ts';

type Node = RootContent | ElementContent;

/** Whether a document may be laid out by its sections: the home page and the index pages of
 * sections are the only ones whose route (inside their locale) has at most one segment. Only
 * those documents get their sections, the others do not pay for them. */
export function mayBeLaidOutBySections(path: string, slug?: string): boolean {
  return /^\/(?:[^/]+\/)?$/.test(routeInLocale(path, slug));
}

const isElement = (node: Node, tagName: string): node is Element => node.type === 'element' && node.tagName === tagName;

function find(nodes: readonly Node[], tagName: string): Element | undefined {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    if (node.tagName === tagName) return node;
    const inner = find(node.children, tagName);
    if (inner) return inner;
  }
  return undefined;
}

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

/** The GFM footnotes, which remark-rehype appends to the body as a `<section data-footnotes>`. */
const isFootnotes = (node: Node) => node.type === 'element' && node.tagName === 'section' && node.properties.dataFootnotes !== undefined;

const hasProperties = (node: Element) => Object.values(node.properties).some((value) => value !== undefined && value !== null);

/** List items written as `**Lead** – text` or `**Lead.** Text` get their lead as a title: no dash
 * or full stop after it, the text capitalised. */
function leadsAsTitles(nodes: Node[]): void {
  visit({ type: 'root', children: nodes as RootContent[] }, 'element', (li: Element) => {
    if (li.tagName !== 'li' || hasProperties(li)) return;
    const [strong, next] = li.children;
    if (!strong || !isElement(strong, 'strong') || hasProperties(strong)) return;
    const last = strong.children.at(-1);
    const stop = last?.type === 'text' && last.value.endsWith('.');
    const dash = !stop && next?.type === 'text' && /^\s*[–—-]/.test(next.value);
    if (!stop && !dash) return;
    if (stop) last.value = last.value.slice(0, -1);
    strong.properties.className = ['item-title'];
    const capitalised = (text: string) => ` ${text.replace(/^\p{Ll}/u, (c) => c.toUpperCase())}`;
    if (next?.type === 'text') next.value = capitalised(next.value.replace(stop ? /^\s*/ : /^\s*[–—-]\s*/, ''));
    else li.children.splice(1, 0, { type: 'text', value: ' ' });
  });
}

/** The `<!-- truncate -->` marker, which the body's HTML leaves out too. */
function withoutTruncate(nodes: Node[]): Node[] {
  const root: Root = { type: 'root', children: nodes as RootContent[] };
  visit(root, 'element', (node: Element, index, parent) => {
    if (node.tagName !== 'hr' || node.properties.dataSiteTruncate === undefined || !parent || index === undefined) return undefined;
    parent.children.splice(index, 1);
    return [SKIP, index];
  });
  return root.children;
}

/** The rows of the section's first table if it has three columns and stands in the section itself:
 * its index among `nodes` and the rows' cells. */
function offersOf(nodes: Node[]): { at: number; rows: OfferRow[] } | undefined {
  const table = find(nodes, 'table');
  const at = table ? nodes.indexOf(table) : -1;
  const body = table?.children.find((child): child is Element => isElement(child, 'tbody'));
  if (!body || at === -1) return undefined;
  const rows = body.children.filter((row): row is Element => isElement(row, 'tr')).map((row) => row.children.filter((cell): cell is Element => isElement(cell, 'td')));
  if (rows.length === 0 || rows.some((cells) => cells.length !== 3)) return undefined;
  const cell = (td: Element) => htmlOf(td.children).trim();
  return { at, rows: rows.map(([name, text, price]) => ({ name: cell(name), text: cell(text), price: cell(price), links: linksOf(name.children) })) };
}

/** The body's sections, from its finished tree (which is left as it is). */
export function bodySections(tree: Root): BodySection[] {
  // Text before the first `##`, then one group per `##`; the footnotes stand on their own.
  const groups: { heading?: Element; footnotes?: boolean; nodes: Node[] }[] = [{ nodes: [] }];
  for (const node of tree.children) {
    if (isElement(node, 'h2')) groups.push({ heading: node, nodes: [] });
    else if (isFootnotes(node)) groups.push({ footnotes: true, nodes: [] });
    groups.at(-1)!.nodes.push(node);
  }
  const lastHeading = groups.findLastIndex((g) => g.heading);
  const sections: BodySection[] = [];
  let seenList = false;
  groups.forEach(({ heading, footnotes, nodes: original }, index) => {
    // The layout rewrites list leads; the body's own HTML keeps them as written.
    const nodes = withoutTruncate(structuredClone(original));
    if (!heading) {
      const html = htmlOf(nodes);
      if (html.trim()) sections.push({ kind: footnotes ? 'prose' : 'intro', html });
      return;
    }
    const id = heading.properties.id;
    const headingId = typeof id === 'string' ? id : undefined;
    leadsAsTitles(nodes);
    if (find(nodes, 'ol')) {
      sections.push({ kind: 'steps', headingId, html: htmlOf(nodes) });
      return;
    }
    const offers = offersOf(nodes);
    if (offers) {
      sections.push({ kind: 'offers', headingId, before: htmlOf(nodes.slice(0, offers.at)), rows: offers.rows, after: htmlOf(nodes.slice(offers.at + 1)) });
      return;
    }
    const starts = nodes.flatMap((node, i) => (isElement(node, 'h3') ? [i] : []));
    if (starts.length) {
      const columns = starts.map((start, i) => nodes.slice(start, starts[i + 1]));
      sections.push({ kind: 'columns', headingId, lead: htmlOf(nodes.slice(0, starts[0])), columns: columns.map((part) => ({ html: htmlOf(part), links: linksOf(part) })) });
      return;
    }
    let kind: SectionKind = 'prose';
    if (find(nodes, 'ul')) {
      kind = seenList ? 'checklist' : 'features';
      seenList = true;
    } else if (index === lastHeading) kind = 'cta';
    sections.push({ kind, headingId, html: htmlOf(nodes) });
  });
  return sections;
}

/** A section with every piece of HTML and every link target passed through `html` and `href`: the
 * image step sizes images in it, the render stage resolves links, as in the body's HTML. */
export function mapSection(section: BodySection, html: (piece: string) => string, href: (target: string) => string = (target) => target): BodySection {
  switch (section.kind) {
    case 'offers':
      return {
        ...section,
        before: html(section.before),
        after: html(section.after),
        rows: section.rows.map((row) => ({ name: html(row.name), text: html(row.text), price: html(row.price), links: row.links.map(href) })),
      };
    case 'columns':
      return { ...section, lead: html(section.lead), columns: section.columns.map((column) => ({ html: html(column.html), links: column.links.map(href) })) };
    default:
      return { ...section, html: html(section.html) };
  }
}
