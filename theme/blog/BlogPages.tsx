// The pages of blog-style sections: post, list (also of a tag or an author), archive, tags, authors.

import { format } from '../../common/format-message.ts';
import { getOrAdd } from '../../common/get-or-add.ts';
import { localePrefix } from '../../common/locale-prefix.ts';
import type {
  ArchivePage,
  AuthorsPage,
  Page,
  PostListPage,
  PostPage,
  SiteGraph,
  TagsPage,
} from '../../generator/types.ts';
import { useHref, useTheme } from '../context.ts';
import { Paginator } from '../docs/Paginator.tsx';
import { hasWideTable, scrollableTables } from '../docs/scrollable-tables.ts';
import { Toc } from '../docs/Toc.tsx';
import { formatDate } from '../format.ts';
import { Avatar } from './Avatar.tsx';
import { BlogLayout } from './BlogLayout.tsx';
import { PostMeta, PostTags } from './PostMeta.tsx';

function sectionLabel(graph: SiteGraph, page: Page): string {
  return graph.sectionTitles[`${page.locale}:${page.section}`] ?? page.section ?? '';
}

export function Post({ page }: { page: PostPage }) {
  const { bodyOf, graph, t } = useTheme();
  const body = bodyOf(page.doc);
  const toc = page.toc.length > 0 && (hasWideTable(body) ? 'folded' : true);
  return (
    <BlogLayout page={page} sidebar={page.sidebar} toc={toc}>
      <article className="post">
        <header className="post-header">
          <p className="eyebrow">{sectionLabel(graph, page)}</p>
          <h1>{page.title}</h1>
          {page.description && <p className="lead">{page.description}</p>}
          <PostMeta post={page} />
        </header>
        <Toc items={page.toc} />
        <div className="markdown" dangerouslySetInnerHTML={{ __html: scrollableTables(body, t.docs.table) }} />
        {page.tags.length > 0 && (
          <footer className="post-footer">
            <PostTags post={page} />
          </footer>
        )}
      </article>
      <Paginator
        previous={page.newer}
        next={page.older}
        labels={[t.blog.newerPost, t.blog.olderPost]}
        ariaLabel={t.blog.postNavigation}
      />
    </BlogLayout>
  );
}

export function PostList({ page }: { page: PostListPage }) {
  const { graph, t, excerptOf, config } = useTheme();
  const href = useHref();
  const author = page.author ? graph.authors[page.author] : undefined;
  const base = page.base.replace(/(tags|authors)\/[^/]+\/$/, '');
  return (
    <BlogLayout page={page} sidebar={page.sidebar}>
      <header className="list-header">
        <p className="eyebrow">{sectionLabel(graph, page)}</p>
        {author ? (
          <div className="author-card">
            <Avatar name={author.name} size="large" />
            <div>
              <h1>{page.title}</h1>
              <p className="author-title">{author.title[page.locale]}</p>
              <p>{author.bio[page.locale]}</p>
              {author.page && (
                <a
                  href={
                    author.page.startsWith('/')
                      ? href(`${localePrefix(config, page.locale)}${author.page}`)
                      : author.page
                  }
                >
                  {author.name}
                </a>
              )}
            </div>
          </div>
        ) : (
          <>
            <h1>{page.title}</h1>
            {page.description && <p className="lead">{page.description}</p>}
          </>
        )}
        {page.tag && (
          <p>
            <a href={href(`${base}tags/`)}>{t.blog.allTags}</a>
          </p>
        )}
      </header>
      <div className="post-list">
        {page.posts.map((route) => {
          const post = graph.pages[route] as PostPage;
          return (
            <article key={route} className="post-summary">
              <h2>
                <a href={href(route)}>{post.title}</a>
              </h2>
              <PostMeta post={post} withAuthors={false} />
              <div className="markdown post-excerpt" dangerouslySetInnerHTML={{ __html: excerptOf(post.doc) }} />
              <p className="post-summary-foot">
                <span className="post-summary-authors">
                  {post.authors.map((id) => graph.authors[id]?.name ?? id).join(', ')}
                </span>
                <a href={href(route)} className="read-more" aria-label={`${t.blog.readMore}: ${post.title}`}>
                  {`${t.blog.readMore} →`}
                </a>
              </p>
            </article>
          );
        })}
      </div>
      {page.pageCount > 1 && (
        <nav className="paginator-pages" aria-label={t.blog.listNavigation}>
          {page.page > 1 ? (
            <a
              rel="prev"
              href={href(page.page === 2 ? page.base : `${page.base}page/${page.page - 1}/`)}
            >{`« ${t.blog.newer}`}</a>
          ) : (
            <span />
          )}
          <span>{format(t.blog.pageOf, { page: page.page, count: page.pageCount })}</span>
          {page.page < page.pageCount ? (
            <a rel="next" href={href(`${page.base}page/${page.page + 1}/`)}>{`${t.blog.older} »`}</a>
          ) : (
            <span />
          )}
        </nav>
      )}
    </BlogLayout>
  );
}

export function Archive({ page }: { page: ArchivePage }) {
  const { graph, t } = useTheme();
  const href = useHref();
  const years = new Map<string, PostPage[]>();
  for (const route of page.posts) {
    const post = graph.pages[route] as PostPage;
    const year = post.date.slice(0, 4);
    getOrAdd(years, year, () => []).push(post);
  }
  return (
    <BlogLayout page={page} sidebar={page.sidebar}>
      <header className="list-header">
        <p className="eyebrow">{sectionLabel(graph, page)}</p>
        <h1>{t.blog.archive}</h1>
        <p className="lead">{page.description}</p>
      </header>
      {[...years].map(([year, posts]) => (
        <section key={year} className="archive-year" aria-labelledby={`year-${year}`}>
          <h2 id={`year-${year}`}>{year}</h2>
          <ul className="archive-list">
            {posts.map((post) => (
              <li key={post.route}>
                <time dateTime={post.date}>{formatDate(post.date, t.dates.locale)}</time>
                <a href={href(post.route)}>{post.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </BlogLayout>
  );
}

export function Tags({ page }: { page: TagsPage }) {
  const { graph, t } = useTheme();
  const href = useHref();
  return (
    <BlogLayout page={page} sidebar={page.sidebar}>
      <header className="list-header">
        <p className="eyebrow">{sectionLabel(graph, page)}</p>
        <h1>{t.blog.tags}</h1>
      </header>
      <ul className="tag-list tag-list-large">
        {page.tags.map((tag) => (
          <li key={tag.id}>
            <a className="tag" href={href(tag.route)}>
              {graph.tags[tag.id].label[page.locale]} <span className="count">{tag.count}</span>
            </a>
          </li>
        ))}
      </ul>
    </BlogLayout>
  );
}

export function Authors({ page }: { page: AuthorsPage }) {
  const { graph, t } = useTheme();
  const href = useHref();
  return (
    <BlogLayout page={page} sidebar={page.sidebar}>
      <header className="list-header">
        <p className="eyebrow">{sectionLabel(graph, page)}</p>
        <h1>{t.blog.authors}</h1>
      </header>
      <ul className="author-list">
        {page.authors.map((entry) => {
          const author = graph.authors[entry.id];
          return (
            <li key={entry.id} className="card author-entry">
              <Avatar name={author.name} size="large" />
              <div>
                <a href={href(entry.route)}>{author.name}</a>
                <p className="author-title">{author.title[page.locale]}</p>
                <p>{author.bio[page.locale]}</p>
                <p className="count">
                  {entry.count === 1 ? t.blog.postCountOne : format(t.blog.postCount, { count: entry.count })}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </BlogLayout>
  );
}
