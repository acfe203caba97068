// The art behind the home page's hero, as the config's `design.heroArt` names it: the contour
// lines this theme draws, a picture of the site's public/, or none. Decorative only.
import { useTheme } from '../context.ts';
import { Contours } from './Contours.tsx';

export function HeroArt() {
  const { config } = useTheme();
  const art = config.design.heroArt;
  if (art === 'contours') return <Contours />;
  if (art === 'none') return null;
  return <img className="hero-art" src={art} alt="" aria-hidden="true" decoding="async" />;
}
