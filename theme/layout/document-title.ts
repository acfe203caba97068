// The <title> of a page. Titles repeat across sections ("Kubernetes" is a service and a glossary
// entry; tag and author lists exist in every blog section): where a title is not unique within its
// locale, the section's name tells the pages apart in tabs, bookmarks and search results.

import { localePrefix } from '../../common/locale-prefix.ts';
import type { SiteConfig } from '../../generator/config/config.ts';
import type { Page, SiteGraph } from '../../generator/types.ts';

export function documentTitle(config: SiteConfig, graph: SiteGraph, page: Page, tagline: string): string {
  const delimiter = ` ${config.titleDelimiter} `;
  if (page.kind === 'standalone' && page.layout === 'home') return `${config.title}${delimiter}${tagline}`;
  const parts = [page.title];
  const section = page.section ? graph.pages[`${localePrefix(config, page.locale)}/${page.section}/`] : undefined;
  if (
    section &&
    section !== page &&
    !page.title.endsWith(`${delimiter}${section.title}`) &&
    (graph.titleUses[`${page.locale}\n${page.title}`] ?? 0) > 1
  )
    parts.push(section.title);
  return [...parts, config.title].join(delimiter);
}
