// The Markdown links that lead to a route, by where they are written: what a page moved without
// its links must have updated, beside the redirect that keeps its old address working (a link
// through a redirect is itself reported, redirected-link).
import path from 'node:path/posix';
import { localePrefix } from '../../common/locale-prefix.ts';
import { localeOfRoute, type RouteConfig, routeOf } from '../../common/routes.ts';
import { withoutNumberPrefixes } from '../content/load.ts';
import type { ParsedDocument, Route, SiteGraph, SourceLink } from '../types.ts';

/** `file:line` of every Markdown link of the site to `route` (a #fragment or query aside). */
export function linksInto(config: RouteConfig, graph: SiteGraph, route: Route): string[] {
  const found: string[] = [];
  for (const doc of Object.values(graph.documents))
    for (const link of doc.links)
      if (link.kind !== 'image' && targetOf(config, doc, link) === route)
        found.push(`${link.file ?? doc.source}:${link.line}`);
  return found.sort();
}

/** The route a link leads to as validate/links.ts resolves it; undefined for files and other sites. */
function targetOf(config: RouteConfig, doc: ParsedDocument, link: SourceLink): Route | undefined {
  const pathname = link.url.split('#')[0].split('?')[0];
  if (pathname === '' || /^[a-z][a-z0-9+.-]*:/i.test(pathname) || pathname.startsWith('//')) return undefined;
  if (pathname.endsWith('.md')) {
    const rel = pathname.startsWith('/')
      ? pathname.slice(1)
      : path.join(path.dirname(doc.source.split('/').slice(2).join('/')), pathname);
    return routeOf(config, { locale: doc.locale, path: withoutNumberPrefixes(path.normalize(rel).slice(0, -3)) });
  }
  if (/\.[a-z][a-z0-9]*$/i.test(pathname.split('/').pop() ?? '')) return undefined;
  const absolute = pathname.startsWith('/') ? pathname : new URL(pathname, `https://x${routeOf(config, doc)}`).pathname;
  if (!absolute.endsWith('/')) return undefined;
  return localeOfRoute(config, absolute) !== config.defaultLocale
    ? absolute
    : `${localePrefix(config, doc.locale)}${absolute}`;
}
