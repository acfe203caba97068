// The index page of a section marked `landing` in config (the company page, the services
// overview): a header with the page's title and description, then its `##` sections laid out by
// their shape as on the home page (theme/home/sections.ts). No sidebar, no table of contents.
import type { DocPage } from '../../generator/types.ts';
import { useTheme, useTitleOf } from '../context.ts';
import { Breadcrumbs } from '../docs/Breadcrumbs.tsx';
import { HomeSection } from '../home/HomeSection.tsx';
import { layOut } from '../home/sections.ts';
import { Banners } from '../layout/Banners.tsx';

export function LandingPage({ page }: { page: DocPage }) {
  const { sectionsOf } = useTheme();
  const titleOf = useTitleOf();
  const sections = layOut(sectionsOf(page.doc));
  return (
    <main id="main" className="home landing" tabIndex={-1}>
      <header className="landing-hero">
        <div className="home-inner">
          <Banners page={page} />
          <Breadcrumbs items={page.breadcrumbs} current={titleOf(page.route)} />
          <h1>{page.title}</h1>
          <p className="lead">{page.description}</p>
        </div>
      </header>
      {sections.map((section, i) => (
        <HomeSection key={i} section={section} />
      ))}
    </main>
  );
}

/** Whether a page is the landing page of its section. */
export function isLanding(
  page: { kind: string; route: string; section?: string },
  sections: { id: string; kind: string; landing?: boolean }[],
  prefix: string,
): boolean {
  const section = sections.find((s) => s.id === page.section);
  return (
    page.kind === 'doc' &&
    !!section &&
    section.kind === 'docs' &&
    !!section.landing &&
    page.route === `${prefix}/${section.id}/`
  );
}
