// The pages an index.md with `list_pages: true` lists after its body (generator/graph/sidebar.ts): each
// group under its heading, laid out like the body's own `##` sections, so a new page of the folder
// appears here without anyone editing the index.
import type { PageListGroup } from '../../generator/types.ts';
import { useHref, useTheme } from '../context.ts';

export function PageListing({ groups }: { groups: PageListGroup[] }) {
  const { graph, t } = useTheme();
  const href = useHref();
  return (
    <>
      {groups.map((group) => (
        <section key={group.heading?.id ?? ''} className="page-listing" aria-labelledby={group.heading?.id}>
          {group.heading && (
            <h2 id={group.heading.id}>
              {group.heading.text}
              <a className="hash-link" aria-label={t.docs.anchor} href={`#${group.heading.id}`}>
                #
              </a>
            </h2>
          )}
          {group.description && <p>{group.description}</p>}
          <ul>
            {group.items.map((route) => (
              <li key={route}>
                <a href={href(route)}>{graph.pages[route]?.title}</a>
                {graph.pages[route]?.description ? ` – ${graph.pages[route].description}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
