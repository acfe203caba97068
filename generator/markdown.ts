// The Markdown pipeline: one unified processor per locale, built once and reused for every file.
// It turns a body into HTML and, on the way, collects what later stages need: headings (for the
// table of contents and #fragment checks), links with their positions (for link checks), the
// excerpt before `<!-- truncate -->` and the word count.
import type { Root as MdRoot, Html } from 'mdast';
import type { Root as HastRoot, Element } from 'hast';
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from './gfm.ts';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeSlug from 'rehype-slug';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeHighlight from 'rehype-highlight';
import rehypeStringify from 'rehype-stringify';
import { common } from 'lowlight';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import nginx from 'highlight.js/lib/languages/nginx';
import powershell from 'highlight.js/lib/languages/powershell';
import { SKIP, visit } from 'unist-util-visit';
import { toString as hastToString } from 'hast-util-to-string';
import { toHtml } from 'hast-util-to-html';
import { VFile } from 'vfile';
import remarkAdmonitions, { type AdmonitionOptions } from './admonitions.ts';
import { format } from '../common/format-message.ts';
import type { Heading, SourceLink } from './types.ts';

/** The words the pipeline itself writes into a page, in the page's language. */
export interface MarkdownLabels {
  anchor: string;
  footnotes: string;
  /** With `{n}` for the number of the reference. */
  footnoteBack: string;
}

/** GFM footnotes render a visually hidden heading with this id; it is no section of the page. */
const FOOTNOTE_LABEL_ID = 'footnote-label';

/** Hrefs of internal links are replaced by this marker plus the link's index; the render stage
 * puts in the resolved URL, which depends on the whole graph (slugs, locale prefixes). */
export const LINK_MARKER = 'site:link:';
const TRUNCATE = /^<!--\s*truncate\s*-->$/;
const TRUNCATE_HTML = '<hr data-site-truncate="">';

export interface MarkdownResult {
  html: string;
  excerptHtml?: string;
  headings: Heading[];
  /** Every id in the document, for #fragment checks (headings, footnotes). */
  ids: string[];
  links: SourceLink[];
  words: number;
  messages: { message: string; line: number; column: number; rule: string }[];
}

/** What the plugins below collect on the file, typed as vfile asks: by augmenting its DataMap. */
interface Collected {
  links: SourceLink[];
  headings: Heading[];
  ids: string[];
  rawHtml: { line: number; column: number }[];
  words?: number;
  /** The first paragraph, the excerpt of a post without a `<!-- truncate -->` marker. */
  firstParagraph?: string;
}

declare module 'vfile' {
  interface DataMap extends Collected {}
}

/** The collections of a file made by renderMarkdown, which starts them empty. */
function collected(file: VFile): Collected {
  const { links = [], headings = [], ids = [], rawHtml = [] } = file.data;
  Object.assign(file.data, { links, headings, ids, rawHtml });
  return { links, headings, ids, rawHtml };
}

export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** Remark: record every link and image with its position; mark internal ones for the render stage. */
function collectLinks() {
  return (tree: MdRoot, file: VFile) => {
    const data = collected(file);
    visit(tree, (node, index, parent) => {
      if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
        const url = node.url;
        const start = node.position?.start ?? { line: 1, column: 1 };
        if (isExternal(url)) return;
        const kind = node.type === 'image' ? 'image' : 'link';
        const image = node.type === 'image' ? { alt: node.alt ?? '', ...(node.title != null ? { title: node.title } : {}) } : {};
        data.links.push({ url, line: start.line, column: start.column, kind, ...image });
        if (kind === 'link') node.url = `${LINK_MARKER}${data.links.length - 1}`;
        // The image step (generator/images.ts) finds the <img> by this index to give it its sizes.
        if (node.type === 'image') node.data = { ...node.data, hProperties: { ...node.data?.hProperties, dataSiteImage: String(data.links.length - 1) } };
        return;
      }
      if (node.type === 'html' && parent && index !== undefined) {
        const html = node as Html;
        if (TRUNCATE.test(html.value.trim())) {
          parent.children[index] = { type: 'thematicBreak', data: { hProperties: { dataSiteTruncate: '' } } } as never;
          return;
        }
        if (/^<!--[\s\S]*-->$/.test(html.value.trim())) return;
        const start = html.position?.start ?? { line: 1, column: 1 };
        data.rawHtml.push({ line: start.line, column: start.column });
      }
    });
  };
}

