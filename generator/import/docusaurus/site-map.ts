// The imported site as the links see it: every page with its Docusaurus route and its new place,
// for each locale. Built once from all pages, before any page is converted.

import type { SplitFile } from './front-matter.ts';
import type { BodyTree } from './markdown-tree.ts';
import type { PagePlace } from './paths.ts';
import type { ContentFile, ContentTree } from './read-project.ts';

export interface PageSource {
  file: ContentFile;
  split: SplitFile;
  tree: BodyTree;
}

export interface ImportedPage {
  tree: 'docs' | 'blog';
  /** The docs or blog instance the page belongs to, with its project folder (`instance.path`). */
  source: ContentTree;
  /** The target section id (`docs`, `blog`, or the route bases of the Docusaurus config). */
  section: string;
  /** The page's place in a hand-written sidebar: its position and label there. */
  sidebar?: { position: number; label?: string };
  /** Path of the default locale's file inside its tree. */
  treePath: string;
  place: PagePlace;
  /** The page's file in each locale that has one; the default locale always has. */
  sources: Map<string, PageSource>;
}

export interface SiteMap {
  defaultLocale: string;
  locales: string[];
  /** By project path of the default locale's file: `docs/02-guides/01-install.md`. */
  byFile: Map<string, ImportedPage>;
  /** By Docusaurus route without slashes (`docs/guides/install`): the page, or a generated route. */
  byRoute: Map<string, { page?: ImportedPage; route: string }>;
  /** Route bases of the blogs in Docusaurus, and their section ids here. */
  blogs: { route: string; section: string }[];
  baseUrl: string;
  /** The config's `url` (`https://tidewatch.example`): links to it are links inside the site. */
  siteUrl?: string;
  staticFiles: Set<string>;
  assets: Set<string>;
}

/** `content/en/docs/guides/install.md` */
export function targetFile(page: ImportedPage, locale: string): string {
  return `content/${locale}/${page.section}/${page.place.target}.md`;
}

/** The route of a page without locale prefix: `/docs/guides/install/`. */
export function targetRoute(page: ImportedPage): string {
  const path = page.place.target.replace(/(^|\/)index$/, '');
  return `/${page.section}/${path ? `${path}/` : ''}`;
}

/** The source a locale shows: its own translation, or the default locale's file as Docusaurus does. */
export function sourceFor(page: ImportedPage, locale: string, defaultLocale: string): PageSource {
  return page.sources.get(locale) ?? page.sources.get(defaultLocale)!;
}

/** `{#custom-id}` of a page in a locale, to the id the engine gives that heading. */
export function customIdsOf(page: ImportedPage, locale: string, defaultLocale: string): Map<string, string> {
  return new Map(sourceFor(page, locale, defaultLocale).tree.customIds.map((c) => [c.id, c.slug]));
}
