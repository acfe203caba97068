// How source paths become routes, and back. One place, so that links, sidebars, translations
// and the URL rules of the server agree. Plain functions of the config's locales: the generator,
// the server and the theme share them.
import { localePrefix } from './locale-prefix.ts';

/** Route of a page, always with a leading and a trailing slash: `/en/services/`. */
type Route = string;

/** The part of the site config the routes depend on. */
export interface RouteConfig {
  locales: Record<string, { path: string }>;
  defaultLocale: string;
}

/** `services/databases/index` -> `/services/databases/`; `index` -> `/`. A `slug` replaces the last
 * segment. The route inside the locale, without its prefix. */
export function routeInLocale(path: string, slug?: string): Route {
  const segments = path.split('/');
  if (segments[segments.length - 1] === 'index') segments.pop();
  if (slug && segments.length) segments[segments.length - 1] = slug;
  return joinRoute('', segments.join('/'));
}

/** The route of a document, with its locale's prefix. */
export function routeOf(
  config: Pick<RouteConfig, 'locales'>,
  doc: { locale: string; path: string; frontMatter?: { slug?: string } },
): Route {
  return joinRoute(localePrefix(config, doc.locale), routeInLocale(doc.path, doc.frontMatter?.slug));
}

export function joinRoute(prefix: string, path: string): Route {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return `${prefix}/${clean ? `${clean}/` : ''}`;
}

/** The route without its locale prefix: the key that pairs translations. */
export function keyOf(config: RouteConfig, route: Route): string {
  const locale = localeOfRoute(config, route);
  const prefix = localePrefix(config, locale);
  return route.slice(prefix.length) || '/';
}

export function localeOfRoute(config: RouteConfig, route: string): string {
  for (const [id, locale] of Object.entries(config.locales)) {
    if (locale.path && (route === `/${locale.path}` || route.startsWith(`/${locale.path}/`))) return id;
  }
  return config.defaultLocale;
}

/** Where a locale's not-found page is served from: `/en/404/` -> `/en/404.html`. */
export function notFoundPathOf(route: Route): string {
  return `${route.slice(0, -1)}.html`;
}

/** Output file of a route: `/en/blog/` -> `en/blog/index.html`. */
export function fileOf(route: Route): string {
  return `${route.slice(1)}index.html`;
}
