// Fuzzing surface: generated Markdown (markdown-grammar.ts) through the engine's Markdown pipeline.
// Properties: rendering never throws (a problem is a diagnostic); the HTML it writes parses
// without an error; every word of the source is on the page, or a diagnostic names its line (or
// the block it is in, or it follows an error that says the text after it is lost).
import fc from 'fast-check';
import { parseFragment } from 'parse5';
import type { Position } from 'unist';
import { ENGINE_MESSAGES } from '../../common/messages.ts';
import { createMarkdownProcessor, type MarkdownResult, renderMarkdown } from '../../generator/markdown/markdown.ts';
import { markdownBody } from './markdown-grammar.ts';

const en = ENGINE_MESSAGES.en;
const processor = createMarkdownProcessor({ titles: en.admonition }, en.docs);

/** The nodes of Markdown's tree that are blocks of lines. */
const BLOCKS = new Set([
  'paragraph',
  'heading',
  'code',
  'html',
  'table',
  'definition',
  'footnoteDefinition',
  'listItem',
  'blockquote',
  'containerDirective',
  'leafDirective',
  'thematicBreak',
]);

/** Rules whose error says that the text after its place is taken off the page. */
const TAKES_WHAT_FOLLOWS = new Set(['unclosed-html', 'unclosed-container']);

interface Node {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
}

/** The text a reader gets: text nodes, and the alt and title of elements. */
function readable(node: Node, out: string[] = []): string[] {
  if (node.nodeName === '#text' && node.value) out.push(node.value);
  for (const attr of node.attrs ?? []) if (attr.name === 'alt' || attr.name === 'title') out.push(` ${attr.value} `);
  for (const child of node.childNodes ?? []) readable(child, out);
  if (node.content) readable(node.content, out);
  return out;
}

/** What is wrong with the page made of `body`, or undefined. Throws what the pipeline threw. */
export function checkMarkdown(body: string): string | undefined {
  const result: MarkdownResult = renderMarkdown(processor, body);
  const errors: string[] = [];
  const fragment = parseFragment(result.html, {
    onParseError: (error) => void errors.push(`${error.code} at ${error.startLine}:${error.startCol}`),
  }) as unknown as Node;
  if (errors.length) return `the HTML does not parse: ${errors.join(', ')}\n${result.html}`;
  // Text nodes side by side (a caption, then the code), and glued (a word a highlighter split).
  const pieces = readable(fragment);
  const text = `${pieces.join(' ')}\n${pieces.join('')}`;
  const lines = body.split(/\r\n|\r|\n/);
  const parsedBlocks: { from: number; to: number }[] = [];
  /** Footnotes, which the page shows at its end. */
  const footnotes: { from: number; to: number }[] = [];
  const walk = (node: { type: string; position?: Position; children?: unknown[] }) => {
    if (BLOCKS.has(node.type) && node.position)
      parsedBlocks.push({ from: node.position.start.line, to: node.position.end.line });
    if (node.type === 'footnoteDefinition' && node.position)
      footnotes.push({ from: node.position.start.line, to: node.position.end.line });
    // What a paragraph, heading or cell holds is inline (an <kbd> is an `html` node there too).
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'table') return;
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(processor.withLiteralAutolinks.parse(body));
  const said = result.messages;
  const lost: string[] = [];
  lines.forEach((content, i) => {
    const line = i + 1;
    for (const [w] of content.matchAll(/\bw\d+\b/g)) {
      if (new RegExp(`\\b${w}\\b`).test(text)) continue;
      if (said.some((m) => m.line === line)) continue;
      // The innermost block it is in as Markdown reads it (a line may run into the block above).
      const block = parsedBlocks
        .filter((b) => b.from <= line && line <= b.to)
        .sort((a, b) => a.to - a.from - (b.to - b.from))[0];
      if (block && said.some((m) => block.from <= m.line && m.line <= block.to)) continue;
      const shownAt = footnotes.some((b) => b.from <= line && line <= b.to) ? Number.POSITIVE_INFINITY : line;
      if (said.some((m) => m.line < shownAt && m.severity === 'error' && TAKES_WHAT_FOLLOWS.has(m.rule))) continue;
      lost.push(`${w} (line ${line})`);
    }
  });
  if (lost.length)
    return `words neither on the page nor named by a diagnostic: ${lost.join(', ')}\nHTML: ${result.html}\nsaid: ${said.map((m) => `${m.line}:${m.column} ${m.rule} ${m.message}`).join(' | ')}`;
  return undefined;
}

export const markdownProperty = fc.property(markdownBody, (body) => {
  const wrong = checkMarkdown(body);
  if (wrong) throw new Error(wrong);
});

/** `runs` generated pages from `seed`; throws the smallest page that breaks a property. */
export function fuzzMarkdown({ runs, seed }: { runs: number; seed: number }): { cases: number } {
  fc.assert(markdownProperty, { numRuns: runs, seed, includeErrorInReport: true });
  return { cases: runs };
}

/** What `npm run fuzz` runs: `run` tries `runs` cases from `seed`, and throws with the smallest
 * case that broke a property. */
export const surface: { name: string; run(options: { runs: number; seed: number }): Promise<{ cases: number }> } = {
  name: 'markdown',
  async run(options) {
    return fuzzMarkdown(options);
  },
};
