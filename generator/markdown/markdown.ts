// The Markdown pipeline: one unified processor per locale, built once and reused for every file.
// It turns a body into HTML and, on the way, its plugins (plugins/, one job each) collect what
// later stages need: headings (for the table of contents and #fragment checks), links with their
// positions (for link checks), the excerpt before `<!-- truncate -->`, the word count and, when
// asked, the `##` sections. This file wires them, in the order they run.

import type { Element, Root as HastRoot } from 'hast';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import nginx from 'highlight.js/lib/languages/nginx';
import powershell from 'highlight.js/lib/languages/powershell';
import { common } from 'lowlight';
import type { Root as MdRoot } from 'mdast';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeHighlight from 'rehype-highlight';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { type Processor, unified } from 'unified';
import { VFile } from 'vfile';
import { format } from '../../common/format-message.ts';
import { MARKDOWN_CLASSES } from '../../common/markdown-classes.ts';
import { diagnosis, type MarkdownProblem } from '../diagnostics/diagnostic-rules.ts';
import type { BodySection, Heading, SourceLink } from '../types.ts';
import { collected } from './collected.ts';
import remarkGfmSyntax, {
  likelyHoldsLiteralAutolink,
  mayHoldLiteralAutolink,
  textMayHoldLiteralAutolink,
} from './gfm.ts';
import remarkAdmonitions, { type AdmonitionOptions, withBracketTitles } from './plugins/admonitions.ts';
import { rehypeCodeBlocks, remarkCodeMeta } from './plugins/code-blocks.ts';
import remarkContentRules, { type ContentRuleOptions } from './plugins/content-rules.ts';
import { remarkCustomHeadingIds } from './plugins/custom-heading-ids.ts';
import { rehypeDuplicateIds } from './plugins/duplicate-ids.ts';
import { rehypeExternalLinks } from './plugins/external-links.ts';
import { rehypeFirstParagraph } from './plugins/first-paragraph.ts';
import { remarkFootnoteDefinitions } from './plugins/footnote-definitions.ts';
import { remarkFootnoteLabels } from './plugins/footnote-labels.ts';
import { FOOTNOTE_LABEL_ID, rehypeHeadingIds } from './plugins/heading-ids.ts';
import { type IncludeContext, origin, remarkIncludes } from './plugins/includes.ts';
import { rehypeLazyImages } from './plugins/lazy-images.ts';
import { remarkLeadingTitle } from './plugins/leading-title.ts';
import { collectHtmlLinks, remarkLinks } from './plugins/links.ts';
import { remarkMdxSyntax } from './plugins/mdx-syntax.ts';
import rehypeAllowedHtml from './plugins/raw-html.ts';
import { rehypeSections } from './plugins/sections.ts';
import { remarkTableCells } from './plugins/table-cells.ts';
import { remarkTabs } from './plugins/tabs.ts';
import { remarkTruncateMarker, TRUNCATE_HTML } from './plugins/truncate-marker.ts';
import { remarkUnclosedContainers } from './plugins/unclosed-containers.ts';
import rehypeUnsafeLinks from './plugins/unsafe-links.ts';
import { rehypeWordCount } from './plugins/word-count.ts';

export { isExternal, LINK_MARKER } from './plugins/links.ts';

/** The words the pipeline itself writes into a page, in the page's language. */
export interface MarkdownLabels {
  anchor: string;
  footnotes: string;
  /** With `{n}` for the number of the reference. */
  footnoteBack: string;
}

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
      .use(remarkLeadingTitle)
      .use(remarkCustomHeadingIds)
      .use(remarkMdxSyntax)
      .use(remarkContentRules, rules)
      .use(remarkFootnoteLabels)
      .use(remarkLinks)
      .use(remarkTruncateMarker)
      .use(remarkFootnoteDefinitions)
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
      .use(rehypeHeadingIds)
      .use(rehypeDuplicateIds)
      .use(rehypeLazyImages)
      .use(rehypeExternalLinks)
      // A link to itself at the end of each `##` to `####` (its id from rehypeHeadingIds).
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
      .use(rehypeWordCount)
      .use(rehypeFirstParagraph)
      .use(rehypeSections)
      .use(rehypeStringify) as unknown as UnifiedProcessor
  );
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
