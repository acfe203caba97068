// The Markdown pipeline: one unified processor per locale, built once and reused for every file.
// It turns a body into HTML and, on the way, collects what later stages need: headings (for the
// table of contents and #fragment checks), links with their positions (for link checks), the
// excerpt before `<!-- truncate -->`, the word count and, when asked, the `##` sections.

import GithubSlugger from 'github-slugger';
import type { Element, Root as HastRoot } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toString as hastToString } from 'hast-util-to-string';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import nginx from 'highlight.js/lib/languages/nginx';
import powershell from 'highlight.js/lib/languages/powershell';
import { common } from 'lowlight';
import type {
  Definition,
  FootnoteDefinition,
  Html,
  Heading as MdHeading,
  Root as MdRoot,
  Paragraph,
  RootContent,
  Text,
} from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeHighlight from 'rehype-highlight';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { type Processor, unified } from 'unified';
import { VFile } from 'vfile';
import { format } from '../../common/format-message.ts';
import { MARKDOWN_CLASSES } from '../../common/markdown-classes.ts';
import { type Diagnosis, diagnosis, type MarkdownProblem } from '../diagnostics/diagnostic-rules.ts';
import type { BodySection, Heading, SourceLink } from '../types.ts';
import { bodySections } from './body-sections.ts';
import remarkGfmSyntax, {
  likelyHoldsLiteralAutolink,
  mayHoldLiteralAutolink,
  textMayHoldLiteralAutolink,
} from './gfm.ts';
import remarkAdmonitions, { type AdmonitionOptions, withBracketTitles } from './plugins/admonitions.ts';
import { rehypeCodeBlocks, remarkCodeMeta } from './plugins/code-blocks.ts';
import remarkContentRules, { type ContentRuleOptions } from './plugins/content-rules.ts';
import { type IncludeContext, origin, remarkIncludes, textOf } from './plugins/includes.ts';
import rehypeAllowedHtml from './plugins/raw-html.ts';
import { remarkTableCells } from './plugins/table-cells.ts';
import { remarkTabs } from './plugins/tabs.ts';
import { remarkUnclosedContainers } from './plugins/unclosed-containers.ts';
import rehypeUnsafeLinks, { placeKey } from './plugins/unsafe-links.ts';
import { SKIP, visit } from './visit-tree.ts';

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
  /** The body's `##` sections, when asked for (generator/markdown/body-sections.ts). */
  sections?: BodySection[];
  /** The `# Title` the body starts with, unless it was the page's title (then it is left out). */
  leadingTitle?: { text: string; line: number; column: number };
  messages: MarkdownMessage[];
}

/** A problem found in the Markdown; `file` is the included file it is in, whose lines line and column count. */
export type MarkdownMessage = MarkdownProblem;

/** What the plugins below collect on the file, typed as vfile asks: by augmenting its DataMap. */
interface Collected {
  links: SourceLink[];
  headings: Heading[];
  ids: string[];
  problems: MarkdownMessage[];
  title?: string;
  leadingTitle?: MarkdownResult['leadingTitle'];
  words?: number;
  /** The first paragraph, the excerpt of a post without a `<!-- truncate -->` marker. */
  firstParagraph?: string;
  /** Set before the run: whether to take the body's sections from the finished tree. */
  wantsSections?: boolean;
  sections?: BodySection[];
}

