// Raw HTML in Markdown, as GitHub renders a README: parsed as a browser would (rehype-raw) and
// passed through a fixed allow-list of elements and attributes (hast-util-sanitize decides, one
// element at a time). What the list removes is reported with its position, never dropped in
// silence; what it keeps is Markdown's equal: links and images are collected and checked like
// Markdown's, ids take part in #fragment checks. No `style`, no event handlers, no scripts, frames,
// forms or plugins, so the site's Content Security Policy stays as strict as it is.
//
// Only elements the HTML itself wrote are sanitised: before the HTML is parsed, every element the
// Markdown made carries a mark no author can guess, and elements without it came from raw HTML.

import { randomBytes } from 'node:crypto';
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { type Schema, sanitize } from 'hast-util-sanitize';
import { htmlVoidElements } from 'html-void-elements';
import { find, html as htmlSchema } from 'property-information';
import rehypeRaw from 'rehype-raw';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { count } from '../../../common/count.ts';
import { type Diagnosis, diagnosis, type MarkdownProblem } from '../../diagnostics/diagnostic-rules.ts';
import { runsCode, schemeOf } from '../unsafe-links.ts';
import { EXIT, visit } from '../visit-tree.ts';
import { LINE_BASE, textOf } from './includes.ts';

/** Attributes of several elements. */
const GLOBAL = ['id', 'title', 'lang', 'dir', 'ariaLabel', 'ariaDescribedBy', 'ariaLabelledBy', 'ariaHidden', 'role'];
const CELL = ['align', 'colSpan', 'rowSpan', 'headers', 'scope', 'abbr', 'width', 'vAlign'];

/** Elements an editor may write, with the attributes each may carry besides GLOBAL. */
const ALLOWED: Record<string, string[]> = {
  a: ['href', 'name', 'hrefLang', 'type'],
  abbr: [],
  b: [],
  bdi: [],
  bdo: [],
  blockquote: ['cite'],
  br: [],
  caption: ['align'],
  cite: [],
  code: [],
  col: ['span', 'width', 'align'],
  colgroup: ['span', 'width', 'align'],
  dd: [],
  del: ['cite', 'dateTime'],
  details: ['open'],
  dfn: [],
  div: ['align'],
  dl: [],
  dt: [],
  em: [],
  figcaption: [],
  figure: [],
  h1: ['align'],
  h2: ['align'],
  h3: ['align'],
  h4: ['align'],
  h5: ['align'],
  h6: ['align'],
  hr: [],
  i: [],
  img: ['src', 'alt', 'width', 'height', 'align', 'srcSet', 'sizes', 'loading'],
  ins: ['cite', 'dateTime'],
  kbd: [],
  li: ['value'],
  mark: [],
  ol: ['start', 'reversed', 'type'],
  p: ['align'],
  picture: [],
  pre: [],
  q: ['cite'],
  rp: [],
  rt: [],
  ruby: [],
  s: [],
  samp: [],
  small: [],
  source: ['srcSet', 'media', 'type', 'sizes', 'width', 'height'],
  span: [],
  strike: [],
  strong: [],
  sub: [],
  summary: [],
  sup: [],
  table: ['align', 'width', 'summary'],
  tbody: ['align'],
  td: CELL,
  tfoot: ['align'],
  th: CELL,
  thead: ['align'],
  time: ['dateTime'],
  tr: ['align'],
  tt: [],
  u: [],
  ul: [],
  var: [],
  wbr: [],
};

/** Refused together with everything inside them: what they hold is code, a document or a form. */
const WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noembed',
  'noframes',
  'noscript',
  'template',
  'title',
  'textarea',
  'select',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'head',
  'meta',
  'link',
  'base',
];

/** Attributes holding URLs: checked as the unsafe-link rule checks Markdown's links. */
const URL_PROPERTIES = ['href', 'src', 'cite', 'srcSet'];

/** The schemes a kept link may use (relative URLs are always fine). */
const SCHEMES = [
  'http',
  'https',
  'mailto',
  'tel',
  'ftp',
  'ftps',
  'sftp',
  'ssh',
  'git',
  'irc',
  'ircs',
  'xmpp',
  'news',
  'data',
];

export const RAW_HTML_SCHEMA: Schema = {
  tagNames: Object.keys(ALLOWED),
  attributes: { ...ALLOWED, '*': GLOBAL },
  protocols: Object.fromEntries(['href', 'src', 'cite', 'longDesc'].map((p) => [p, SCHEMES])),
  strip: WITH_CONTENT,
  // Ids stay as written: links to them (#fragments) are checked, and a prefix would break them.
  clobber: [],
  clobberPrefix: '',
  ancestors: {},
  required: {},
  allowComments: false,
  allowDoctypes: false,
};

const attributeName = (property: string) => find(htmlSchema, property).attribute;

/** Rehype: parse the raw HTML of the tree and keep what the allow-list allows. `report` gets each
 * removal; `kept` is called for every element the raw HTML made that stays. */
