// The MDX of Docusaurus pages that has a Markdown meaning, in the shared syntax of this engine:
// `<Tabs>`/`<TabItem>` become a `::::tabs` container with `:::tab[label]` items, an imported
// partial's `<Install />` an `::include{file="…"}`, `<img src={require('./x.png').default} />` and
// images bound by `import` a Markdown image of the copied file, `<DocCardList />` a list of the
// category's pages. The imports these need go without a report; every other import is reported.
import type { Edit } from './body.ts';
import { DEFAULT_TAB_MARK } from './code-tabs.ts';
import type { Span } from './markdown-tree.ts';

/** What the page's imports bind a name to. */
export type Binding =
  | { kind: 'partial'; include: string }
  | { kind: 'asset'; spec: string }
  | { kind: 'component'; name: string };

export interface JsxContext {
  /** The include path (relative to the written page) of a partial the page imports, by import path. */
  partial(spec: string): string | undefined;
  /** The URL of an image, copied into public/. */
  image(spec: string): string | undefined;
  /** A Markdown list of the pages of the page's category. */
  cardList(): string;
}

/** Components whose every use the importer converts. */
const CONVERTED = new Map([
  ['@theme/Tabs', 'Tabs'],
  ['@theme/TabItem', 'TabItem'],
  ['@theme/DocCardList', 'DocCardList'],
]);
const IMAGE = /\.(png|jpe?g|gif|svg|webp|avif)$/i;

/** The names an import line binds and to what; undefined: not converted, report it. */
export function importBinding(line: string, ctx: JsxContext): Map<string, Binding> | undefined {
  const m = /^import\s+(\w+)\s+from\s+['"]([^'"]+)['"];?\s*$/.exec(line.trim());
  if (!m) return undefined;
  const [, name, written] = m;
  // A JavaScript string: `'./\_video.md'` (escaped for Markdown) is `./_video.md`.
  const spec = written.replace(/\\(.)/g, '$1');
  const component = CONVERTED.get(spec);
  if (component) return new Map([[name, { kind: 'component', name: component }]]);
  if (/\.mdx?$/.test(spec)) {
    const include = ctx.partial(spec);
    return include ? new Map([[name, { kind: 'partial', include }]]) : undefined;
  }
  if (IMAGE.test(spec)) return new Map([[name, { kind: 'asset', spec }]]);
  return undefined;
}

const attr = (attrs: string, name: string) =>
  /"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\}/
    .exec(new RegExp(`\\b${name}=("[^"]*"|'[^']*'|\\{[^}]*\\})`).exec(attrs)?.[1] ?? '')
    ?.slice(1)
    .find((v) => v !== undefined);

/** `values={[{label: 'npm', value: 'npm'}, …]}` of an old-style `<Tabs>`: labels by value. */
function valueLabels(attrs: string): Map<string, string> {
  const labels = new Map<string, string>();
  for (const m of attrs.matchAll(/\{([^{}]*)\}/g)) {
    const label = /label:\s*['"]([^'"]*)['"]/.exec(m[1])?.[1];
    const value = /value:\s*['"]([^'"]*)['"]/.exec(m[1])?.[1];
    if (label !== undefined && value !== undefined) labels.set(value, label);
  }
  return labels;
}

const escapeLabel = (label: string) => label.replace(/([[\]\\])/g, '\\$1');

const componentNames = (bindings: Map<string, Binding>, kind: string) =>
  [...bindings].filter(([, b]) => b.kind === 'component' && b.name === kind).map(([n]) => n);

/** The names the page's imports give Docusaurus's Tabs and TabItem. */
export function tabNames(bindings: Map<string, Binding>): { tabs: Set<string>; tabItem: Set<string> } {
  return { tabs: new Set(componentNames(bindings, 'Tabs')), tabItem: new Set(componentNames(bindings, 'TabItem')) };
}

/**
 * Edits for the JSX lines of `body` that have a Markdown meaning. `code` are the spans of code
 * blocks, never touched. Tags must stand on lines of their own, as Docusaurus writes them.
 */
