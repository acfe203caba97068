// One Docusaurus body parsed as Markdown (CommonMark and GFM, as this engine reads it), with what
// the importer needs to know before it rewrites anything: the leading `# Title`, the first
// paragraph, custom heading ids and the spans that hold code or HTML.

import GithubSlugger from 'github-slugger';
import type { Heading, Nodes, Root, RootContent } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import remarkGfmSyntax from '../../markdown/gfm.ts';
import { visit } from '../../markdown/visit-tree.ts';

export interface Span {
  start: number;
  end: number;
}

export interface BodyTree {
  body: string;
  tree: Root;
  /** The `# Title` the body starts with: its plain text and the span to remove (with blank lines after it). */
  title?: { text: string; span: Span };
  /** Plain text of the first paragraph of prose: Docusaurus's description when none is given. */
  firstParagraph?: string;
  /** `{#custom-id}` of headings: the id as written, the id the engine will give the heading, the span of ` {#id}`. */
  customIds: { id: string; slug: string; span: Span; heading: number }[];
  /** Code, inline code and HTML: never rewritten, never scanned for expressions. */
  protectedSpans: Span[];
  /** The fence lines of ```mdx-code-block blocks, blanked so that their MDX is read as the page's; removed when written. */
  unwrapped: Span[];
}

/**
 * ```mdx-code-block fences hold MDX that Docusaurus renders (translated docs use them to keep
 * `import` and `<Tabs>` out of the translators' way): their fence lines become blank lines of the
 * same length, so every offset stays where it was.
 */
function unwrapMdxCodeBlocks(body: string): { body: string; spans: Span[] } {
  const spans: Span[] = [];
  let out = body;
  const opener = /^([ \t]{0,3})(`{3,}|~{3,})mdx-code-block[ \t]*$/gm;
  for (let m = opener.exec(body); m; m = opener.exec(body)) {
    const fence = m[2];
    const closer = new RegExp(`^[ \\t]{0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`, 'gm');
    closer.lastIndex = m.index + m[0].length + 1;
    const c = closer.exec(body);
    if (!c) break;
    for (const [start, length] of [
      [m.index, m[0].length],
      [c.index, c[0].length],
    ]) {
      out = out.slice(0, start) + ' '.repeat(length) + out.slice(start + length);
      spans.push({ start, end: start + length + (body[start + length] === '\n' ? 1 : 0) });
    }
    opener.lastIndex = c.index + c[0].length;
  }
  return { body: out, spans };
}

const parser = unified().use(remarkParse).use(remarkGfmSyntax, { literalAutolinks: true });

export function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string' && node.type !== 'html') return node.value;
  if ('alt' in node && typeof node.alt === 'string') return node.alt;
  return 'children' in node ? (node.children as Nodes[]).map(plainText).join('') : '';
}

const CUSTOM_ID = /\s*\{#([^}\s]+)\}\s*$/;
/** An id the engine takes as written in `## Title {#id}` (generator/markdown/plugins/custom-heading-ids.ts, HEADING_ID);
 * Docusaurus takes any, so one with other characters (a dot) gets the heading's slug here. */
const ENGINE_HEADING_ID = /^[A-Za-z0-9_][\w-]*$/;

export const keepsHeadingId = (id: string) => ENGINE_HEADING_ID.test(id);
/** An MDX import or export statement, not prose that starts with the word ("export the data…"). */
const ESM =
  /^(?:import\s+(?:[\w*{}\s,]+\s+from\s+)?['"]|export\s+(?:const|let|var|function|async|class|default|\{|\*))/;

export function isEsm(node: RootContent, body: string): boolean {
  return node.type === 'paragraph' && ESM.test(body.slice(spanOf(node).start, spanOf(node).end));
}

/** Where a node stands in the body it was parsed from: remark-parse gives every node of a parsed
 * text its offsets, so a node without them was made, not read, and has no place to edit. */
export function spanOf(node: Nodes): Span {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) throw new Error(`a ${node.type} without its place in the text`);
  return { start, end };
}

export function parseBody(raw: string): BodyTree {
  const { body, spans } = unwrapMdxCodeBlocks(raw);
  const tree = parser.parse(body);
  const result: BodyTree = { body, tree, customIds: [], protectedSpans: [], unwrapped: spans };
  // Imports may stand before the title, as MDX allows.
  const firstAt = tree.children.findIndex((node) => !isEsm(node, body));
  const first = tree.children[firstAt];
  if (first?.type === 'heading' && first.depth === 1) {
    const next = tree.children[firstAt + 1];
    const raw = body.slice(spanOf(first).start, spanOf(first).end);
    const text = plainText(first).replace(CUSTOM_ID, '').trim();
    if (text && !/^#+\s*$/.test(raw))
      result.title = { text, span: { start: spanOf(first).start, end: next ? spanOf(next).start : body.length } };
  }
  for (const node of tree.children) {
    if (node.type !== 'paragraph' || isEsm(node, body)) continue;
    const text = plainText(node).replace(/\s+/g, ' ').trim();
    if (text.startsWith(':::') || !/[\p{L}\p{N}]/u.test(text)) continue;
    result.firstParagraph = text;
    break;
  }
  const slugger = new GithubSlugger();
  let index = 0;
  visit(tree, (node) => {
    if (node.type === 'code' || node.type === 'inlineCode' || node.type === 'html')
      result.protectedSpans.push(spanOf(node));
    if (node.type !== 'heading') return;
    const heading = node as Heading;
    const own = index++;
    // The leading title moves to front matter: the engine gives it no id in the body.
    if (result.title && heading === first) return;
    const raw = body.slice(spanOf(heading).start, spanOf(heading).end);
    const m = CUSTOM_ID.exec(raw);
    const text = plainText(heading).replace(CUSTOM_ID, '');
    // The engine gives a heading with its own id that id, and the slug of its text to none.
    const slug = m && keepsHeadingId(m[1]) ? m[1] : slugger.slug(text.trim());
    if (m) {
      const at = spanOf(heading).start + m.index;
      result.customIds.push({ id: m[1], slug, span: { start: at, end: at + m[0].trimEnd().length }, heading: own });
    }
  });
  return result;
}

export function inSpans(spans: Span[], offset: number): boolean {
  return spans.some((s) => offset >= s.start && offset < s.end);
}
