// Where a page's social image is: the generator draws it there (generator/images/social-images.ts), the
// page's head names it.
import { localePrefix } from './locale-prefix.ts';

export const SOCIAL_IMAGE_FILE = 'social.jpg';
const RASTER = /\.(png|jpe?g|webp|gif)$/i;

/** Public path of a page's social image: its own `image` when social networks can show it (no
 * SVG), else its generated card. The not-found pages claim no address of their own and show their
 * locale's home card. */
export function socialImageOf(
  config: { locales: Record<string, { path: string }> },
  page: { image?: string; kind: string; locale: string; route: string },
): string {
  if (page.image && RASTER.test(page.image)) return page.image;
  const route = page.kind === 'not-found' ? `${localePrefix(config, page.locale)}/` : page.route;
  return `${route}${SOCIAL_IMAGE_FILE}`;
}
