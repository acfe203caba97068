// The parse stage: front matter and Markdown of one file into a ParsedDocument. It depends on the
// file's bytes and its locale only, so results are cached by content hash across rebuilds.

import { messageOf } from '../../common/error-message.ts';
import type { SiteConfig } from '../config/config.ts';
import { type FrontMatterKind, splitFrontMatter } from '../content/frontmatter.ts';
import type { SourceFile } from '../content/load.ts';
import { hashOf } from '../content-hash.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import { standalonePages } from '../graph/standalone-pages.ts';
import { mayBeLaidOutBySections } from '../markdown/body-sections.ts';
import { createMarkdownProcessor, renderMarkdown } from '../markdown/markdown.ts';
import {
  type ContentRuleOptions,
  numberUnitGaps,
  placeholdersIn,
  scaffoldPlaceholders,
} from '../markdown/plugins/content-rules.ts';
import { includeTargets } from '../markdown/plugins/includes.ts';
import type { Messages, MessagesByLocale } from '../theming/messages.ts';
import type { Diagnostic, ParsedDocument } from '../types.ts';
import type { ParseStore } from './parse-store.ts';

export interface ParseResult {
  doc?: ParsedDocument;
  diagnostics: Diagnostic[];
}

export type ParseCache = Map<string, ParseResult>;

/** One file to parse, with what its parse needs besides its text. */
export interface ParseItem {
  source: SourceFile;
  kind: FrontMatterKind;
  labels: MarkdownLabels;
  /** The Markdown files the source may include, by id (markdown/plugins/includes.ts). */
  includes?: Record<string, string>;
}

export type MarkdownLimits = SiteConfig['markdown'];

/** What parses a batch of files: the worker pool in a build, the thread itself in a test. */
export interface Parser {
  parse(items: ParseItem[], limits: MarkdownLimits): Promise<ParseResult[]>;
}

export function sectionOf(config: SiteConfig, path: string) {
  const first = path.split('/')[0];
  return config.sections.find((s) => s.id === first);
}

export function kindOf(config: SiteConfig, source: SourceFile): FrontMatterKind | Diagnostic {
  if (standalonePages(config).includes(source.path)) return 'page';
  const section = sectionOf(config, source.path);
  if (!section || !source.path.includes('/')) {
    const first = source.path.split('/')[0];
    return diagnostic({ file: source.id, line: 1, column: 1 }, 'unknown-section', 'file', { section: first });
  }
  return section.kind === 'blog' ? 'post' : 'doc';
}

/** The UI strings Markdown is rendered with (admonition titles, footnote labels), and the
 * placeholders `site new` writes, which a published page must not show. */
export type MarkdownLabels = Pick<Messages, 'admonition' | 'docs'> & ContentRuleOptions;

export function markdownLabels(messages: Messages): MarkdownLabels {
  // Only the engine's labels: the same whether the theme's strings have joined them (a rebuild on
  // an edit) or not yet (the first parse), so both find the same cached results.
  const { anchor, footnotes, footnoteBack } = messages.docs;
  return {
    admonition: messages.admonition,
    docs: { anchor, footnotes, footnoteBack },
    placeholders: scaffoldPlaceholders(messages),
  };
}

const processors = new Map<string, ReturnType<typeof createMarkdownProcessor>>();

function processorFor(labels: MarkdownLabels) {
  const key = JSON.stringify(labels);
  let processor = processors.get(key);
  if (!processor) {
    processor = createMarkdownProcessor({ titles: labels.admonition }, labels.docs, {
      placeholders: labels.placeholders,
    });
    processors.set(key, processor);
  }
  return processor;
}

/** Where a line opens more nested blocks than `max` (block quotes, lists, indentation), before
 * parsing: the parser would run out of stack on such a file, and could not say where. */
export function tooDeep(body: string, max: number): { line: number; column: number } | undefined {
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // Quote and list markers at the start of the line, and indentation (two columns per level).
    let depth = 0;
    let indent = 0;
    let k = 0;
    for (; k < line.length; k++) {
      const c = line[k];
      if (c === ' ') indent++;
      else if (c === '\t') indent += 4;
      else if (c === '>') depth++;
      else if ((c === '-' || c === '*' || c === '+') && (line[k + 1] === ' ' || line[k + 1] === undefined)) depth++;
      else if (/\d/.test(c)) {
        const number = /^\d{1,9}[.)](?= |$)/.exec(line.slice(k));
        if (!number) break;
        depth++;
        k += number[0].length - 1;
      } else break;
      if (depth + Math.floor(indent / 2) > max) return { line: i + 1, column: k + 1 };
    }
  }
  return undefined;
}

/** The result for a file whose body was not parsed (too large, too deep, too slow): its error,
 * and a page with its front matter and no body, so that the one cause is the one error, not also
 * a missing translation and broken links to it. Such a page is never published: the error fails
 * the build. */
