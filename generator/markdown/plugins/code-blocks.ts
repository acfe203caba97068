// Code blocks as documentation writes them: a title (```js title="app.js"), highlighted lines
// ({1,3-4}, or `// highlight-next-line` and `// highlight-start` … `// highlight-end` comments,
// which leave the shown code), line numbers (showLineNumbers, showLineNumbers=5) and diffs (```diff).
// All of it is static HTML: the title is the caption of a <figure>, a highlighted line is a <mark>,
// line numbers are hidden from screen readers and from copying. No client script is needed; the
// runtime only adds a copy button (theme/client/chrome/code-copy.ts).
//
// Meta the engine does not know is reported with its position, never dropped in silence.

import type { Element, ElementContent, Root as HastRoot, Text } from 'hast';
import type { Code, Root } from 'mdast';
import type { VFile } from 'vfile';
import { MARKDOWN_CLASSES } from '../../../common/markdown-classes.ts';
import { type Diagnosis, diagnosis, type MarkdownProblem } from '../../diagnostics/diagnostic-rules.ts';
import { visit } from '../visit-tree.ts';
import { LINE_BASE, textOf } from './includes.ts';

/** What a block's meta and comments asked for, carried from the Markdown tree to the HTML tree. */
interface CodeOptions {
  title?: string;
  /** 1-based numbers of the lines to highlight. */
  highlight: number[];
  /** The first line's number when line numbers are shown. */
  lineNumbers?: number;
}

/** A meta word: `key="value"`, `key='value'`, `key=value`, `{ranges}` or a bare word. */
const META_TOKEN = /(\{[^}]*\})|([A-Za-z_][\w-]*)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?|(\S+)/g;
/** A line that is only a highlight comment, in any of the usual comment syntaxes. */
const MAGIC = /^\s*(?:\/\/|#|--|;;?|%|\/\*|\{\/\*|<!--)\s*highlight-(next-line|start|end)\s*(?:\*\/\}?|-->)?\s*$/;
const DATA = 'siteCode';

/** The text of a line of the body or of an included file. */
function lineOf(file: VFile, line: number): string {
  return textOf(file, line).split('\n')[(line % LINE_BASE) - 1] ?? '';
}

/** `1,3-4` into [1, 3, 4]; undefined when it is no such list. */
function ranges(text: string): number[] | undefined {
  const lines: number[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) return undefined;
    const [from, to] = [Number(m[1]), Number(m[2] ?? m[1])];
    if (to < from || to - from > 10000) return undefined;
    for (let n = from; n <= to; n++) lines.push(n);
  }
  return lines;
}

