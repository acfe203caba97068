// One page's body from Docusaurus Markdown/MDX to this engine's Markdown. Mechanical rewrites are
// made in place, leaving every other byte as the author wrote it: admonitions, links, custom
// heading ids, the truncate comment. What has no counterpart (imports, exports, JSX, expressions)
// is either kept, so the page and `site check` show it, or left out, and each is reported.
import type { Definition, Image, Link, Nodes } from 'mdast';
import { RAW_HTML_SCHEMA } from '../../markdown/plugins/raw-html.ts';
import { visit } from '../../markdown/visit-tree.ts';
import { rewriteAdmonitionLine } from './admonitions.ts';
import { codeTabEdits, moveDefaultTabsFirst } from './code-tabs.ts';
import { containerColons } from './container-nesting.ts';
import { type Binding, importBinding, type JsxContext, jsxBlockEdits, tabNames } from './jsx-blocks.ts';
import { type BodyTree, inSpans, isEsm, type Span, spanOf } from './markdown-tree.ts';
import type { KnownRemarkPlugin } from './read-config.ts';

export interface Edit extends Span {
  text: string;
  /** The span goes as a whole (an import, the title): nothing inside it is reported as kept. */
  swallows?: boolean;
}

/** A problem at an offset of the body: `kept` items stay in the written file, others are left out. */
export interface BodyItem {
  offset: number;
  message: string;
  rule: string;
  kept: boolean;
}

export interface LinkRewrite {
  url?: string;
  problem?: { message: string; rule: string };
  /** The link goes and its text stays: nothing here answers its URL, and the check would refuse it. */
  unlink?: boolean;
}

export interface BodyContext {
  /** The new URL of a link or image (undefined: unchanged), or a problem to report. */
  rewriteUrl(url: string, kind: 'link' | 'image'): LinkRewrite;
  /** Drop the leading `# Title`: it became the title in front matter. */
  dropTitle: boolean;
  /** Partials, images and category lists for the MDX that has a Markdown meaning. */
  jsx: JsxContext;
  /** Remark plugins of the docs or blog whose Markdown is converted (npm2yarn, tab blocks). */
  remarkPlugins?: KnownRemarkPlugin[];
}

/** HTML the engine keeps (its sanitiser's allow-list), as GitHub does in READMEs: not reported here. */
const KEPT_HTML = new Set(RAW_HTML_SCHEMA.tagNames);

export interface BodyResult {
  body: string;
  edits: Edit[];
  items: BodyItem[];
}

const quote = (text: string, max = 60) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return `"${one.length > max ? `${one.slice(0, max - 1)}…` : one}"`;
};

/** Where the URL of a link, image or definition stands in the source. */
function urlSpan(body: string, node: Link | Image | Definition): Span | undefined {
  const start = spanOf(node).start;
  const end = spanOf(node).end;
  const raw = body.slice(start, end);
  const at = node.type === 'definition' ? raw.indexOf(']:') : raw.lastIndexOf('](');
  if (at === -1) return undefined;
  let from = at + 2;
  while (/\s/.test(raw[from] ?? '')) from++;
  const angled = raw[from] === '<';
  if (angled) from++;
  let to = from;
  while (to < raw.length && !(angled ? raw[to] === '>' : /[\s)]/.test(raw[to]))) to++;
  // Only a URL written without escapes and percent-encoding can be replaced as a whole.
  if (raw.slice(from, to) !== node.url) return undefined;
  return { start: start + from, end: start + to };
}

/** `{...}` with nested braces, from `open`; undefined when it never closes. */
function braceEnd(body: string, open: number, stop: number): number | undefined {
  let depth = 0;
  for (let i = open; i < stop; i++) {
    if (body[i] === '\\') i++;
    else if (body[i] === '{') depth++;
    else if (body[i] === '}' && --depth === 0) return i + 1;
  }
  return undefined;
}

