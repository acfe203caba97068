// The render stage: a page of the graph plus the theme into an HTML string. Pure: no file system.
import { checkedStrings } from '../../common/checked-strings.ts';
import { escapeHtml } from '../../common/escape.ts';
import { getOrAdd } from '../../common/get-or-add.ts';
import { type BaseConfig, servedPath } from '../../common/served-url.ts';
import type { SiteConfig } from '../config/config.ts';
import { mapSection, wholeBody } from '../markdown/body-sections.ts';
import { LINK_MARKER } from '../markdown/markdown.ts';
import type { MessagesByLocale } from '../theming/messages.ts';
import { type Assets, renderWith, type Theme, type ThemeContext } from '../theming/theme-contract.ts';
import type { BodySection, Page, Route, SiteGraph } from '../types.ts';
import { scanHtml } from '../validate/links.ts';
import { recordingGraph } from './recorded-reads.ts';

const MARKER = new RegExp(`href="${LINK_MARKER}(\\d+)"`, 'g');

export interface RenderSetup {
  config: SiteConfig;
  graph: SiteGraph;
  assets: Assets;
  messages: MessagesByLocale;
  /** The config's `themeConfig` as the theme's schema completed it. */
  themeConfig: unknown;
  /** The theme's bundle (theme-loader.ts): what a worker thread loads to render. */
  themeFile: string;
  /** The same page in other locales, by key. */
  alternates: Map<string, { locale: string; route: Route }[]>;
}

export function alternatesOf(graph: SiteGraph): Map<string, { locale: string; route: Route }[]> {
  const byKey = new Map<string, { locale: string; route: Route }[]>();
  for (const page of Object.values(graph.pages)) {
    if (page.unlisted || page.draft) continue;
    getOrAdd(byKey, page.key, () => []).push({ locale: page.locale, route: page.route });
  }
  return byKey;
}

/** A document's HTML with each link marker replaced by the served URL of its resolved target. */
export function resolveMarkers(html: string, links: Record<number, string> | undefined, config: BaseConfig): string {
  return html.replace(MARKER, (_, i: string) => `href="${escapeHtml(servedPath(config, links?.[Number(i)] ?? '#'))}"`);
}

/** A link target of a section (a marker or as written) resolved, without its #fragment. */
function resolveTarget(target: string, links: Record<number, string> | undefined): string {
  const resolved = target.startsWith(LINK_MARKER) ? (links?.[Number(target.slice(LINK_MARKER.length))] ?? '#') : target;
  return resolved.replace(/#.*$/, '');
}

/** A document's sections with their links resolved; a document without them is its whole body as
 * one part. The HTML links to served URLs; the targets stay routes, for looking pages up. */
export function resolveSections(
  sections: BodySection[] | undefined,
  html: string,
  links: Record<number, string> | undefined,
  config: BaseConfig,
): BodySection[] {
  const all: BodySection[] = sections ?? wholeBody(html);
  return all.map((section) =>
    mapSection(
      section,
      (piece) => resolveMarkers(piece, links, config),
      (target) => resolveTarget(target, links),
    ),
  );
}

export function renderPage(setup: RenderSetup, theme: Theme, page: Page): string {
  const { graph } = setup;
  const ctx: ThemeContext = {
    config: setup.config,
    graph,
    page,
    t: checkedStrings(setup.messages[page.locale], page.locale),
    themeConfig: setup.themeConfig,
    assets: setup.assets,
    alternates: page.kind === 'not-found' ? [] : (setup.alternates.get(page.key) ?? []),
    bodyOf: (source) => resolveMarkers(graph.documents[source]?.html ?? '', graph.links[source], setup.config),
    sectionsOf: (source) => {
      const doc = graph.documents[source];
      return doc ? resolveSections(doc.sections, doc.html, graph.links[source], setup.config) : [];
    },
    excerptOf: (source) => {
      const doc = graph.documents[source];
      return resolveMarkers(doc?.excerptHtml ?? '', graph.links[source], setup.config);
    },
  };
  return renderWith(theme, ctx);
}

export interface RenderedPage {
  html: string;
  /** Links and ids found in the HTML, for the checks of theme-rendered links. */
  hrefs?: string[];
  ids?: string[];
  /** What the render read of the graph (recorded-reads.ts), when asked. */
  reads?: string[];
}

/** A page that could not be rendered (a theme component threw, or the worker rendering it died). */
export class RenderError extends Error {
  constructor(
    readonly route: string,
    /** The Markdown file the page shows, if any. */
    readonly source: string | undefined,
    cause: unknown,
  ) {
    super(`the page ${route} could not be rendered: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

export function sourceOf(page: Page): string | undefined {
  return 'doc' in page ? page.doc : undefined;
}

export interface RenderOptions {
  /** Collect links and ids for the checks of theme-rendered links. */
  scan: boolean;
  /** Record what the render read of the graph. */
  record: boolean;
}

export function renderAndScan(
  setup: RenderSetup,
  theme: Theme,
  page: Page,
  { scan, record }: RenderOptions,
): RenderedPage {
  const recording = record ? recordingGraph(setup.graph) : undefined;
  let html: string;
  try {
    html = renderPage(recording ? { ...setup, graph: recording.graph } : setup, theme, page);
  } catch (error) {
    throw new RenderError(page.route, sourceOf(page), error);
  }
  return { html, ...(scan ? scanHtml(html) : {}), ...(recording ? { reads: [...recording.reads] } : {}) };
}
