// Link resolution and checking. A Markdown link is resolved against the page's locale and file,
// checked against the graph (page, #fragment, file in public/) and reported with its position.
import path from 'node:path/posix';
import { keyOf, localeOfRoute, notFoundPathOf, routeOf } from '../../common/routes.ts';
import { routeOfServedPath } from '../../common/served-url.ts';
import type { SiteConfig } from '../config/config.ts';
import { localePrefix } from '../config/config.ts';
import { closestKey } from '../diagnostics/closest-key.ts';
import { type Diagnosis, diagnosis, diagnostic } from '../diagnostics/diagnostic-rules.ts';
import { isExternal } from '../markdown/markdown.ts';
import type { Diagnostic, ParsedDocument, Route, SiteGraph, SourceLink } from '../types.ts';

export interface LinkContext {
  config: SiteConfig;
  graph: SiteGraph;
  /** Files served besides pages: public/ and generated (`/sitemap.xml`, feeds, ...). */
  files: ReadonlySet<string>;
  /** Route of every document, by source id. */
  routeOfSource: Map<string, Route>;
  redirectSources: Map<Route, Route>;
}

export type Resolution =
  | { ok: true; href: string; route?: Route; fragment?: string }
  | ({ ok: false; href: string } & Diagnosis);

/** Ids are compared decoded; a fragment that is not valid percent-encoding stays as written, so it is reported as missing. */
function decodeFragment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function splitUrl(url: string): { pathname: string; fragment?: string; query: string } {
  const hash = url.indexOf('#');
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? undefined : decodeFragment(url.slice(hash + 1));
  const q = beforeHash.indexOf('?');
  return {
    pathname: q === -1 ? beforeHash : beforeHash.slice(0, q),
    query: q === -1 ? '' : beforeHash.slice(q),
    fragment,
  };
}

/** A file name ends in an extension that starts with a letter: `x.pdf`, `a.tar.gz`; `release-10.9.0` is a route. */
const hasExtension = (p: string) => /\.[a-z][a-z0-9]*$/i.test(p.split('/').pop() ?? '');

/** Routes in content are relative to the page's locale unless they carry a locale prefix. */
function withLocale(config: SiteConfig, locale: string, pathname: string): string {
  return localeOfRoute(config, pathname) !== config.defaultLocale
    ? pathname
    : `${localePrefix(config, locale)}${pathname}`;
}

export function resolveLink(ctx: LinkContext, doc: ParsedDocument, link: SourceLink, ownRoute: Route): Resolution {
  const { pathname, fragment, query } = splitUrl(link.url);
  const frag = fragment !== undefined ? `#${fragment}` : '';
  // Files (images, downloads) are looked up in public/ under the page's folder, relative paths
  // starting from the folder of the Markdown file, as for a `.md` link.
  const publicFile = pathname.startsWith('/') ? pathname : path.join(path.dirname(`/${doc.path}`), pathname);
  if (link.kind === 'image') {
    if (!ctx.files.has(publicFile))
      return { ok: false, href: link.url, ...diagnosis('broken-image', 'missing', { url: link.url, publicFile }) };
    return { ok: true, href: publicFile };
  }
  let route: Route;
  if (pathname === '') {
    route = ownRoute;
  } else if (pathname.endsWith('.md')) {
    // Relative to the file's real folder, number prefixes and all (`../02-setup/01-intro.md`).
    const rel = pathname.startsWith('/')
      ? pathname.slice(1)
      : path.join(path.dirname(doc.source.split('/').slice(2).join('/')), pathname);
    const source = `content/${doc.locale}/${path.normalize(rel)}`;
    const target = ctx.routeOfSource.get(source);
    // `/legal/dpa/index.md` is no source but the page's Markdown twin: a download the site serves
    // (of the page in this locale, as a route would be).
    const twin = pathname.startsWith('/') && !target ? withLocale(ctx.config, doc.locale, pathname) : undefined;
    if (twin && ctx.files.has(twin)) return { ok: true, href: twin + query + frag };
    if (!target) {
      return {
        ok: false,
        href: link.url,
        ...diagnosis('broken-link', 'relative', { target: link.url, lookedFor: source }),
      };
    }
    route = target;
  } else if (pathname.startsWith('/') || !isExternal(pathname)) {
    if (hasExtension(pathname)) {
      if (!ctx.files.has(publicFile))
        return { ok: false, href: link.url, ...diagnosis('broken-link', 'file', { target: link.url, publicFile }) };
      return { ok: true, href: publicFile + query + frag };
    }
    const absolute = pathname.startsWith('/') ? pathname : new URL(pathname, `https://x${ownRoute}`).pathname;
    if (!absolute.endsWith('/')) {
      return { ok: false, href: link.url, ...diagnosis('trailing-slash', 'missing', { link: link.url, pathname }) };
    }
    route = withLocale(ctx.config, doc.locale, absolute);
  } else {
    return { ok: true, href: link.url };
  }
  const page = ctx.graph.pages[route];
  if (!page) {
    const redirect = ctx.redirectSources.get(route);
    if (redirect)
      return {
        ok: false,
        href: link.url,
        ...diagnosis('redirected-link', 'redirect', { link: link.url, target: redirect }),
      };
    return {
      ok: false,
      href: link.url,
      ...diagnosis('broken-link', 'noPage', { target: link.url, route, suggestions: suggest(ctx, route) }),
    };
  }
  if (fragment !== undefined) {
    const targetDoc = 'doc' in page && page.doc ? ctx.graph.documents[page.doc] : undefined;
    if (targetDoc && !targetDoc.ids.includes(fragment)) {
      return {
        ok: false,
        href: link.url,
        ...diagnosis('broken-fragment', 'missing', {
          fragment,
          route,
          headings: targetDoc.headings.map((h) => `#${h.id}`).slice(0, 6),
        }),
      };
    }
  }
  return { ok: true, href: pathname === '' ? frag : route + query + frag, route, fragment };
}

