// The site graph: everything the render stage needs, and nothing it has to compute again.
// Nodes refer to each other by id (a route for pages, a source path for documents), so the
// graph is plain data: serialisable, cheap to hand to a worker, easy to diff between rebuilds.

export type LocaleId = string;
/** Route of a page, always with a leading and a trailing slash: `/en/services/`. */
export type Route = string;
/** Path of a source file relative to the project root: `content/de/services/index.md`. */
export type SourceId = string;

export type { Diagnostic } from './diagnostics/diagnostic.ts';

export interface Heading {
  depth: number;
  id: string;
  text: string;
}

/** A link found in Markdown, with its position for error messages. */
export interface SourceLink {
  url: string;
  line: number;
  column: number;
  /** `image` links point at files in public/, `link` at pages or files. */
  kind: 'link' | 'image';
  /** An image's alternative text and title, as written. */
  alt?: string;
  title?: string;
  /** The included file the link is written in (`::include`); line and column are in that file. */
  file?: SourceId;
}

/** A Markdown file after the parse stage. Depends only on the file's own bytes. */
export interface ParsedDocument {
  source: SourceId;
  hash: string;
  locale: LocaleId;
  /** Path inside the locale tree without extension: `services/databases/postgresql`. */
  path: string;
  frontMatter: FrontMatter;
  /** Where the value of each top-level front matter key is written, for problems about it (a
   * `slug:` that makes a route another page has). */
  frontMatterAt?: Record<string, { line: number; column: number }>;
  /** Line of the first body line in the file, to turn body positions into file positions. */
  bodyLine: number;
  html: string;
  /** HTML up to `<!-- truncate -->`, for post lists; without the marker the first paragraph. */
  excerptHtml?: string;
  headings: Heading[];
  /** Every id in the body (headings, footnotes): the valid #fragments of this page. */
  ids: string[];
  links: SourceLink[];
  words: number;
  /** The body's `##` sections, for the pages laid out by them (the home page, landing pages):
   * only documents that can be such a page have them (generator/markdown/body-sections.ts). */
  sections?: BodySection[];
}

/** A part of a body as a theme receives it to lay a page out by its `##` sections (the built-in
 * theme's home page and landing pages): which part it is, its heading, and its top-level blocks
 * with their HTML and shape. What a section is (a list of steps, offers, a call to action) is the
 * theme's to decide. Internal links carry the Markdown stage's markers until the render stage
 * resolves them, as in the body's HTML; `<!-- truncate -->` is left out. */
export interface BodySection {
  /** The text before the first `##` (`intro`), a `##` and what follows it up to the next
   * (`section`), the footnotes (`footnotes`), or the whole body of a document that is not split
   * into sections (`body`, one block without shape). */
  part: 'intro' | 'section' | 'footnotes' | 'body';
  /** The `##` heading of a `section`: its id (for aria-labelledby) and its text. */
  heading?: { id?: string; text: string };
  /** The part's top-level nodes in order, the heading first; their HTML joined is the part's. */
  blocks: SectionBlock[];
}

/** A top-level node of a body's section and the shape a layout asks about. */
export interface SectionBlock {
  /** The element's tag name (`h2`, `p`, `ol`, `table`, `h3`, ...); none for text between blocks. */
  tag?: string;
  html: string;
  /** Tag names of the elements in it, its own included, each once: `contains.includes('ol')` asks
   * whether it holds a numbered list. */
  contains: string[];
  /** Targets of the links in it, in order, without #fragment; in-page links left out. */
  links: string[];
  /** A table's body rows (`tbody > tr`), each row's data cells (`td`). */
  rows?: SectionCell[][];
  /** A table's header cells (`thead > tr > th`), which name the columns of its rows. */
  head?: SectionCell[];
}

export interface SectionCell {
  html: string;
  /** Targets of the links in the cell, as in SectionBlock. */
  links: string[];
}

