// How source paths become routes, and back. One place, so that links, sidebars, translations
// and the URL rules of the server agree.
import type { SiteConfig } from './config.ts';
import { localePrefix } from './config.ts';
import type { LocaleId, ParsedDocument, Route } from './types.ts';

/** `services/databases/index` -> `/services/databases/`; `index` -> `/`. A `slug` replaces the last segment. */
export function routeOf(config: SiteConfig, doc: Pick<ParsedDocument, 'locale' | 'path'> & { frontMatter?: { slug?: string } }): Route {
  const segments = doc.path.split('/');
  if (segments[segments.length - 1] === 'index') segments.pop();
  if (doc.frontMatter?.slug && segments.length) segments[segments.length - 1] = doc.frontMatter.slug;
  return joinRoute(localePrefix(config, doc.locale), segments.join('/'));
}

export function joinRoute(prefix: string, path: string): Route {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return `${prefix}/${clean ? `${clean}/` : ''}`;
}

/** The route without its locale prefix: the key that pairs translations. */
export function keyOf(config: SiteConfig, route: Route): string {
  const locale = localeOfRoute(config, route);
  const prefix = localePrefix(config, locale);
  return route.slice(prefix.length) || '/';
}

export function localeOfRoute(config: SiteConfig, route: string): LocaleId {
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
