// The home page: a hero from the front matter, then the sections written in content/<locale>/index.md.
import type { StandalonePage } from '../../generator/types.ts';
import { useTheme } from '../context.ts';
import { localePrefix } from '../../generator/config.ts';
import { labelOf } from '../layout/labels.ts';

export function HomePage({ page }: { page: StandalonePage }) {
  const { bodyOf, t, config } = useTheme();
  const prefix = localePrefix(config, page.locale);
  const secondary = config.home.secondaryAction;
  return (
    <main id="main" className="home" tabIndex={-1}>
      <section className="hero">
        <div className="hero-inner">
          <h1>{page.title}</h1>
          <p className="lead">{page.description}</p>
          <p className="hero-actions">
            <a className="button button-primary" href={`${prefix}${config.navbar.contact}`} data-track="booking-link-click">
              {t.nav.contact}
            </a>
            {secondary && (
              <a className="button button-secondary" href={`${prefix}${secondary.to}`}>
                {labelOf(t, secondary.label)}
              </a>
            )}
          </p>
        </div>
      </section>
      {page.doc && <div className="home-body markdown" dangerouslySetInnerHTML={{ __html: bodyOf(page.doc) }} />}
    </main>
  );
}
