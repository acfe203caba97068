// Docs sections: the sidebar generated from folders, `_category.yml` and `sidebar_position`,
// and from it breadcrumbs, previous/next and the generated index pages of folders.

import GithubSlugger from 'github-slugger';
import { joinRoute, keyOf, routeOf } from '../../common/routes.ts';
import type { SiteConfig } from '../config/config.ts';
import { localePrefix } from '../config/config.ts';
import type {
  BreadcrumbItem,
  Category,
  CategoryPage,
  DocPage,
  DocsVersion,
  PageListGroup,
  ParsedDocument,
  Route,
  SidebarItem,
  TocItem,
} from '../types.ts';
import { byLabel, collatorFor } from './collation.ts';
import { tocOf } from './toc.ts';

interface Folder {
  dir: string;
  /** The folder's name on disk, number prefix and all (`02-setup`): it orders siblings. */
  fileName: string;
  index?: ParsedDocument;
  category?: Category;
  docs: ParsedDocument[];
  folders: Map<string, Folder>;
}

export interface DocsSectionInput {
  config: SiteConfig;
  locale: string;
  section: string;
  sidebar: boolean;
  /** Every document of this section and locale that is built (drafts only in serve). */
  docs: ParsedDocument[];
  /** `_category.yml` by folder path inside the locale tree. */
  categories: Map<string, Category>;
  versionLabel: string;
}

export interface DocsSectionResult {
  pages: (DocPage | CategoryPage)[];
  sidebarId?: string;
  sidebar: SidebarItem[];
  version: DocsVersion;
}

const lastSegment = (dir: string) => dir.split('/').pop() ?? dir;
const humanise = (s: string) => s.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

function labelOf(doc: ParsedDocument): string {
  return doc.frontMatter.sidebar_label ?? doc.frontMatter.title;
}

function folderLabel(folder: Folder): string {
  return folder.category?.label ?? (folder.index ? labelOf(folder.index) : humanise(lastSegment(folder.dir)));
}

function folderPosition(folder: Folder): number {
  return folder.category?.position ?? folder.index?.frontMatter.sidebar_position ?? Number.POSITIVE_INFINITY;
}

/** The segments of a document's path as they are on disk (`docs/02-setup/01-intro`). */
function fileNameParts(doc: ParsedDocument): string[] {
  return doc.source.replace(/\.md$/, '').split('/').slice(2);
}

function buildTree(section: string, docs: ParsedDocument[], categories: Map<string, Category>): Folder {
  const root: Folder = {
    dir: section,
    fileName: section,
    docs: [],
    folders: new Map(),
    category: categories.get(section),
  };
  for (const doc of docs) {
    const parts = doc.path.split('/');
    const onDisk = fileNameParts(doc);
    const name = parts.pop()!;
    let folder = root;
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i + 1).join('/');
      let child = folder.folders.get(dir);
      if (!child) {
        child = { dir, fileName: onDisk[i], docs: [], folders: new Map(), category: categories.get(dir) };
        folder.folders.set(dir, child);
      }
      folder = child;
    }
    if (name === 'index') folder.index = doc;
    else folder.docs.push(doc);
  }
  return root;
}

