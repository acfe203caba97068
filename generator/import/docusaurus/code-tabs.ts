// Code blocks that Docusaurus's remark plugins turned into tabs, written as the engine's tabs
// (`::::tabs` with `:::tab[label]` items, generator/markdown/plugins/tabs.ts):
// - npm2yarn: a ```bash npm2yarn block shows the npm command, and its Yarn and pnpm forms;
// - tab blocks (docusaurus-remark-plugin-tab-blocks): consecutive blocks marked `tab` are one set
//   of tabs, labelled by their language or by `tab={"label": "…"}`.
import type { Code, Nodes, Parent } from 'mdast';
import { visit } from '../../markdown/visit-tree.ts';
import type { Edit } from './body.ts';
import { spanOf } from './markdown-tree.ts';
import type { KnownRemarkPlugin } from './read-config.ts';

/** The tab blocks plugin's labels for the languages it names. */
const LANGUAGE_LABELS: Record<string, string> = {
  js: 'JavaScript',
  javascript: 'JavaScript',
  jsx: 'JSX',
  ts: 'TypeScript',
  typescript: 'TypeScript',
  tsx: 'TSX',
  json: 'JSON',
  yaml: 'YAML',
  yml: 'YAML',
  bash: 'Bash',
  sh: 'Shell',
  shell: 'Shell',
  py: 'Python',
  python: 'Python',
  go: 'Go',
  rust: 'Rust',
  java: 'Java',
  kotlin: 'Kotlin',
  swift: 'Swift',
  css: 'CSS',
  html: 'HTML',
  flow: 'Flow',
};

const escapeLabel = (label: string) => label.replace(/([[\]\\])/g, '\\$1');

/** One npm command line in Yarn's or pnpm's words, as npm2yarn writes them; other lines as they are. */
export function convertNpmLine(line: string, to: 'yarn' | 'pnpm'): string {
  const m = /^(\s*(?:\$\s+)?)(npm|npx)\s+(.*)$/.exec(line);
  if (!m) return line;
  const [, lead, tool, rest] = m;
  if (tool === 'npx') return `${lead}${to} dlx ${rest}`;
  const words = rest.split(/\s+/).filter(Boolean);
  const [command, ...args] = words;
  const flags = args.filter((a) => a.startsWith('-'));
  const names = args.filter((a) => !a.startsWith('-'));
  const dev = flags.some((f) => f === '--save-dev' || f === '-D');
  const global = flags.some((f) => f === '--global' || f === '-g');
  const others = flags.filter((f) => !['--save-dev', '-D', '--global', '-g', '--save', '-S'].includes(f));
  const join = (...parts: string[]) => `${lead}${parts.filter(Boolean).join(' ')}`;
  switch (command) {
    case 'install':
    case 'i':
    case 'add':
      if (!names.length) return join(to, 'install', ...others);
      if (to === 'yarn')
        return global
          ? join('yarn global add', ...names, ...others)
          : join('yarn add', ...names, dev ? '--dev' : '', ...others);
      return join('pnpm add', ...names, dev ? '--save-dev' : '', global ? '--global' : '', ...others);
    case 'ci':
      return join(to, 'install --frozen-lockfile', ...others);
    case 'uninstall':
    case 'remove':
    case 'rm':
    case 'un':
      return join(to === 'yarn' && global ? 'yarn global remove' : `${to} remove`, ...names, ...others);
    case 'run':
    case 'run-script':
      return join(to, 'run', ...args);
    case 'init':
    case 'create':
      return names.length ? join(to, 'create', ...args) : join(to, 'init', ...args);
    case 'exec':
      return join(to, 'exec', ...args);
    default:
      return join(to, ...words);
  }
}

