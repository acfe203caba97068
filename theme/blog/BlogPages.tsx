// The pages of blog-style sections: post, list, archive, tags, authors.
import type { ArchivePage, AuthorsPage, PostListPage, PostPage, TagsPage } from '../../generator/types.ts';
import { useTheme } from '../context.ts';
import { format } from '../../i18n/index.ts';
import { localePrefix } from '../../generator/config.ts';
import { BlogLayout } from './BlogLayout.tsx';
import { PostMeta } from './PostMeta.tsx';
import { Toc } from '../docs/Toc.tsx';
import { Paginator } from '../docs/Paginator.tsx';

export function Post({ page }: { page: PostPage }) {
  const { bodyOf, t } = useTheme();
  return (
    <BlogLayout page={page} sidebar={page.sidebar} aside={<Toc items={page.toc} />}>
      <article className="markdown post">
        <h1>{page.title}</h1>
        <PostMeta post={page} />
        <div dangerouslySetInnerHTML={{ __html: bodyOf(page.doc) }} />
      </article>
      <Paginator previous={page.newer} next={page.older} labels={[t.blog.newerPost, t.blog.olderPost]} ariaLabel={t.blog.postNavigation} />
    </BlogLayout>
  );
}

export function PostList({ page }: { page: PostListPage }) {
  const { graph, t, excerptOf, config } = useTheme();
  const author = page.author ? graph.authors[page.author] : undefined;
  return (
    <BlogLayout page={page} sidebar={page.sidebar}>
      <h1>{page.title}</h1>
      {page.description && <p className="lead">{page.description}</p>}
      {author && (
        <p>
          {author.title[page.locale]}
          {author.page && (
            <>
              {' · '}
              <a href={author.page.startsWith('/') ? `${localePrefix(config, page.locale)}${author.page}` : author.page}>{author.name}</a>
            </>
          )}
        </p>
      )}
      <div className="post-list">
        {page.posts.map((route) => {
          const post = graph.pages[route] as PostPage;
          return (
            <article key={route} className="post-summary">
              <h2>
                <a href={route}>{post.title}</a>
              </h2>
              <PostMeta post={post} />
              <div className="markdown" dangerouslySetInnerHTML={{ __html: excerptOf(post.doc) }} />
              <p>
                <a href={route} aria-label={`${t.blog.readMore}: ${post.title}`}>
                  {`${t.blog.readMore} →`}
                </a>
              </p>
            </article>
          );
        })}
      </div>
      {page.pageCount > 1 && (
        <nav className="paginator" aria-label={t.blog.listNavigation}>
          {page.page > 1 ? <a href={page.page === 2 ? page.base : `${page.base}page/${page.page - 1}/`}>{`« ${t.blog.newer}`}</a> : <span />}
          <span>{format(t.blog.pageOf, { page: page.page, count: page.pageCount })}</span>
          {page.page < page.pageCount ? <a href={`${page.base}page/${page.page + 1}/`}>{`${t.blog.older} »`}</a> : <span />}
        </nav>
      )}
    </BlogLayout>
  );
}

export function Archive({ page }: { page: ArchivePage }) {
  const { graph, t } = useTheme();
  const years = new Map<string, PostPage[]>();
  for (const route of page.posts) {
    const post = graph.pages[route] as PostPage;
    const year = post.date.slice(0, 4);
    if (!years.has(year)) years.set(year, []);
    years.get(year)!.push(post);
  }
  return (
    <BlogLayout page={page} sidebar={page.sidebar}>
      <h1>{t.blog.archive}</h1>
      <p className="lead">{page.description}</p>
      {[...years].map(([year, posts]) => (
        <section key={year}>
          <h2 id={`year-${year}`}>{year}</h2>
          <ul>
            {posts.map((post) => (
              <li key={post.route}>
                <time dateTime={post.date}>{post.date}</time> <a href={post.route}>{post.title}</a>
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
  return (
    <BlogLayout page={page} sidebar={page.sidebar}>
      <h1>{t.blog.tags}</h1>
      <ul className="tag-list tag-list-large">
        {page.tags.map((tag) => (
          <li key={tag.id}>
            <a className="tag" href={tag.route}>
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
  return (
    <BlogLayout page={page} sidebar={page.sidebar}>
      <h1>{t.blog.authors}</h1>
      <ul className="card-list">
        {page.authors.map((entry) => {
          const author = graph.authors[entry.id];
          return (
            <li key={entry.id} className="card">
              <a href={entry.route}>{author.name}</a>
              <p>{author.title[page.locale]}</p>
              <p>{author.bio[page.locale]}</p>
              <p className="count">{entry.count === 1 ? t.blog.postCountOne : format(t.blog.postCount, { count: entry.count })}</p>
            </li>
          );
        })}
      </ul>
    </BlogLayout>
  );
}