/** The closest existing route, for "did you mean": by edit distance over the whole route
 * (`/services/backup/` -> `/services/backups/`), among the pages of the link's locale first; then a
 * page there with the same last segment (`/docs/cli/` -> `/docs/reference/cli/`); then, as a last
 * resort, the closest route of another locale. */
/** A route shares most of its letters with its neighbours (`/services/databases/`): a few edits, not a third of it, make a slip. */
const routeSlips = (length: number) => Math.max(2, Math.floor(length / 6));

function suggest(ctx: LinkContext, route: Route): string[] | undefined {
  const { config, graph } = ctx;
  const locale = localeOfRoute(config, route);
  const pages = Object.values(graph.pages);
  const own = pages.filter((p) => p.locale === locale);
  const key = keyOf(config, route);
  const closest = closestKey(
    key,
    own.map((p) => p.key),
    routeSlips,
  );
  if (closest !== undefined) return [own.find((p) => p.key === closest)!.route];
  const last = route.split('/').filter(Boolean).pop() ?? '';
  const sameName = own.filter((p) => p.route.endsWith(`/${last}/`)).map((p) => p.route);
  if (sameName.length) return sameName.slice(0, 3);
  const others = pages.filter((p) => p.locale !== locale);
  const elsewhere = closestKey(
    key,
    others.map((p) => p.key),
    routeSlips,
  );
  return elsewhere !== undefined ? [others.find((p) => p.key === elsewhere)!.route] : undefined;
}

/** Resolves every Markdown link (by document and link index) and reports what does not resolve. */
export function checkMarkdownLinks(ctx: LinkContext): { links: SiteGraph['links']; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const links: SiteGraph['links'] = {};
  for (const page of Object.values(ctx.graph.pages)) {
    if (!('doc' in page) || !page.doc) continue;
    const doc = ctx.graph.documents[page.doc];
    const resolved: Record<number, string> = {};
    doc.links.forEach((link, i) => {
      const result = resolveLink(ctx, doc, link, page.route);
      resolved[i] = result.href;
      if (!result.ok) {
        const { ok, href, ...says } = result;
        diagnostics.push({ file: link.file ?? doc.source, line: link.line, column: link.column, ...says });
      }
    });
    links[doc.source] = resolved;
  }
  return { links, diagnostics };
}

export function routeMap(config: SiteConfig, graph: SiteGraph): Map<string, Route> {
  return new Map(Object.values(graph.documents).map((d) => [d.source, routeOf(config, d)]));
}

const HREF = /\s(?:href|src)="([^"]*)"/g;
/** The head's social tags name addresses too (absolute ones, on the site's own origin). */
const META_URL = /<meta (?:property|name)="(?:og:image|og:url|twitter:image)" content="([^"]*)"/g;
const ID = /\sid="([^"]*)"/g;

/** What a rendered page links to (each href once) and which ids it has: for checking links the theme renders. */
export function scanHtml(html: string): { hrefs: string[]; ids: string[] } {
  const hrefs = new Set<string>();
  const ids: string[] = [];
  for (const m of html.matchAll(HREF)) hrefs.add(m[1].replace(/&amp;/g, '&'));
  for (const m of html.matchAll(META_URL)) hrefs.add(m[1].replace(/&amp;/g, '&'));
  for (const m of html.matchAll(ID)) ids.push(m[1]);
  return { hrefs: [...hrefs], ids };
}

export interface RenderedLinks {
  hrefs: string[];
  ids: Set<string>;
  /** Hrefs that came from Markdown: checked already, with their positions. */
  markdownHrefs: Set<string>;
}