/** Rehype: headings and ids, after rehype-slug gave headings their ids. */
function collectHeadings() {
  return (tree: HastRoot, file: VFile) => {
    const data = collected(file);
    visit(tree, 'element', (node: Element) => {
      const id = node.properties?.id;
      if (typeof id === 'string') data.ids.push(id);
      const rank = /^h([1-6])$/.exec(node.tagName);
      if (rank && typeof id === 'string' && id !== FOOTNOTE_LABEL_ID) {
        data.headings.push({ depth: Number(rank[1]), id, text: hastToString(node).trim() });
      }
      if (node.tagName === 'img') {
        node.properties.loading = 'lazy';
        node.properties.decoding = 'async';
      }
      if (node.tagName === 'a' && typeof node.properties.href === 'string' && /^https?:/.test(node.properties.href)) {
        node.properties.rel = ['noopener'];
      }
    });
  };
}

export function createMarkdownProcessor(admonitions: AdmonitionOptions, labels: MarkdownLabels): Processor<MdRoot, MdRoot, HastRoot, HastRoot, string> {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkAdmonitions, admonitions)
    .use(collectLinks)
    .use(remarkRehype, {
      footnoteLabel: labels.footnotes,
      footnoteBackLabel: (index: number, again: number) => format(labels.footnoteBack, { n: again > 1 ? `${index + 1}-${again}` : index + 1 }),
    })
    .use(rehypeSlug)
    .use(collectHeadings)
    .use(rehypeAutolinkHeadings, {
      behavior: 'append',
      test: (node: Element) => ['h2', 'h3', 'h4'].includes(node.tagName) && node.properties.id !== FOOTNOTE_LABEL_ID,
      properties: { className: ['hash-link'], ariaLabel: labels.anchor },
      content: { type: 'text', value: '#' },
    })
    .use(rehypeHighlight, {
      languages: { ...common, dockerfile, nginx, powershell },
      aliases: { bash: ['sh', 'zsh', 'console'], ini: ['toml', 'conf', 'env'], plaintext: ['text', 'txt', 'nu', 'nushell', 'log'] },
      detect: false,
      plainText: ['mermaid'],
    })
    .use(collectText)
    .use(rehypeStringify) as unknown as Processor<MdRoot, MdRoot, HastRoot, HastRoot, string>;
}

/** Rehype, on the finished tree: the words a reader reads (code blocks aside) and the first paragraph. */
function collectText() {
  return (tree: HastRoot, file: VFile) => {
    let words = 0;
    let first: Element | undefined;
    visit(tree, (node) => {
      if (node.type === 'element' && node.tagName === 'pre') return SKIP;
      if (node.type === 'element' && node.tagName === 'p') first ??= node;
      if (node.type === 'text') words += node.value.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
      return undefined;
    });
    file.data.words = words;
    if (first) file.data.firstParagraph = toHtml(first);
  };
}

export function renderMarkdown(processor: ReturnType<typeof createMarkdownProcessor>, body: string): MarkdownResult {
  const file = new VFile({ value: body });
  const data = collected(file);
  const tree = processor.runSync(processor.parse(file), file);
  let html = processor.stringify(tree, file);
  let excerptHtml: string | undefined;
  const cut = html.indexOf(TRUNCATE_HTML);
  if (cut !== -1) {
    excerptHtml = html.slice(0, cut);
    html = html.slice(0, cut) + html.slice(cut + TRUNCATE_HTML.length);
  }
  const messages = file.messages.map((m) => ({
    message: m.reason,
    line: m.line ?? 1,
    column: m.column ?? 1,
    rule: m.ruleId === 'admonition' || m.source === 'site' ? 'admonition' : 'markdown',
  }));
  for (const at of data.rawHtml) {
    messages.push({ message: 'raw HTML is not allowed in Markdown', line: at.line, column: at.column, rule: 'raw-html' });
  }
  excerptHtml ??= file.data.firstParagraph;
  return { html, excerptHtml, headings: data.headings, ids: data.ids, links: data.links, words: file.data.words ?? 0, messages };
}
