// The first thing `site serve --watch` does with a saved page: it reads and parses that one file
// and checks it against the site graph of the last build (its front matter, its Markdown, its
// links and their fragments, its authors and tags), in milliseconds, so that a mistake reaches the
// overlay with the new text instead of after the whole-site build. That build then reports what
// the change causes elsewhere (a page that linked to a heading now gone, a translation behind).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildCache } from '../build/build.ts';
import { parseOnWorkers } from '../build/worker-pool.ts';
import { decodeText } from '../content/load.ts';
import { hashOf } from '../content-hash.ts';
import { closestKey } from '../diagnostics/closest-key.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import { kindOf, markdownLabels, type ParseResult } from '../parse/parse.ts';
import type { Diagnostic, ParsedDocument, Route, SiteGraph } from '../types.ts';
import { type LinkContext, resolveLink, routeMap } from '../validate/links.ts';

/** One saved version of a page's file and what is wrong with it. */
export interface SavedFileCheck {
  /** The file's source id (`content/en/docs/a.md`). */
  id: string;
  /** The hash of the text checked: the version of the file the problems belong to. */
  hash: string;
  raw: string;
  diagnostics: Diagnostic[];
  /** The parse of this version; none when the file did not give a page. */
  parsed: ParseResult;
  /** The page's route in the last build's graph. */
  route: Route;
  /** Every Markdown link of this version resolved (by link index), as a build would render it. */
  links: Record<number, string>;
}

/** Checks one saved content file, or returns undefined when the save is not one known page's file
 * (a new file, a removed one, a data or theme file): the build takes it whole. */
export async function checkSavedFile(
  root: string,
  cache: BuildCache,
  file: string,
): Promise<SavedFileCheck | undefined> {
  const last = cache.rendered;
  if (!last || !cache.content || !last.files) return undefined;
  const id = path.relative(root, file).split(path.sep).join('/');
  const source = cache.content.sources.find((s) => s.id === id);
  const page = Object.values(last.setup.graph.pages).find((p) => 'doc' in p && p.doc === id);
  if (!source || !page) return undefined;
  let raw: string;
  try {
    const decoded = decodeText(readFileSync(file));
    // Bytes that are not UTF-8 are an error the build reports with their position.
    if (decoded.invalid) return undefined;
    raw = decoded.text;
  } catch {
    return undefined;
  }
  const updated = { ...source, raw, hash: hashOf(raw) };
  const kind = kindOf(last.config, updated);
  if (typeof kind !== 'string') return undefined;
  // On a parse worker, as in the build: an edit cannot hang the server.
  const [parsed] = await parseOnWorkers(
    [{ source: updated, kind, labels: markdownLabels(last.setup.messages[updated.locale]) }],
    last.config.markdown,
  );
  // Front matter keys of other tools that the config accepts are no problem.
  const accepted = new Set(last.config.extraFrontMatterKeys);
  const diagnostics = parsed.diagnostics.filter((d) => !(d.key && accepted.has(d.key)));
  const links: Record<number, string> = {};
  if (parsed.doc) {
    const graph = { ...last.setup.graph, documents: { ...last.setup.graph.documents, [id]: parsed.doc } };
    diagnostics.push(...linkProblems(last.config, graph, last.files, parsed.doc, page.route, links));
    diagnostics.push(...namedProblems(graph, parsed.doc, raw));
  }
  return { id, hash: updated.hash, raw, diagnostics, parsed, route: page.route, links };
}

/** Every Markdown link of a document resolved (by link index), as a build would render it. */
export function resolvedLinks(
  site: { config: LinkContext['config']; files: ReadonlySet<string> },
  graph: SiteGraph,
  doc: ParsedDocument,
  route: Route,
): Record<number, string> {
  const resolved: Record<number, string> = {};
  linkProblems(site.config, graph, site.files, doc, route, resolved);
  return resolved;
}

/** The links of one document checked as validate.ts checks every document's. */
function linkProblems(
  config: LinkContext['config'],
  graph: SiteGraph,
  files: ReadonlySet<string>,
  doc: ParsedDocument,
  route: Route,
  resolved: Record<number, string>,
): Diagnostic[] {
  const ctx: LinkContext = {
    config,
    graph,
    files,
    routeOfSource: routeMap(config, graph),
    redirectSources: new Map(graph.redirects.map((r) => [r.from, r.to])),
  };
  const found: Diagnostic[] = [];
  doc.links.forEach((link, i) => {
    const result = resolveLink(ctx, doc, link, route);
    resolved[i] = result.href;
    if (!result.ok) {
      const { ok, href, ...says } = result;
      found.push({ file: link.file ?? doc.source, line: link.line, column: link.column, ...says });
    }
  });
  return found;
}

/** Authors and tags of the front matter that the site does not know, as validate.ts reports them. */
function namedProblems(graph: SiteGraph, doc: ParsedDocument, raw: string): Diagnostic[] {
  // At the first line that names the value, as validate.ts places it.
  const at = (value: string) => {
    const lines = raw.split('\n');
    const line = lines.findIndex((l) => l.includes(value));
    return line === -1 ? { line: 1, column: 1 } : { line: line + 1, column: lines[line].indexOf(value) + 1 };
  };
  const found: Diagnostic[] = [];
  for (const author of doc.frontMatter.authors ?? []) {
    if (graph.authors[author]) continue;
    const known = Object.keys(graph.authors);
    found.push(
      diagnostic({ file: doc.source, ...at(author) }, 'unknown-author', 'unknown', {
        author,
        suggestion: closestKey(author, known),
        known,
      }),
    );
  }
  for (const tag of doc.frontMatter.tags ?? []) {
    if (graph.tags[tag]) continue;
    const known = Object.keys(graph.tags);
    found.push(
      diagnostic({ file: doc.source, ...at(tag) }, 'unknown-tag', 'unknown', {
        tag,
        suggestion: closestKey(tag, known),
        known,
      }),
    );
  }
  return found;
}
