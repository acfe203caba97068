// The parse stage: front matter and Markdown of one file into a ParsedDocument. It depends on the
// file's bytes and its locale only, so results are cached by content hash across rebuilds.
import { contactPagePath, type SiteConfig } from './config.ts';
import { splitFrontMatter, type FrontMatterKind } from './frontmatter.ts';
import type { SourceFile } from './load.ts';
import { createMarkdownProcessor, renderMarkdown } from './markdown.ts';
import type { Diagnostic, ParsedDocument } from './types.ts';
import type { Messages, MessagesByLocale } from './messages.ts';
import type { RuleId } from './diagnostic-rules.ts';
import type { ParseItem, Pool } from './worker-pool.ts';
import type { ParseStore } from './parse-store.ts';

/** Pages outside any section: the home page, and the contact page when the config turns it on. */
export function standalonePages(config: SiteConfig): string[] {
  const contact = contactPagePath(config);
  return contact ? ['index', contact] : ['index'];
}

export interface ParseResult {
  doc?: ParsedDocument;
  diagnostics: Diagnostic[];
}

export type ParseCache = Map<string, ParseResult>;

export function sectionOf(config: SiteConfig, path: string) {
  const first = path.split('/')[0];
  return config.sections.find((s) => s.id === first);
}

export function kindOf(config: SiteConfig, source: SourceFile): FrontMatterKind | Diagnostic {
  if (standalonePages(config).includes(source.path)) return 'doc';
  const section = sectionOf(config, source.path);
  if (!section || !source.path.includes('/')) {
    const first = source.path.split('/')[0];
    return {
      file: source.id,
      line: 1,
      column: 1,
      message: `"${first}" is not a configured section, so this file has no place on the site`,
      hint: `add { id: '${first}', kind: 'docs' } to sections in config/site.config.ts, or move the file into a section folder`,
      rule: 'unknown-section',
      severity: 'error',
    };
  }
  return section.kind === 'blog' ? 'post' : 'doc';
}

/** The UI strings Markdown is rendered with (admonition titles, footnote labels). */
export type MarkdownLabels = Pick<Messages, 'admonition' | 'docs'>;

export function markdownLabels(messages: Messages): MarkdownLabels {
  return { admonition: messages.admonition, docs: messages.docs };
}

const processors = new Map<string, ReturnType<typeof createMarkdownProcessor>>();

function processorFor(labels: MarkdownLabels) {
  const key = JSON.stringify(labels);
  let processor = processors.get(key);
  if (!processor) {
    processor = createMarkdownProcessor({ titles: labels.admonition }, labels.docs);
    processors.set(key, processor);
  }
  return processor;
}

/** The rules the Markdown stage reports under (generator/markdown.ts). */
const MARKDOWN_RULES = ['markdown', 'admonition', 'raw-html', 'mdx', 'unused-definition'] as const satisfies readonly RuleId[];

export function parseSource(source: SourceFile, kind: FrontMatterKind, labels: MarkdownLabels): ParseResult {
  const split = splitFrontMatter(source.raw, source.id, kind);
  const diagnostics = [...split.diagnostics];
  let result;
  try {
    result = renderMarkdown(processorFor(labels), split.body, (split.data ?? split.fallback)?.title);
  } catch (error) {
    diagnostics.push({ file: source.id, message: `Markdown could not be processed: ${(error as Error).message}`, rule: 'markdown', severity: 'error' });
    return { diagnostics };
  }
  const offset = split.bodyLine - 1;
  for (const m of result.messages) {
    diagnostics.push({
      file: source.id,
      line: m.line + offset,
      column: m.column,
      message: m.message,
      rule: MARKDOWN_RULES.find((r) => r === m.rule) ?? 'markdown',
      hint: m.hint,
      severity: m.rule === 'markdown' || m.rule === 'unused-definition' ? 'warning' : 'error',
    });
  }
  const frontMatter = split.data ?? split.fallback;
  if (!frontMatter) return { diagnostics };
  // The page shows its front matter title as its heading; a body that opens with the same `# Title`
  // lost that line in the Markdown stage, one that opens with another would show two headings.
  const lead = result.leadingTitle;
  if (lead) {
    diagnostics.push({
      file: source.id,
      line: lead.line + offset,
      column: lead.column,
      message: `the page starts with the heading "${lead.text}" but its title is "${frontMatter.title}": it would show two titles`,
      hint: 'make the heading the front matter title and delete the # line, or start the body with ## for a section',
      rule: 'duplicate-title',
      severity: 'error',
    });
  }
  const doc: ParsedDocument = {
    source: source.id,
    hash: source.hash,
    locale: source.locale,
    path: source.path,
    frontMatter,
    bodyLine: split.bodyLine,
    html: result.html,
    excerptHtml: result.excerptHtml,
    headings: result.headings,
    ids: result.ids,
    links: result.links.map((l) => ({ ...l, line: l.line + offset })),
    words: result.words,
  };
  return { doc, diagnostics };
}

/** Parses what changed, on the pool's threads, and takes the rest from the cache (in memory, then
 * on disk when a store is given). `parsed` counts real parses. */
export async function parseAll(config: SiteConfig, messages: MessagesByLocale, sources: SourceFile[], cache: ParseCache, pool: Pool, store?: ParseStore): Promise<{ results: ParseResult[]; parsed: number }> {
  const keyOf = (source: SourceFile) => `${source.id}\0${source.hash}`;
  const todo: ParseItem[] = [];
  for (const source of sources) {
    if (cache.has(keyOf(source))) continue;
    const kind = kindOf(config, source);
    if (typeof kind !== 'string') {
      cache.set(keyOf(source), { diagnostics: [kind] });
      continue;
    }
    const stored = store?.get(source, kind);
    if (stored) cache.set(keyOf(source), stored);
    else todo.push({ source, kind, labels: markdownLabels(messages[source.locale]) });
  }
  const fresh = await pool.parse(todo);
  todo.forEach((item, i) => {
    cache.set(keyOf(item.source), fresh[i]);
    store?.set(item.source, item.kind, fresh[i]);
  });
  store?.prune();
  // Forget entries of files that changed or vanished, so the cache does not grow in watch mode.
  const live = new Set(sources.map(keyOf));
  for (const key of cache.keys()) if (!live.has(key)) cache.delete(key);
  return { results: sources.map((source) => cache.get(keyOf(source))!), parsed: todo.length };
}
