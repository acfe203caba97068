// GitHub Flavored Markdown, as remark-gfm gives it, with one change: bare URLs ("www.x.at",
// "https://x.at/y") become links by a pass over the finished text nodes instead of inside the
// tokenizer. Combined with the other extensions, the tokenizer's literal-autolink construct makes
// parsing about three times slower; mdast-util-gfm's own transform, which runs either way, finds
// the same URLs and e-mail addresses in text.
import type { Processor } from 'unified';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';

export default function remarkGfmFast(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}
