// GitHub Flavored Markdown as remark-gfm gives it: footnotes, strikethrough, tables, task lists
// and literal autolinks. Bare URLs ("www.x.at", "https://x.at/y") are found by the tokenizer, so
// they end where the GFM spec says (before `<`, before a trailing `&entity;`, before trailing
// punctuation) instead of wherever a later pass over the finished text would cut them.
import type { Processor } from 'unified';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';

export default function remarkGfm(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmAutolinkLiteral(), gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}