/**
 * Checks the links the theme rendered (navbar, footer, sidebars, lists), page by page as pages are
 * rendered, so a build keeps no page's links once they are checked. The navbar, footer and
 * sidebars repeat the same links on every page: a link to another page has one verdict wherever it
 * stands, so each is checked once, and one to a #fragment on another page waits until every page
 * (and so every id) is known. Markdown links were checked before rendering, with positions.
 */
export class RenderedLinkCheck {
  private readonly checked = new Set<string>();
  private readonly idsOf = new Map<string, Set<string>>();
  private readonly waiting: { href: string; pathname: string; fragment: string; route: Route; order: number }[] = [];
  private readonly problems: { problem: Diagnosis; route: Route; order: number }[] = [];
  private order = 0;
  /** The not-found pages, by the file they are written to (`/404.html`, `/en/404.html`). */
  private readonly notFoundFiles: Set<string>;

  /** Markdown links to a #fragment on a generated page (a folder's index): its ids are known once it is rendered. */
  private readonly markdownFragments: { pathname: string; fragment: string; diagnostic: Diagnostic }[] = [];
  /** The site's own address: absolute links to it (canonical, alternates, social tags) are checked like site paths. */
  private readonly origin: string;

  constructor(private readonly ctx: LinkContext) {
    this.origin = new URL(ctx.config.url).origin;
    this.notFoundFiles = new Set(Object.values(ctx.graph.notFound).map((page) => notFoundPathOf(page.route)));
    for (const [source, hrefs] of Object.entries(ctx.graph.links)) {
      const doc = ctx.graph.documents[source];
      for (const [index, href] of Object.entries(hrefs)) {
        const { pathname, fragment } = splitUrl(href);
        const target = ctx.graph.pages[pathname];
        const link = doc?.links[Number(index)];
        if (!fragment || !target || ('doc' in target && target.doc) || !link || link.kind !== 'link') continue;
        this.markdownFragments.push({
          pathname,
          fragment,
          diagnostic: diagnostic(
            { file: link.file ?? source, line: link.line, column: link.column },
            'broken-fragment',
            'generatedPage',
            { fragment, route: pathname },
          ),
        });
      }
    }
  }

  /** `route` is the page's route, or the file of a not-found page (`/404.html`). */
  add(route: string, page: RenderedLinks): void {
    this.idsOf.set(route, page.ids);
    for (const written of page.hrefs) {
      const order = this.order++;
      const onSite = written.startsWith(`${this.origin}/`) ? written.slice(this.origin.length) : written;
      // The page links to served URLs; the graph knows routes. One that misses the baseUrl would
      // leave the site where it is deployed.
      const isPath = onSite.startsWith('/') && !onSite.startsWith('//');
      const href = isPath ? routeOfServedPath(this.ctx.config, onSite) : onSite;
      if (href === undefined) {
        this.problems.push({
          problem: diagnosis('broken-theme-link', 'outsideBase', { href: onSite, baseUrl: this.ctx.config.baseUrl }),
          route,
          order,
        });
        continue;
      }
      if (
        !href ||
        this.checked.has(href) ||
        page.markdownHrefs.has(href) ||
        href.startsWith('data:') ||
        isExternal(href)
      )
        continue;
      const { pathname, fragment } = splitUrl(href);
      const report = (problem: Diagnosis) => this.problems.push({ problem, route, order });
      if (pathname === '') {
        // Depends on the page it stands on: never taken as checked for another page.
        if (fragment && fragment !== 'main' && !page.ids.has(fragment))
          report(diagnosis('broken-theme-link', 'fragment', { fragment, route }));
        continue;
      }
      this.checked.add(href);
      if (hasExtension(pathname)) {
        if (!this.ctx.files.has(pathname)) report(diagnosis('broken-theme-link', 'file', { href }));
      } else if (!this.ctx.graph.pages[pathname] && !this.notFoundFiles.has(pathname)) {
        report(diagnosis('broken-theme-link', 'target', { href }));
      } else if (fragment && fragment !== 'main') {
        this.waiting.push({ href, pathname, fragment, route, order });
      }
    }
  }

  /** Every problem, once, in the order the links were found. */
  finish(): Diagnostic[] {
    for (const link of this.waiting) {
      const ids = this.idsOf.get(link.pathname);
      if (ids && !ids.has(link.fragment))
        this.problems.push({
          problem: diagnosis('broken-theme-link', 'fragment', { fragment: link.fragment, route: link.pathname }),
          route: link.route,
          order: link.order,
        });
    }
    const markdown = this.markdownFragments.filter((link) => {
      const ids = this.idsOf.get(link.pathname);
      return ids && !ids.has(link.fragment);
    });
    const seen = new Set<string>();
    const theme = this.problems
      .sort((a, b) => a.order - b.order)
      .filter(({ problem }) => !seen.has(problem.message) && seen.add(problem.message))
      .map(({ problem, route }): Diagnostic => ({ file: `theme (rendered on ${route})`, ...problem }));
    return [...markdown.map((link) => link.diagnostic), ...theme];
  }
}
