// Date, reading time and authors of a post; its tags, where the page wants them.

import { format } from '../../common/format-message.ts';
import type { PostPage } from '../../generator/types.ts';
import { useHref, useTheme } from '../context.ts';
import { formatDate } from '../format.ts';
import { Icon } from '../icons/Icon.tsx';
import { Avatar } from './Avatar.tsx';

export function sectionBase(post: PostPage): string {
  return post.route.slice(0, post.route.indexOf(`/${post.section}/`) + post.section!.length + 2);
}

export function PostMeta({ post, withAuthors = true }: { post: PostPage; withAuthors?: boolean }) {
  const { graph, t } = useTheme();
  const href = useHref();
  const base = sectionBase(post);
  return (
    <div className="post-meta">
      <p className="post-meta-line">
        <time dateTime={post.date}>{formatDate(post.date, t.dates.locale)}</time>
        <span aria-hidden="true">·</span>
        <span className="reading-time">
          <Icon name="clock" size={15} />
          {format(t.blog.readingTime, { minutes: post.readingMinutes })}
        </span>
      </p>
      {withAuthors && post.authors.length > 0 && (
        <ul className="post-authors" aria-label={t.blog.authors}>
          {post.authors.map((id) => {
            const author = graph.authors[id];
            return (
              <li key={id}>
                <Avatar name={author?.name ?? id} />
                <span>
                  <a href={href(`${base}authors/${id}/`)}>{author?.name ?? id}</a>
                  {author && <span className="post-author-title">{author.title[post.locale]}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function PostTags({ post }: { post: PostPage }) {
  const { graph, t } = useTheme();
  const href = useHref();
  if (post.tags.length === 0) return null;
  const base = sectionBase(post);
  return (
    <ul className="tag-list" aria-label={t.blog.tags}>
      {post.tags.map((id) => (
        <li key={id}>
          <a className="tag" href={href(`${base}tags/${id}/`)}>
            {graph.tags[id]?.label[post.locale] ?? id}
          </a>
        </li>
      ))}
    </ul>
  );
}
