// The whole import as plain data: which files to write, which to copy, the config and the
// report. Reads nothing and writes nothing; read-project.ts and write-plan.ts are the edges.
import path from 'node:path/posix';
import { AuthorBook, authorsYaml } from './authors.ts';
import { convertCategories, type CategoryProblem } from './categories.ts';
import { configText } from './config-file.ts';
import { splitFile, writeFrontMatter } from './front-matter.ts';
import { parseBody } from './markdown-tree.ts';
import { projectNotes } from './project-notes.ts';
import { convertPage } from './page.ts';
import { docPlace, postPlace } from './paths.ts';
import type { ContentTree, DocusaurusProject } from './read-project.ts';
import type { ReportItem } from './report.ts';
import { sourceFor, targetFile, targetRoute, type ImportedPage, type SiteMap } from './site-map.ts';
import { TagBook, tagsYaml } from './tags.ts';

export interface ImportPlan {
  /** Files to write, by path relative to the target folder. */
  files: Map<string, string>;
  /** Files to copy: project path -> target path (`public/img/x.png`). */
  copies: Map<string, string>;
  config: string;
  report: ReportItem[];
  stats: { pages: number; posts: number; locales: string[]; authors: number; tags: number; staticFiles: number };
}

function collectPages(project: DocusaurusProject, tree: ContentTree | undefined, kind: 'docs' | 'blog', section: string, routeBase: string, report: ReportItem[]): ImportedPage[] {
  if (!tree) return [];
  const { defaultLocale } = project.settings;
  const pages = new Map<string, ImportedPage>();
  const taken = new Map<string, string>();
  const where = (rel: string) => path.join(project.dir, rel);
  for (const file of tree.files.filter((f) => f.locale === defaultLocale)) {
    const split = splitFile(file.raw);
    const place = kind === 'docs' ? docPlace(file.path, routeBase, split.data) : postPlace(file.path, routeBase, split.data);
    const other = taken.get(place.target);
    if (other) {
      report.push({ file: where(file.rel), line: 1, column: 1, message: `left out: it would land at ${section}/${place.target}.md, like ${other}; give one of them another slug`, rule: 'duplicate-route' });
      continue;
    }
    taken.set(place.target, file.rel);
    pages.set(file.path, { tree: kind, section, treePath: file.path, place, sources: new Map([[defaultLocale, { file, split, tree: parseBody(split.body) }]]) });
  }
  // `guides.md` beside a folder `guides/` without index: Docusaurus showed both, at /docs/guides
  // and /docs/category/guides; here a folder has one page, so the file becomes it.
  const targets = new Set([...pages.values()].map((p) => p.place.target));
  for (const page of pages.values()) {
    const { target } = page.place;
    const isFolder = [...targets].some((t) => t.startsWith(`${target}/`));
    if (kind === 'docs' && isFolder && !target.endsWith('index') && !targets.has(`${target}/index`)) {
      page.place = { ...page.place, target: `${target}/index` };
      targets.add(page.place.target);
    }
  }
  for (const partial of tree.partials) {
    report.push({ file: where(partial.rel), line: 1, column: 1, message: 'left out: a partial that pages import (its name starts with _); the pages that use it show its JSX tag, put its text there', rule: 'mdx-partial' });
  }
  for (const file of tree.files.filter((f) => f.locale !== defaultLocale)) {
    const page = pages.get(file.path);
    if (!page) {
      report.push({ file: where(file.rel), line: 1, column: 1, message: `left out: a translation of ${kind === 'docs' ? project.settings.docsPath : project.settings.blogPath}/${file.path}, which does not exist (Docusaurus does not show it either)`, rule: 'orphan-translation' });
      continue;
    }
    const split = splitFile(file.raw);
    page.sources.set(file.locale, { file, split, tree: parseBody(split.body) });
  }
  return [...pages.values()];
}

