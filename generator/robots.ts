// robots.txt: everything may be crawled; the sitemap tells what is worth it.
import type { SiteConfig } from './config.ts';

export function robotsTxt(config: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', config.url).href}\n`;
}
