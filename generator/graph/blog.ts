// Blog-style sections (blog, case studies, insights): posts by date, paginated lists, archive,
// tags, authors, the sidebar grouped by year and the feed.

import { format } from '../../common/format-message.ts';
import { getOrAdd } from '../../common/get-or-add.ts';
import { joinRoute, keyOf, routeOf } from '../../common/routes.ts';
import type { SiteConfig } from '../config/config.ts';
import { localePrefix } from '../config/config.ts';
import type { Messages } from '../theming/messages.ts';
import type {
  ArchivePage,
  Author,
  AuthorsPage,
  Category,
  Feed,
  Page,
  ParsedDocument,
  PostListPage,
  PostPage,
  Route,
  SidebarItem,
  Tag,
  TagsPage,
} from '../types.ts';
import { byLabel } from './collation.ts';
import { tocOf } from './toc.ts';

export const WORDS_PER_MINUTE = 200;

export interface BlogSectionInput {
  config: SiteConfig;
  locale: string;
  section: string;
  postsPerPage: number;
  /** Newest posts in the sidebar (all when not given). */
  sidebarCount?: number;
  feeds: boolean;
  posts: ParsedDocument[];
  /** The section folder's `_category.yml`: the section's title and description in this locale. */
  category?: Category;
  t: Messages['blog'];
  authors: Record<string, Author>;
  tags: Record<string, Tag>;
}

export interface BlogSectionResult {
  title: string;
  pages: Page[];
  sidebarId: string;
  sidebar: SidebarItem[];
  feed?: Feed;
}

const humanise = (s: string) => s.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

function chunk<T>(items: T[], size: number): T[][] {
  if (items.length === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function buildBlogSection(input: BlogSectionInput): BlogSectionResult {
  const { config, locale, section } = input;
  const { t } = input;
  const sectionTitle = input.category?.label ?? humanise(section);
  const sectionDescription = input.category?.description ?? '';
  const prefix = localePrefix(config, locale);
  const base = joinRoute(prefix, section);
  const sidebarId = `${locale}:${section}`;
  const posts = [...input.posts].sort(
    (a, b) => (b.frontMatter.date ?? '').localeCompare(a.frontMatter.date ?? '') || a.path.localeCompare(b.path),
  );
  const listed = posts.filter((p) => !p.frontMatter.unlisted);
  const routeOfPost = (doc: ParsedDocument) => routeOf(config, doc);
  const common = (route: Route, title: string, description: string) => ({
    route,
    locale,
    key: keyOf(config, route),
    title,
    description,
    section,
    noindex: false,
    unlisted: false,
    draft: false,
  });
  const pages: Page[] = [];

  const lists = (
    listBase: Route,
    items: ParsedDocument[],
    title: string,
    description: string,
    extra: Pick<PostListPage, 'tag' | 'author'>,
  ) => {
    const chunks = chunk(items, input.postsPerPage);
    chunks.forEach((group, i) => {
      const route = i === 0 ? listBase : `${listBase}page/${i + 1}/`;
      pages.push({
        ...common(
          route,
          i === 0 ? title : `${title} (${format(t.pageOf, { page: i + 1, count: chunks.length })})`,
          description,
        ),
        kind: 'post-list',
        sidebar: sidebarId,
        posts: group.map(routeOfPost),
        page: i + 1,
        pageCount: chunks.length,
        base: listBase,
        deps: group.map((p) => p.source),
        ...extra,
      });
    });
  };

  lists(base, listed, sectionTitle, sectionDescription, {});

  posts.forEach((doc) => {
    const fm = doc.frontMatter;
    const i = listed.indexOf(doc);
    const post: PostPage = {
      ...common(routeOfPost(doc), fm.title, fm.description),
      kind: 'post',
      doc: doc.source,
      date: fm.date ?? '',
      authors: fm.authors ?? [],
      tags: fm.tags ?? [],
      readingMinutes: readingMinutes(doc.words),
      toc: tocOf(doc.headings, fm),
      sidebar: sidebarId,
      newer: i > 0 ? routeOfPost(listed[i - 1]) : undefined,
      older: i !== -1 && i < listed.length - 1 ? routeOfPost(listed[i + 1]) : undefined,
      noindex: Boolean(fm.unlisted || fm.draft),
      unlisted: Boolean(fm.unlisted),
      draft: Boolean(fm.draft),
      image: fm.image,
      deps: [doc.source],
    };
    pages.push(post);
  });

  const archive: ArchivePage = {
    ...common(`${base}archive/`, `${t.archive} | ${sectionTitle}`, t.archiveDescription),
    kind: 'archive',
    sidebar: sidebarId,
    posts: listed.map(routeOfPost),
    deps: [],
  };
  pages.push(archive);

  const lang = config.locales[locale]?.htmlLang ?? locale;
  const tagIds = byLabel(
    [...new Set(listed.flatMap((p) => p.frontMatter.tags ?? []))].filter((id) => input.tags[id]),
    (id) => input.tags[id].label[locale],
    lang,
  );
  const tagsPage: TagsPage = {
    ...common(`${base}tags/`, `${t.tags} | ${sectionTitle}`, t.allTags),
    kind: 'tags',
    sidebar: sidebarId,
    tags: tagIds.map((id) => ({
      id,
      route: `${base}tags/${id}/`,
      count: listed.filter((p) => p.frontMatter.tags?.includes(id)).length,
    })),
    deps: [],
  };
  pages.push(tagsPage);
  for (const id of tagIds) {
    const tagged = listed.filter((p) => p.frontMatter.tags?.includes(id));
    const label = input.tags[id].label[locale];
    const title = format(tagged.length === 1 ? t.taggedWithOne : t.taggedWith, { count: tagged.length, tag: label });
    lists(`${base}tags/${id}/`, tagged, title, input.tags[id].description[locale], { tag: id });
  }

  const authorIds = byLabel(
    [...new Set(listed.flatMap((p) => p.frontMatter.authors ?? []))].filter((id) => input.authors[id]),
    (id) => input.authors[id].name,
    lang,
  );
  const authorsPage: AuthorsPage = {
    ...common(`${base}authors/`, `${t.authors} | ${sectionTitle}`, t.authors),
    kind: 'authors',
    sidebar: sidebarId,
    authors: authorIds.map((id) => ({
      id,
      route: `${base}authors/${id}/`,
      count: listed.filter((p) => p.frontMatter.authors?.includes(id)).length,
    })),
    deps: [],
  };
  pages.push(authorsPage);
  for (const id of authorIds) {
    const author = input.authors[id];
    const theirs = listed.filter((p) => p.frontMatter.authors?.includes(id));
    lists(`${base}authors/${id}/`, theirs, format(t.postsBy, { name: author.name }), author.bio[locale], {
      author: id,
    });
  }

  const years = new Map<string, SidebarItem[]>();
  for (const doc of listed.slice(0, input.sidebarCount ?? listed.length)) {
    const year = (doc.frontMatter.date ?? '').slice(0, 4);
    getOrAdd(years, year, () => []).push({ type: 'link', label: doc.frontMatter.title, route: routeOfPost(doc) });
  }
  const sidebar: SidebarItem[] = [...years].map(([year, items]) => ({
    type: 'category',
    label: year,
    collapsed: false,
    items,
  }));

  const feed: Feed | undefined = input.feeds
    ? {
        section,
        locale,
        title: sectionTitle,
        description: sectionDescription,
        rss: `${base}rss.xml`,
        atom: `${base}atom.xml`,
        posts: listed.slice(0, 20).map(routeOfPost),
      }
    : undefined;
  return { title: sectionTitle, pages, sidebarId, sidebar, feed };
}
