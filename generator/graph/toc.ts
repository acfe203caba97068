// Table of contents: the headings between the page's min and max level (2 to 3 unless set).
import type { FrontMatter, Heading, TocItem } from '../types.ts';

export const TOC_DEFAULT = { min: 2, max: 3 };

export function tocOf(headings: Heading[], fm: FrontMatter): TocItem[] {
  if (fm.hide_table_of_contents) return [];
  const min = fm.toc_min_heading_level ?? TOC_DEFAULT.min;
  const max = Math.max(min, fm.toc_max_heading_level ?? TOC_DEFAULT.max);
  return headings.filter((h) => h.depth >= min && h.depth <= max).map(({ id, text, depth }) => ({ id, text, depth }));
}