function admonitionEdits(body: string, code: Span[], edits: Edit[], items: BodyItem[]): void {
  let offset = 0;
  for (const line of body.split('\n')) {
    if (!inSpans(code, offset)) {
      const rewrite = rewriteAdmonitionLine(line);
      if (rewrite?.unknown) {
        items.push({
          offset: offset + rewrite.from,
          message: `admonition ":::${rewrite.unknown}" has no counterpart; kept as written (use note, tip, info, warning or danger)`,
          rule: 'admonition',
          kept: true,
        });
      } else if (rewrite) {
        edits.push({ start: offset + rewrite.from, end: offset + line.length, text: rewrite.text });
      }
    }
    offset += line.length + 1;
  }
}

/** The colons of admonition fences, where a container inside them needs them to have more. */
function directiveFenceEdits(
  body: string,
  code: Span[],
  colons: Map<number, number>,
  jsx: Edit[],
  edits: Edit[],
): void {
  let offset = 0;
  for (const [i, line] of body.split('\n').entries()) {
    const want = colons.get(i);
    const m = /^([ \t]*)(:{3,})/.exec(line);
    const at = offset + (m?.[1].length ?? 0);
    if (want && m && m[2].length !== want && !inSpans(code, offset) && !inSpans(jsx, at)) {
      edits.push({ start: at, end: at + m[2].length, text: ':'.repeat(want) });
    }
    offset += line.length + 1;
  }
}

function esmEdits(
  tree: BodyTree,
  edits: Edit[],
  items: BodyItem[],
  jsx: JsxContext,
  bindings: Map<string, Binding>,
): void {
  const { body } = tree;
  for (const node of tree.tree.children) {
    if (!isEsm(node, body)) continue;
    const start = spanOf(node).start;
    // As in MDX, a statement runs to the next blank line, whatever Markdown would make of its lines
    // (`  <div>` on the second line starts an HTML block); the blank lines after it go too.
    const blank = /\n[ \t]*(?:\n|$)/.exec(body.slice(start));
    const end = blank ? start + blank.index : body.length;
    const after = /^(?:\n[ \t]*)*\n?/.exec(body.slice(end))![0].length;
    edits.push({ start, end: end + after, text: '', swallows: true });
    let offset = start;
    for (const line of body.slice(start, end).split('\n')) {
      const m = /^(import|export)\s/.exec(line);
      const bound = m?.[1] === 'import' ? importBinding(line, jsx) : undefined;
      if (bound) for (const [name, b] of bound) bindings.set(name, b);
      else if (m) {
        const partial = /from\s+['"]([^'"]+\.mdx?)['"]/.exec(line)?.[1];
        items.push({
          offset,
          message: partial
            ? `MDX import left out: ${quote(line)}; ${partial.replace(/\\(.)/g, '$1')} is no Markdown file of the project, so its component stays as written; include the text with ::include{file="…"}`
            : `MDX ${m[1]} left out: ${quote(line)}; the engine has no components or variables`,
          rule: `mdx-${m[1]}`,
          kept: false,
        });
      }
      offset += line.length + 1;
    }
  }
}

/** Text outside code and HTML: where JSX written with `{}` attributes and expressions stand. */
function proseSpans(tree: BodyTree, edits: Edit[]): Span[] {
  const closed = [...tree.protectedSpans, ...edits].sort((a, b) => a.start - b.start);
  const spans: Span[] = [];
  let at = 0;
  for (const s of closed) {
    if (s.start > at) spans.push({ start: at, end: s.start });
    at = Math.max(at, s.end);
  }
  if (at < tree.body.length) spans.push({ start: at, end: tree.body.length });
  return spans;
}

