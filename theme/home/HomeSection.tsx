// One `##` section of the home page or a landing page, laid out by its kind (theme/home/sections.ts).

import { localePrefix } from '../../common/locale-prefix.ts';
import type { Author, SiteGraph } from '../../generator/types.ts';
import { Avatar } from '../blog/Avatar.tsx';
import { useHref, useTheme } from '../context.ts';
import { scrollableTables } from '../docs/scrollable-tables.ts';
import { CallToAction } from './CallToAction.tsx';
import type { LaidOutSection, OfferRow } from './sections.ts';

/** The picture that stands for a page (its `image`), for the card that links to it. */
function iconOf(graph: SiteGraph, links: string[]): string | undefined {
  for (const href of links) {
    const image = graph.pages[href]?.image;
    if (image) return image;
  }
  return undefined;
}

/** A table whose first column names people of content/authors.yml (linked to their pages). */
function peopleOf(
  graph: SiteGraph,
  locale: string,
  prefix: string,
  offers: OfferRow[],
): { author: Author; role: string; focus: string }[] | undefined {
  const people = offers.map((row) => {
    const href = row.links[0];
    const author = Object.values(graph.authors).find((a) => a.page && `${prefix}${a.page}` === href);
    return author ? { author, role: row.text, focus: row.price } : undefined;
  });
  return people.every(Boolean) ? (people as { author: Author; role: string; focus: string }[]) : undefined;
}

/** A table's header cell on a card made of one of its rows, so that the card says which column
 * each value is in. The colon is for screen readers, which read label and value as one line. A
 * header is read but not shown where the card's shape says it already: the title stands for the
 * name column, and a team card's role and focus need no label to be seen as such. */
function ColumnName({ html, hidden }: { html: string; hidden?: boolean }) {
  return (
    <span className={hidden ? 'visually-hidden' : 'offer-label'}>
      <span dangerouslySetInnerHTML={{ __html: html }} />
      <span className="visually-hidden">: </span>
    </span>
  );
}

function Html({ html, className }: { html: string; className?: string }) {
  if (!html.trim()) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function HomeSection({ section }: { section: LaidOutSection }) {
  const { t, graph, page, config } = useTheme();
  const href = useHref();
  const prefix = localePrefix(config, page.locale);
  const className = `home-section is-${section.kind}`;
  const labelled = section.headingId ? { 'aria-labelledby': section.headingId } : {};
  if (section.kind === 'intro') {
    return (
      <section className={className} aria-label={t.home.introLabel}>
        <div className="home-inner">
          <Html className="markdown" html={section.html} />
        </div>
      </section>
    );
  }
  if (section.kind === 'offers') {
    const { before, rows: offers, head, after } = section;
    const people = peopleOf(graph, page.locale, prefix, offers);
    if (people) {
      return (
        <section className={`${className} is-team`} {...labelled}>
          <div className="home-inner">
            <Html className="markdown home-head" html={before} />
            <ul className="team-cards">
              {people.map(({ author, role, focus }) => (
                <li key={author.id} className="team-card">
                  <Avatar name={author.name} size="large" />
                  <h3>
                    {head.name && <ColumnName html={head.name} hidden />}
                    <a href={href(`${prefix}${author.page}`)}>{author.name}</a>
                  </h3>
                  <p className="team-role">
                    {head.text && <ColumnName html={head.text} hidden />}
                    <span dangerouslySetInnerHTML={{ __html: role }} />
                  </p>
                  <p>{author.bio[page.locale]}</p>
                  <p className="team-focus">
                    {head.price && <ColumnName html={head.price} hidden />}
                    <span dangerouslySetInnerHTML={{ __html: focus }} />
                  </p>
                </li>
              ))}
            </ul>
            <Html className="markdown" html={after} />
          </div>
        </section>
      );
    }
    return (
      <section className={className} {...labelled}>
        <div className="home-inner">
          <Html className="markdown home-head" html={before} />
          <ul className="offer-cards">
            {offers.map((offer, i) => (
              <li key={i} className="offer-card">
                <h3>
                  {head.name && <ColumnName html={head.name} hidden />}
                  <span dangerouslySetInnerHTML={{ __html: offer.name }} />
                </h3>
                <p>
                  {head.text && <ColumnName html={head.text} />}
                  <span dangerouslySetInnerHTML={{ __html: offer.text }} />
                </p>
                <p className="offer-price">
                  {head.price ? (
                    <ColumnName html={head.price} />
                  ) : (
                    <span className="visually-hidden">{`${t.home.price}: `}</span>
                  )}
                  <span dangerouslySetInnerHTML={{ __html: offer.price }} />
                </p>
              </li>
            ))}
          </ul>
          <Html className="markdown" html={after} />
        </div>
      </section>
    );
  }
  if (section.kind === 'columns') {
    const { lead, columns } = section;
    return (
      <section className={className} {...labelled}>
        <div className="home-inner">
          <Html className="markdown home-head" html={lead} />
          <div className="home-columns">
            {columns.map(({ html, links }, i) => {
              const icon = iconOf(graph, links);
              return (
                <div key={i} className="home-column">
                  {icon && (
                    <img
                      className="home-column-icon"
                      src={href(icon)}
                      alt=""
                      width={44}
                      height={44}
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                  <Html className="markdown" html={html} />
                </div>
              );
            })}
          </div>
        </div>
      </section>
    );
  }
  if (section.kind === 'cta') {
    return (
      <section className={className} {...labelled}>
        <div className="home-inner">
          <div className="cta-panel">
            <Html className="markdown" html={section.html} />
            <CallToAction />
          </div>
        </div>
      </section>
    );
  }
  return (
    <section className={className} {...labelled}>
      <div className="home-inner">
        <Html className="markdown" html={scrollableTables(section.html, t.docs.table)} />
      </div>
    </section>
  );
}