export function buildDocsSection(input: DocsSectionInput): DocsSectionResult {
  const { config, locale, section, docs, categories } = input;
  const prefix = localePrefix(config, locale);
  const sidebarId = input.sidebar ? `${locale}:${section}` : undefined;
  const root = buildTree(section, docs, categories);
  const routeOfDoc = (doc: ParsedDocument) => routeOf(config, doc);
  const folderRoute = (folder: Folder) => (folder.index ? routeOfDoc(folder.index) : joinRoute(prefix, folder.dir));
  const listed = (doc: ParsedDocument) => !doc.frontMatter.unlisted;

  type Entry = { position: number; name: string; item: SidebarItem };
  const collator = collatorFor(config.locales[locale]?.htmlLang ?? locale);
  const itemsOf = (folder: Folder): SidebarItem[] => {
    const entries: Entry[] = [];
    for (const doc of folder.docs.filter(listed)) {
      entries.push({
        position: doc.frontMatter.sidebar_position ?? Number.POSITIVE_INFINITY,
        name: fileNameParts(doc).at(-1)!,
        item: { type: 'link', label: labelOf(doc), route: routeOfDoc(doc) },
      });
    }
    for (const child of folder.folders.values()) {
      if (child.index && !listed(child.index)) continue;
      entries.push({
        position: folderPosition(child),
        name: child.fileName,
        item: {
          type: 'category',
          label: folderLabel(child),
          route: folderRoute(child),
          collapsed: child.category?.collapsed ?? true,
          items: itemsOf(child),
        },
      });
    }
    // By position; then by number prefix (`01-intro.md`), when both names have one; then by the
    // label shown, as the locale's language sorts it.
    entries.sort(
      (a, b) =>
        a.position - b.position || byNumberPrefix(a.name, b.name) || collator.compare(a.item.label, b.item.label),
    );
    return entries.map((e) => e.item);
  };

  const sidebar: SidebarItem[] = [];
  if (root.index && listed(root.index))
    sidebar.push({ type: 'link', label: labelOf(root.index), route: routeOfDoc(root.index) });
  sidebar.push(...itemsOf(root));

  // Reading order for previous/next: the sidebar, depth first.
  const order: Route[] = [];
  const flatten = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.route) order.push(item.route);
      if (item.type === 'category') flatten(item.items);
    }
  };
  flatten(sidebar);
  // By route: a lookup in the list for every page took the square of the section's size.
  const indexOf = new Map<Route, number>();
  for (const [i, route] of order.entries()) if (!indexOf.has(route)) indexOf.set(route, i);
  const neighbours = (route: Route) => {
    if (!input.sidebar) return {};
    const i = indexOf.get(route);
    if (i === undefined) return {};
    return { previous: order[i - 1], next: order[i + 1] };
  };

  const pages: (DocPage | CategoryPage)[] = [];
  // The section by its name ("Services"), not by the sidebar label its index may carry ("Overview").
  const rootCrumb: BreadcrumbItem[] = root.index
    ? [{ label: root.index.frontMatter.title, route: routeOfDoc(root.index) }]
    : [];
  const base = (route: Route, title: string, description: string) => ({
    route,
    locale,
    key: keyOf(config, route),
    title,
    description,
    section,
    version: 'current',
  });

  const visit = (folder: Folder, crumbs: BreadcrumbItem[]) => {
    const isRoot = folder === root;
    const here: BreadcrumbItem[] = isRoot
      ? rootCrumb
      : [...crumbs, { label: folderLabel(folder), route: folderRoute(folder) }];
    if (folder.index) {
      pages.push(docPage(folder.index, isRoot ? [] : crumbs, folder));
    } else if (!isRoot) {
      const route = folderRoute(folder);
      const items = itemsOf(folder).flatMap((item) => (item.route ? [item.route] : []));
      pages.push({
        ...base(route, folderLabel(folder), folder.category?.description ?? ''),
        kind: 'category',
        sidebar: sidebarId,
        breadcrumbs: crumbs,
        items,
        noindex: false,
        unlisted: false,
        draft: false,
        deps: [],
        ...neighbours(route),
      });
    }
    for (const doc of folder.docs) pages.push(docPage(doc, here));
    for (const child of folder.folders.values()) visit(child, here);
  };

  const lang = config.locales[locale]?.htmlLang ?? locale;
  /** Every listed page in a folder and below it. */
  const pagesIn = (folder: Folder): ParsedDocument[] => [
    ...(folder.index && listed(folder.index) ? [folder.index] : []),
    ...folder.docs.filter(listed),
    ...[...folder.folders.values()].flatMap(pagesIn),
  ];
  const byTitle = (list: ParsedDocument[]) => byLabel(list, (d) => d.frontMatter.title, lang).map(routeOfDoc);
  /** What an index.md with `list_pages` shows after its body: the folder's own pages, then each
   * subfolder (in sidebar order) under its label, every group ordered by the titles shown. */
  const listingOf = (folder: Folder, doc: ParsedDocument): PageListGroup[] => {
    const slugger = new GithubSlugger();
    for (const id of doc.ids) slugger.slug(id);
    const groups: PageListGroup[] = [];
    const own = folder.docs.filter(listed);
    if (own.length) groups.push({ items: byTitle(own) });
    const children = [...folder.folders.values()].filter((child) => !child.index || listed(child.index));
    children.sort(
      (a, b) =>
        folderPosition(a) - folderPosition(b) ||
        byNumberPrefix(a.fileName, b.fileName) ||
        collator.compare(folderLabel(a), folderLabel(b)),
    );
    for (const child of children) {
      const items = byTitle(pagesIn(child));
      if (!items.length) continue;
      const text = folderLabel(child);
      groups.push({
        heading: { id: slugger.slug(text), text },
        ...(child.category?.description ? { description: child.category.description } : {}),
        items,
      });
    }
    return groups;
  };

  const docPage = (doc: ParsedDocument, crumbs: BreadcrumbItem[], folder?: Folder): DocPage => {
    const route = routeOfDoc(doc);
    const fm = doc.frontMatter;
    const listing = folder && fm.list_pages ? listingOf(folder, doc) : undefined;
    const shown: ParsedDocument[] = folder && listing ? pagesIn(folder).filter((d) => d !== doc) : [];
    const listingToc: TocItem[] = fm.hide_table_of_contents
      ? []
      : (listing ?? []).flatMap((g) => (g.heading ? [{ ...g.heading, depth: 2 }] : []));
    return {
      ...base(route, fm.title, fm.description),
      kind: 'doc',
      doc: doc.source,
      sidebar: sidebarId,
      breadcrumbs: crumbs,
      toc: [...tocOf(doc.headings, fm), ...listingToc],
      noindex: Boolean(fm.unlisted || fm.draft),
      unlisted: Boolean(fm.unlisted),
      draft: Boolean(fm.draft),
      image: fm.image,
      deps: [doc.source, ...shown.map((d) => d.source)],
      ...(listing ? { listing } : {}),
      ...neighbours(route),
    };
  };

  visit(root, []);

  const version: DocsVersion = {
    name: 'current',
    label: input.versionLabel,
    path: joinRoute(prefix, section),
    docs: docs.map((doc) => ({ id: doc.source, route: routeOfDoc(doc), sidebar: sidebarId })),
  };
  return { pages, sidebarId, sidebar, version };
}

function byNumberPrefix(a: string, b: string): number {
  const x = /^\d+/.exec(a);
  const y = /^\d+/.exec(b);
  return x && y ? Number(x[0]) - Number(y[0]) : 0;
}

/** Where each route stands in a sidebar (SiteGraph.sidebarPlaces): the indices of its items from
 * the top, `2.0.5`; the first place of a route wins. */
export function placesIn(sidebar: SidebarItem[]): Record<Route, string> {
  const places: Record<Route, string> = {};
  const visit = (items: SidebarItem[], prefix: string) =>
    items.forEach((item, i) => {
      const place = `${prefix}${i}`;
      if (item.route && !(item.route in places)) places[item.route] = place;
      if (item.type === 'category') visit(item.items, `${place}.`);
    });
  visit(sidebar, '');
  return places;
}
