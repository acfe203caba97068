// GitHub Flavored Markdown for remark-parse, as remark-gfm gives it: footnotes, strikethrough,
// tables, task lists and literal autolinks. Bare URLs ("www.x.at", "https://x.at/y")
// are found by the tokenizer, so they end where the GFM spec says (before `<`, before a trailing
// `&entity;`, before trailing punctuation) instead of wherever a later pass over the finished text
// would cut them.
//
// Literal autolinks are the costly part: micromark tries an email address at the start of every
// word, and mdast then searches every text for one again: on the benchmark's pages, 45 % of the
// time micromark and mdast take. A body where none can be (no `@`, `www.` or `http(s)://`,
// backslashes aside, and no character reference that could spell one) is parsed by a second
// processor without them (markdown.ts): the same tree, sooner.
import type { Root } from 'mdast';
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Extension as MicromarkExtension } from 'micromark-util-types';
import type { Plugin, Processor } from 'unified';

/** What a literal autolink needs in the text it is found in. A backslash escape (`www\.x.at`)
 * still gives these characters; a character reference (`&#64;`, `&commat;`) could give any. */
const LITERAL_AUTOLINK = /@|www\.|https?:\/\/|&(?:#|[a-z][a-z\d]*;)/i;

/** Whether a literal autolink may be found in this Markdown. */
export function mayHoldLiteralAutolink(markdown: string): boolean {
  return LITERAL_AUTOLINK.test(markdown.includes('\\') ? markdown.replaceAll('\\', '') : markdown);
}

declare module 'unified' {
  interface Data {
    /** Syntax other plugins add (directives), tried after GFM's. */
    micromarkExtensions?: MicromarkExtension[];
    /** How other plugins turn their syntax into mdast. */
    fromMarkdownExtensions?: Array<FromMarkdownExtension[] | FromMarkdownExtension>;
  }
}

/** GitHub Flavored Markdown's syntax for remark-parse, as remark-gfm adds it: the extensions go
 * into the processor's data, where remark-parse reads them when it parses, and those other
 * plugins add (directives) come after them. `literalAutolinks: false` leaves out GFM's literal
 * autolinks, for a processor that parses only bodies where none can be (mayHoldLiteralAutolink). */
const remarkGfmSyntax: Plugin<[{ literalAutolinks: boolean }], string, Root> = function (
  this: Processor,
  { literalAutolinks },
) {
  const data = this.data();
  const extensions = (data.micromarkExtensions ??= []);
  const mdastExtensions = (data.fromMarkdownExtensions ??= []);
  if (literalAutolinks) {
    extensions.push(gfmAutolinkLiteral());
    mdastExtensions.push(gfmAutolinkLiteralFromMarkdown());
  }
  extensions.push(gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  mdastExtensions.push(
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
  );
};

export default remarkGfmSyntax;
