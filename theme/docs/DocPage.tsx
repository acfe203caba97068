// A docs page, or the generated index page of a folder.
import type { CategoryPage, DocPage as DocPageNode } from '../../generator/types.ts';
import { useTheme, useTitleOf } from '../context.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Paginator } from './Paginator.tsx';
import { Sidebar } from './Sidebar.tsx';
import { Toc } from './Toc.tsx';
import { Banners } from '../layout/Banners.tsx';

export function DocPage({ page }: { page: DocPageNode | CategoryPage }) {
  const { t, bodyOf, graph } = useTheme();
  const titleOf = useTitleOf();
  const version = graph.versions[`${page.locale}:${page.section}`]?.[0];
  return (
    <div className={page.sidebar ? 'docs-layout' : 'docs-layout docs-layout-wide'}>
      {page.sidebar && (
        <aside className="docs-sidebar">
          {version && (
            <p className="docs-version" data-section={page.section}>
              {t.docs.version}: <span>{version.label}</span>
            </p>
          )}
          <Sidebar id={page.sidebar} />
        </aside>
      )}
      <main id="main" className="docs-main" tabIndex={-1}>
        <Banners page={page} />
        {page.breadcrumbs.length > 0 && <Breadcrumbs items={page.breadcrumbs} current={page.kind === 'doc' ? titleOf(page.route) : page.title} />}
        <article className="markdown">
          <h1>{page.title}</h1>
          {page.kind === 'doc' ? (
            <div dangerouslySetInnerHTML={{ __html: bodyOf(page.doc) }} />
          ) : (
            <>
              {page.description && <p className="lead">{page.description}</p>}
              <ul className="card-list" aria-label={t.docs.categoryItems}>
                {page.items.map((route) => (
                  <li key={route} className="card">
                    <a href={route}>{titleOf(route)}</a>
                    <p>{graph.pages[route]?.description}</p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </article>
        <Paginator previous={page.previous} next={page.next} labels={[t.docs.previous, t.docs.next]} ariaLabel={t.docs.pagination} />
      </main>
      {page.kind === 'doc' && page.toc.length > 0 && (
        <aside className="docs-toc">
          <Toc items={page.toc} />
        </aside>
      )}
    </div>
  );
}
