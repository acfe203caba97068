// The graph stage: parsed documents, categories, authors and tags into the typed site graph.

import { joinRoute, keyOf, routeOf } from '../../common/routes.ts';
import type { SiteConfig } from '../config/config.ts';
import { localePrefix } from '../config/config.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import type { MessagesByLocale } from '../theming/messages.ts';
import type {
  Author,
  Category,
  Diagnostic,
  NotFoundPage,
  Page,
  ParsedDocument,
  Route,
  SidebarItem,
  SiteGraph,
  StandalonePage,
  Tag,
} from '../types.ts';
import { buildBlogSection } from './blog.ts';
import { buildDocsSection, placesIn } from './sidebar.ts';
import { layoutOf, standalonePages } from './standalone-pages.ts';

export interface GraphInput {
  config: SiteConfig;
  documents: ParsedDocument[];
  /** By `${locale}:${folder}`. */
  categories: Map<string, Category>;
  authors: Record<string, Author>;
  tags: Record<string, Tag>;
  messages: MessagesByLocale;
  /** `site serve` shows drafts; `site build` leaves them out. */
  includeDrafts: boolean;
}

/** The docs' version as readers name it: major and minor of the site's version (`v1.19.6` ->
 * `1.19`), or none when the config gives no version (the theme then says "current version"). */
export function versionLabel(config: Pick<SiteConfig, 'customFields'>): string {
  const m = /(\d+)\.(\d+)/.exec(config.customFields.version ?? '');
  return m ? `${m[1]}.${m[2]}` : '';
}

export function buildGraph(input: GraphInput): { graph: SiteGraph; diagnostics: Diagnostic[] } {
  const { config } = input;
  const locales = Object.keys(config.locales);
  const diagnostics: Diagnostic[] = [];
  const documents = input.documents.filter((d) => input.includeDrafts || !d.frontMatter.draft);
  const graph: SiteGraph = {
    locales,
    pages: {},
    notFound: {},
    documents: Object.fromEntries(documents.map((d) => [d.source, d])),
    sidebars: {},
    categoryLabels: {},
    sidebarPlaces: {},
    versions: {},
    authors: input.authors,
    tags: input.tags,
    redirects: [],
    feeds: [],
    sectionTitles: {},
    links: {},
    titleUses: {},
  };
  const origin = new Map<string, string>();
  // Two pages on one route: the one whose file name makes it keeps it, and one that a `slug:` moved
  // there gives way, blamed at that line; between equals, the first keeps it.
  const slugOf = (source: string) => graph.documents[source]?.frontMatter.slug;
  const add = (page: Page, source: string) => {
    const existing = origin.get(page.route);
    if (!existing) {
      origin.set(page.route, source);
      graph.pages[page.route] = page;
      return;
    }
    const [kept, lost] =
      slugOf(existing) !== undefined && slugOf(source) === undefined ? [source, existing] : [existing, source];
    if (kept === source) {
      origin.set(page.route, source);
      graph.pages[page.route] = page;
    }
    const slug = slugOf(lost);
    const at = slug !== undefined ? graph.documents[lost].frontMatterAt?.slug : undefined;
    const place = { file: lost, line: at?.line ?? 1, column: at?.column ?? 1 };
    diagnostics.push({
      ...(slug !== undefined
        ? diagnostic(place, 'duplicate-route', 'slug', { slug, route: page.route, existing: kept })
        : diagnostic(place, 'duplicate-route', 'taken', { route: page.route, existing: kept })),
      concerns: { files: [kept] },
    });
  };
  const sourceOfPage = (page: Page) =>
    'doc' in page && page.doc ? page.doc : `generated page of section "${page.section}"`;

  for (const locale of locales) {
    const mine = documents.filter((d) => d.locale === locale);
    for (const name of standalonePages(config)) {
      const doc = mine.find((d) => d.path === name);
      if (!doc) continue;
      const route = routeOf(config, doc);
      const page: StandalonePage = {
        kind: 'standalone',
        layout: layoutOf(name, doc.frontMatter),
        route,
        locale,
        key: keyOf(config, route),
        title: doc.frontMatter.title,
        description: doc.frontMatter.description,
        noindex: false,
        unlisted: false,
        draft: Boolean(doc.frontMatter.draft),
        image: doc.frontMatter.image,
        doc: doc.source,
        deps: [doc.source],
      };
      add(page, doc.source);
    }
    for (const section of config.sections) {
      const inSection = mine.filter((d) => d.path.startsWith(`${section.id}/`));
      const sectionKey = `${locale}:${section.id}`;
      if (section.kind === 'docs') {
        const categories = new Map<string, Category>();
        for (const [key, category] of input.categories) {
          if (key.startsWith(`${locale}:`)) categories.set(key.slice(locale.length + 1), category);
        }
        const result = buildDocsSection({
          config,
          locale,
          section: section.id,
          sidebar: section.sidebar,
          docs: inSection,
          categories,
          versionLabel: versionLabel(config),
        });
        for (const page of result.pages) add(page, sourceOfPage(page));
        if (result.sidebarId) graph.sidebars[result.sidebarId] = result.sidebar;
        graph.versions[sectionKey] = [result.version];
      } else {
        const result = buildBlogSection({
          config,
          locale,
          section: section.id,
          postsPerPage: section.postsPerPage,
          sidebarCount: section.sidebarCount,
          feeds: section.feeds,
          posts: inSection,
          category: input.categories.get(sectionKey),
          t: input.messages[locale].blog,
          authors: input.authors,
          tags: input.tags,
        });
        for (const page of result.pages) add(page, sourceOfPage(page));
        graph.sidebars[result.sidebarId] = result.sidebar;
        if (result.feed) graph.feeds.push(result.feed);
        graph.sectionTitles[sectionKey] = result.title;
      }
    }
    const t = input.messages[locale].notFound;
    const notFound: NotFoundPage = {
      kind: 'not-found',
      route: joinRoute(localePrefix(config, locale), '404'),
      locale,
      key: '/404/',
      title: t.title,
      description: t.text,
      noindex: true,
      unlisted: true,
      draft: false,
      deps: [],
    };
    graph.notFound[locale] = notFound;
    for (const redirect of config.redirects) {
      const prefix = localePrefix(config, locale);
      graph.redirects.push({
        from: `${prefix}${redirect.from}`,
        to: `${prefix}${redirect.to}`,
        origin: 'config/site.config.ts',
      });
    }
  }
  for (const [id, sidebar] of Object.entries(graph.sidebars)) {
    addCategoryLabels(graph.categoryLabels, sidebar);
    graph.sidebarPlaces[id] = placesIn(sidebar);
  }
  for (const page of Object.values(graph.pages))
    graph.titleUses[`${page.locale}\n${page.title}`] = (graph.titleUses[`${page.locale}\n${page.title}`] ?? 0) + 1;
  return { graph, diagnostics };
}

/** The labels of the categories of `items` that have a page, by its route; the first one wins. */
function addCategoryLabels(labels: Record<Route, string>, items: SidebarItem[]): void {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.route && !(item.route in labels)) labels[item.route] = item.label;
    addCategoryLabels(labels, item.items);
  }
}
