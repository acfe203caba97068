// A docs page, or the generated index page of a folder. FAQ-like sections have no sidebar.
import type { CategoryPage, DocPage as DocPageNode } from '../../generator/types.ts';
import { useHref, useTheme, useTitleOf } from '../context.ts';
import { Banners } from '../layout/Banners.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { PageListing } from './PageListing.tsx';
import { Paginator } from './Paginator.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SidebarFrame } from './SidebarFrame.tsx';
import { hasWideTable, scrollableTables } from './scrollable-tables.ts';
import { Toc } from './Toc.tsx';
import { VersionDropdown } from './VersionDropdown.tsx';

export function DocPage({ page }: { page: DocPageNode | CategoryPage }) {
  const { t, bodyOf, graph, config } = useTheme();
  const href = useHref();
  const section = config.sections.find((s) => s.id === page.section);
  // Only where there is a version to choose, or the section is marked as versioned product docs:
  // a contract or a glossary does not read as "version 1.19" of itself.
  const versions = graph.versions[`${page.locale}:${page.section}`] ?? [];
  const versioned = section?.kind === 'docs' && (section.versionMenu ?? versions.length > 1);
  const titleOf = useTitleOf();
  const toc = page.kind === 'doc' ? page.toc : [];
  const body = page.kind === 'doc' ? bodyOf(page.doc) : '';
  // A wide table takes the side column's room: the table of contents stays folded above the text.
  const folded = toc.length > 0 && hasWideTable(body);
  const layout = [
    'docs-layout',
    !page.sidebar && 'docs-layout-nosidebar',
    (toc.length === 0 || folded) && 'docs-layout-notoc',
    folded && 'docs-layout-foldedtoc',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={layout}>
      {page.sidebar && (
        <SidebarFrame>
          {page.section && versioned && <VersionDropdown section={page.section} current={page.version} />}
          <Sidebar id={page.sidebar} />
        </SidebarFrame>
      )}
      <main id="main" className="docs-main" tabIndex={-1}>
        <Banners page={page} />
        {page.section && <Breadcrumbs items={page.breadcrumbs} current={titleOf(page.route)} />}
        <Toc items={toc} />
        <article className="markdown">
          <h1>{page.title}</h1>
          {page.kind === 'doc' ? (
            <>
              <div dangerouslySetInnerHTML={{ __html: scrollableTables(body, t.docs.table) }} />
              {page.listing && <PageListing groups={page.listing} />}
            </>
          ) : (
            <>
              {page.description && <p className="lead">{page.description}</p>}
              <ul className="card-list" aria-label={t.docs.categoryItems}>
                {page.items.map((route) => (
                  <li key={route} className="card">
                    <a href={href(route)}>{titleOf(route)}</a>
                    <p>{graph.pages[route]?.description}</p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </article>
        <Paginator
          previous={page.previous}
          next={page.next}
          labels={[t.docs.previous, t.docs.next]}
          ariaLabel={t.docs.pagination}
        />
      </main>
      {/* The side column the client moves the table of contents into on a wide screen. */}
      {toc.length > 0 && !folded && <div className="docs-toc" />}
    </div>
  );
}
