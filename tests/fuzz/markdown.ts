// Fuzzing surface: generated Markdown (markdown-grammar.ts) through the engine's Markdown pipeline.
// Properties: rendering never throws (a problem is a diagnostic); the HTML it writes parses
// without an error; every word of the source is on the page, or a diagnostic names its line (or
// the block it is in, or it follows an error that says the text after it is lost).
import fc from 'fast-check';
import { parseFragment } from 'parse5';
import { ENGINE_MESSAGES } from '../../common/messages.ts';
import { createMarkdownProcessor, type MarkdownResult, renderMarkdown } from '../../generator/markdown/markdown.ts';
import { type GeneratedBody, markdownBody } from './markdown-grammar.ts';
import type { FuzzSurface } from './surface.ts';

const en = ENGINE_MESSAGES.en;
const processor = createMarkdownProcessor({ titles: en.admonition }, en.docs);

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

/** What is wrong with the page made of `generated`, or undefined. Throws what the pipeline threw. */
export function checkMarkdown(generated: GeneratedBody): string | undefined {
  const result: MarkdownResult = renderMarkdown(processor, generated.body);
  const errors: string[] = [];
  const fragment = parseFragment(result.html, {
    onParseError: (error) => void errors.push(`${error.code} at ${error.startLine}:${error.startCol}`),
  }) as unknown as Node;
  if (errors.length) return `the HTML does not parse: ${errors.join(', ')}\n${result.html}`;
  // Text nodes side by side (a caption, then the code), and glued (a word a highlighter split).
  const pieces = readable(fragment);
  const text = `${pieces.join(' ')}\n${pieces.join('')}`;
  const lines = generated.body.split(/\r\n|\r|\n/);
  const parsedBlocks = processor.withLiteralAutolinks
    .parse(generated.body)
    .children.map((node) => ({ from: node.position?.start.line ?? 0, to: node.position?.end.line ?? 0 }));
  const said = result.messages;
  const lost: string[] = [];
  lines.forEach((content, i) => {
    const line = i + 1;
    for (const [w] of content.matchAll(/\bw\d+\b/g)) {
      if (new RegExp(`\\b${w}\\b`).test(text)) continue;
      if (said.some((m) => m.line === line)) continue;
      // The block it is in, as generated or as Markdown reads it (a line may run into the block above).
      const blocks = [...generated.blocks, ...parsedBlocks].filter((b) => b.from <= line && line <= b.to);
      if (blocks.some((block) => said.some((m) => block.from <= m.line && m.line <= block.to))) continue;
      if (said.some((m) => m.line < line && m.severity === 'error' && TAKES_WHAT_FOLLOWS.has(m.rule))) continue;
      lost.push(`${w} (line ${line})`);
    }
  });
  if (lost.length)
    return `words neither on the page nor named by a diagnostic: ${lost.join(', ')}\nHTML: ${result.html}\nsaid: ${said.map((m) => `${m.line}:${m.column} ${m.rule} ${m.message}`).join(' | ')}`;
  return undefined;
}

export const markdownProperty = fc.property(markdownBody, (generated) => {
  const wrong = checkMarkdown(generated);
  if (wrong) throw new Error(wrong);
});

/** `runs` generated pages from `seed`; throws the smallest page that breaks a property. */
export function fuzzMarkdown({ runs, seed }: { runs: number; seed: number }): { cases: number } {
  fc.assert(markdownProperty, { numRuns: runs, seed, includeErrorInReport: true });
  return { cases: runs };
}

export const surface: FuzzSurface = {
  name: 'markdown',
  async run(options) {
    return fuzzMarkdown(options);
  },
};
