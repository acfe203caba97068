// The home page: a hero from the front matter and the UI strings, then the sections written in
// content/<locale>/index.md, each laid out by its shape (theme/home/sections.ts).
import type { StandalonePage } from '../../generator/types.ts';
import { useTheme } from '../context.ts';
import { CallToAction } from '../home/CallToAction.tsx';
import { HeroArt } from '../home/HeroArt.tsx';
import { HomeSection } from '../home/HomeSection.tsx';
import { layOut } from '../home/sections.ts';
import { TrustStrip } from '../home/TrustStrip.tsx';

export function HomePage({ page }: { page: StandalonePage }) {
  const { sectionsOf, t, themeConfig } = useTheme();
  const sections = page.doc ? layOut(sectionsOf(page.doc)) : [];
  return (
    <main id="main" className="home" tabIndex={-1}>
      <section className="hero" aria-labelledby="hero-title">
        <HeroArt />
        <div className="hero-inner">
          {t.home.eyebrow && <p className="eyebrow">{t.home.eyebrow}</p>}
          <h1 id="hero-title">{page.title}</h1>
          <p className="lead">{page.description}</p>
          <CallToAction />
        </div>
        {themeConfig.home.trust.length > 0 && (
          <div className="hero-trust">
            <TrustStrip />
          </div>
        )}
      </section>
      {sections.map((section, i) => (
        <HomeSection key={i} section={section} />
      ))}
    </main>
  );
}