export interface FrontMatter {
  title: string;
  description: string;
  sidebar_label?: string;
  sidebar_position?: number;
  slug?: string;
  draft?: boolean;
  unlisted?: boolean;
  hide_table_of_contents?: boolean;
  toc_min_heading_level?: number;
  toc_max_heading_level?: number;
  keywords?: string[];
  /** A folder's index.md: list the folder's pages after the body (generator/graph/sidebar.ts). */
  list_pages?: boolean;
  image?: string;
  /** The locale this page was written in, when it is not the site's `translations.source`. */
  source_locale?: string;
  /** Posts only. ISO date `YYYY-MM-DD`. */
  date?: string;
  authors?: string[];
  tags?: string[];
  /** The theme's layout of a page outside the sections (StandalonePage). */
  layout?: string;
}

export interface Category {
  source: SourceId;
  label: string;
  position?: number;
  collapsed: boolean;
  description?: string;
}

export interface Author {
  id: string;
  name: string;
  page?: string;
  image?: string;
  title: Record<LocaleId, string>;
  bio: Record<LocaleId, string>;
}

export interface Tag {
  id: string;
  label: Record<LocaleId, string>;
  description: Record<LocaleId, string>;
}

export type SidebarItem =
  | { type: 'link'; label: string; route: Route }
  | {
      type: 'category';
      label: string;
      /** The category's own page (its index.md or a generated index), if any. */
      route?: Route;
      collapsed: boolean;
      items: SidebarItem[];
    };

export interface BreadcrumbItem {
  label: string;
  route?: Route;
}

export interface TocItem {
  id: string;
  text: string;
  depth: number;
}

/** A docs version. Only the current one exists today; the shape allows more. */
export interface DocsVersion {
  name: string;
  /** The version's number as readers name it (`1.19`); empty when the site names none. */
  label: string;
  path: Route;
  docs: { id: SourceId; route: Route; sidebar: string | undefined }[];
}

interface PageBase {
  route: Route;
  locale: LocaleId;
  /** The same page in every locale shares this key: the route without the locale prefix. */
  key: string;
  title: string;
  description: string;
  /** Section id (`services`, `blog`, ...) or undefined for standalone pages. */
  section?: string;
  noindex: boolean;
  unlisted: boolean;
  draft: boolean;
  image?: string;
  /** Source documents whose content this page shows: what makes it stale in watch mode. */
  deps: SourceId[];
  /** Set when this page is a translation whose source has changed since it was translated. */
  translation?: OutdatedTranslation;
}

/** What a visitor of an outdated translation is told (generator/validate/translation-status.ts). */
export interface OutdatedTranslation {
  sourceLocale: LocaleId;
  sourceRoute: Route;
  /** The date of the translation's last commit. */
  since: string;
  /** How many commits of the source it has not followed. */
  commits: number;
}

export interface DocPage extends PageBase {
  kind: 'doc';
  doc: SourceId;
  sidebar?: string;
  breadcrumbs: BreadcrumbItem[];
  toc: TocItem[];
  previous?: Route;
  next?: Route;
  version: string;
  /** The folder's pages, shown after the body of an index.md with `list_pages: true`. */
  listing?: PageListGroup[];
}

/** Pages a page lists: those of its folder (no heading), or of one subfolder, under the
 * subfolder's label; in each group ordered by title as the page's language sorts. */
export interface PageListGroup {
  /** The heading's id and text, and the subfolder's description; none for the folder's own pages. */
  heading?: { id: string; text: string };
  description?: string;
  items: Route[];
}

/** A folder without index.md: a generated page listing its items. */
export interface CategoryPage extends PageBase {
  kind: 'category';
  sidebar?: string;
  breadcrumbs: BreadcrumbItem[];
  items: Route[];
  previous?: Route;
  next?: Route;
  version: string;
}