export function jsxBlockEdits(
  body: string,
  code: Span[],
  bindings: Map<string, Binding>,
  ctx: JsxContext,
  /** The colons of each container's lines, by line index (container-nesting.ts). */
  colons: Map<number, number>,
): { edits: Edit[]; problems: { offset: number; message: string }[] } {
  const edits: Edit[] = [];
  const problems: { offset: number; message: string }[] = [];
  const { tabs, tabItem } = tabNames(bindings);
  const cards = new Set(componentNames(bindings, 'DocCardList'));
  const lines: { start: number; text: string }[] = [];
  let offset = 0;
  for (const text of body.split('\n')) {
    lines.push({ start: offset, text });
    offset += text.length + 1;
  }
  const inCode = (at: number) => code.some((s) => at >= s.start && at < s.end);
  const stack: { labels: Map<string, string>; items: number }[] = [];
  const fence = (i: number, least: number) => ':'.repeat(colons.get(i) ?? least);
  /** The open TabItems, innermost last: where each one's content starts. */
  const items: number[] = [];
  const replaced = new Set<number>();
  const dedented = new Set<number>();
  const replaceLine = (i: number, text: string) => {
    replaced.add(i);
    edits.push({ start: lines[i].start, end: lines[i].start + lines[i].text.length, text });
  };
  /** Content lines of a tab: dedented by their common indentation (MDX ignores it, Markdown would
   * make code of it). A tab inside it dedented its own lines already, by at least as much. */
  const dedent = (from: number, to: number) => {
    const inner = lines.slice(from, to).filter((l) => l.text.trim());
    const indent = Math.min(...inner.map((l) => /^[ \t]*/.exec(l.text)![0].length));
    if (!inner.length || !Number.isFinite(indent) || indent === 0) return;
    for (let i = from; i < to; i++) {
      if (!lines[i].text.trim() || replaced.has(i) || dedented.has(i)) continue;
      dedented.add(i);
      edits.push({ start: lines[i].start, end: lines[i].start + indent, text: '' });
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const { start, text } = lines[i];
    const t = text.trim();
    if (!t.startsWith('<') || inCode(start)) continue;
    const open = /^<(\w+)((?:\s[^<>]*?)?)\s*(\/?)>$/.exec(t);
    const close = /^<\/(\w+)\s*>$/.exec(t);
    if (open && tabs.has(open[1]) && !open[3]) {
      const group = attr(open[2], 'groupId');
      if (/\bqueryString\b/.test(open[2]))
        problems.push({
          offset: start,
          message:
            'queryString of <Tabs> left out: the tab chosen is not put into the URL here; tabs of one group keep the same choice across pages',
        });
      stack.push({ labels: valueLabels(open[2]), items: 0 });
      replaceLine(i, `${fence(i, 4)}tabs${group ? `{group="${group.replace(/"/g, '')}"}` : ''}`);
    } else if (close && tabs.has(close[1]) && stack.length) {
      stack.pop();
      replaceLine(i, fence(i, 4));
    } else if (open && tabItem.has(open[1]) && !open[3] && stack.length) {
      const top = stack[stack.length - 1];
      const value = attr(open[2], 'value');
      const label =
        attr(open[2], 'label') ?? (value !== undefined ? (top.labels.get(value) ?? value) : `Tab ${top.items + 1}`);
      top.items++;
      // The engine opens the first tab: a `default` one is moved first (code-tabs.ts).
      const isDefault = /(^|\s)default(\s|=\{true\}|$)/.test(open[2]);
      replaceLine(i, `${fence(i, 3)}tab[${escapeLabel(label)}]${isDefault ? DEFAULT_TAB_MARK : ''}`);
      items.push(i + 1);
    } else if (close && tabItem.has(close[1]) && stack.length) {
      const from = items.pop();
      if (from !== undefined) dedent(from, i);
      replaceLine(i, fence(i, 3));
    } else if (open?.[3] && bindings.get(open[1])?.kind === 'partial') {
      const b = bindings.get(open[1]) as { include: string };
      if (open[2].trim())
        problems.push({
          offset: start,
          message: `props of <${open[1]}> left out: an include has none; the partial's {props} show as written`,
        });
      replaceLine(i, `::include{file="${b.include}"}`);
    } else if (open?.[3] && cards.has(open[1])) {
      replaceLine(i, ctx.cardList());
    } else if (/^<img(?:[\s/>]|$)/.test(t)) {
      // An <img> as MDX writes it, on one line or several: `src={require('./x.png').default}`, a
      // bound import, or a plain URL with JSX attributes (`style={{…}}`) Markdown cannot keep.
      let end = i;
      while (end < lines.length - 1 && !/\/?>\s*$/.test(lines[end].text)) end++;
      const attrs = lines
        .slice(i, end + 1)
        .map((l) => l.text.trim())
        .join(' ')
        .replace(/^<img/, '')
        .replace(/\/?>$/, '');
      if (!/\{/.test(attrs) && end === i) continue;
      const src = /\bsrc=\{\s*(?:require\(\s*['"]([^'"]+)['"]\s*\)(?:\.default)?|(\w+))\s*\}/.exec(attrs);
      const plain = /\bsrc=(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})/.exec(attrs);
      const spec =
        src?.[1] ??
        (src?.[2] ? (bindings.get(src[2]) as { spec?: string } | undefined)?.spec : undefined) ??
        (plain ? (plain[1] ?? plain[2] ?? plain[3]) : undefined);
      const url =
        spec && (ctx.image(spec) ?? (/^(https?:)?\/\//.test(spec) || spec.startsWith('/') ? spec : undefined));
      if (!url) continue;
      const dropped = [...attrs.matchAll(/\b(style|className|width|height)=/g)].map((m) => m[1]);
      if (dropped.length)
        problems.push({
          offset: start,
          message: `${dropped.join(', ')} of <img> left out: a Markdown image has none; the image is shown at its own size`,
        });
      for (let k = i + 1; k <= end; k++) replaced.add(k);
      replaced.add(i);
      edits.push({
        start: lines[i].start,
        end: lines[end].start + lines[end].text.length,
        text: `${lines[i].text.slice(0, lines[i].text.length - lines[i].text.trimStart().length)}![${(attr(attrs, 'alt') ?? '').replace(/([[\]\\])/g, '\\$1')}](${url})`,
      });
      i = end;
    }
  }
  return { edits, problems };
}