export function unparsed(source: SourceFile, kind: FrontMatterKind, error: Diagnostic): ParseResult {
  const split = splitFrontMatter(source.raw.slice(0, 64 * 1024), source.id, kind);
  const frontMatter = split.data ?? split.fallback;
  if (!frontMatter) return { diagnostics: [error] };
  const doc = documentOf(source, frontMatter, split.bodyLine, { html: '', headings: [], ids: [], links: [], words: 0 });
  return { doc, diagnostics: [error] };
}

/** A file's page from its front matter alone, its body left for later: `site serve` answers
 * before every body is parsed, and parses those a request needs first (build.ts). Front matter
 * problems are found now, the body's when it is parsed. */
export function frontMatterOnly(item: ParseItem): ParseResult {
  const split = splitFrontMatter(item.source.raw, item.source.id, item.kind);
  const frontMatter = split.data ?? split.fallback;
  if (!frontMatter) return { diagnostics: split.diagnostics };
  return {
    doc: documentOf(item.source, frontMatter, split.bodyLine, { html: '', headings: [], ids: [], links: [], words: 0 }),
    diagnostics: split.diagnostics,
  };
}

/** A source file's document: where it comes from, its front matter and what its body became. */
function documentOf(
  source: SourceFile,
  frontMatter: ParsedDocument['frontMatter'],
  bodyLine: ParsedDocument['bodyLine'],
  body: Pick<ParsedDocument, 'html' | 'excerptHtml' | 'headings' | 'ids' | 'links' | 'words' | 'sections'>,
): ParsedDocument {
  return {
    source: source.id,
    hash: source.hash,
    locale: source.locale,
    path: source.path,
    frontMatter,
    frontMatterAt: frontMatterPlaces(source.raw, bodyLine),
    bodyLine,
    ...body,
  };
}

/** The line and column of each top-level key's value in the front matter (the lines before the
 * body): `slug: containers` on line 4 gives `slug` at 4:7. */
export function frontMatterPlaces(raw: string, bodyLine: number): Record<string, { line: number; column: number }> {
  const places: Record<string, { line: number; column: number }> = {};
  const lines = raw.split('\n', bodyLine);
  for (let i = 1; i < bodyLine - 1 && i < lines.length; i++) {
    const key = /^([A-Za-z_][\w-]*)[ \t]*:[ \t]*/.exec(lines[i]);
    if (key && !(key[1] in places)) places[key[1]] = { line: i + 1, column: key[0].length + 1 };
  }
  return places;
}

/** `includes`: the Markdown files the source may include, by id (generator/markdown/plugins/includes.ts). */
export function parseSource(
  source: SourceFile,
  kind: FrontMatterKind,
  labels: MarkdownLabels,
  limits?: MarkdownLimits,
  includes: Record<string, string> = {},
): ParseResult {
  if (limits) {
    const bytes = Buffer.byteLength(source.raw);
    if (bytes > limits.maxFileKB * 1024) {
      const size = (n: number) =>
        n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
      return unparsed(
        source,
        kind,
        diagnostic({ file: source.id }, 'markdown-size', 'tooLarge', {
          size: size(bytes),
          limit: size(limits.maxFileKB * 1024),
        }),
      );
    }
  }
  const split = splitFrontMatter(source.raw, source.id, kind);
  const diagnostics = [...split.diagnostics];
  const deep = limits && tooDeep(split.body, limits.maxNesting);
  if (deep) {
    return unparsed(
      source,
      kind,
      diagnostic(
        { file: source.id, line: deep.line + split.bodyLine - 1, column: deep.column },
        'markdown-depth',
        'tooDeep',
        { limit: limits.maxNesting },
      ),
    );
  }
  let result: ReturnType<typeof renderMarkdown>;
  const written = split.data ?? split.fallback;
  try {
    result = renderMarkdown(processorFor(labels), split.body, written?.title, {
      sections: mayBeLaidOutBySections(source.path, written?.slug),
      includes: { self: source.id, bodyLine: split.bodyLine, files: includes },
      dataImages: limits?.dataImages ?? false,
    });
  } catch (error) {
    diagnostics.push(diagnostic({ file: source.id }, 'markdown', 'unprocessable', { reason: messageOf(error) }));
    return { diagnostics };
  }
  const offset = split.bodyLine - 1;
  for (const m of result.messages) {
    // A draft is where placeholders belong; they count once the page is to be published.
    if (m.rule === 'placeholder' && written?.draft) continue;
    const { file, line, column, ...says } = m;
    diagnostics.push({ file: file ?? source.id, line: file ? line : line + offset, column, ...says });
  }
  const frontMatter = split.data ?? split.fallback;
  if (!frontMatter) return { diagnostics };
  // The page shows its front matter title as its heading; a body that opens with the same `# Title`
  // lost that line in the Markdown stage, one that opens with another would show two headings.
  const lead = result.leadingTitle;
  if (lead) {
    diagnostics.push(
      diagnostic({ file: source.id, line: lead.line + offset, column: lead.column }, 'duplicate-title', 'leading', {
        heading: lead.text,
        title: frontMatter.title,
      }),
    );
  }
  if (frontMatter.list_pages && !(kind === 'doc' && /(^|\/)index$/.test(source.path))) {
    const at = source.raw.split('\n').findIndex((l) => l.startsWith('list_pages'));
    diagnostics.push(diagnostic({ file: source.id, line: at + 1 || 1, column: 1 }, 'front-matter', 'listPages'));
  }
  diagnostics.push(...frontMatterText(source, frontMatter, labels.placeholders));
  const doc = documentOf(source, frontMatter, split.bodyLine, {
    html: result.html,
    excerptHtml: result.excerptHtml,
    headings: result.headings,
    ids: result.ids,
    links: result.links.map((l) => (l.file ? l : { ...l, line: l.line + offset })),
    words: result.words,
    ...(result.sections ? { sections: result.sections } : {}),
  });
  return { doc, diagnostics };
}

