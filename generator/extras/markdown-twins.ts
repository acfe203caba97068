// Markdown twins: every published page with a Markdown source is also served as Markdown at
// `<route>index.md`, for language models and other readers that want text rather than a layout.
// A twin is the source as the editor wrote it, with the front matter reduced to title and
// description and every link made absolute to the site (the resolved target, so a relative
// `../x.md` becomes `https://site/en/.../x/`), followed by the list of pages an index with
// `list_pages` shows after its body. Drafts and unlisted pages have no twin.

import { stringify as yamlStringify } from 'yaml';
import { hasMarkdownTwin, twinRouteOf } from '../../common/markdown-twin-route.ts';
import { absoluteUrl } from '../../common/served-url.ts';
import type { SiteConfig } from '../config/config.ts';
import type { SourceFile } from '../content/load.ts';
import { plainYamlLines } from '../content/plain-yaml.ts';
import { isExternal } from '../markdown/markdown.ts';
import type { LocaleId, Page, PageListGroup, ParsedDocument, SiteGraph } from '../types.ts';

export interface MarkdownTwin {
  page: Page;
  /** Output path relative to the site root: `en/services/index.md`. */
  path: string;
  markdown: string;
  /** The Markdown without front matter. */
  body: string;
}

export function twinPaths(graph: SiteGraph): string[] {
  return Object.values(graph.pages)
    .filter(hasMarkdownTwin)
    .map((p) => twinRouteOf(p.route));
}

function absolute(config: SiteConfig, page: Page, href: string): string {
  if (href.startsWith('#')) return absoluteUrl(config, page.route + href);
  if (isExternal(href) || /^[a-z][a-z0-9+.-]*:/i.test(href)) return href;
  return absoluteUrl(config, href);
}

/** The body with each link's written URL replaced by its absolute target, found by the link's position. */
function absoluteLinks(config: SiteConfig, graph: SiteGraph, page: Page, doc: ParsedDocument, raw: string): string {
  const lines = raw.split('\n');
  const resolved = graph.links[doc.source] ?? {};
  // From the last link back, so a replacement never moves the column of a link still to come.
  [...doc.links.entries()].reverse().forEach(([i, link]) => {
    const href = resolved[i] ?? link.url;
    // A link of an included file (`::include`) is written there, not on this file's lines.
    if (!link.url || isExternal(link.url) || link.file) return;
    const target = absolute(config, page, href);
    const index = link.line - 1;
    // Inline links carry the URL on their own line, after the link's start; reference links in
    // their definition (`[id]: url`), somewhere else in the file.
    const line = lines[index] ?? '';
    const at = line.indexOf(`(${link.url}`, Math.max(0, link.column - 1));
    if (at !== -1) {
      lines[index] = `${line.slice(0, at + 1)}${target}${line.slice(at + 1 + link.url.length)}`;
      return;
    }
    const definition = lines.findIndex((l) => /^\s{0,3}\[[^\]]+\]:\s*/.test(l) && l.includes(link.url));
    if (definition !== -1) lines[definition] = lines[definition].replace(link.url, target);
  });
  return lines.join('\n');
}

export function markdownTwin(config: SiteConfig, graph: SiteGraph, page: Page, source: SourceFile): MarkdownTwin {
  const doc = graph.documents[(page as { doc: string }).doc];
  const withAbsoluteLinks = absoluteLinks(config, graph, page, doc, source.raw);
  // The body starts where the parse stage found it; the front matter above it is replaced.
  const written = withAbsoluteLinks
    .split('\n')
    .slice(doc.bodyLine - 1)
    .join('\n')
    .replace(/^\n+/, '')
    .trimEnd();
  const body = `${[written, ...(page.kind === 'doc' && page.listing ? [listingMarkdown(config, graph, page.listing)] : [])].join('\n\n')}\n`;
  const fields = { title: page.title, description: page.description };
  const front = plainYamlLines(fields) ?? yamlStringify(fields, { lineWidth: 0 });
  return { page, path: twinRouteOf(page.route).slice(1), markdown: `---\n${front}---\n\n${body}`, body };
}

/** The pages an index lists after its body (`list_pages`), as the page shows them. */
function listingMarkdown(config: SiteConfig, graph: SiteGraph, groups: PageListGroup[]): string {
  return groups
    .map((group) => {
      const items = group.items.map(
        (route) =>
          `- [${graph.pages[route]?.title}](${absoluteUrl(config, route)}): ${graph.pages[route]?.description}`,
      );
      return [
        ...(group.heading ? [`## ${group.heading.text}`] : []),
        ...(group.description ? [group.description] : []),
        items.join('\n'),
      ].join('\n\n');
    })
    .join('\n\n');
}

/** The twin of every page of `locale` that has one, in the graph's order, one at a time: a build
 * writes each before the next is made. */
export function* markdownTwins(
  config: SiteConfig,
  graph: SiteGraph,
  sources: Map<string, SourceFile>,
  locale: LocaleId,
): Generator<MarkdownTwin> {
  for (const page of Object.values(graph.pages)) {
    if (page.locale !== locale || !hasMarkdownTwin(page)) continue;
    const source = sources.get((page as { doc: string }).doc);
    if (source) yield markdownTwin(config, graph, page, source);
  }
}