export interface PostPage extends PageBase {
  kind: 'post';
  doc: SourceId;
  date: string;
  authors: string[];
  tags: string[];
  readingMinutes: number;
  toc: TocItem[];
  sidebar: string;
  /** The neighbours in the same section, by date. */
  newer?: Route;
  older?: Route;
}

export interface PostListPage extends PageBase {
  kind: 'post-list';
  sidebar: string;
  posts: Route[];
  page: number;
  pageCount: number;
  /** Route of page 1 of this list; page n is `${base}page/${n}/`. */
  base: Route;
  /** Set on a tag's or an author's list. */
  tag?: string;
  author?: string;
}

export interface ArchivePage extends PageBase {
  kind: 'archive';
  sidebar: string;
  posts: Route[];
}

export interface TagsPage extends PageBase {
  kind: 'tags';
  sidebar: string;
  tags: { id: string; route: Route; count: number }[];
}

export interface AuthorsPage extends PageBase {
  kind: 'authors';
  sidebar: string;
  authors: { id: string; route: Route; count: number }[];
}

/** A page outside the sections: the site's root page (`index.md`) and, when the config turns the
 * contact backend on, the page at `contact.route`. What it looks like is the theme's layout of
 * the page's name (generator/graph/standalone-pages.ts). */
export interface StandalonePage extends PageBase {
  kind: 'standalone';
  /** The theme's layout that renders it: the front matter's `layout`, else `home` for the root
   * page and the file's name for another (`contact.md`: `contact`). */
  layout: string;
  doc?: SourceId;
}

export interface NotFoundPage extends PageBase {
  kind: 'not-found';
}

export type Page =
  | DocPage
  | CategoryPage
  | PostPage
  | PostListPage
  | ArchivePage
  | TagsPage
  | AuthorsPage
  | StandalonePage
  | NotFoundPage;

export interface Redirect {
  from: Route;
  to: Route;
  /** Where the redirect was declared, for error messages. */
  origin: string;
}

export interface Feed {
  section: string;
  locale: LocaleId;
  /** The section's title and description in this locale (its `_category.yml`). */
  title: string;
  description: string;
  rss: string;
  atom: string;
  posts: Route[];
}

export interface SiteGraph {
  locales: LocaleId[];
  /** Every page by route, in a stable order: the order they are rendered and listed. */
  pages: Record<Route, Page>;
  /** 404 pages by locale; their file is `<prefix>/404.html`, not a route. */
  notFound: Record<LocaleId, NotFoundPage>;
  documents: Record<SourceId, ParsedDocument>;
  sidebars: Record<string, SidebarItem[]>;
  /** The label of each sidebar category that has a page of its own, by that page's route: what
   * menus and breadcrumbs call the page. Kept apart from the sidebars so that a page naming a
   * category reads that label alone, and is not rendered again for any change of the sidebar. */
  categoryLabels: Record<Route, string>;
  /** Where each route stands in each sidebar, by sidebar id: the indices of its items from the top
   * (`2.0.5`: the sixth item of the first item of the third). A category holds a page when the
   * page's place starts with the category's, so a page finds the way to itself in its sidebar
   * without walking the whole of it: a sidebar of 5,000 pages would make every page's render, and
   * a build, grow with the square of the section. The first place wins. */
  sidebarPlaces: Record<string, Record<Route, string>>;
  versions: Record<string, DocsVersion[]>;
  authors: Record<string, Author>;
  tags: Record<string, Tag>;
  redirects: Redirect[];
  feeds: Feed[];
  /** The title of each blog-style section by `${locale}:${section}` (its `_category.yml`). */
  sectionTitles: Record<string, string>;
  /** Resolved href of every internal Markdown link, by document and link index. */
  links: Record<SourceId, Record<number, string>>;
  /** How many pages of a locale carry a title, by `${locale}\n${title}`: a title used twice is
   * told apart by its section (theme/layout/document-title.ts). */
  titleUses: Record<string, number>;
}