/** A source as its parse result depends on it: with the files it includes (`::include`, found
 * through partials that include others), whose bytes are part of its hash, and a file it names that
 * does not exist, so that creating it parses the source again. */
function withIncludes(
  source: SourceFile,
  files: Map<string, SourceFile>,
): { source: SourceFile; includes?: Record<string, string> } {
  if (!source.raw.includes('::include')) return { source };
  const includes: Record<string, string> = {};
  const key: string[] = [];
  const todo = includeTargets(source.id, source.raw);
  for (let id = todo.shift(); id !== undefined; id = todo.shift()) {
    if (id in includes || key.includes(`${id}:none`)) continue;
    const file = files.get(id);
    key.push(`${id}:${file?.hash ?? 'none'}`);
    if (!file) continue;
    includes[id] = file.raw;
    todo.push(...includeTargets(id, file.raw));
  }
  return { source: { ...source, hash: hashOf(`${source.hash}\0${key.sort().join('\0')}`) }, includes };
}

/** The content rules of the body (generator/markdown/plugins/content-rules.ts) for the title and description, which
 * the page shows as its heading and lead, and search engines and cards show too. */
function frontMatterText(
  source: SourceFile,
  frontMatter: ParsedDocument['frontMatter'],
  placeholders: readonly string[],
): Diagnostic[] {
  const lines = source.raw.split('\n');
  const found: Diagnostic[] = [];
  for (const key of ['title', 'description'] as const) {
    const value = frontMatter[key];
    const at = lines.findIndex((l) => l.startsWith(`${key}:`));
    const place = (text: string) => ({
      file: source.id,
      line: at + 1 || 1,
      column: Math.max(lines[at]?.indexOf(text) ?? -1, 0) + 1,
    });
    for (const gap of numberUnitGaps(value)) {
      found.push(diagnostic(place(gap.written), 'number-unit', 'frontMatter', { key, written: gap.written }));
    }
    if (frontMatter.draft) continue;
    for (const p of placeholdersIn(value, placeholders)) {
      found.push(
        p.of
          ? diagnostic(place(p.text), 'placeholder', 'frontMatterPart', { key, text: p.text, of: p.of })
          : diagnostic(place(p.text), 'placeholder', 'frontMatter', { key, text: p.text }),
      );
    }
  }
  return found;
}

/** Parses what changed, on the pool's threads, and takes the rest from the cache (in memory, then
 * on disk when a store is given). `parsed` counts real parses. `partials`: the files pages include.
 * With `lazy`, what is not cached is read for its front matter only and handed back as `pending`,
 * to be parsed whole later (`parseSource` on each item); such results are not cached. */
export async function parseAll(
  config: SiteConfig,
  messages: MessagesByLocale,
  written: SourceFile[],
  cache: ParseCache,
  pool: Parser,
  store?: ParseStore,
  partials: SourceFile[] = [],
  lazy = false,
): Promise<{ results: ParseResult[]; parsed: number; pending: ParseItem[] }> {
  const files = new Map([...written, ...partials].map((s) => [s.id, s]));
  const withFiles = written.map((s) => withIncludes(s, files));
  const sources = withFiles.map((s) => s.source);
  const includesOf = new Map(withFiles.map((s) => [s.source.id, s.includes]));
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
    else
      todo.push({
        source,
        kind,
        labels: markdownLabels(messages[source.locale]),
        ...(includesOf.get(source.id) ? { includes: includesOf.get(source.id) } : {}),
      });
  }
  if (lazy && todo.length) {
    const partial = new Map(todo.map((item) => [keyOf(item.source), frontMatterOnly(item)]));
    return {
      results: sources.map((source) => cache.get(keyOf(source)) ?? partial.get(keyOf(source))!),
      parsed: 0,
      pending: todo,
    };
  }
  const fresh = await pool.parse(todo, config.markdown);
  todo.forEach((item, i) => {
    cache.set(keyOf(item.source), fresh[i]);
    store?.set(item.source, item.kind, fresh[i]);
  });
  store?.prune();
  // Forget entries of files that changed or vanished, so the cache does not grow in watch mode.
  const live = new Set(sources.map(keyOf));
  for (const key of cache.keys()) if (!live.has(key)) cache.delete(key);
  return { results: sources.map((source) => cache.get(keyOf(source))!), parsed: todo.length, pending: [] };
}
