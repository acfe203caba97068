// Every URL a build serves, as `_routes.json`, and the check that none of yesterday's vanished:
// `site check --baseline <manifest or sitemap>` reports each route of the baseline that the new
// build serves neither as a page nor as a redirect (`route-removed`), with the likely successor.

import { messageOf } from '../../common/error-message.ts';
import { localeOfRoute, type RouteConfig } from '../../common/routes.ts';
import { type BaseConfig, routeOfServedPath } from '../../common/served-url.ts';
import { localePrefix } from '../config/config.ts';
import { closestKey } from '../diagnostics/closest-key.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import type { Diagnostic, Route, SiteGraph } from '../types.ts';
import { linksInto } from './links-into.ts';

export const ROUTE_MANIFEST = '_routes.json';

export interface RouteManifest {
  version: 1;
  pages: { route: Route; title: string }[];
  redirects: { from: Route; to: Route }[];
}

/** Routes without the site's baseUrl: what the site serves, wherever it is deployed. */
export function routeManifest(graph: SiteGraph): RouteManifest {
  return {
    version: 1,
    pages: Object.values(graph.pages).map((p) => ({ route: p.route, title: p.title })),
    redirects: graph.redirects.map((r) => ({ from: r.from, to: r.to })),
  };
}

/** A baseline's routes, with their titles where it has them (a manifest has, a sitemap has not). */
export type Baseline = { route: Route; title?: string }[];

/** Reads a route manifest or a sitemap.xml; the site's `url` and `baseUrl` turn a sitemap's absolute
 * URLs into routes. A manifest holds routes already: without the baseUrl, so a site that moves under
 * a subpath keeps its routes. */
export function parseBaseline(text: string, site: BaseConfig & { url: string }): Baseline | { error: string } {
  const siteUrl = site.url;
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    let manifest: Partial<RouteManifest>;
    try {
      manifest = JSON.parse(trimmed) as Partial<RouteManifest>;
    } catch (error) {
      return { error: `it is not valid JSON (${messageOf(error)})` };
    }
    if (!Array.isArray(manifest.pages))
      return { error: `it has no "pages" list: is it a ${ROUTE_MANIFEST} written by site build?` };
    return [
      ...manifest.pages.map((p) => ({ route: p.route, title: p.title })),
      ...(manifest.redirects ?? []).map((r) => ({ route: r.from })),
    ];
  }
  if (trimmed.startsWith('<')) {
    const base = new URL(siteUrl);
    const routes: Baseline = [];
    for (const [, loc] of trimmed.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
      const url = new URL(loc.replace(/&amp;/g, '&'), base);
      const route = url.host === base.host ? routeOfServedPath(site, url.pathname) : undefined;
      if (route !== undefined) routes.push({ route });
    }
    if (!routes.length) return { error: 'it is XML without a single <loc> of this site: is it a sitemap.xml?' };
    return routes;
  }
  return { error: `it is neither a ${ROUTE_MANIFEST} (JSON) nor a sitemap.xml` };
}

/** The page a vanished route most likely became, in its locale: one with the same title, else one
 * with the same last path segment (a moved page), else a page beside it whose name is a slip away
 * (a renamed one). */
function successor(gone: Baseline[number], graph: SiteGraph, config: RouteConfig): Route | undefined {
  const locale = localeOfRoute(config, gone.route);
  const pages = Object.values(graph.pages).filter((p) => p.locale === locale);
  const byTitle = gone.title ? pages.filter((p) => p.title === gone.title) : [];
  if (byTitle.length === 1) return byTitle[0].route;
  const split = (route: Route) => {
    const parts = route.split('/').filter(Boolean);
    return { parent: parts.slice(0, -1).join('/'), name: parts.at(-1) ?? '' };
  };
  const { parent, name } = split(gone.route);
  const bySegment = pages.filter((p) => split(p.route).name === name);
  if (name && bySegment.length === 1) return bySegment[0].route;
  const siblings = new Map(
    pages.filter((p) => split(p.route).parent === parent).map((p) => [split(p.route).name, p.route]),
  );
  const close = closestKey(name, [...siblings.keys()]);
  return close === undefined ? undefined : siblings.get(close);
}

/** What a redirect of the config says for a vanished route and its successor: the config's
 * redirects apply in every locale, each with its locale's prefix, so both routes are written
 * without it (`/en/a/` to `/en/b/` is `{ from: '/a/', to: '/b/' }`). None when the two are in
 * different locales, or when the route's page is still served in another locale, where a redirect
 * would hide it. */
export function suggestedRedirect(
  config: RouteConfig,
  graph: SiteGraph,
  route: Route,
  next: Route | undefined,
): { redirect?: { from: Route; to: Route }; keptIn?: Route } {
  const locale = localeOfRoute(config, route);
  const prefix = localePrefix(config, locale);
  const key = route.slice(prefix.length) || '/';
  const keptIn = Object.keys(config.locales)
    .map((l) => `${localePrefix(config, l)}${key}`)
    .find((r) => r !== route && graph.pages[r]);
  if (keptIn) return { keptIn };
  if (!next || localeOfRoute(config, next) !== locale) return {};
  return { redirect: { from: key, to: next.slice(prefix.length) || '/' } };
}

/** One entry of what was served: its route, its title where known, and the file that served it
 * (`site check --changed`: the file changed since the ref). */
export type Served = Baseline[number] & { file?: string };

/** The routes of `baseline` the graph serves neither as a page nor as a redirect, each reported at
 * `source` (or at the file that served it), with its likely successor and the redirect to add. */
export function removedRoutes(
  baseline: Served[],
  graph: SiteGraph,
  source: string,
  config: RouteConfig,
  ref?: string,
): Diagnostic[] {
  const redirected = new Set(graph.redirects.map((r) => r.from));
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<Route>();
  for (const entry of baseline) {
    const route = entry.route.endsWith('/') || /\.[a-z0-9]+$/i.test(entry.route) ? entry.route : `${entry.route}/`;
    if (seen.has(route) || graph.pages[route] || redirected.has(route)) continue;
    seen.add(route);
    const next = successor({ ...entry, route }, graph, config);
    const { redirect, keptIn } = suggestedRedirect(config, graph, route, next);
    const linkedFrom = redirect ? linksInto(config, graph, route) : [];
    const params = { route, successor: next, redirect, keptIn, ...(linkedFrom.length ? { linkedFrom } : {}) };
    // A file that served the route: at its `slug:` when one moved the page away.
    const slug = entry.file ? graph.documents[entry.file]?.frontMatterAt?.slug : undefined;
    const at = { file: entry.file ?? source, ...slug };
    diagnostics.push({
      ...(ref
        ? diagnostic(at, 'route-removed', 'changed', { ...params, ref })
        : diagnostic(at, 'route-removed', 'removed', params)),
      concerns: { routes: [route] },
    });
  }
  return diagnostics;
}
