// The validate stage: every rule that needs the whole graph. Runs the same in `check` and `build`.
import { closestKey } from './closest-key.ts';
import type { SiteConfig } from './config.ts';
import { checkMarkdownLinks, routeMap, type LinkContext } from './links.ts';
import type { SourceFile } from './load.ts';
import type { Diagnostic, Route, SiteGraph } from './types.ts';

/** The line of the first occurrence of `needle` in a file, for errors about front matter values. */
function lineOf(source: SourceFile | undefined, needle: string): { line: number; column: number } {
  if (!source) return { line: 1, column: 1 };
  const lines = source.raw.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const col = lines[i].indexOf(needle);
    if (col !== -1) return { line: i + 1, column: col + 1 };
  }
  return { line: 1, column: 1 };
}

export interface ValidateInput {
  config: SiteConfig;
  graph: SiteGraph;
  sources: Map<string, SourceFile>;
  files: ReadonlySet<string>;
}

/** Checks the graph; returns its problems and the resolved href of every Markdown link. */
/** "; did you mean …?" when an id is a slip away from a known one. */
function suggest(id: string, known: string[]): string {
  const close = closestKey(id, known);
  return close ? `; did you mean "${close}"?` : '';
}

export function validate({ config, graph, sources, files }: ValidateInput): { links: SiteGraph['links']; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const locales = Object.keys(config.locales);

  // Every page in every locale, paired by the path inside the locale tree.
  const byPath = new Map<string, Map<string, string>>();
  for (const doc of Object.values(graph.documents)) {
    if (!byPath.has(doc.path)) byPath.set(doc.path, new Map());
    byPath.get(doc.path)!.set(doc.locale, doc.source);
  }
  for (const [docPath, present] of byPath) {
    for (const locale of locales) {
      if (present.has(locale)) continue;
      const [existingLocale, existing] = [...present][0];
      diagnostics.push({
        file: existing,
        line: 1,
        column: 1,
        message: `has no ${config.locales[locale].label} counterpart: content/${locale}/${docPath}.md is missing`,
        hint: `every page exists in all locales; create content/${locale}/${docPath}.md (or remove content/${existingLocale}/${docPath}.md)`,
        rule: 'missing-translation',
        severity: 'error',
      });
    }
  }

  for (const doc of Object.values(graph.documents)) {
    const source = sources.get(doc.source);
    for (const author of doc.frontMatter.authors ?? []) {
      if (!graph.authors[author]) {
        diagnostics.push({
          file: doc.source,
          ...lineOf(source, author),
          message: `unknown author "${author}"${suggest(author, Object.keys(graph.authors))}`,
          hint: `define it in content/authors.yml${Object.keys(graph.authors).length ? ` or use one of: ${Object.keys(graph.authors).join(', ')}` : ''}`,
          rule: 'unknown-author',
          severity: 'error',
        });
      }
    }
    for (const tag of doc.frontMatter.tags ?? []) {
      if (!graph.tags[tag]) {
        diagnostics.push({
          file: doc.source,
          ...lineOf(source, tag),
          message: `unknown tag "${tag}"${suggest(tag, Object.keys(graph.tags))}`,
          hint: `define it in content/tags.yml${Object.keys(graph.tags).length ? ` or use one of: ${Object.keys(graph.tags).join(', ')}` : ''}`,
          rule: 'unknown-tag',
          severity: 'error',
        });
      }
    }
  }

  const redirectSources = new Map<Route, Route>();
  for (const redirect of graph.redirects) {
    redirectSources.set(redirect.from, redirect.to);
    if (graph.pages[redirect.from]) {
      const page = graph.pages[redirect.from];
      diagnostics.push({
        file: redirect.origin,
        message: `redirect from ${redirect.from} shadows the page there (${'doc' in page && page.doc ? page.doc : page.kind})`,
        hint: 'remove the redirect or move the page',
        rule: 'redirect-shadows-page',
        severity: 'error',
      });
    }
    if (!graph.pages[redirect.to]) {
      diagnostics.push({
        file: redirect.origin,
        message: `redirect from ${redirect.from} points at ${redirect.to}, which does not exist`,
        hint: 'fix the target route in the redirects of config/site.config.ts',
        rule: 'redirect-target-missing',
        severity: 'error',
      });
    }
  }


  const ctx: LinkContext = { config, graph, files, routeOfSource: routeMap(config, graph), redirectSources };
  const checked = checkMarkdownLinks(ctx);
  diagnostics.push(...checked.diagnostics);
  return { links: checked.links, diagnostics };
}
