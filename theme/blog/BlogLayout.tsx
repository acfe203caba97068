// Frame of every blog-style page: the year-grouped sidebar of posts beside the main column.
import type { ReactNode } from 'react';
import type { Page } from '../../generator/types.ts';
import { useHref, useTheme } from '../context.ts';
import { Sidebar } from '../docs/Sidebar.tsx';
import { SidebarFrame } from '../docs/SidebarFrame.tsx';
import { Icon, type IconName } from '../icons/Icon.tsx';
import { Banners } from '../layout/Banners.tsx';

export function BlogLayout({
  page,
  sidebar,
  children,
  toc = false,
}: {
  page: Page;
  sidebar: string;
  children: ReactNode;
  /** Whether the page has a table of contents, for which it keeps a side column on a wide screen;
   * 'folded' keeps it folded above the text, the column's room left to a wide table. */
  toc?: boolean | 'folded';
}) {
  const { t, graph } = useTheme();
  const served = useHref();
  const feed = graph.feeds.find((f) => f.locale === page.locale && f.section === page.section);
  const base = feed ? feed.rss.replace(/rss\.xml$/, '') : undefined;
  const links: [string, string, IconName][] =
    feed && base
      ? [
          [`${base}archive/`, t.blog.archive, 'clock'],
          [`${base}tags/`, t.blog.tags, 'tag'],
          [`${base}authors/`, t.blog.authors, 'people'],
          [feed.rss, t.blog.rss, 'rss'],
          [feed.atom, t.blog.atom, 'rss'],
        ]
      : [];
  return (
    <div
      className={
        toc === true
          ? 'docs-layout blog-layout'
          : `docs-layout docs-layout-notoc${toc ? ' docs-layout-foldedtoc' : ''} blog-layout`
      }
    >
      <SidebarFrame>
        <Sidebar id={sidebar} title={t.blog.recentPosts} />
        {links.length > 0 && (
          <ul className="blog-links" aria-label={t.blog.sectionLinks}>
            {links.map(([href, label, icon]) => (
              <li key={href}>
                <a href={served(href)} aria-current={href === page.route ? 'page' : undefined}>
                  <Icon name={icon} size={16} />
                  {label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </SidebarFrame>
      <main id="main" className="docs-main" tabIndex={-1}>
        <Banners page={page} />
        {children}
      </main>
      {/* The side column the client moves the table of contents into on a wide screen (docs/Toc.tsx). */}
      {toc === true && <div className="docs-toc" />}
    </div>
  );
}
