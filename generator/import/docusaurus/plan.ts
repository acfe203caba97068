// The whole import as plain data: which files to write, which to copy, the config and the
// report. Reads nothing and writes nothing; read-project.ts and write-plan.ts are the edges.
import path from 'node:path/posix';
import GithubSlugger from 'github-slugger';
import YAML from 'yaml';
import { parseRedirectRules } from '../../../common/redirect-rules.ts';
import { AuthorBook, authorsYaml } from './authors.ts';
import { type CategoryOut, type CategoryProblem, convertCategories } from './categories.ts';
import { configText, localePath } from './config-file.ts';
import { NotStatic, staticCreateRedirects } from './create-redirects.ts';
import { descriptionFrom, splitFile, writeFrontMatter } from './front-matter.ts';
import { isHostRule, readHostRules } from './host-redirects.ts';
import type { JsxContext } from './jsx-blocks.ts';
import { newRouteOf, rewriteUrl } from './links.ts';
import { parseBody } from './markdown-tree.ts';
import { convertNavigation, messagesText } from './navigation.ts';
import { newPagesOf, oldUrlsOf } from './old-urls.ts';
import { convertPage } from './page.ts';
import { docPlace, postPlace, safeSegment, stripNumberPrefix } from './paths.ts';
import { projectNotes } from './project-notes.ts';
import type { ContentTree, DocusaurusProject } from './read-project.ts';
import type { ReportItem } from './report.ts';
import { applySidebars, docIdOf, type SidebarResult } from './sidebars.ts';
import { type ImportedPage, type SiteMap, sourceFor, targetFile, targetRoute } from './site-map.ts';
import { slugId } from './slug.ts';
import { TagBook, tagsYaml } from './tags.ts';
import { isFeedRoute, type OldUrl, resolveUrls, type UrlOutcome, urlReportText } from './url-report.ts';
import { type Nearness, nearestFolder, nearestPage } from './versions.ts';

export interface ImportPlan {
  /** Files to write, by path relative to the target folder. */
  files: Map<string, string>;
  /** Files to copy: project path -> target path (`public/img/x.png`). */
  copies: Map<string, string>;
  config: string;
  report: ReportItem[];
  /** Every URL of the Docusaurus site and what answers it here (import-report.md). */
  urls: UrlOutcome[];
  stats: { pages: number; posts: number; locales: string[]; authors: number; tags: number; staticFiles: number };
}