function mdxEdits(tree: BodyTree, edits: Edit[], items: BodyItem[]): void {
  const { body } = tree;
  const customIds = tree.customIds.map((c) => c.span);
  for (const span of proseSpans(tree, edits)) {
    const jsx: Span[] = [];
    for (const m of body.slice(span.start, span.end).matchAll(/<\/?([A-Z][\w.]*)(?:\s[^<>]*?)?\/?>/g)) {
      const start = span.start + m.index;
      jsx.push({ start, end: start + m[0].length });
      items.push({
        offset: start,
        message: `JSX ${quote(m[0], 40)} kept as written: the engine has no components; rewrite it in Markdown`,
        rule: 'mdx-jsx',
        kept: true,
      });
    }
    for (let i = span.start; i < span.end; i++) {
      if (body[i] === '\\') {
        i++;
        continue;
      }
      if (body[i] !== '{' || inSpans(jsx, i) || inSpans(customIds, i + 1)) continue;
      const end = braceEnd(body, i, span.end);
      if (end === undefined) continue;
      const source = body.slice(i, end);
      const comment = /^\{\s*\/\*([\s\S]*)\*\/\s*\}$/.exec(source);
      if (comment && comment[1].trim() === 'truncate') {
        edits.push({ start: i, end, text: '<!-- truncate -->' });
      } else if (comment) {
        // A comment alone on its line goes with its line.
        const lineStart = body.lastIndexOf('\n', i - 1) + 1;
        const lineEnd = body.indexOf('\n', end);
        const alone =
          !body.slice(lineStart, i).trim() && !body.slice(end, lineEnd === -1 ? body.length : lineEnd).trim();
        // ... and with one of the blank lines around it, so that no gap is left.
        const blankAround =
          alone && body.slice(lineStart - 2, lineStart) === '\n\n' && body.startsWith('\n', lineEnd + 1);
        edits.push(
          alone
            ? { start: lineStart, end: lineEnd === -1 ? body.length : lineEnd + (blankAround ? 2 : 1), text: '' }
            : { start: i, end, text: '' },
        );
        items.push({
          offset: i,
          message: `MDX comment left out: ${quote(comment[1])}`,
          rule: 'mdx-comment',
          kept: false,
        });
      } else {
        items.push({
          offset: i,
          message: `MDX expression ${quote(source, 40)} kept as written: the page shows it as text; replace it with the text it stood for`,
          rule: 'mdx-expression',
          kept: true,
        });
      }
      i = end - 1;
    }
  }
}

