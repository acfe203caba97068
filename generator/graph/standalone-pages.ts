// Pages outside the sections: the site's root page and the contact page, which the config turns on
// with the contact backend. The engine knows them only as standalone pages with a layout name; the
// theme's `layouts` say what each looks like (a home page with a hero, a page with a form), so a
// site's pages carry none of one theme's vocabulary, and a layout its theme does not have is
// reported at the page's file before anything renders.
import { contactPagePath, type SiteConfig } from '../config/config.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import type { Theme } from '../theming/theme-contract.ts';
import type { Diagnostic, FrontMatter, SiteGraph } from '../types.ts';

/** The paths (in a locale's tree, without `.md`) of the pages outside the sections. */
export function standalonePages(config: SiteConfig): string[] {
  const contact = contactPagePath(config);
  return contact ? ['index', contact] : ['index'];
}

/** The layout of a standalone page: its front matter's, else `home` for the root page and the
 * file's name for another. */
export function layoutOf(path: string, frontMatter: Pick<FrontMatter, 'layout'>): string {
  return frontMatter.layout ?? (path === 'index' ? 'home' : path.split('/').at(-1)!);
}

/** Standalone pages whose layout the theme does not have, at their files. */
export function unknownLayouts(graph: SiteGraph, theme: Pick<Theme, 'layouts'>): Diagnostic[] {
  const known = Object.keys(theme.layouts).sort();
  const problems: Diagnostic[] = [];
  for (const page of Object.values(graph.pages)) {
    if (page.kind !== 'standalone' || Object.hasOwn(theme.layouts, page.layout)) continue;
    const file = page.doc ?? page.route;
    const fromFrontMatter = Boolean(page.doc && graph.documents[page.doc]?.frontMatter.layout);
    problems.push(
      diagnostic({ file, line: 1, column: 1 }, 'unknown-layout', fromFrontMatter ? 'named' : 'byName', {
        layout: page.layout,
        known,
      }),
    );
  }
  return problems;
}
