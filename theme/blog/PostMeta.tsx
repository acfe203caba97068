// Date, reading time, authors and tags of a post.
import type { PostPage } from '../../generator/types.ts';
import { useTheme } from '../context.ts';
import { format } from '../../i18n/index.ts';
import { formatDate } from '../format.ts';

export function PostMeta({ post, withTags = true }: { post: PostPage; withTags?: boolean }) {
  const { graph, t } = useTheme();
  const base = post.route.slice(0, post.route.indexOf(`/${post.section}/`) + post.section!.length + 2);
  return (
    <div className="post-meta">
      <p>
        <time dateTime={post.date}>{formatDate(post.date, t.dates.locale)}</time>
        {` · ${format(t.blog.readingTime, { minutes: post.readingMinutes })}`}
        {post.authors.length > 0 && (
          <>
            {' · '}
            {post.authors.map((id, i) => (
              <span key={id}>
                {i > 0 && ', '}
                <a href={`${base}authors/${id}/`}>{graph.authors[id]?.name ?? id}</a>
              </span>
            ))}
          </>
        )}
      </p>
      {withTags && post.tags.length > 0 && (
        <ul className="tag-list" aria-label={t.blog.tags}>
          {post.tags.map((id) => (
            <li key={id}>
              <a className="tag" href={`${base}tags/${id}/`}>
                {graph.tags[id]?.label[post.locale] ?? id}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