export function convertBody(tree: BodyTree, ctx: BodyContext): BodyResult {
  const { body } = tree;
  const edits: Edit[] = [];
  const items: BodyItem[] = [];
  if (ctx.dropTitle && tree.title) edits.push({ ...tree.title.span, text: '', swallows: true });
  for (const span of tree.unwrapped) edits.push({ ...span, text: '' });
  const bindings = new Map<string, Binding>();
  esmEdits(tree, edits, items, ctx.jsx, bindings);
  // MDX has no indented code: only fenced blocks are code there.
  const codeSpans: Span[] = [];
  visit(tree.tree, (node: Nodes) => {
    const start = node.position?.start.offset;
    if (node.type === 'code' && start !== undefined && /^[ \t]*(`{3}|~{3})/.test(body.slice(start, start + 40)))
      codeSpans.push({ start, end: spanOf(node).end });
  });
  const codeTabs = codeTabEdits(body, tree.tree, ctx.remarkPlugins ?? []);
  const { colons, unclosed } = containerColons({ body, code: codeSpans, ...tabNames(bindings), codeTabs });
  const jsx = jsxBlockEdits(body, codeSpans, bindings, ctx.jsx, colons);
  edits.push(...jsx.edits);
  for (const p of jsx.problems) items.push({ offset: p.offset, message: p.message, rule: 'mdx-jsx', kept: true });
  edits.push(...codeTabs);
  const converted = (offset: number) => jsx.edits.some((e) => offset >= e.start && offset < e.end);
  admonitionEdits(body, codeSpans, edits, items);
  directiveFenceEdits(body, codeSpans, colons, jsx.edits, edits);
  // A custom id the engine takes stays as written; another becomes the heading's slug.
  for (const c of tree.customIds) {
    if (c.id === c.slug) continue;
    edits.push({ ...c.span, text: '' });
    items.push({
      offset: c.span.start,
      message: `custom heading id {#${c.id}} left out: the engine's ids are letters, digits, _ and -, so the heading's id is #${c.slug}, and links in the imported pages now use it`,
      rule: 'heading-id',
      kept: true,
    });
  }
  // Docusaurus shows every # heading as written; a page here has one level-one heading, its
  // title, so any other is a ## section.
  const titleAt = tree.title?.span.start;
  visit(tree.tree, (node: Nodes) => {
    if (node.type !== 'heading' || node.depth !== 1) return;
    const at = spanOf(node).start;
    if (ctx.dropTitle && at === titleAt) return;
    if (/^#(?!#)/.test(body.slice(at, at + 2))) edits.push({ start: at, end: at + 1, text: '##' });
  });
  visit(tree.tree, (node: Nodes) => {
    if (node.type === 'html') {
      const raw = node.value;
      if (raw.trim().startsWith('<!--')) return;
      const at = spanOf(node).start;
      // Tags converted above, and HTML the engine keeps, need no word.
      const tags = [...raw.matchAll(/<(\/?)([A-Za-z][\w.:-]*)([^>]*)/g)].filter(
        (t) => !converted(at + t.index) && !(KEPT_HTML.has(t[2].toLowerCase()) && !/\s(?:style|on\w+)=/i.test(t[3])),
      );
      if (!tags.length) return;
      const isJsx = tags.some((t) => /^[A-Z]/.test(t[2]));
      const names = [...new Set(tags.map((t) => `<${t[1]}${t[2]}>`))].join(', ');
      items.push({
        offset: spanOf(node).start,
        message: isJsx
          ? `JSX ${names} kept as written: the engine has no components; rewrite it in Markdown`
          : `HTML ${names} kept as written: the engine's sanitiser removes it (no style, no event handlers, only its list of elements); rewrite it in Markdown`,
        rule: isJsx ? 'mdx-jsx' : 'raw-html',
        kept: true,
      });
      return;
    }
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
    const rewrite = ctx.rewriteUrl(node.url, node.type === 'image' ? 'image' : 'link');
    if (rewrite.problem) items.push({ offset: spanOf(node).start, ...rewrite.problem, kept: true });
    if (rewrite.unlink && node.type === 'link') {
      const start = spanOf(node).start;
      const end = spanOf(node).end;
      const first = node.children[0]?.position?.start.offset;
      const last = node.children.at(-1)?.position?.end.offset;
      edits.push({ start, end, text: first !== undefined && last !== undefined ? body.slice(first, last) : '' });
      return;
    }
    if (rewrite.url === undefined || rewrite.url === node.url) return;
    const span = urlSpan(body, node);
    if (span) edits.push({ ...span, text: rewrite.url });
    else
      items.push({
        offset: spanOf(node).start,
        message: `link ${node.url} should become ${rewrite.url}, but it is written with escapes; change it by hand`,
        rule: 'link',
        kept: true,
      });
  });
  mdxEdits(tree, edits, items);
  edits.sort((a, b) => a.start - b.start);
  const applied: Edit[] = [];
  let out = '';
  let at = 0;
  for (const e of edits) {
    // An edit inside a span already replaced (a link in a removed title) has nothing left to change.
    if (e.start < at) continue;
    out += body.slice(at, e.start) + e.text;
    at = e.end;
    applied.push(e);
  }
  out += body.slice(at);
  // An admonition never closed held the rest of the page in Docusaurus; closed at the end here, so it does too.
  if (unclosed.length) {
    out = `${out.replace(/\n*$/, '\n')}${unclosed.map((line) => `\n${':'.repeat(colons.get(line) ?? 3)}\n`).join('')}`;
    for (const line of unclosed)
      items.push({
        offset: lineOffset(body, line),
        message:
          'this admonition is never closed: Docusaurus showed the rest of the page inside it, and so does this page, closed at its end; close it where it ends',
        rule: 'admonition',
        kept: true,
      });
  }
  out = moveDefaultTabsFirst(out);
  const swallowed = (offset: number) => applied.some((e) => e.swallows && offset >= e.start && offset < e.end);
  return { body: out, edits: applied, items: items.filter((item) => !item.kept || !swallowed(item.offset)) };
}

/** The offset of a line of `body`, by its index. */
function lineOffset(body: string, line: number): number {
  let offset = 0;
  for (let i = 0; i < line; i++) offset = body.indexOf('\n', offset) + 1;
  return offset;
}

/** Where an offset of the old body ended up in the new one. */
export function mapOffset(edits: Edit[], offset: number): number {
  let shift = 0;
  for (const e of edits) {
    if (e.end <= offset) shift += e.text.length - (e.end - e.start);
    else if (e.start <= offset) return e.start + shift;
    else break;
  }
  return offset + shift;
}
