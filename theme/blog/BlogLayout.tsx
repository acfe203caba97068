// Frame of every blog-style page: the year-grouped sidebar of posts beside the main column.
import type { ReactNode } from 'react';
import type { Page } from '../../generator/types.ts';
import { useTheme } from '../context.ts';
import { Sidebar } from '../docs/Sidebar.tsx';
import { Banners } from '../layout/Banners.tsx';

export function BlogLayout({ page, sidebar, children, aside }: { page: Page; sidebar: string; children: ReactNode; aside?: ReactNode }) {
  const { t, graph } = useTheme();
  const feed = graph.feeds.find((f) => f.locale === page.locale && f.section === page.section);
  const base = feed ? feed.rss.replace(/rss\.xml$/, '') : undefined;
  return (
    <div className="docs-layout blog-layout">
      <aside className="docs-sidebar">
        <Sidebar id={sidebar} title={t.blog.recentPosts} />
        {base && (
          <ul className="blog-links">
            <li>
              <a href={`${base}archive/`}>{t.blog.archive}</a>
            </li>
            <li>
              <a href={`${base}tags/`}>{t.blog.tags}</a>
            </li>
            <li>
              <a href={`${base}authors/`}>{t.blog.authors}</a>
            </li>
            <li>
              <a href={feed!.rss}>{t.blog.rss}</a>
            </li>
            <li>
              <a href={feed!.atom}>{t.blog.atom}</a>
            </li>
          </ul>
        )}
      </aside>
      <main id="main" className="docs-main" tabIndex={-1}>
        <Banners page={page} />
        {children}
      </main>
      {aside && <aside className="docs-toc">{aside}</aside>}
    </div>
  );
}