export default function rehypeAllowedHtml(
  this: Processor,
  options: { report: (file: VFile, problem: MarkdownProblem) => void; kept: (element: Element, file: VFile) => void },
) {
  const mark = `m${randomBytes(8).toString('hex')}`;
  const raw = rehypeRaw.call(this as never, { passThrough: [CODE_BLOCK] }) as unknown as (
    tree: Root,
    file: VFile,
  ) => Root;
  return (tree: Root, file: VFile): Root => {
    // Most pages have no HTML of their own: they need no second parse.
    let hasRaw = false;
    visit(tree, 'raw', () => {
      hasRaw = true;
      return EXIT;
    });
    if (!hasRaw) return tree;
    const blocks = markElements(tree, mark);
    const parsed = raw(tree, file);
    putBack(parsed, blocks);
    const problem = (node: { position?: { start: { line: number; column: number } } } | undefined, says: Diagnosis) => {
      const start = node?.position?.start ?? { line: 1, column: 1 };
      options.report(file, { line: start.line, column: start.column, ...says });
    };
    const clean = (children: RootContent[]): RootContent[] => {
      const out: RootContent[] = [];
      for (const child of children) {
        if (child.type === 'comment') {
          problem(child, diagnosis('raw-html', 'comment'));
          continue;
        }
        if (child.type === 'doctype') {
          problem(child, diagnosis('raw-html', 'doctype'));
          continue;
        }
        if (child.type !== 'element') {
          out.push(child);
          continue;
        }
        if (child.properties[mark] !== undefined) {
          delete child.properties[mark];
          child.children = clean(child.children) as ElementContent[];
          out.push(child);
          continue;
        }
        const kept = sanitizeElement(child, problem, (element) => leftOpen(file, element));
        if (kept === 'drop') continue;
        if (kept === 'unwrap') out.push(...clean(child.children));
        else {
          options.kept(child, file);
          child.children = clean(child.children) as ElementContent[];
          out.push(child);
        }
      }
      return out;
    };
    parsed.children = clean(parsed.children);
    return parsed;
  };
}

/** Code blocks of the Markdown go past the HTML parser as they are (it would drop the first line of
 * a block that starts with an empty one, as it does after `<pre>`); in the meantime they are nodes
 * of this type. */
const CODE_BLOCK = 'siteCodeBlock';

/** Marks the Markdown's elements and sets its code blocks aside; returns them to be put back. */
function markElements(node: Root | Element, mark: string, blocks: Element[] = []): Element[] {
  node.children.forEach((child, i) => {
    if (child.type !== 'element') return;
    child.properties[mark] = '';
    markElements(child, mark, blocks);
    if (child.tagName === 'pre') {
      node.children[i] = { type: CODE_BLOCK, value: blocks.length, position: child.position } as never;
      blocks.push(child);
    }
  });
  return blocks;
}

function putBack(node: Root | Element, blocks: Element[]): void {
  node.children.forEach((child, i) => {
    const stand = child as unknown as { type: string; value: number };
    if (stand.type === CODE_BLOCK) node.children[i] = blocks[stand.value];
    else if (child.type === 'element') putBack(child, blocks);
  });
}

type Problem = (node: Element, says: Diagnosis) => void;

/** Where an element the source never closes ends: a browser runs an element it never sees closed
 * to the end of what holds it, and one whose content goes with it (`<noscript>`, `<plaintext>`,
 * `<title>`) takes the paragraphs and headings after it along. Undefined when the source has the
 * end tag where the parser ended the element (or the element has none). */
function leftOpen(file: VFile, element: Element): { extent: string } | undefined {
  if (htmlVoidElements.includes(element.tagName)) return undefined;
  const { start, end } = element.position ?? {};
  if (!start || !end) return { extent: 'everything to the end of the page' };
  const lines = textOf(file, end.line).split('\n');
  const line = lines[(end.line % LINE_BASE) - 1] ?? '';
  if (new RegExp(`</${element.tagName}[\\t\\n\\f\\r ]*>$`, 'i').test(line.slice(0, end.column - 1))) return undefined;
  const rest = [line.slice(end.column - 1), ...lines.slice(end.line % LINE_BASE)].join('\n');
  if (!rest.trim()) return { extent: 'everything to the end of the page' };
  if (end.line === start.line) return { extent: 'the rest of its line' };
  return { extent: `the next ${count(end.line - start.line, 'line')}` };
}

/** Decides on one element the raw HTML made, by the schema, and says what it removed. */
function sanitizeElement(
  element: Element,
  problem: Problem,
  leftOpen: (element: Element) => { extent: string } | undefined,
): 'keep' | 'unwrap' | 'drop' {
  const tag = element.tagName;
  // A javascript: or vbscript: URL is an attack on the readers, as in a Markdown link; a data: URL
  // in a srcset is a file the image step cannot see.
  for (const property of URL_PROPERTIES) {
    const value = element.properties[property];
    if (typeof value !== 'string') continue;
    const urls = property === 'srcSet' ? value.split(',').map((c) => c.trim().split(/\s+/)[0]) : [value];
    const unsafe = urls.find((url) => runsCode(url) || (property === 'srcSet' && schemeOf(url) === 'data'));
    if (unsafe === undefined) continue;
    problem(
      element,
      diagnosis('unsafe-link', 'rawHtml', { scheme: schemeOf(unsafe) ?? '', attribute: attributeName(property), tag }),
    );
    delete element.properties[property];
  }
  const [result] = (sanitize({ type: 'root', children: [{ ...element, children: [] }] }, RAW_HTML_SCHEMA) as Root)
    .children;
  if (result?.type !== 'element') {
    if (WITH_CONTENT.includes(tag)) {
      const open = leftOpen(element);
      problem(
        element,
        open ? diagnosis('unclosed-html', 'open', { tag, ...open }) : diagnosis('raw-html', 'elementDropped', { tag }),
      );
      return 'drop';
    }
    problem(element, diagnosis('raw-html', 'elementUnwrapped', { tag }));
    return 'unwrap';
  }
  const removed = Object.keys(element.properties).filter((p) => !(p in result.properties));
  if (removed.length) {
    problem(element, diagnosis('raw-html', 'attributes', { names: removed.map(attributeName), tag }));
  }
  element.properties = result.properties as Properties;
  return 'keep';
}
