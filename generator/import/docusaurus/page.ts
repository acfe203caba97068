// One page in one locale: Docusaurus front matter and body to the engine's, with the report of
// what did not come along. Items kept in the page point into the written file; items left out
// point at the Docusaurus file.
import path from 'node:path/posix';
import { withoutNumberPrefixes } from '../../content/load.ts';
import type { AuthorBook } from './authors.ts';
import { convertBody, mapOffset } from './body.ts';
import { descriptionFrom, TARGET_KEYS, writeFrontMatter } from './front-matter.ts';
import type { JsxContext } from './jsx-blocks.ts';
import { rewriteUrl } from './links.ts';
import { positionAt, type ReportItem } from './report.ts';
import { type ImportedPage, type PageSource, type SiteMap, targetFile } from './site-map.ts';
import type { TagBook } from './tags.ts';

export interface PageScope {
  map: SiteMap;
  page: ImportedPage;
  locale: string;
  source: PageSource;
  /** The project folder as the user named it, for report lines about its files. */
  projectDir: string;
  authors: AuthorBook;
  tags: TagBook;
  /** Tag ids of the same post in the default locale. */
  originalTags?: string[];
  copies: Map<string, string>;
  /** Partials and category lists, for the MDX the importer converts. */
  jsx: JsxContext;
  /** A partial (`_install.mdx`): its body only, which pages include. */
  partial?: boolean;
}

export interface ConvertedPage {
  file: string;
  text: string;
  tags?: string[];
  items: ReportItem[];
}

/** Keys that decide where the page goes or are taken apart into authors and tags. */
const CONSUMED = new Set([
  'id',
  'slug',
  'authors',
  'author',
  'author_title',
  'authorTitle',
  'author_url',
  'authorURL',
  'author_image_url',
  'authorImageURL',
  'tags',
  'date',
]);
const POST_ONLY_KEYS = new Set(['date', 'authors', 'tags']);

