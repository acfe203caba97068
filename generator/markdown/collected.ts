// What the Markdown plugins collect on the file as they run, typed as vfile asks: by augmenting its
// DataMap. renderMarkdown reads it back into a MarkdownResult.
import type { VFile } from 'vfile';
import type { MarkdownProblem } from '../diagnostics/diagnostic-rules.ts';
import type { BodySection, Heading, SourceLink } from '../types.ts';

export interface Collected {
  links: SourceLink[];
  headings: Heading[];
  ids: string[];
  problems: MarkdownProblem[];
  title?: string;
  leadingTitle?: { text: string; line: number; column: number };
  words?: number;
  /** The first paragraph, the excerpt of a post without a `<!-- truncate -->` marker. */
  firstParagraph?: string;
  /** Set before the run: whether to take the body's sections from the finished tree. */
  wantsSections?: boolean;
  sections?: BodySection[];
}

declare module 'vfile' {
  interface DataMap extends Collected {}
}

/** The collections of a file made by renderMarkdown, which starts them empty. */
export function collected(file: VFile): Collected {
  const { links = [], headings = [], ids = [], problems = [] } = file.data;
  Object.assign(file.data, { links, headings, ids, problems });
  return file.data as Collected;
}

/** The text of an mdast node as written, marks aside. */
export function plainText(node: { children?: unknown[]; value?: unknown }): string {
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map((child) => plainText(child as typeof node)).join('');
}
