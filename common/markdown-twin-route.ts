// Where a page's Markdown twin is served: the generator writes it there, the page's head links it.

/** The URL path of a page's twin. */
export function twinRouteOf(route: string): string {
  return `${route}index.md`;
}

/** Pages that have a twin: published, listed, with a Markdown source. */
export function hasMarkdownTwin(page: { draft: boolean; unlisted: boolean }): boolean {
  return 'doc' in page && !!page.doc && !page.draft && !page.unlisted;
}