export function convertPage(scope: PageScope): ConvertedPage {
  const { page, locale, source, map } = scope;
  const { split, tree, file } = source;
  const fm = split.data;
  const isPost = page.tree === 'blog';
  const sourcePath = path.join(scope.projectDir, file.rel);
  const items: ReportItem[] = [];
  const leftOut = (line: number, column: number, message: string, rule: string) =>
    items.push({ file: sourcePath, line, column, message, rule });
  if (file.bom)
    leftOut(
      1,
      1,
      'a UTF-8 byte-order mark at the start of the file was removed: it hid the front matter from every reader but Docusaurus',
      'encoding',
    );
  if (split.error)
    leftOut(
      split.error.line,
      1,
      `front matter is not valid YAML (${split.error.message}); none of it was carried`,
      'front-matter',
    );

  const out: Record<string, unknown> = {};
  const fmTitle = typeof fm.title === 'string' || typeof fm.title === 'number' ? String(fm.title) : undefined;
  // The body's `# Title` is what Docusaurus shows; a different front matter title named the page in the sidebar.
  const title =
    tree.title?.text ??
    fmTitle ??
    page.place.target
      .split('/')
      .filter((s) => s !== 'index')
      .pop() ??
    page.section;
  out.title = title;
  const description =
    typeof fm.description === 'string' && fm.description.trim()
      ? fm.description
      : tree.firstParagraph && descriptionFrom(tree.firstParagraph);
  out.description = description || title;
  if (fmTitle && tree.title && fmTitle !== tree.title.text && fm.sidebar_label === undefined)
    out.sidebar_label = fmTitle;

  for (const key of Object.keys(fm)) {
    const line = split.keyLines[key] ?? 1;
    if (CONSUMED.has(key) && (isPost || !POST_ONLY_KEYS.has(key))) continue;
    if (key === 'title' || key === 'description') continue;
    const value = fm[key];
    if (!(TARGET_KEYS as readonly string[]).includes(key) || (!isPost && POST_ONLY_KEYS.has(key))) {
      leftOut(
        line,
        1,
        key === 'hide_title'
          ? 'front matter "hide_title" left out: a page here always shows its title, once; any other # heading became a ## section'
          : `front matter "${key}" left out: ${isPost ? 'posts' : 'docs pages'} here have no such key`,
        'front-matter',
      );
      continue;
    }
    if (key === 'image') {
      const image =
        typeof value === 'string'
          ? rewriteUrl({ map, page, locale, rel: file.rel, copies: scope.copies }, value, 'image')
          : undefined;
      if (!image || image.problem)
        leftOut(
          line,
          1,
          `front matter image ${JSON.stringify(value)} left out: it must be a file in static/`,
          'front-matter',
        );
      else out.image = image.url ?? value;
    } else if (key === 'keywords')
      out.keywords = Array.isArray(value)
        ? value.map(String)
        : String(value)
            .split(',')
            .map((s) => s.trim());
    else if (key === 'sidebar_position' && typeof value === 'string' && Number.isFinite(Number(value)))
      out.sidebar_position = Number(value);
    else out[key] = value;
  }
  // A name the engine would read a number prefix in (`2016-in-review`, a post's name once its date
  // is gone) keeps it as the page's slug.
  const name = page.place.target.slice(page.place.target.lastIndexOf('/') + 1);
  if (!scope.partial && name !== 'index' && withoutNumberPrefixes(name) !== name && /^[a-z0-9][a-z0-9-]*$/.test(name))
    out.slug = name;
  if (out.sidebar_position === undefined && page.place.number !== undefined && !isPost)
    out.sidebar_position = page.place.number;
  // A hand-written sidebar decides the order, as it did in Docusaurus.
  if (page.sidebar && !isPost) {
    out.sidebar_position = page.sidebar.position;
    if (page.sidebar.label && locale === map.defaultLocale) out.sidebar_label = page.sidebar.label;
  }

  let tags: string[] | undefined;
  if (isPost && !scope.partial) {
    const rawDate = typeof fm.date === 'string' ? fm.date : fm.date instanceof Date ? fm.date.toISOString() : undefined;
    const date = rawDate?.slice(0, 10) ?? page.place.date;
    if (date) out.date = date;
    else leftOut(1, 1, 'the post has no date in its front matter or file name; add date: YYYY-MM-DD', 'date');
    if (rawDate && rawDate.length > 10)
      leftOut(split.keyLines.date ?? 1, 1, `time of day of ${rawDate} left out: posts here have a date only`, 'date');
    out.authors = scope.authors.resolve(fm, locale, file.rel, split.keyLines.authors ?? split.keyLines.author ?? 1);
    if (!(out.authors as string[]).length)
      leftOut(1, 1, 'the post names no author; add one to content/authors.yml and to the post', 'author');
    tags = scope.tags.resolve(fm.tags, locale, scope.originalTags);
    out.tags = tags;
  }

  const converted = convertBody(tree, {
    dropTitle: Boolean(tree.title) && !scope.partial,
    jsx: scope.jsx,
    remarkPlugins: page.source.instance.remarkPlugins,
    rewriteUrl: (url, kind) => rewriteUrl({ map, page, locale, rel: file.rel, copies: scope.copies }, url, kind),
  });
  const frontMatter = scope.partial ? '' : writeFrontMatter(out);
  // One blank line between front matter and body, whatever was removed from the top.
  const trimmed = converted.body.replace(/^\n*/, '');
  const text = scope.partial ? trimmed : `${frontMatter}\n${trimmed}`;
  const leading = converted.body.length - trimmed.length - (scope.partial ? 0 : 1);
  const written = targetFile(page, locale);
  for (const item of converted.items) {
    if (item.kept) {
      const at = positionAt(text, frontMatter.length + Math.max(0, mapOffset(converted.edits, item.offset) - leading));
      items.push({ file: written, ...at, message: item.message, rule: item.rule, written: true });
    } else {
      const at = positionAt(file.raw, split.bodyStart + item.offset);
      leftOut(at.line, at.column, item.message, item.rule);
    }
  }
  return { file: written, text, tags, items };
}
