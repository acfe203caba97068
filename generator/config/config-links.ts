// The routes the config names (navbar, footer, buttons, the contact form's terms and privacy
// pages) must be pages of the site in every locale, and its URLs (navbar and footer `href`) get
// the scheme check of links in Markdown (no `javascript:`, `data:`, `file:` …); a problem points
// at the line of the config file that names the route or URL.

import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import { unsafeScheme } from '../markdown/unsafe-links.ts';
import type { Diagnostic, SiteGraph } from '../types.ts';
import { localePrefix, type SiteConfig } from './config.ts';

/** A route the config or a theme's options name, with what names it (for the message). */
export interface NamedRoute {
  what: string;
  to: string;
}

/** The part of a theme this check reads: the routes among its options (ThemeConfigContract). */
export interface OptionLinks {
  config?: { links?: (options: never) => NamedRoute[] };
}

export interface ConfigFile {
  id: string;
  raw: string;
}

/** Where a route or a key is written in the config files: the first quoted occurrence. */
export function locate(files: ConfigFile[], route: string): Pick<Diagnostic, 'file' | 'line' | 'column'> {
  for (const file of files) {
    const lines = file.raw.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const column = Math.max(lines[i].indexOf(`'${route}'`), lines[i].indexOf(`"${route}"`));
      if (column >= 0) return { file: file.id, line: i + 1, column: column + 1 };
    }
  }
  return { file: 'config/site.config.ts' };
}

/** `theme` and `options`: the loaded theme and its checked options, whose links are checked too. */
export function checkConfigLinks(
  config: SiteConfig,
  graph: SiteGraph,
  files: ConfigFile[],
  theme?: OptionLinks,
  options?: unknown,
): Diagnostic[] {
  const named: NamedRoute[] = [];
  for (const item of config.navbar.items) {
    if (item.to) named.push({ what: `navbar item "${item.label}"`, to: item.to });
    for (const link of item.items ?? [])
      if ('to' in link) named.push({ what: `an entry of navbar item "${item.label}"`, to: link.to });
  }
  for (const group of config.footer.groups)
    for (const link of group.items)
      if ('to' in link) named.push({ what: `footer group "${group.title}"`, to: link.to });
  if (theme?.config?.links && options !== undefined) named.push(...theme.config.links(options as never));
  if (config.contact)
    named.push(
      { what: 'contact.terms', to: config.contact.terms },
      { what: 'contact.privacy', to: config.contact.privacy },
    );

  const diagnostics: Diagnostic[] = [];
  const urls: { what: string; href: string }[] = [];
  for (const item of config.navbar.items)
    for (const link of item.items ?? [])
      if ('href' in link) urls.push({ what: `an entry of navbar item "${item.label}"`, href: link.href });
  for (const group of config.footer.groups)
    for (const link of group.items)
      if ('href' in link) urls.push({ what: `footer group "${group.title}"`, href: link.href });
  for (const { what, href } of urls) {
    const scheme = unsafeScheme(href);
    if (!scheme) continue;
    diagnostics.push(diagnostic(locate(files, href), 'config-link', 'unsafeUrl', { what, scheme }));
  }
  const seen = new Set<string>();
  for (const { what, to } of named) {
    const route = to.replace(/#.*$/, '');
    const missing = Object.keys(config.locales).filter(
      (l) =>
        !graph.pages[`${localePrefix(config, l)}${route}`] &&
        !graph.redirects.some((r) => r.from === `${localePrefix(config, l)}${route}`),
    );
    if (!missing.length || seen.has(`${what}\0${route}`)) continue;
    seen.add(`${what}\0${route}`);
    diagnostics.push({
      ...diagnostic(locate(files, to), 'config-link', 'noPage', {
        what,
        route,
        locales: missing.map((l) => config.locales[l].label),
      }),
      concerns: { routes: missing.map((l) => `${localePrefix(config, l)}${route}`) },
    });
  }
  return diagnostics;
}