/** `## Title {#custom-id}`, as Docusaurus writes a heading's own id. */
const HEADING_ID = /[ \t]*\{#([A-Za-z0-9_][\w-]*)\}[ \t]*$/;
/** The start of an MDX import or export statement. */
const MDX_STATEMENT =
  /^(?:import\s+(?:[\w*{][^\n]*\sfrom\s+['"]|['"])|export\s+(?:default\b|const\s|let\s|function\s|\{|\*))/;
/** The end of a statement on one line: a module name in quotes, a value, a closing bracket. */
const COMPLETE = /(?:['"`;)\]}]|\w)\s*$/;
/** Braces that stand on their own, not glued to a word as in `a:hover{color:red}`. */
const BRACES = /(^|\s)\{([^{}\n]*)\}/g;
/** What MDX would evaluate where Markdown shows it as typed: a comment, a member access or call
 * (`{props.version}`, `{new Date().getFullYear()}`). A lone word is one only when the page imports
 * or exports it; `{Object}`, `{}`, `{ a: 1 }` are text to everyone else who renders Markdown. */
const MDX_COMMENT = /^\s*\/\*[\s\S]*\*\/\s*$/;
const MDX_ACCESS = /^\s*(?:new\s+)?[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*|\[[^\]]+\]|\([^()]*\))+\s*$/;
const MDX_NAME = /^\s*([A-Za-z_$][\w$]*)\s*$/;

/** The names an MDX import or export statement declares. */
function declaredNames(statement: string): string[] {
  const names: string[] = [];
  const declared = /^export\s+(?:default\s+)?(?:const|let|var|function\*?|class)\s+([A-Za-z_$][\w$]*)/.exec(statement);
  if (declared) names.push(declared[1]);
  const imported = /^import\s+(?:([A-Za-z_$][\w$]*)\s*,?\s*)?(?:\{([^}]*)\}|\*\s+as\s+([A-Za-z_$][\w$]*))?/.exec(
    statement,
  );
  if (imported) {
    if (imported[1]) names.push(imported[1]);
    if (imported[3]) names.push(imported[3]);
    for (const part of (imported[2] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  }
  return names;
}

function plainText(node: { children?: unknown[]; value?: unknown }): string {
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map((child) => plainText(child as typeof node)).join('');
}

/** Remark: what the content format gives a meaning of its own, and what it does not allow. */
function contentConventions() {
  return (tree: MdRoot, file: VFile) => {
    const data = collected(file);
    const problem = (node: { position?: { start: { line: number; column: number } } }, says: Diagnosis) => {
      const start = node.position?.start ?? { line: 1, column: 1 };
      data.problems.push({ line: start.line, column: start.column, ...says });
    };
    const first = tree.children[0];
    if (first?.type === 'heading' && first.depth === 1) {
      const start = first.position?.start ?? { line: 1, column: 1 };
      const text = plainText(first).replace(HEADING_ID, '').trim();
      // The page shows its title as its heading already; the same words again are dropped.
      if (data.title !== undefined && text === data.title.trim()) tree.children.shift();
      else data.leadingTitle = { text, line: start.line, column: start.column };
    }
    // Names the page's own imports and exports declare: `{year}` after `export const year` is MDX.
    const declared = new Set<string>();
    for (const child of tree.children) {
      const text = child.type === 'paragraph' ? child.children[0] : undefined;
      if (text?.type === 'text' && MDX_STATEMENT.test(text.value))
        for (const line of text.value.split('\n')) for (const name of declaredNames(line.trim())) declared.add(name);
    }
    const isExpression = (inner: string) =>
      MDX_COMMENT.test(inner) || MDX_ACCESS.test(inner) || declared.has(MDX_NAME.exec(inner)?.[1] ?? '');
    visit(tree, (node, index, parent) => {
      if (node.type === 'heading') {
        const last = (node as MdHeading).children.at(-1);
        const m = last?.type === 'text' ? HEADING_ID.exec(last.value) : null;
        if (last?.type === 'text' && m) {
          last.value = last.value.slice(0, m.index);
          // The id is no text of the heading: the search for MDX expressions in the source below
          // must not find it either.
          const end = last.position?.end;
          if (last.position && end?.offset !== undefined)
            last.position = {
              ...last.position,
              end: { ...end, offset: end.offset - m[0].length, column: end.column - m[0].length },
            };
          node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id: m[1] } };
        }
        return;
      }
      if (node.type === 'paragraph' && parent?.type === 'root' && index !== undefined) {
        const text = (node as Paragraph).children[0];
        if (text?.type === 'text' && MDX_STATEMENT.test(text.value)) {
          problem(node, diagnosis('mdx', 'statement', { kind: text.value.startsWith('import') ? 'import' : 'export' }));
          // Text on the lines after complete one-line statements runs into their paragraph: it is
          // the editor's, and stays. A statement over several lines goes whole.
          const lines = text.value.split('\n');
          let statements = 0;
          while (statements < lines.length && MDX_STATEMENT.test(lines[statements]) && COMPLETE.test(lines[statements]))
            statements++;
          if (statements === 0 || (statements === lines.length && (node as Paragraph).children.length === 1)) {
            parent.children.splice(index, 1);
            return index;
          }
          text.value = lines.slice(statements).join('\n');
          return SKIP;
        }
      }
      if (node.type === 'text' && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
        // Looked for in the source, where an escaped brace (`\{`) still has its backslash.
        const { start, end } = node.position;
        const written = textOf(file, start.line).slice(start.offset, end.offset);
        for (const m of [...written.matchAll(BRACES)].filter((match) => isExpression(match[2]))) {
          const lines = written.slice(0, m.index + m[1].length).split('\n');
          const line = start.line + lines.length - 1;
          const column = lines.length > 1 ? lines[lines.length - 1].length + 1 : start.column + lines[0].length;
          data.problems.push({ line, column, ...diagnosis('mdx', 'expression', { text: m[0].trim() }) });
        }
      }
    });
  };
}

declare module 'vfile' {
  interface DataMap extends Collected {}
}

/** The collections of a file made by renderMarkdown, which starts them empty. */
function collected(file: VFile): Collected {
  const { links = [], headings = [], ids = [], problems = [] } = file.data;
  Object.assign(file.data, { links, headings, ids, problems });
  return file.data as Collected;
}

export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** Remark: record every link and image with its position; mark internal ones for the render stage.
 * References (`[text][ref]`, `![alt][ref]`) become plain links and images first, so an image
 * defined by reference is checked and sized as an image, at the place where it is used. */
function collectLinks() {
  return (tree: MdRoot, file: VFile) => {
    const data = collected(file);
    const problem = (node: { position?: { start: { line: number; column: number } } }, says: Diagnosis) => {
      const start = node.position?.start ?? { line: 1, column: 1 };
      data.problems.push({ line: start.line, column: start.column, ...says });
    };
    footnoteLabels(tree, file, problem);
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
    let truncated = false;
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
      if (node.type === 'html' && parent && index !== undefined) {
        const html = node as Html;
        if (TRUNCATE.test(html.value.trim())) {
          // The excerpt is the page's HTML up to the marker: cut inside a list or a block, it would
          // leave that block open.
          if (parent.type !== 'root') {
            problem(html, diagnosis('truncate', 'nested', { inside: describeBlock(parent as RootContent) }));
            parent.children.splice(index, 1);
            return index;
          }
          // The excerpt ends at the first marker; another would be a rule on the page.
          if (truncated) {
            problem(html, diagnosis('truncate', 'again'));
            parent.children.splice(index, 1);
            return index;
          }
          truncated = true;
          parent.children[index] = { type: 'thematicBreak', data: { hProperties: { dataSiteTruncate: '' } } } as never;
          return;
        }
        // Any other HTML is parsed and sanitised on the HTML side (generator/markdown/plugins/raw-html.ts).
      }
    });
    // A footnote nobody refers to is left out of the page by the HTML step, and so is a second
    // definition of a label (the first is shown): said, not dropped.
    // A reference counts when the page's text makes it, or a footnote it shows does: one made only
    // inside its own definition (a next line that ran into it) shows nothing.
    const referenced = new Set<string>();
    const definitionsOf = new Map<string, FootnoteDefinition[]>();
    visit(tree, (node) => {
      if (node.type === 'footnoteDefinition') {
        const list = definitionsOf.get(node.identifier) ?? [];
        definitionsOf.set(node.identifier, [...list, node]);
        return SKIP;
      }
      if (node.type === 'footnoteReference') referenced.add(node.identifier);
      return undefined;
    });
    for (const identifier of referenced)
      for (const definition of definitionsOf.get(identifier)?.slice(0, 1) ?? [])
        visit(definition, 'footnoteReference', (node) => void referenced.add(node.identifier));
    const footnotes = new Map<string, string>();
    visit(tree, 'footnoteDefinition', (node) => {
      const text = plainText(node).trim();
      const first = footnotes.get(node.identifier);
      if (first === undefined) footnotes.set(node.identifier, text);
      else if (first !== text) {
        const label = node.label ?? node.identifier;
        const shown = first.length > 60 ? `${first.slice(0, 59)}…` : first;
        problem(node, diagnosis('duplicate-definition', 'footnote', { label, first: shown }));
        return;
      }
      if (referenced.has(node.identifier)) return;
      const start = node.position?.start ?? { line: 1, column: 1 };
      data.problems.push({
        line: start.line,
        column: start.column,
        ...diagnosis('unused-definition', 'footnote', { label: node.label ?? node.identifier }),
      });
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
function showsAsText(tree: MdRoot, label: string): boolean {
  const wanted = `[${label.toLowerCase().replace(/\s+/g, ' ')}]`;
  let found = false;
  visit(tree, 'text', (node: Text) => {
    if (node.value.toLowerCase().replace(/\s+/g, ' ').includes(wanted)) found = true;
  });
  return found;
}

/** A block of the Markdown as an author knows it, for a message. */
function describeBlock(node: RootContent): string {
  if (node.type === 'containerDirective') return `the ${node.name === 'tabs' ? '::::' : ':::'}${node.name} block`;
  if (node.type === 'listItem') return 'a list item';
  if (node.type === 'blockquote') return 'a block quote';
  if (node.type === 'footnoteDefinition') return 'a footnote';
  return 'a block';
}

/** `[^my note]`: a footnote label GFM does not take (it has a space) is text to Markdown, or, with a
 * definition of one word (`[^my note]: Wikipedia`), a link to that word. Either way the footnote is
 * lost: each place is reported, and shown as it was typed. */
function footnoteLabels(
  tree: MdRoot,
  file: VFile,
  problem: (node: { position?: { start: { line: number; column: number } } }, says: Diagnosis) => void,
): void {
  const written = (node: { position?: { start: { offset?: number }; end: { offset?: number } } }, line: number) => {
    const { start, end } = node.position ?? { start: {}, end: {} };
    return start.offset === undefined || end.offset === undefined
      ? ''
      : textOf(file, line).slice(start.offset, end.offset);
  };
  visit(tree, (node, index, parent) => {
    if (node.type === 'text' && node.value.includes('[^') && node.position) {
      const { start } = node.position;
      const source = written(node as Text, start.line) || (node as Text).value;
      for (const m of source.matchAll(FOOTNOTE_WITH_SPACE)) {
        const lines = source.slice(0, m.index).split('\n');
        const line = start.line + lines.length - 1;
        const column = lines.length > 1 ? lines.at(-1)!.length + 1 : start.column + lines[0].length;
        problem({ position: { start: { line, column } } }, diagnosis('footnote-label', 'space', { label: m[1] }));
      }
      return;
    }
    const label = (node as { label?: string }).label;
    if ((node.type !== 'definition' && node.type !== 'linkReference') || !label?.startsWith('^') || !parent) return;
    if (!/\s/.test(label)) return;
    problem(node as Definition, diagnosis('footnote-label', 'space', { label: label.slice(1) }));
    const text: Text = { type: 'text', value: written(node as Definition, node.position?.start.line ?? 1) };
    parent.children[index!] = (node.type === 'definition' ? { type: 'paragraph', children: [text] } : text) as never;
    return SKIP;
  });
}

/** A footnote reference or definition whose label has a space, as the source has it. */
const FOOTNOTE_WITH_SPACE = /\[\^([^\]\n]*?\s[^\]\n]*?)\]/g;

/** The links and images of an element raw HTML wrote and the sanitiser kept, collected and marked
 * as Markdown's are (collectLinks), so that they are checked and resolved alike. */
function collectHtmlLinks(element: Element, file: VFile): void {
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

/** Rehype, in one walk: an id for every heading without one, and the ids and headings of the page. */
function collectHeadings() {
  const slugs = new GithubSlugger();
  return (tree: HastRoot, file: VFile) => {
    const data = collected(file);
    slugs.reset();
    // The ids the author gave (`{#id}` on a heading, an admonition or tabs, raw HTML): a heading's
    // id made from its text steps aside from them, as from each other.
    const given = new Set<string>();
    visit(tree, 'element', (node: Element) => {
      if (typeof node.properties.id === 'string') given.add(node.properties.id);
      if (node.tagName === 'a' && typeof node.properties.name === 'string') given.add(node.properties.name);
    });
    const seen = new Map<string, Element>();
    visit(tree, 'element', (node: Element) => {
      const rank = /^h([1-6])$/.exec(node.tagName);
      const text = rank ? hastToString(node) : '';
      // A heading without an id of its own gets one from its text, as on GitHub (rehype-slug did).
      if (rank && !node.properties.id) {
        let made = slugs.slug(text);
        while (given.has(made)) made = slugs.slug(text);
        node.properties.id = made;
      }
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
      if (rank && typeof id === 'string' && id !== FOOTNOTE_LABEL_ID) {
        const depth = Number(rank[1]);
        data.headings.push({ depth, id, text: text.trim() });
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

/** The headings that link to themselves: `##` to `####` with an id, the footnotes' label aside. */
function isLinkedHeading(node: Element): boolean {
  return /^h[234]$/.test(node.tagName) && Boolean(node.properties.id) && node.properties.id !== FOOTNOTE_LABEL_ID;
}

/** Problems the plugins of other files find, kept with the file's own. */
const report = (file: VFile, problem: MarkdownMessage) => collected(file).problems.push(problem);

type UnifiedProcessor = Processor<MdRoot, MdRoot, HastRoot, HastRoot, string>;

/** The pipeline twice, the same but for GFM's literal autolinks, which only the first looks for:
 * a body (with what it includes) that needs none is parsed by the second (gfm.ts says why). */
export interface MarkdownProcessor {
  withLiteralAutolinks: UnifiedProcessor;
  withoutLiteralAutolinks: UnifiedProcessor;
}

export function createMarkdownProcessor(
  admonitions: AdmonitionOptions,
  labels: MarkdownLabels,
  rules?: ContentRuleOptions,
): MarkdownProcessor {
  return {
    withLiteralAutolinks: pipeline(admonitions, labels, rules, true),
    withoutLiteralAutolinks: pipeline(admonitions, labels, rules, false),
  };
}

function pipeline(
  admonitions: AdmonitionOptions,
  labels: MarkdownLabels,
  rules: ContentRuleOptions | undefined,
  literalAutolinks: boolean,
): UnifiedProcessor {
  return (
    unified()
      .use(remarkParse)
      .use(remarkGfmSyntax, { literalAutolinks })
      .use(remarkIncludes, report)
      .use(remarkUnclosedContainers, report)
      .use(remarkAdmonitions, { ...admonitions, report })
      .use(remarkTabs, report)
      .use(contentConventions)
      .use(remarkContentRules, rules)
      .use(collectLinks)
      .use(remarkCodeMeta, report)
      .use(remarkTableCells, report)
      .use(remarkRehype, {
        allowDangerousHtml: true,
        footnoteLabel: labels.footnotes,
        footnoteBackLabel: (index: number, again: number) =>
          format(labels.footnoteBack, { n: again > 1 ? `${index + 1}-${again}` : index + 1 }),
      })
      .use(rehypeAllowedHtml, { report, kept: collectHtmlLinks })
      .use(rehypeUnsafeLinks, { report })
      .use(collectHeadings)
      // A link to itself at the end of each `##` to `####` (its id from collectHeadings).
      .use(rehypeAutolinkHeadings, {
        behavior: 'append',
        test: isLinkedHeading,
        properties: { className: [MARKDOWN_CLASSES.hashLink], ariaLabel: labels.anchor },
        content: { type: 'text', value: '#' },
      })
      .use(rehypeHighlight, {
        languages: { ...common, dockerfile, nginx, powershell },
        aliases: {
          bash: ['sh', 'zsh', 'console'],
          ini: ['toml', 'conf', 'env'],
          plaintext: ['text', 'txt', 'nu', 'nushell', 'log'],
        },
        detect: false,
        plainText: ['mermaid'],
      })
      .use(rehypeCodeBlocks)
      .use(collectText)
      .use(collectSections)
      .use(rehypeStringify) as unknown as UnifiedProcessor
  );
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

/** Rehype, on the finished tree: the `##` sections of a page laid out by them, for the documents
 * that ask (the tree stays as it is). */
function collectSections() {
  return (tree: HastRoot, file: VFile) => {
    if (file.data.wantsSections) file.data.sections = bodySections(tree);
  };
}

/** `title` is the page's own title, which the page shows as its heading. `sections`: whether the
 * page may be laid out by its `##` sections, which are then taken from the tree. */
export function renderMarkdown(
  processor: MarkdownProcessor,
  body: string,
  title?: string,
  {
    sections = false,
    includes,
    dataImages = false,
  }: { sections?: boolean; includes?: IncludeContext; dataImages?: boolean } = {},
): MarkdownResult {
  const file = new VFile({ value: withBracketTitles(body) });
  file.data.includeContext = includes;
  file.data.dataImages = dataImages;
  const data = collected(file);
  data.title = title;
  data.wantsSections = sections;
  // Literal autolinks only for a body that needs them (gfm.ts): one whose Markdown may hold one
  // outside code and link targets, or whose tree parsed without them has a text that may. Included
  // files are parsed during the run: a body including one that may hold one has them too.
  const markdown = String(file.value);
  let unified = processor.withLiteralAutolinks;
  let parsed: MdRoot | undefined;
  if (!Object.values(includes?.files ?? {}).some(mayHoldLiteralAutolink) && !likelyHoldsLiteralAutolink(markdown)) {
    const lean = processor.withoutLiteralAutolinks;
    parsed = lean.parse(file);
    if (mayHoldLiteralAutolink(markdown) && textMayHoldLiteralAutolink(parsed)) parsed = undefined;
    else unified = lean;
  }
  const tree = unified.runSync(parsed ?? unified.parse(file), file);
  let html = unified.stringify(tree, file);
  let excerptHtml: string | undefined;
  const cut = html.indexOf(TRUNCATE_HTML);
  if (cut !== -1) {
    excerptHtml = html.slice(0, cut);
    html = html.slice(0, cut) + html.slice(cut + TRUNCATE_HTML.length);
  }
  // What the libraries warn about; the site's own plugins report through `problems`.
  const messages: MarkdownMessage[] = file.messages.map((m) => ({
    line: m.line ?? 1,
    column: m.column ?? 1,
    ...diagnosis('markdown', 'library', { reason: m.reason }),
  }));
  messages.push(...data.problems);
  // Positions in included text are turned back into lines of the file they are in.
  for (const m of messages) {
    const at = origin(file, m.line);
    m.line = at.line;
    if (at.file) m.file = at.file;
  }
  const links = data.links.map((link) => {
    const at = origin(file, link.line);
    return at.file ? { ...link, line: at.line, file: at.file } : link;
  });
  messages.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || a.line - b.line || a.column - b.column);
  excerptHtml ??= file.data.firstParagraph;
  return {
    html,
    excerptHtml,
    headings: data.headings,
    ids: data.ids,
    links,
    words: file.data.words ?? 0,
    ...(file.data.sections ? { sections: file.data.sections } : {}),
    leadingTitle: data.leadingTitle,
    messages,
  };
}
