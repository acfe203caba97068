// How many colons each container of a converted page needs. Docusaurus nests two kinds of
// containers: admonitions (`:::note`, nested by giving the outer one more colons) and JSX
// (`<Tabs>`, `<TabItem>`), which nests without any. Here both are directives, and a directive
// closes at the first fence with at least its own colons: an outer container must have more
// colons than everything inside it, at any depth. So the page's containers are read as a tree, and
// each gets one colon more than the deepest it holds (three at least; an admonition keeps more if
// its author wrote more).
import type { Span } from './markdown-tree.ts';

export interface NestingInput {
  body: string;
  /** Fenced code: never read for containers. */
  code: Span[];
  /** The names the page's imports bind to Docusaurus's Tabs and TabItem. */
  tabs: Set<string>;
  tabItem: Set<string>;
  /** Tabs the importer writes in place of code blocks (npm2yarn, tab blocks): containers of their own. */
  codeTabs: Span[];
}

type Kind = 'directive' | 'tabs' | 'tab' | 'code-tabs';

interface Container {
  kind: Kind;
  /** The lines that open and close it (a container Docusaurus left open has no closing line). */
  open: number;
  close?: number;
  /** The colons its author wrote (admonitions). */
  written: number;
  children: Container[];
}

/** The fewest colons a container takes: a directive's fence has three. */
const LEAST = 3;
/** The importer's code tabs: `::::tabs` holding `:::tab` items of code. */
const CODE_TABS_HEIGHT = 4;

const DIRECTIVE_OPEN = /^(:{3,})[A-Za-z][\w-]*/;
const DIRECTIVE_CLOSE = /^(:{3,})\s*$/;
const JSX_OPEN = /^<(\w+)(?:\s[^<>]*?)?\s*>$/;
const JSX_CLOSE = /^<\/(\w+)\s*>$/;

function readTree(input: NestingInput): Container {
  const root: Container = { kind: 'directive', open: -1, written: 0, children: [] };
  const stack: Container[] = [root];
  const top = () => stack[stack.length - 1];
  const push = (c: Container) => {
    top().children.push(c);
    stack.push(c);
  };
  /** Closes the innermost open container of `kind` and what it holds. */
  const closeJsx = (kind: Kind, line: number) => {
    const at = stack.findLastIndex((c) => c.kind === kind);
    if (at <= 0) return false;
    stack[at].close = line;
    stack.length = at;
    return true;
  };
  const inside = (at: number, spans: Span[]) => spans.some((s) => at >= s.start && at < s.end);
  let offset = 0;
  for (const [i, text] of input.body.split('\n').entries()) {
    const start = offset;
    offset += text.length + 1;
    const codeTabs = input.codeTabs.find((s) => s.start >= start && s.start < offset);
    if (codeTabs) top().children.push({ kind: 'code-tabs', open: i, written: 0, children: [] });
    if (inside(start, input.code)) continue;
    const t = text.trim();
    const jsxOpen = JSX_OPEN.exec(t);
    const jsxClose = JSX_CLOSE.exec(t);
    if (jsxOpen && input.tabs.has(jsxOpen[1])) push({ kind: 'tabs', open: i, written: 0, children: [] });
    else if (jsxOpen && input.tabItem.has(jsxOpen[1]) && stack.some((c) => c.kind === 'tabs'))
      push({ kind: 'tab', open: i, written: 0, children: [] });
    else if (jsxClose && input.tabs.has(jsxClose[1])) closeJsx('tabs', i);
    else if (jsxClose && input.tabItem.has(jsxClose[1])) closeJsx('tab', i);
    else if (DIRECTIVE_OPEN.test(t)) {
      push({ kind: 'directive', open: i, written: DIRECTIVE_OPEN.exec(t)![1].length, children: [] });
    } else if (DIRECTIVE_CLOSE.test(t)) {
      // A fence closes the outermost admonition it can close since the innermost JSX, and with it
      // whatever that holds, as remark-directive reads it.
      const colons = DIRECTIVE_CLOSE.exec(t)![1].length;
      let from = stack.length;
      while (from > 1 && stack[from - 1].kind === 'directive') from--;
      const at = stack.findIndex((c, k) => k >= from && c.kind === 'directive' && c.written <= colons);
      if (at === -1) continue;
      stack[at].close = i;
      stack.length = at;
    }
  }
  return root;
}

/** The colons of a container, given what it holds; tabs make their items alike. */
function heights(c: Container, out: Map<number, number>): number {
  if (c.kind === 'code-tabs') return CODE_TABS_HEIGHT;
  const inner = c.children.map((child) => heights(child, out));
  const deepest = Math.max(0, ...inner);
  let height: number;
  if (c.kind === 'tabs') {
    // Every item of one tabs has the same colons: the engine finds a tabs' items by them.
    const item = Math.max(LEAST, ...c.children.filter((k) => k.kind === 'tab').map((k) => out.get(k.open) ?? LEAST));
    for (const k of c.children.filter((k) => k.kind === 'tab')) {
      out.set(k.open, item);
      if (k.close !== undefined) out.set(k.close, item);
    }
    height = Math.max(item, deepest) + 1;
  } else {
    height = Math.max(LEAST, c.written, deepest + 1);
  }
  if (c.open >= 0) {
    out.set(c.open, height);
    if (c.close !== undefined) out.set(c.close, height);
  }
  return height;
}

/** The colons each opening and closing line of a container needs, by line index of `body`, and
 * the admonitions never closed (innermost first): Docusaurus showed the rest of the page in them. */
export function containerColons(input: NestingInput): { colons: Map<number, number>; unclosed: number[] } {
  const colons = new Map<number, number>();
  const root = readTree(input);
  heights(root, colons);
  const unclosed: number[] = [];
  for (let c = root.children.at(-1); c; c = c.children.at(-1))
    if (c.kind === 'directive' && c.close === undefined) unclosed.unshift(c.open);
    else break;
  return { colons, unclosed };
}
