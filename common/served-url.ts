// Where a site-relative route is served. The site graph, the links of the content and the files of
// the build know routes from the site's root (`/en/blog/`); a site deployed under a subpath
// (`baseUrl: '/docs/'`) serves them at `/docs/en/blog/`. Every URL a page, a feed, the sitemap,
// a redirect or the client runtime hands out goes through `servedPath` (or `absoluteUrl`), and
// every request path the servers and the runtime read comes back through `routeOfServedPath`: the
// base is added and removed here only.

/** The part of the site config the served URLs depend on. */
export interface BaseConfig {
  /** The path the site is served under, with a leading and a trailing slash: `/` or `/docs/`. */
  baseUrl: string;
}

/** The base without its trailing slash: `''` for `/`, `/docs` for `/docs/`. */
export function basePrefix(config: BaseConfig): string {
  return config.baseUrl.replace(/\/$/, '');
}

/**
 * The URL path a site-relative route or file is served at: `/en/blog/` -> `/docs/en/blog/`,
 * `/assets/app.js?x#y` alike. Anything else (an external URL, `//host/x`, `#fragment`, `mailto:`,
 * a relative path, `data:`) is returned as it is, so a link may be passed in without sorting first.
 */
export function servedPath(config: BaseConfig, route: string): string {
  if (!route.startsWith('/') || route.startsWith('//')) return route;
  return `${basePrefix(config)}${route}`;
}

/** The absolute URL of a route on the site's origin: `https://example.org/docs/en/blog/`. The
 * config's `url` gives the origin only; the path comes from `baseUrl`. */
export function absoluteUrl(config: BaseConfig & { url: string }, route: string): string {
  return new URL(servedPath(config, route), config.url).href;
}

/**
 * The route a served path stands for: `/docs/en/blog/` -> `/en/blog/`; `/docs` (the base without
 * its slash) -> `/`. Undefined for a path outside the base, which the site does not serve.
 */
export function routeOfServedPath(config: BaseConfig, pathname: string): string | undefined {
  const prefix = basePrefix(config);
  if (!prefix) return pathname;
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : undefined;
}

/** What a server does with a request path under the site's base: serve the route it stands for,
 * send the visitor to the base (for `/` and for the base without its slash), or answer 404. */
export type BaseRequest = { route: string } | { redirect: string; permanent: boolean } | { outside: true };

/** The base without its slash is the site's address misspelt, as `/x` is `/x/` (permanent); `/`
 * is the host's, whatever it holds later (temporary). */
export function requestUnderBase(config: BaseConfig, pathname: string): BaseRequest {
  if (pathname === basePrefix(config) && pathname) return { redirect: config.baseUrl, permanent: true };
  const route = routeOfServedPath(config, pathname);
  if (route !== undefined) return { route };
  return pathname === '/' ? { redirect: config.baseUrl, permanent: false } : { outside: true };
}