/** A section id from a Docusaurus route base: `docs`, `news`; '' (docs at the root) becomes `fallback`. */
const sectionId = (route: string, fallback: string) => route.replace(/\//g, '-') || fallback;

export function planImport(project: DocusaurusProject): ImportPlan {
  const { settings } = project;
  const { defaultLocale, locales } = settings;
  const report: ReportItem[] = [];
  const files = new Map<string, string>();
  const copies = new Map<string, string>();
  const where = (rel: string) => path.join(project.dir, rel);

  const docsSection = settings.docsRoute === undefined ? undefined : sectionId(settings.docsRoute, 'docs');
  const blogSection = settings.blogRoute === undefined ? undefined : sectionId(settings.blogRoute, 'blog');
  const docs = collectPages(project, project.docs, 'docs', docsSection ?? 'docs', settings.docsRoute ?? 'docs', report);
  const posts = collectPages(project, project.blog, 'blog', blogSection ?? 'blog', settings.blogRoute ?? 'blog', report);
  const pages = [...docs, ...posts];

  const categoryProblems: CategoryProblem[] = [];
  const categories = project.docs ? convertCategories(project.docs, settings.docsRoute ?? 'docs', locales, defaultLocale, categoryProblems) : [];
  for (const p of categoryProblems) report.push({ file: where(p.rel), line: p.line, column: 1, message: p.message, rule: 'category' });

  const map: SiteMap = {
    defaultLocale,
    locales,
    treeRoots: { docs: settings.docsPath, blog: settings.blogPath },
    byFile: new Map(pages.map((p) => [`${p.tree === 'docs' ? settings.docsPath : settings.blogPath}/${p.treePath}`, p])),
    byRoute: new Map(pages.map((p) => [p.place.route, { page: p, route: targetRoute(p) }])),
    docs: docsSection === undefined ? undefined : { route: settings.docsRoute!, section: docsSection },
    blog: blogSection === undefined ? undefined : { route: settings.blogRoute!, section: blogSection },
    baseUrl: settings.baseUrl,
    staticFiles: new Set(project.staticFiles),
    assets: new Set([...(project.docs?.assets ?? []), ...(project.blog?.assets ?? [])]),
  };
  for (const c of categories) {
    if (c.generatedRoute && !map.byRoute.has(c.generatedRoute)) map.byRoute.set(c.generatedRoute, { route: `/${docsSection}/${c.dir}/` });
  }
  if (docsSection !== undefined && !map.byRoute.has(settings.docsRoute!)) map.byRoute.set(settings.docsRoute!, { route: `/${docsSection}/` });

  const authors = new AuthorBook(map.staticFiles);
  const tags = new TagBook();
  for (const locale of [defaultLocale, ...locales.filter((l) => l !== defaultLocale)]) {
    const data = project.blog?.data[locale];
    if (data?.authors) authors.addFile(data.authors, locale);
    const broken = data?.tags && tags.addFile(data.tags, locale);
    if (broken) report.push({ file: where(data!.tags!.rel), line: broken, column: 1, message: 'not readable as YAML; its labels and descriptions were not imported', rule: 'tags' });
  }

  // The default locale first: translations of a post pair their tags with the original's.
  for (const page of pages) {
    let originalTags: string[] | undefined;
    for (const locale of [defaultLocale, ...locales.filter((l) => l !== defaultLocale)]) {
      const source = sourceFor(page, locale, defaultLocale);
      const converted = convertPage({ map, page, locale, source, projectDir: project.dir, authors, tags, originalTags, copies });
      if (locale === defaultLocale) originalTags = converted.tags;
      files.set(converted.file, converted.text);
      report.push(...converted.items);
      if (!page.sources.has(locale)) {
        const own = page.tree === 'docs' ? `i18n/${locale}/docusaurus-plugin-content-docs/current/${page.treePath}` : `i18n/${locale}/docusaurus-plugin-content-blog/${page.treePath}`;
        report.push({ file: converted.file, written: true, line: 1, column: 1, message: `no ${locale} translation (${own}): the ${defaultLocale} text was copied here, as Docusaurus showed it; translate it`, rule: 'missing-translation' });
      }
    }
  }
  for (const c of categories) {
    for (const locale of locales) files.set(`content/${locale}/${docsSection}/${c.dir}/_category.yml`, c.text[locale]);
  }

  const authorsOut = authorsYaml(authors, locales, defaultLocale);
  for (const f of authorsOut.filled) report.push({ file: 'content/authors.yml', written: true, line: f.line, column: 1, message: f.message, rule: 'author' });
  for (const p of authors.problems) report.push({ file: where(p.rel), line: p.line, column: 1, message: p.message, rule: 'author' });
  if (authors.entries.size) files.set('content/authors.yml', authorsOut.text);
  if (tags.entries.size) files.set('content/tags.yml', tagsYaml(tags, locales, defaultLocale));

  // The home page: Docusaurus's is a React page, reported with the other parts of the project.
  report.push(...projectNotes(project));
  const title = settings.title ?? 'Site';
  for (const locale of locales) files.set(`content/${locale}/index.md`, writeFrontMatter({ title, description: settings.tagline ?? title }));

  for (const file of project.staticFiles) copies.set(`static/${file}`, `public/${file}`);

  const redirects = posts.filter((p) => `/${p.place.route}/` !== targetRoute(p)).map((p) => ({ from: `/${p.place.route}/`, to: targetRoute(p) }));
  const config = configText(settings, { docs: docsSection, blog: blogSection, redirects });
  // A page copied into a locale without its translation brings the original's items again.
  const unique = [...new Map(report.map((item) => [`${item.file}:${item.line}:${item.column}:${item.rule}:${item.message}`, item])).values()];
  return {
    files,
    copies,
    config,
    report: unique,
    stats: { pages: docs.length, posts: posts.length, locales, authors: authors.entries.size, tags: tags.entries.size, staticFiles: project.staticFiles.length },
  };
}