/** Remark: reads meta and highlight comments, takes the comments out of the code. */
export function remarkCodeMeta(report: (file: VFile, problem: MarkdownProblem) => void) {
  return (tree: Root, file: VFile) => {
    visit(tree, 'code', (node: Code) => {
      const options: CodeOptions = { highlight: [] };
      const start = node.position?.start ?? { line: 1, column: 1 };
      const problem = (says: Diagnosis) => report(file, { line: start.line, column: start.column, ...says });
      const titles: string[] = [];
      const lineNumbers: string[] = [];
      for (const m of (node.meta ?? '').matchAll(META_TOKEN)) {
        const [word, braces, key, dq, sq, bare, other] = m;
        const value = dq ?? sq ?? bare;
        if (braces !== undefined) {
          const lines = ranges(braces.slice(1, -1));
          if (lines) options.highlight.push(...lines);
          else problem(diagnosis('code-meta', 'notLines', { word }));
        } else if (key === 'title' && value !== undefined) titles.push((options.title = value));
        else if (key === 'showLineNumbers' && (value === undefined || /^\d+$/.test(value))) {
          options.lineNumbers = value === undefined ? 1 : Number(value);
          lineNumbers.push(String(options.lineNumbers));
        } else problem(diagnosis('code-meta', 'unknown', { word: (key ?? other) === word ? `"${word}"` : word }));
      }
      // One caption shows: a second title would hide the first without a word.
      if (titles.length > 1)
        problem(diagnosis('code-meta', 'twice', { key: 'title', values: titles, shown: titles[titles.length - 1] }));
      // So would a second first line number.
      if (lineNumbers.length > 1)
        problem(
          diagnosis('code-meta', 'twice', {
            key: 'showLineNumbers',
            values: lineNumbers,
            shown: lineNumbers[lineNumbers.length - 1],
          }),
        );
      // `// highlight-next-line` and friends: the comment line goes, the line(s) it names are marked.
      if (node.value.includes('highlight-')) {
        const kept: string[] = [];
        let next = false;
        let open: number | undefined;
        const lines = node.value.split('\n');
        lines.forEach((line, i) => {
          const magic = MAGIC.exec(line)?.[1];
          if (magic === 'next-line') next = true;
          else if (magic === 'start') open ??= i;
          else if (magic === 'end') open = undefined;
          else {
            kept.push(line);
            if (next || open !== undefined) options.highlight.push(kept.length);
            next = false;
          }
        });
        // A start never ended highlights to the end of the block, which is seldom what was meant.
        if (open !== undefined) {
          const fenced = /^[ \t>]*(?:`{3,}|~{3,})/.test(lineOf(file, start.line));
          report(file, {
            line: start.line + open + (fenced ? 1 : 0),
            column: 1,
            ...diagnosis('code-meta', 'highlightOpen'),
          });
        }
        node.value = kept.join('\n');
      }
      const count = node.value.split('\n').length;
      const beyond = options.highlight.filter((n) => n > count || n < 1);
      if (beyond.length) problem(diagnosis('code-meta', 'beyond', { line: beyond[0], count }));
      if (options.title === undefined && !options.highlight.length && options.lineNumbers === undefined) return;
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, [DATA]: JSON.stringify(options) } };
    });
  };
}

/** The highlighted code's nodes split at line ends; a span that crosses lines is cut into one per line. */
function splitLines(nodes: ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  const add = (node: ElementContent, wrappers: Element[]) => {
    if (node.type === 'text') {
      node.value.split('\n').forEach((piece, i) => {
        if (i > 0) lines.push([]);
        if (!piece) return;
        // Rebuild the spans around this piece of text on the line it lands on.
        let wrapped: ElementContent = { type: 'text', value: piece } as Text;
        for (const wrapper of [...wrappers].reverse()) wrapped = { ...wrapper, children: [wrapped] };
        lines[lines.length - 1].push(wrapped);
      });
    } else if (node.type === 'element') {
      for (const child of node.children) add(child, [...wrappers, { ...node, children: [] }]);
    }
  };
  for (const node of nodes) add(node, []);
  // A block's last line ends with a newline: no empty line after it.
  if (lines.length > 1 && lines[lines.length - 1].length === 0) lines.pop();
  return lines;
}

/** Adjacent pieces of one line that come from the same span are joined again. */
function merge(nodes: ElementContent[]): ElementContent[] {
  const out: ElementContent[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (
      last?.type === 'element' &&
      node.type === 'element' &&
      last.tagName === node.tagName &&
      JSON.stringify(last.properties) === JSON.stringify(node.properties)
    ) {
      last.children = merge([...last.children, ...node.children]);
    } else out.push(node);
  }
  return out;
}

/** Rehype, after highlighting: lines, marks, numbers and the title's figure. */
export function rehypeCodeBlocks() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (pre: Element, index, parent) => {
      if (pre.tagName !== 'pre' || !parent || index === undefined) return;
      const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      const raw = code?.properties[DATA];
      if (!code || typeof raw !== 'string') return;
      delete code.properties[DATA];
      const options = JSON.parse(raw) as CodeOptions;
      const marked = new Set(options.highlight);
      if (marked.size || options.lineNumbers !== undefined) {
        const lines = splitLines(code.children);
        const first = options.lineNumbers ?? 1;
        code.children = lines.flatMap((content, i): ElementContent[] => {
          const children: ElementContent[] = merge(content);
          if (options.lineNumbers !== undefined)
            children.unshift({
              type: 'element',
              tagName: 'span',
              properties: { className: [MARKDOWN_CLASSES.codeLineNumber], ariaHidden: 'true' },
              children: [{ type: 'text', value: String(first + i) }],
            });
          const line: Element = {
            type: 'element',
            tagName: marked.has(i + 1) ? 'mark' : 'span',
            properties: { className: [MARKDOWN_CLASSES.codeLine] },
            children,
          };
          return [line, { type: 'text', value: '\n' }];
        });
        if (options.lineNumbers !== undefined)
          pre.properties.className = [...((pre.properties.className as string[]) ?? []), MARKDOWN_CLASSES.lineNumbers];
      }
      if (options.title !== undefined) {
        parent.children[index] = {
          type: 'element',
          tagName: 'figure',
          properties: { className: [MARKDOWN_CLASSES.codeBlock] },
          children: [
            {
              type: 'element',
              tagName: 'figcaption',
              properties: { className: [MARKDOWN_CLASSES.codeTitle] },
              children: [{ type: 'text', value: options.title }],
            },
            pre,
          ],
        };
      }
    });
  };
}