function collectPages(
  project: DocusaurusProject,
  tree: ContentTree,
  section: string,
  report: ReportItem[],
): ImportedPage[] {
  const { defaultLocale } = project.settings;
  const { kind, route: routeBase, path: root } = tree.instance;
  const pages = new Map<string, ImportedPage>();
  const taken = new Map<string, string>();
  const where = (rel: string) => path.join(project.dir, rel);
  for (const file of tree.files.filter((f) => f.locale === defaultLocale)) {
    const split = splitFile(file.raw);
    const place =
      kind === 'docs' ? docPlace(file.path, routeBase, split.data) : postPlace(file.path, routeBase, split.data);
    // Two posts of one name on different days: Docusaurus's dates kept them apart, here the date stays in the name.
    if (taken.has(place.target) && kind === 'blog' && place.date) {
      const base = path.basename(place.target);
      place.target = path.join(path.dirname(place.target), `${place.date}-${base}`).replace(/^\.\//, '');
    }
    const other = taken.get(place.target);
    if (other) {
      report.push({
        file: where(file.rel),
        line: 1,
        column: 1,
        message: `left out: it would land at ${section}/${place.target}.md, like ${other}; give one of them another slug`,
        rule: 'duplicate-route',
      });
      continue;
    }
    taken.set(place.target, file.rel);
    pages.set(file.path, {
      tree: kind,
      source: tree,
      section,
      treePath: file.path,
      place,
      sources: new Map([[defaultLocale, { file, split, tree: parseBody(split.body) }]]),
    });
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
  for (const file of tree.files.filter((f) => f.locale !== defaultLocale)) {
    const page = pages.get(file.path);
    if (!page) {
      report.push({
        file: where(file.rel),
        line: 1,
        column: 1,
        message: `left out: a translation of ${root}/${file.path}, which does not exist (Docusaurus does not show it either)`,
        rule: 'orphan-translation',
      });
      continue;
    }
    const split = splitFile(file.raw);
    page.sources.set(file.locale, { file, split, tree: parseBody(split.body) });
  }
  return [...pages.values()];
}

/** A section id for each instance: its route base (`docs`, `posts`), else its plugin id, else its kind; never one taken. */
function sectionIds(trees: ContentTree[]): Map<ContentTree, string> {
  const ids = new Map<ContentTree, string>();
  const taken = new Set<string>();
  for (const tree of trees) {
    const { route, id, kind } = tree.instance;
    let section = route.replace(/\//g, '-') || (id !== 'default' ? slugId(id) : kind) || kind;
    for (let n = 2; taken.has(section); n++) section = `${section.replace(/-\d+$/, '')}-${n}`;
    taken.add(section);
    ids.set(tree, section);
  }
  return ids;
}

/**
 * `fromExtensions: ['html']`: Docusaurus's client redirects answered `/x.html` for every route `/x`
 * the site served (each docs version, blog lists, tags, authors, generated indexes, not only the
 * pages). Each alias redirects where its route leads here, and is lost where it is.
 */
function extensionAliases(
  extensions: string[],
  old: OldUrl[],
  pages: Set<string>,
  redirects: Map<string, string>,
): OldUrl[] {
  const aliases: OldUrl[] = [];
  const routes = new Set(old.map((u) => u.route));
  for (const ext of extensions) {
    for (const u of old) {
      // The site's root and files (a feed, an alias itself) have no alias.
      if (!u.route || isFeedRoute(u.route) || u.route.endsWith(`.${ext}`) || routes.has(`${u.route}.${ext}`)) continue;
      const here = `/${u.route}/`;
      const from = `/${u.route}.${ext}/`;
      const to = pages.has(here) ? here : redirects.get(here);
      if (to && !redirects.has(from) && !pages.has(from)) redirects.set(from, to);
      aliases.push({
        route: `${u.route}.${ext}`,
        origin: `${ext} alias of /${u.route}`,
        why: u.why,
        defaultLocaleOnly: u.defaultLocaleOnly,
      });
    }
  }
  return aliases;
}

/** The host's redirects (static/_redirects, vercel.json): one URL's become redirects of the config
 * to the page's new route, rules of many (placeholders, splats) and what the engine does not answer
 * (rewrites) the lines of public/_redirects; a locale whose URLs are lower case here gets a rule
 * from its old prefix. Returns those lines. */
function hostRedirectRules(
  project: DocusaurusProject,
  map: SiteMap,
  out: {
    addRedirect: (from: string, to: string, origin: string) => boolean;
    clientFroms: OldUrl[];
    configNote: (line: number, message: string, rule: string) => void;
    report: ReportItem[];
    where: (rel: string) => string;
  },
): string[] {
  const host = readHostRules(project.readFile);
  const lines = [...host.keptLines];
  for (const p of host.problems)
    out.report.push({ file: out.where(p.file), line: p.line, column: 1, message: p.message, rule: 'redirect' });
  for (const r of host.redirects) {
    const external = /^[a-z]+:/i.test(r.to);
    const to = external ? undefined : newRouteOf(map, r.to);
    if (isHostRule(r) || external) {
      lines.push(`${r.from}  ${to ?? r.to}  ${r.status}`);
      continue;
    }
    out.clientFroms.push({
      route: r.from.replace(/^\/+|\/+$/g, ''),
      origin: `host redirect (${r.file}:${r.line}) to ${r.to}`,
    });
    if (to) out.addRedirect(r.from, to, 'host redirect');
    else
      out.report.push({
        file: out.where(r.file),
        line: r.line,
        column: 1,
        message: `host redirect from ${r.from} left out: its target ${r.to} is no page of the import`,
        rule: 'redirect',
      });
  }
  const { defaultLocale, locales } = project.settings;
  for (const locale of locales) {
    const own = localePath(locale, defaultLocale);
    if (own && own !== locale) lines.push(`/${locale}/*  /${own}/:splat  301`);
  }
  return lines;
}

/** A square logo with the title's first letter, for a project that has none. */
function initialLogo(title: string): string {
  const letter = ([...title.trim()][0] ?? 'S').toUpperCase().replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#3b5b7a"/><text x="16" y="22" font-family="sans-serif" font-size="18" font-weight="bold" fill="#fff" text-anchor="middle">${letter}</text></svg>\n`;
}

export function planImport(project: DocusaurusProject): ImportPlan {
  const { settings } = project;
  const { defaultLocale, locales } = settings;
  const report: ReportItem[] = [];
  const files = new Map<string, string>();
  const copies = new Map<string, string>();
  const where = (rel: string) => path.join(project.dir, rel);

  const sections = sectionIds(project.trees);
  const collected = project.trees.map((tree) => ({
    tree,
    section: sections.get(tree)!,
    pages: collectPages(project, tree, sections.get(tree)!, report),
  }));
  const pages = collected.flatMap((c) => c.pages);
  const docs = pages.filter((p) => p.tree === 'docs');
  const posts = pages.filter((p) => p.tree === 'blog');

  // Partials (`_install.mdx`): written beside the pages as `_install.md`, which pages include.
  const partials: ImportedPage[] = [];
  /** Partials some page (or partial) includes: only these are written. */
  const usedPartials = new Set<ImportedPage>();
  for (const { tree, section } of collected) {
    for (const file of tree.partials.filter((f) => f.locale === defaultLocale)) {
      const split = splitFile(file.raw);
      const segments = file.path
        .replace(/\.mdx?$/, '')
        .split('/')
        .map((s) => safeSegment(stripNumberPrefix(s).name));
      // The engine takes a file whose name starts with _ as a partial, never as a page.
      if (!segments[segments.length - 1].startsWith('_')) segments[segments.length - 1] = `_${segments.at(-1)}`;
      const page: ImportedPage = {
        tree: tree.instance.kind,
        source: tree,
        section,
        treePath: file.path,
        place: { target: segments.join('/'), route: '' },
        sources: new Map([[defaultLocale, { file, split, tree: parseBody(split.body) }]]),
      };
      for (const t of tree.partials.filter((f) => f.locale !== defaultLocale && f.path === file.path)) {
        const s = splitFile(t.raw);
        page.sources.set(t.locale, { file: t, split: s, tree: parseBody(s.body) });
      }
      partials.push(page);
    }
  }

  const categoryProblems: CategoryProblem[] = [];
  const categories: { section: string; out: CategoryOut[] }[] = [];
  /** Docusaurus's generated-index pages (`docs/category/guides`, its route without slashes), to
   * the page here that lists the same pages: the folder's, or the category's first page. */
  const generatedIndexes: { route: string; to: string; label: string }[] = [];
  const joinRoute = (...parts: string[]) => parts.join('/').split('/').filter(Boolean).join('/');
  const idOf = (p: ImportedPage) => docIdOf(p, p.sources.get(defaultLocale)!.split.data);
  /** The categories of a docs version and its generated indexes, with the folder or first page
   * (in that version) each lists; `own`: the pages of the version. */
  const categoriesOf = (tree: ContentTree, own: ImportedPage[], problems: CategoryProblem[], items: ReportItem[]) => {
    // One slugger per version, as Docusaurus numbers categories of the same label (`guides-1`).
    const slugger = new GithubSlugger();
    const sidebars = tree.sidebars ?? project.sidebars.get(tree.instance.id);
    let overrides: SidebarResult['categories'] | undefined;
    let handWritten = false;
    const indexes: { route: string; label: string; dir?: string; first?: ImportedPage }[] = [];
    if (sidebars) {
      // A sidebar autogenerated in part follows the folders; only its generated indexes are taken.
      handWritten = !/autogenerated/.test(sidebars.raw);
      const result = applySidebars(
        sidebars,
        tree,
        own,
        idOf,
        locales,
        defaultLocale,
        slugger,
        project.readFile,
        handWritten,
      );
      if (handWritten) {
        overrides = result.categories;
        for (const p of result.problems)
          items.push({ file: where(sidebars.rel), line: p.line, column: 1, message: p.message, rule: 'sidebar' });
      }
      for (const g of result.generated)
        indexes.push({ route: joinRoute(tree.instance.route, g.slug), label: g.label, dir: g.dir, first: g.first });
    }
    const out = convertCategories(
      tree,
      tree.instance.route,
      locales,
      defaultLocale,
      problems,
      slugger,
      overrides,
      handWritten,
    );
    for (const c of out) if (c.generatedRoute) indexes.push({ route: c.generatedRoute, label: c.label, dir: c.dir });
    return { out, indexes };
  };
  for (const { tree, section, pages: own } of collected) {
    if (tree.instance.kind !== 'docs') continue;
    const { out, indexes } = categoriesOf(tree, own, categoryProblems, report);
    categories.push({ section, out });
    for (const g of indexes)
      generatedIndexes.push({
        route: g.route,
        label: g.label,
        to:
          g.dir !== undefined
            ? `/${section}/${g.dir ? `${g.dir}/` : ''}`
            : g.first
              ? targetRoute(g.first)
              : `/${section}/`,
      });
  }
  for (const p of categoryProblems)
    report.push({ file: where(p.rel), line: p.line, column: 1, message: p.message, rule: 'category' });

  const map: SiteMap = {
    defaultLocale,
    locales,
    byFile: new Map(pages.map((p) => [`${p.source.instance.path}/${p.treePath}`, p])),
    byRoute: new Map(pages.map((p) => [p.place.route, { page: p, route: targetRoute(p) }])),
    blogs: collected
      .filter((c) => c.tree.instance.kind === 'blog')
      .map((c) => ({ route: c.tree.instance.route, section: c.section })),
    baseUrl: settings.baseUrl,
    siteUrl: settings.url,
    staticFiles: new Set(project.staticFiles),
    assets: new Set(project.trees.flatMap((t) => t.assets)),
  };
  /** Old routes of generated category pages, to the folder's page here. */
  const generated: { from: string; to: string }[] = [];
  for (const g of generatedIndexes) {
    if (map.byRoute.has(g.route)) continue;
    map.byRoute.set(g.route, { route: g.to });
    generated.push({ from: `/${g.route}/`, to: g.to });
  }
  // Other docs versions (`/docs/next/`, `/docs/2.1/`): each page redirects to its nearest page here.
  const versionRedirects: { from: string; to: string; version: ContentTree; how: Nearness }[] = [];
  for (const version of project.otherVersions) {
    const home = collected.find((c) => c.tree.instance.kind === 'docs' && c.tree.instance.id === version.instance.id);
    if (!home) continue;
    const own = collectPages(project, version, home.section, []);
    const found: typeof versionRedirects = [];
    for (const p of own) {
      const near = nearestPage(p, home.pages, home.section, idOf);
      found.push({ from: p.place.route, to: near.to, version, how: near.how });
    }
    for (const g of categoriesOf(version, own, [], []).indexes) {
      const near = g.first
        ? nearestPage(g.first, home.pages, home.section, idOf)
        : nearestFolder(g.dir ?? '', home.pages, home.section);
      found.push({ from: g.route, to: near.to, version, how: near.how });
    }
    found.push({ from: version.instance.route, to: `/${home.section}/`, version, how: 'section' });
    for (const r of found) {
      if (map.byRoute.has(r.from)) continue;
      map.byRoute.set(r.from, { route: r.to });
      versionRedirects.push(r);
    }
  }
  for (const { tree, section } of collected) {
    if (tree.instance.kind === 'docs' && !map.byRoute.has(tree.instance.route))
      map.byRoute.set(tree.instance.route, { route: tree.instance.route === '' ? '/' : `/${section}/` });
  }

  const authors = new AuthorBook(map.staticFiles);
  const tags = new TagBook();
  for (const blog of project.trees.filter((t) => t.instance.kind === 'blog')) {
    for (const locale of [defaultLocale, ...locales.filter((l) => l !== defaultLocale)]) {
      const data = blog.data[locale];
      if (data?.authors) authors.addFile(data.authors, locale);
      const broken = data?.tags && tags.addFile(data.tags, locale);
      if (broken)
        report.push({
          file: where(data!.tags!.rel),
          line: broken,
          column: 1,
          message: 'not readable as YAML; its labels and descriptions were not imported',
          rule: 'tags',
        });
    }
  }

  const jsxFor = (page: ImportedPage, locale: string, rel: string): JsxContext => ({
    partial: (spec) => {
      const root = page.source.instance.path;
      const wanted = spec.startsWith('@site/')
        ? spec.slice('@site/'.length)
        : path.join(root, path.dirname(page.treePath), spec);
      const found = partials.find(
        (p) =>
          `${p.source.instance.path}/${p.treePath}` === wanted ||
          (p.source === page.source && path.join(path.dirname(rel), spec) === p.sources.get(locale)?.file.rel),
      );
      if (!found) return undefined;
      usedPartials.add(found);
      const include = path.relative(path.dirname(targetFile(page, locale)), targetFile(found, locale));
      return include.startsWith('.') ? include : `./${include}`;
    },
    image: (spec) => rewriteUrl({ map, page, locale, rel, copies }, spec, 'image').url,
    cardList: () => cardList(page, locale),
  });
  /** The pages of a page's folder (an index page's folder is its own), as a Markdown list with descriptions. */
  const parentOf = (target: string) => path.dirname(target.replace(/\/index$/, '')).replace(/^\.$/, '');
  const cardList = (page: ImportedPage, locale: string): string => {
    const folder = page.place.target.endsWith('index')
      ? page.place.target.replace(/\/?index$/, '')
      : parentOf(page.place.target);
    const members = pages.filter(
      (p) =>
        p !== page &&
        p.section === page.section &&
        parentOf(p.place.target) === folder &&
        !(p.place.target === 'index' && folder === ''),
    );
    const titled = members.map((p) => {
      const { split, tree } = sourceFor(p, locale, defaultLocale);
      const fm = split.data;
      const title =
        tree.title?.text ??
        (typeof fm.title === 'string'
          ? fm.title
          : p.place.target
              .split('/')
              .filter((x) => x !== 'index')
              .pop()!);
      const description = typeof fm.description === 'string' ? fm.description : tree.firstParagraph;
      const position =
        p.sidebar?.position ??
        (typeof fm.sidebar_position === 'number' ? fm.sidebar_position : p.place.number) ??
        Number.POSITIVE_INFINITY;
      const href = path.relative(path.dirname(targetFile(page, locale)), targetFile(p, locale));
      return {
        position,
        title,
        line: `- [${title.replace(/([[\]\\])/g, '\\$1')}](${href})${description ? `: ${descriptionFrom(description)}` : ''}`,
      };
    });
    // Folders without a page of their own: the engine makes their page from the category.
    for (const c of categories.find((x) => x.section === page.section)?.out ?? []) {
      if (
        parentOf(`${c.dir}/index`) !== folder ||
        pages.some((p) => p.section === page.section && p.place.target === `${c.dir}/index`)
      )
        continue;
      const category = YAML.parse(c.text[locale]) as { label: string; position?: number; description?: string };
      titled.push({
        position: category.position ?? Number.POSITIVE_INFINITY,
        title: category.label,
        line: `- [${category.label.replace(/([[\]\\])/g, '\\$1')}](/${page.section}/${c.dir}/)${category.description ? `: ${category.description}` : ''}`,
      });
    }
    titled.sort((a, b) => a.position - b.position || a.title.localeCompare(b.title));
    return titled.map((t) => t.line).join('\n');
  };

  // A docs section without a page of its own (Docusaurus served none at /docs/): breadcrumbs and
  // the sidebar link there, so it gets one that lists its pages, as a category page would.
  for (const { tree, section, pages: own } of collected) {
    if (tree.instance.kind !== 'docs' || !own.length || own.some((p) => p.place.target === 'index')) continue;
    const index: ImportedPage = {
      tree: 'docs',
      source: tree,
      section,
      treePath: 'index.md',
      place: { target: 'index', route: tree.instance.route },
      sources: new Map(),
    };
    const label =
      settings.navbar.find(
        (i) => (i.type === 'docSidebar' || i.type === 'doc') && (i.docsPluginId ?? 'default') === tree.instance.id,
      )?.label ?? section.charAt(0).toUpperCase() + section.slice(1);
    for (const locale of locales) {
      const title = project.themeLabels[locale]?.navbar[`item.label.${label}`] ?? label;
      files.set(
        targetFile(index, locale),
        `${writeFrontMatter({ title, description: settings.tagline ?? title })}\n${cardList(index, locale)}\n`,
      );
    }
    report.push({
      file: targetFile(index, defaultLocale),
      written: true,
      line: 1,
      column: 1,
      message: `${tree.instance.path}/ had no page at its root; this one lists its pages (the breadcrumbs and the sidebar link here), one per locale`,
      rule: 'page',
    });
  }

  /** The tag ids of each post, in the default locale. */
  const postTags = new Map<ImportedPage, string[]>();
  // The default locale first: translations of a post pair their tags with the original's.
  for (const page of pages) {
    let originalTags: string[] | undefined;
    for (const locale of [defaultLocale, ...locales.filter((l) => l !== defaultLocale)]) {
      const source = sourceFor(page, locale, defaultLocale);
      const converted = convertPage({
        map,
        page,
        locale,
        source,
        projectDir: project.dir,
        authors,
        tags,
        originalTags,
        copies,
        jsx: jsxFor(page, locale, source.file.rel),
      });
      if (locale === defaultLocale) {
        originalTags = converted.tags;
        if (converted.tags) postTags.set(page, converted.tags);
      }
      files.set(converted.file, converted.text);
      report.push(...converted.items);
      if (!page.sources.has(locale)) {
        const plugin = `docusaurus-plugin-content-${page.tree}${page.source.instance.id === 'default' ? '' : `-${page.source.instance.id}`}`;
        const version = page.source.version?.name ?? 'current';
        const own = `i18n/${locale}/${plugin}${page.tree === 'docs' ? `/${version === 'current' ? version : `version-${version}`}` : ''}/${page.treePath}`;
        report.push({
          file: converted.file,
          written: true,
          line: 1,
          column: 1,
          message: `no ${locale} translation (${own}): the ${defaultLocale} text was copied here, as Docusaurus showed it; translate it`,
          rule: 'missing-translation',
        });
      }
    }
  }
  // Partials that a page includes (and those they include), written beside the pages; the others
  // were no page in Docusaurus and are named as left out.
  const converted = new Set<ImportedPage>();
  for (
    let next = [...usedPartials].find((p) => !converted.has(p));
    next;
    next = [...usedPartials].find((p) => !converted.has(p))
  ) {
    converted.add(next);
    for (const locale of locales) {
      const source = sourceFor(next, locale, defaultLocale);
      const result = convertPage({
        map,
        page: next,
        locale,
        source,
        projectDir: project.dir,
        authors,
        tags,
        copies,
        jsx: jsxFor(next, locale, source.file.rel),
        partial: true,
      });
      files.set(result.file, result.text);
      report.push(...result.items);
    }
  }
  for (const partial of partials.filter((p) => !usedPartials.has(p)))
    report.push({
      file: where(partial.sources.get(defaultLocale)!.file.rel),
      line: 1,
      column: 1,
      message:
        "left out: Docusaurus made no page of it (its name starts with _, or the docs' include/exclude leave it out) and no page imports it",
      rule: 'page',
    });
  for (const { section, out } of categories) {
    for (const c of out)
      for (const locale of locales) files.set(`content/${locale}/${section}/${c.dir}/_category.yml`, c.text[locale]);
  }

  const authorsOut = authorsYaml(authors, locales, defaultLocale);
  for (const f of authorsOut.filled)
    report.push({
      file: 'content/authors.yml',
      written: true,
      line: f.line,
      column: 1,
      message: f.message,
      rule: 'author',
    });
  for (const p of authors.problems)
    report.push({ file: where(p.rel), line: p.line, column: 1, message: p.message, rule: 'author' });
  if (authors.entries.size) files.set('content/authors.yml', authorsOut.text);
  if (tags.entries.size) files.set('content/tags.yml', tagsYaml(tags, locales, defaultLocale));

  // The home page: Docusaurus's is a React page, reported with the other parts of the project.
  report.push(...projectNotes(project));
  const config = where(project.config?.rel ?? 'docusaurus.config.js');
  const configNote = (line: number, message: string, rule = 'config') =>
    report.push({ file: config, line, column: 1, message, rule });
  for (const p of settings.problems)
    report.push({ file: p.file ? where(p.file) : config, line: p.line, column: 1, message: p.message, rule: 'config' });
  const title = settings.title ?? 'Site';
  for (const locale of locales)
    files.set(`content/${locale}/index.md`, writeFrontMatter({ title, description: settings.tagline ?? title }));

  for (const file of project.staticFiles) copies.set(`static/${file}`, `public/${file}`);

  // Every URL of the old site answers here: a page moved (docs at the root, dated posts, generated
  // category pages) gets a redirect, and so does every client redirect.
  const redirects = new Map<string, string>();
  const pageRoutes = new Set(pages.map(targetRoute));
  /** URLs the client redirects plugin served. */
  const clientFroms: OldUrl[] = [];
  const addRedirect = (from: string, to: string, origin: string): boolean => {
    const fromRoute = `/${from.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
    if (fromRoute === to || redirects.has(fromRoute)) return false;
    if (pageRoutes.has(fromRoute) || fromRoute === '/') {
      configNote(1, `redirect from ${from} (${origin}) left out: a page answers ${fromRoute} here`, 'redirect');
      return false;
    }
    redirects.set(fromRoute, to);
    return true;
  };
  for (const { tree, pages: own } of collected) {
    const moved = own.filter(
      (p) => p.place.route !== '' && addRedirect(`/${p.place.route}`, targetRoute(p), 'moved page'),
    );
    if (!moved.length) continue;
    const example = moved[0];
    configNote(
      1,
      `${moved.length} URL${moved.length === 1 ? '' : 's'} of ${tree.instance.path}/ changed (such as /${example.place.route} -> ${targetRoute(example)}); a redirect from each old URL is in config/site.config.ts`,
      'redirect',
    );
  }
  for (const r of generated) addRedirect(r.from, r.to, 'generated category page');
  for (const r of versionRedirects) addRedirect(`/${r.from}`, r.to, `docs version ${r.version.version?.name}`);
  for (const version of project.otherVersions) {
    const mine = versionRedirects.filter((r) => r.version === version);
    const imported = collected.find(
      (c) => c.tree.instance.kind === 'docs' && c.tree.instance.id === version.instance.id,
    );
    if (!imported) continue;
    const counts = new Map<Nearness, number>();
    for (const r of mine) counts.set(r.how, (counts.get(r.how) ?? 0) + 1);
    const how = [...counts].map(
      ([k, n]) => `${n} to ${k === 'section' ? 'the section' : k === 'folder' ? 'the nearest folder' : `the ${k}`}`,
    );
    const name = version.version?.name ?? 'current';
    const list = project.versionLists.get(version.instance.id);
    report.push({
      file: where(name === 'current' || !list ? version.instance.path : list.rel),
      line: 1,
      column: 1,
      message: `docs version "${name}" (at /${version.instance.route}/) not imported: the engine builds one docs version, and the one Docusaurus served at /${imported.tree.instance.route}${imported.tree.instance.route ? '/' : ''} ("${imported.tree.version?.name ?? 'current'}") was; its ${mine.length} URLs redirect to the nearest page (${how.join(', ')}); import-report.md lists each. To keep its text, copy its folder into a docs section of its own`,
      rule: 'versions',
    });
  }
  for (const missing of project.missingVersions) {
    const imported = collected.find((c) => c.tree.instance.kind === 'docs' && c.tree.instance.id === missing.instance);
    const count = imported?.pages.length ?? 0;
    const at = `/${missing.route}${missing.route ? '/' : ''}`;
    report.push({
      file: where(project.versionLists.get(missing.instance)?.rel ?? project.config?.rel ?? '.'),
      line: 1,
      column: 1,
      message: `DOCS VERSION "${missing.name}" IS NOT IN THE PROJECT: Docusaurus served it at ${at} (lastVersion), from ${missing.folder}/, which a build script makes. Its ${count} URL${count === 1 ? '' : 's'} under ${at} now show the current docs (${imported?.tree.instance.path ?? 'docs'}/) in its place, whose text may differ; run the script that makes ${missing.folder}/ and import again to take "${missing.name}" as written`,
      rule: 'versions',
    });
  }
  for (const r of settings.redirects) {
    // A target's #fragment (a heading of the page) goes along: the route is the page's.
    const hash = r.to.indexOf('#');
    const page = newRouteOf(map, hash === -1 ? r.to : r.to.slice(0, hash));
    const fragment = hash === -1 ? '' : r.to.slice(hash);
    const to = page && /^#[\w-]+$/.test(fragment) ? `${page}${fragment}` : page;
    clientFroms.push({ route: r.from.replace(/^\/+|\/+$/g, ''), origin: `client redirect to ${r.to}` });
    if (to) addRedirect(r.from, to, 'client redirect');
    else
      configNote(1, `client redirect from ${r.from} left out: its target ${r.to} is no page of the import`, 'redirect');
  }
  if (settings.createRedirects?.fn) {
    const create = staticCreateRedirects(settings.createRedirects.fn);
    if ('error' in create)
      configNote(
        settings.createRedirects.line,
        `createRedirects left out: ${create.error}; write its redirects into config/site.config.ts`,
        'redirect',
      );
    else {
      try {
        for (const p of pages) {
          const existing = `/${p.place.route}${settings.trailingSlash ? '/' : ''}`;
          for (const from of create(existing))
            if (from && from !== existing) {
              clientFroms.push({
                route: from.replace(/^\/+|\/+$/g, ''),
                origin: `createRedirects for /${p.place.route}`,
              });
              addRedirect(from, targetRoute(p), 'createRedirects');
            }
        }
      } catch (error) {
        if (!(error instanceof NotStatic)) throw error;
        configNote(
          settings.createRedirects.line,
          `createRedirects left out: it uses ${error.message}, which the importer does not read; write its redirects into config/site.config.ts`,
          'redirect',
        );
      }
    }
  }
  const hostRules = hostRedirectRules(project, map, { addRedirect, clientFroms, configNote, report, where });
  if (hostRules.length) files.set('public/_redirects', `${hostRules.join('\n')}\n`);
  copies.delete('static/_redirects');
  // Tag pages of the blogs, where Docusaurus's URL of a tag is not the one here (`/blog/tags/中文`).
  const tagUrls: OldUrl[] = [];
  for (const c of collected.filter((x) => x.tree.instance.kind === 'blog')) {
    const used = [...new Set(c.pages.flatMap((p) => postTags.get(p) ?? []))];
    for (const id of used) {
      const slug = tags.docusaurusSlugs.get(id) ?? id;
      const route = joinRoute(c.tree.instance.route, 'tags', slug);
      tagUrls.push({ route, origin: `tag "${tags.entries.get(id)?.label[defaultLocale] ?? id}"` });
      if (`/${route}/` !== `/${c.section}/tags/${id}/`) addRedirect(`/${route}`, `/${c.section}/tags/${id}/`, 'tag');
    }
  }
  if (settings.trailingSlash === false)
    configNote(
      1,
      'trailingSlash: false: every route here ends with a slash; links were rewritten, and servers answer /x with the page at /x/',
      'config',
    );

  const docsTrees = collected.filter((c) => c.tree.instance.kind === 'docs');
  const instanceOf = (pluginId: string | undefined) =>
    docsTrees.find((c) => c.tree.instance.id === (pluginId ?? 'default')) ?? (pluginId ? undefined : docsTrees[0]);
  const navigation = convertNavigation({
    settings,
    themeLabels: project.themeLabels,
    routeOf: (pathname) =>
      newRouteOf(map, pathname) ??
      (redirects.has(`/${pathname.replace(/^\/+|\/+$/g, '')}/`)
        ? redirects.get(`/${pathname.replace(/^\/+|\/+$/g, '')}/`)
        : undefined) ??
      (pathname.replace(/\/+$/, '') === '' ? '/' : undefined),
    // Docusaurus links a sidebar to its first doc; the section's own page where it has one.
    docsRoute: (pluginId) => {
      const c = instanceOf(pluginId);
      if (!c) return undefined;
      const top = c.pages.filter((p) => !p.place.target.includes('/') || p.place.target.endsWith('/index'));
      if (!top.length || top.some((p) => p.place.target === 'index')) return `/${c.section}/`;
      const rank = (p: ImportedPage) =>
        p.sidebar?.position ??
        (p.sources.get(defaultLocale)!.split.data.sidebar_position as number | undefined) ??
        p.place.number ??
        Number.POSITIVE_INFINITY;
      return targetRoute([...top].sort((a, b) => rank(a) - rank(b) || a.place.target.localeCompare(b.place.target))[0]);
    },
    docRoute: (pluginId, docId) => {
      const page = instanceOf(pluginId)?.pages.find(
        (p) => docIdOf(p, p.sources.get(defaultLocale)!.split.data) === docId,
      );
      return page && targetRoute(page);
    },
  });
  for (const problem of navigation.problems) configNote(1, problem, 'navbar');
  for (const [locale, strings] of Object.entries(navigation.messages))
    files.set(`i18n/${locale}.ts`, messagesText(locale, strings));

  const staticFile = (route: string | undefined) =>
    route !== undefined && project.staticFiles.includes(route.replace(/^\//, ''));
  // The logo and the favicon: files of static/; a path to nothing or an external URL (which the
  // site's Content-Security-Policy would not load) is named, and the other file, or a logo drawn
  // from the title's first letter, stands in, so no page links a file that is not there.
  for (const [key, value] of [
    ['navbar logo', settings.logo],
    ['favicon', settings.favicon],
  ] as const) {
    if (!value || staticFile(value)) continue;
    configNote(
      1,
      /^[a-z]+:/i.test(value)
        ? `${key} ${value} left out: the site's Content-Security-Policy loads images of the site only; download it into public/ and name it in config/site.config.ts`
        : `${key} ${value} is not in static/: put the file at public${value} and name it in config/site.config.ts`,
      'logo',
    );
  }
  const own = [settings.logo, settings.favicon].find(staticFile);
  if (!own) {
    files.set('public/img/logo.svg', initialLogo(title));
    configNote(
      1,
      'public/img/logo.svg (the first letter of the title) stands for the logo and the favicon; replace it with your own',
      'logo',
    );
  }
  const logo = (staticFile(settings.logo) ? settings.logo : own) ?? '/img/logo.svg';
  const favicon = (staticFile(settings.favicon) ? settings.favicon : own) ?? '/img/logo.svg';

  const newPages = newPagesOf(collected, postTags);
  const oldUrls = oldUrlsOf({ project, collected, generatedIndexes, versionRedirects, tagUrls, clientFroms });
  oldUrls.push(...extensionAliases(settings.fromExtensions, oldUrls, newPages, redirects));
  const urls = resolveUrls(
    oldUrls,
    locales.map((l) => ({
      locale: l,
      prefix: l === defaultLocale ? '' : `/${l}`,
      here: l === defaultLocale ? '' : `/${localePath(l, defaultLocale)}`,
    })),
    settings.baseUrl,
    { pages: newPages, redirects, rules: parseRedirectRules(hostRules.join('\n')) },
  );
  files.set('import-report.md', urlReportText(urls, project.dir));

  const configFile = configText(settings, {
    sections: collected.map((c) => ({
      id: c.section,
      kind: c.tree.instance.kind,
      postsPerPage: c.tree.instance.postsPerPage,
    })),
    navbar: navigation.navbar.length
      ? navigation.navbar
      : // No navbar in Docusaurus: one link per section, labelled as shown (a capital: no UI string key).
        collected.map((c) => ({ label: c.section.charAt(0).toUpperCase() + c.section.slice(1), to: `/${c.section}/` })),
    footer: navigation.footer,
    redirects: [...redirects].map(([from, to]) => ({ from, to })),
    logo,
    favicon,
  });
  // A page copied into a locale without its translation brings the original's items again.
  const unique = [
    ...new Map(
      report.map((item) => [`${item.file}:${item.line}:${item.column}:${item.rule}:${item.message}`, item]),
    ).values(),
  ];
  return {
    files,
    copies,
    config: configFile,
    report: unique,
    urls,
    stats: {
      pages: docs.length,
      posts: posts.length,
      locales,
      authors: authors.entries.size,
      tags: tags.entries.size,
      staticFiles: project.staticFiles.length,
    },
  };
}
