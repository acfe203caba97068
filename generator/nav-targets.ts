// The navbar and the footer link to pages by route (config/site.config.ts). A route with no page
// in some locale (a renamed folder, a typo) is reported here, in every mode, naming the item: the
// theme cannot link to the page nor take its label from it.
import { CONFIG_FILE, localePrefix, type SiteConfig } from './config.ts';
import type { Diagnostic, SiteGraph } from './types.ts';

export function checkNavTargets(config: SiteConfig, graph: SiteGraph): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const check = (item: string, to: string | undefined) => {
    if (!to) return;
    const missing = Object.keys(config.locales)
      .map((locale) => `${localePrefix(config, locale)}${to.replace(/#.*$/, '')}`)
      .filter((route) => !graph.pages[route]);
    if (!missing.length) return;
    diagnostics.push({
      file: CONFIG_FILE,
      message: `${item} links to ${to}: there is no page at ${missing.join(', ')}`,
      hint: 'point it at an existing route (was the folder renamed?), or remove the item',
      rule: 'broken-nav-link',
      severity: 'error',
    });
  };
  for (const item of config.navbar.items) {
    check(`navbar item "${item.label}"`, item.to);
    for (const link of item.items ?? []) if ('to' in link) check(`navbar item "${item.label}"${link.label ? `, entry "${link.label}",` : ''}`, link.to);
  }
  for (const group of config.footer.groups) {
    for (const link of group.items) if ('to' in link) check(`footer group "${group.title}"${link.label ? `, entry "${link.label}",` : ''}`, link.to);
  }
  return diagnostics;
}
