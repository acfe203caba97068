// sitemap.xml: every indexable route of every locale, with hreflang alternates and x-default.
import { Readable } from 'node:stream';
import { SitemapStream, streamToPromise } from 'sitemap';
import { servedPath } from '../../common/served-url.ts';
import type { SiteConfig } from '../config/config.ts';
import type { Route, SiteGraph } from '../types.ts';

export function indexableRoutes(graph: SiteGraph): Route[] {
  return Object.values(graph.pages)
    .filter((p) => !p.noindex && !p.unlisted && !p.draft)
    .map((p) => p.route);
}

export async function sitemapXml(
  config: SiteConfig,
  graph: SiteGraph,
  alternates: Map<string, { locale: string; route: Route }[]>,
): Promise<string> {
  const served = (route: Route) => servedPath(config, route);
  const items = indexableRoutes(graph).map((route) => {
    const page = graph.pages[route];
    const others = alternates.get(page.key) ?? [];
    const fallback = others.find((a) => a.locale === config.defaultLocale);
    const links = [
      ...others.map((a) => ({ lang: config.locales[a.locale].htmlLang, url: served(a.route) })),
      ...(fallback ? [{ lang: 'x-default', url: served(fallback.route) }] : []),
    ];
    return {
      url: served(route),
      changefreq: config.sitemap.changefreq as 'weekly',
      priority: config.sitemap.priority,
      links,
    };
  });
  const stream = new SitemapStream({
    hostname: config.url,
    xmlns: { news: false, video: false, image: false, xhtml: true },
  });
  const data = await streamToPromise(Readable.from(items).pipe(stream));
  return data.toString();
}
