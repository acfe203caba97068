// robots.txt: everything may be crawled; the sitemap tells what is worth it.

import { absoluteUrl } from '../../common/served-url.ts';
import type { SiteConfig } from '../config/config.ts';

/** Crawlers read robots.txt at the host's root only: under a baseUrl this file names the site's
 * part and its sitemap, for the host's own robots.txt to take over. */
export function robotsTxt(config: SiteConfig): string {
  return `User-agent: *\nAllow: ${config.baseUrl}\n\nSitemap: ${absoluteUrl(config, '/sitemap.xml')}\n`;
}
