// One `##` section of the home page, laid out by its kind (see sections.ts).
import { useTheme } from '../context.ts';
import { aroundTable, columnsOf, offersOf, type HomeSection as Section } from './sections.ts';
import { CallToAction } from './CallToAction.tsx';

function Html({ html, className }: { html: string; className?: string }) {
  if (!html.trim()) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function HomeSection({ section }: { section: Section }) {
  const { t } = useTheme();
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
    const [before, after] = aroundTable(section.html);
    const offers = offersOf(section.html)!;
    return (
      <section className={className} {...labelled}>
        <div className="home-inner">
          <Html className="markdown home-head" html={before} />
          <ul className="offer-cards">
            {offers.map((offer, i) => (
              <li key={i} className="offer-card">
                <h3 dangerouslySetInnerHTML={{ __html: offer.name }} />
                <p dangerouslySetInnerHTML={{ __html: offer.text }} />
                <p className="offer-price">
                  <span className="visually-hidden">{`${t.home.price}: `}</span>
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
    const [lead, columns] = columnsOf(section.html);
    return (
      <section className={className} {...labelled}>
        <div className="home-inner">
          <Html className="markdown home-head" html={lead} />
          <div className="home-columns">
            {columns.map((html, i) => (
              <Html key={i} className="markdown home-column" html={html} />
            ))}
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
        <Html className="markdown" html={section.html} />
      </div>
    </section>
  );
}
