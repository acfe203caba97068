// The URLs the Docusaurus site served, as Docusaurus makes them from the project (docs and their
// generated category pages and tags, other versions, the blog with its pages, tags and archive,
// src/pages, the search page, client redirects), and the pages the imported site makes: the two
// sides of import-report.md.
import path from 'node:path/posix';
import type { ContentTree, DocusaurusProject } from './read-project.ts';
import { type ImportedPage, targetRoute } from './site-map.ts';
import { kebabCase } from './slug.ts';
import type { OldUrl } from './url-report.ts';

export interface Collected {
  tree: ContentTree;
  section: string;
  pages: ImportedPage[];
}

export interface OldUrlsInput {
  project: DocusaurusProject;
  collected: Collected[];
  generatedIndexes: { route: string; label: string }[];
  versionRedirects: { from: string; version: ContentTree }[];
  tagUrls: OldUrl[];
  clientFroms: OldUrl[];
}

/** Docusaurus's default, and the engine's. */
const POSTS_PER_PAGE = 10;

const join = (...parts: string[]) => parts.join('/').split('/').filter(Boolean).join('/');

export function oldUrlsOf(input: OldUrlsInput): OldUrl[] {
  const { project, collected } = input;
  const urls: OldUrl[] = [];
  const fileOf = (p: ImportedPage) =>
    path.join(p.source.instance.path, p.sources.get(project.settings.defaultLocale)?.file.path ?? p.treePath);
  for (const page of project.pages) {
    const route = page
      .replace(/^src\/pages\//, '')
      .replace(/\.[a-z]+$/, '')
      .replace(/(^|\/)index$/, '');
    urls.push({
      route,
      origin: page,
      why: /\.mdx?$/.test(page)
        ? `a Markdown page of src/pages/, which the import does not take; copy its text to content/<locale>/${route || 'index'}.md`
        : `a React page; the engine has no React pages: write its text as content/<locale>/${route || 'index'}.md`,
    });
  }
  if (project.settings.search)
    urls.push({
      route: 'search',
      origin: "the search theme's page",
      why: 'search here is a dialog on every page (Ctrl+K, the navbar button), with no page of its own',
    });
  for (const { tree, pages } of collected) {
    const { kind, route } = tree.instance;
    for (const p of pages) urls.push({ route: p.place.route, origin: fileOf(p) });
    if (kind === 'docs') {
      const docTags = new Set<string>();
      for (const p of pages) {
        const tags = p.sources.get(project.settings.defaultLocale)?.split.data.tags;
        for (const t of Array.isArray(tags) ? tags : []) {
          const label = typeof t === 'string' ? t : t && typeof t === 'object' ? (t as { label?: unknown }).label : '';
          if (typeof label === 'string' && label) docTags.add(kebabCase(label));
        }
      }
      if (docTags.size) {
        const why = "docs pages' tags: the engine has tags on posts only; the pages themselves are kept";
        urls.push({ route: join(route, 'tags'), origin: 'tags of the docs', why });
        for (const t of docTags) urls.push({ route: join(route, 'tags', t), origin: `docs tag "${t}"`, why });
      }
    } else {
      urls.push({ route, origin: `the blog's list (${tree.instance.path}/)` });
      const perPage = tree.instance.postsPerPage ?? POSTS_PER_PAGE;
      for (let n = 2; n <= Math.ceil(pages.length / perPage); n++)
        urls.push({ route: join(route, 'page', String(n)), origin: `the blog's list, page ${n}` });
      urls.push({ route: join(route, 'archive'), origin: "the blog's archive" });
      // The feeds Docusaurus writes by default (feedOptions.type 'rss' and 'atom'), in every locale.
      urls.push({ route: join(route, 'rss.xml'), origin: "the blog's RSS feed" });
      urls.push({ route: join(route, 'atom.xml'), origin: "the blog's Atom feed" });
      if (input.tagUrls.some((t) => t.route.startsWith(join(route, 'tags'))))
        urls.push({ route: join(route, 'tags'), origin: "the blog's tags" });
    }
  }
  for (const g of input.generatedIndexes) urls.push({ route: g.route, origin: `generated index of "${g.label}"` });
  for (const r of input.versionRedirects)
    urls.push({ route: r.from, origin: `docs version ${r.version.version?.name ?? 'current'}` });
  urls.push(...input.tagUrls, ...input.clientFroms);
  return urls;
}

/** The pages of the imported site, without locale prefix: `/docs/guides/install/`. */
export function newPagesOf(collected: Collected[], postTags: Map<ImportedPage, string[]>): Set<string> {
  const routes = new Set(['/']);
  for (const { tree, section, pages } of collected) {
    routes.add(`/${section}/`);
    for (const p of pages) {
      routes.add(targetRoute(p));
      // Every folder with pages has a page here: its index.md, or the list the engine makes.
      const parts = p.place.target.split('/').slice(0, -1);
      for (let i = 1; i <= parts.length; i++) routes.add(`/${section}/${parts.slice(0, i).join('/')}/`);
    }
    if (tree.instance.kind !== 'blog') continue;
    const perPage = tree.instance.postsPerPage ?? POSTS_PER_PAGE;
    for (let n = 2; n <= Math.ceil(pages.length / perPage); n++) routes.add(`/${section}/page/${n}/`);
    routes.add(`/${section}/archive/`);
    for (const feed of ['rss.xml', 'atom.xml']) routes.add(`/${section}/${feed}`);
    routes.add(`/${section}/tags/`);
    routes.add(`/${section}/authors/`);
    for (const id of new Set(pages.flatMap((p) => postTags.get(p) ?? []))) routes.add(`/${section}/tags/${id}/`);
  }
  return routes;
}
