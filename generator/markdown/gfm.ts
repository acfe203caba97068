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
// processor without them (markdown.ts): the same tree, sooner. So is a body where one could be
// only in code, link targets or HTML (`[text](https://…)`, `uses: actions/checkout@v6`): its tree
// is checked for a text that could hold one, and parsed again with them if it has one.
//
// Tables cost the next most: micromark tries a table's head row at the start of every line of
// flow (each paragraph, list item and heading), tokenizing it to its end before the next line
// shows it has no delimiter row under it. The parser here knows the whole document, so it tries
// one only on a line whose next line could be a delimiter row (tableWhereRowsMayBe): the same
// tree, with no second look at every line of prose.
import type { Root, RootContent } from 'mdast';
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
import type { Construct, Extension as MicromarkExtension, TokenizeContext } from 'micromark-util-types';
import type { Plugin, Processor } from 'unified';

/** What a literal autolink needs in the text it is found in. A backslash escape (`www\.x.at`)
 * still gives these characters; a character reference (`&#64;`, `&commat;`) could give any. */
const LITERAL_AUTOLINK = /@|www\.|https?:\/\/|&(?:#|[a-z][a-z\d]*;)/i;

/** Whether a literal autolink may be found in this Markdown. */
export function mayHoldLiteralAutolink(markdown: string): boolean {
  return LITERAL_AUTOLINK.test(markdown.includes('\\') ? markdown.replaceAll('\\', '') : markdown);
}

/** What a literal autolink needs in a text of the parsed tree, where escapes and character
 * references are resolved already. */
const LITERAL_AUTOLINK_TEXT = /@|www\.|https?:\/\//i;

/** Whether a tree parsed without literal autolinks has a text where one could be: micromark finds
 * one only in text, which such a tree keeps as a `text` node (or an image's alt), and mdast looks
 * for one only in `text` nodes. With none, the tree with them is the same tree. */
export function textMayHoldLiteralAutolink(tree: Root): boolean {
  const walk = (node: RootContent | Root): boolean => {
    if (node.type === 'text') return LITERAL_AUTOLINK_TEXT.test(node.value);
    if (node.type === 'image' || node.type === 'imageReference') return LITERAL_AUTOLINK_TEXT.test(node.alt ?? '');
    return 'children' in node && node.children.some(walk);
  };
  return walk(tree);
}

/** Code (fenced blocks, spans), link targets and HTML tags, where no literal autolink is found. */
const NOT_TEXT =
  /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[ \t]*$|(?![\s\S]))|`[^`\n]+`|\]\([^()\s]*\)|^ {0,3}\[[^\]\n]+\]:[ \t]*\S+|<[a-z][^<>\n]*>/gim;

/** A guess, before parsing, whether a body needs literal autolinks: `mayHoldLiteralAutolink` with
 * code, link targets and HTML tags left out, where the links a page names (`[text](https://…)`,
 * `docker/login-action@v4` in a code block) are not literal autolinks. A body it says no to is
 * parsed without them and its tree checked (textMayHoldLiteralAutolink): wrong, it costs a
 * second parse, never another tree. */
export function likelyHoldsLiteralAutolink(markdown: string): boolean {
  return mayHoldLiteralAutolink(markdown.replace(NOT_TEXT, ' '));
}

/** A line that may be a table's delimiter row (`| --- | :-: |`, `:--`), behind a container's
 * markers (`>`, indentation) or not: nothing but `|`, `:`, `-`, `>`, spaces and tabs, with a `-`
 * and a `|` or `:` (micromark-extension-gfm-table takes no other). */
const DELIMITER_ROW = /^[ \t>|:-]*(?:[|:][ \t>|:-]*-|-[ \t>|:-]*[|:])[ \t>|:-]*$/;

/** The lines (from 1) of the document being parsed by remarkGfmSyntax's parser that may be a
 * table's delimiter row; undefined outside it, when every line may be. */
let delimiterRows: Set<number> | undefined;

/** The lines of `document` that may be a table's delimiter row, counted as micromark counts them. */
function delimiterRowsOf(document: string): Set<number> {
  const rows = new Set<number>();
  if (!document.includes('-')) return rows;
  const lines = document.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) if (DELIMITER_ROW.test(lines[i])) rows.add(i + 1);
  return rows;
}

/** GFM's tables, tried as a table's start only on a line before a possible delimiter row (within
 * remarkGfmSyntax's parser): a head row has its delimiter row on the next line. A row after a
 * table's head or rows is tried as before. */
function tableWhereRowsMayBe(): MicromarkExtension {
  const table = gfmTable().flow?.null as Construct;
  const gated: Construct = {
    ...table,
    tokenize(effects, ok, nok) {
      if (delimiterRows && !delimiterRows.has(this.now().line + 1) && !afterTableRow(this)) return nok;
      return table.tokenize.call(this, effects, ok, nok);
    },
  };
  return { flow: { null: gated } };
}

/** Whether the flow so far ends with a table's head or row (line endings and prefixes aside), as
 * micromark-extension-gfm-table decides whether to take a body row. */
function afterTableRow(context: TokenizeContext): boolean {
  const { events } = context;
  let index = events.length - 1;
  while (index > -1 && (events[index][1].type === 'lineEnding' || events[index][1].type === 'linePrefix')) index--;
  const tail = index > -1 ? events[index][1].type : undefined;
  return tail === 'tableHead' || tail === 'tableRow';
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
  extensions.push(gfmFootnote(), gfmStrikethrough(), tableWhereRowsMayBe(), gfmTaskListItem());
  mdastExtensions.push(
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
  );
  // The parser remark-parse set, told which lines may be delimiter rows of the document it parses
  // (an included file is parsed in the middle of another's transforms: each keeps its own).
  const parse = this.parser;
  if (parse)
    this.parser = (document, file) => {
      const outer = delimiterRows;
      delimiterRows = delimiterRowsOf(document);
      try {
        return parse(document, file);
      } finally {
        delimiterRows = outer;
      }
    };
};

export default remarkGfmSyntax;