/** The fence of a code block, as written: its marker and its info string without the plugin's word. */
function fenceOf(body: string, node: Code, drop: RegExp): { open: string; close: string; content: string } {
  const raw = body.slice(spanOf(node).start, spanOf(node).end);
  const first = raw.split('\n')[0];
  const marker = /^\s*(`{3,}|~{3,})/.exec(first)?.[1] ?? '```';
  const info = first
    .replace(/^\s*(`{3,}|~{3,})/, '')
    .replace(drop, '')
    .replace(/\s+/g, ' ')
    .trim();
  return { open: `${marker}${info}`, close: marker, content: node.value };
}

const tabsOf = (group: string, items: { label: string; block: string }[]) =>
  [
    `::::tabs{group="${group}"}`,
    ...items.flatMap((i) => [`:::tab[${escapeLabel(i.label)}]`, '', i.block, '', ':::']),
    '::::',
  ].join('\n');

/** Edits for the code blocks the project's remark plugins made tabs of; `code` spans are theirs. */
export function codeTabEdits(body: string, tree: Parent, plugins: KnownRemarkPlugin[]): Edit[] {
  const edits: Edit[] = [];
  if (!plugins.length) return edits;
  const atLineStart = (node: Nodes) => node.position?.start.column === 1;
  visit(tree as Nodes, (node: Nodes) => {
    if (!('children' in node)) return;
    const children = node.children as Nodes[];
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child.type !== 'code' || !atLineStart(child)) continue;
      const meta = child.meta ?? '';
      if (plugins.includes('npm2yarn') && /(^|\s)npm2yarn(\s|$)/.test(meta)) {
        const fence = fenceOf(body, child, /\s*\bnpm2yarn\b/);
        const block = (text: string) => `${fence.open}\n${text}\n${fence.close}`;
        const lines = fence.content.split('\n');
        edits.push({
          start: spanOf(child).start,
          end: spanOf(child).end,
          text: tabsOf('npm2yarn', [
            { label: 'npm', block: block(fence.content) },
            { label: 'Yarn', block: block(lines.map((l) => convertNpmLine(l, 'yarn')).join('\n')) },
            { label: 'pnpm', block: block(lines.map((l) => convertNpmLine(l, 'pnpm')).join('\n')) },
          ]),
        });
        continue;
      }
      const isTab = (n: Nodes | undefined): n is Code =>
        n?.type === 'code' && atLineStart(n) && /(^|\s)tab(=|\s|$)/.test(n.meta ?? '');
      if (!plugins.includes('tab-blocks') || !isTab(child)) continue;
      const run: Code[] = [child];
      while (isTab(children[i + run.length])) run.push(children[i + run.length] as Code);
      const items = run.map((c) => {
        const own = /\btab=(\{[^}]*\})/.exec(c.meta ?? '')?.[1];
        let label: string | undefined;
        try {
          label = own ? (JSON.parse(own) as { label?: string }).label : undefined;
        } catch {
          // Not JSON: labelled by its language.
        }
        const lang = c.lang ?? '';
        return {
          label: label ?? LANGUAGE_LABELS[lang] ?? (lang ? lang.toUpperCase() : 'Code'),
          block: (() => {
            const f = fenceOf(body, c, /\s*\btab(=\{[^}]*\})?/);
            return `${f.open}\n${f.content}\n${f.close}`;
          })(),
        };
      });
      edits.push({
        start: spanOf(run[0]).start,
        end: spanOf(run[run.length - 1]).end,
        text: tabsOf('code-tabs', items),
      });
      i += run.length - 1;
    }
  });
  return edits;
}

/** A `:::tab[…]` opener the TabItem of which was Docusaurus's `default`: it is moved first. */
export const DEFAULT_TAB_MARK = '\u2063default';

/** Moves each tab marked as the default to the front of its tabs, as the engine opens the first. */
export function moveDefaultTabsFirst(text: string): string {
  if (!text.includes(DEFAULT_TAB_MARK)) return text;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(:{3,})tab\[.*\]\u2063default$/.exec(lines[i]);
    if (!m) continue;
    lines[i] = lines[i].slice(0, -DEFAULT_TAB_MARK.length);
    const colons = m[2];
    const opener = (l: string) => l.trimStart().startsWith(`${colons}tab[`);
    const closer = (l: string) => l.trim() === colons;
    // The item runs to its closer; the tabs' first item is the first opener before it after `tabs`.
    let end = i + 1;
    while (end < lines.length && !closer(lines[end])) end++;
    let first = i;
    for (let j = i - 1; j >= 0 && !lines[j].trimStart().startsWith(`${colons}:tabs`); j--)
      if (opener(lines[j])) first = j;
    if (first === i || end >= lines.length) continue;
    const item = lines.splice(i, end - i + 1);
    lines.splice(first, 0, ...item);
  }
  return lines.join('\n');
}
