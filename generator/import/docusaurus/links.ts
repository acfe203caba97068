// Rewriting one link or image of a page: relative `.md`/`.mdx` links to the files' new names,
// Docusaurus routes to this site's routes with their trailing slash, `{#custom-id}` fragments to
// the ids the headings get, images beside the pages to public/.
import path from 'node:path/posix';
import type { LinkRewrite } from './body.ts';
import { localePath } from './config-file.ts';
import { customIdsOf, type ImportedPage, type SiteMap, targetFile } from './site-map.ts';

export interface LinkScope {
  map: SiteMap;
  page: ImportedPage;
  locale: string;
  /** Project path of the file being converted (the translation's own file, if it has one). */
  rel: string;
  /** Files beside the pages to copy into public/: project path -> target path (`public/img/docs/x.png`). */
  copies: Map<string, string>;
}

function split(url: string): { pathname: string; rest: string; fragment?: string } {
  const hash = url.indexOf('#');
  const before = hash === -1 ? url : url.slice(0, hash);
  const q = before.search(/\?/);
  return {
    pathname: q === -1 ? before : before.slice(0, q),
    rest: q === -1 ? '' : before.slice(q),
    fragment: hash === -1 ? undefined : url.slice(hash + 1),
  };
}

const hasExtension = (p: string) => /\.[a-z0-9]+$/i.test(p.split('/').pop() ?? '');

function fragmentOf(scope: LinkScope, target: ImportedPage | undefined, fragment: string | undefined): string {
  if (fragment === undefined) return '';
  const mapped = target ? customIdsOf(target, scope.locale, scope.map.defaultLocale).get(fragment) : undefined;
  return `#${mapped ?? fragment}`;
}

/** The route inside the site, without base URL and locale: `/de/docs/intro/` -> `docs/intro`, plus the locale named. */
function routeKey(map: SiteMap, pathname: string): { key: string; locale?: string } {
  let p = pathname;
  if (map.baseUrl !== '/' && p.startsWith(map.baseUrl)) p = `/${p.slice(map.baseUrl.length)}`;
  const first = p.split('/')[1];
  const locale = map.locales.includes(first) && first !== map.defaultLocale ? first : undefined;
  if (locale) p = p.slice(first.length + 1);
  return {
    key: p
      .replace(/\/index(\.html)?$/, '')
      .replace(/\.html$/, '')
      .replace(/^\/+|\/+$/g, ''),
    locale,
  };
}

/** A route of a generated Docusaurus page (blog lists, tags, archive) that the engine makes too. */
function generatedRoute(map: SiteMap, key: string): string | undefined {
  for (const blog of map.blogs) {
    const base = blog.route;
    const rest =
      key === base ? '' : base === '' || key.startsWith(`${base}/`) ? key.slice(base ? base.length + 1 : 0) : undefined;
    if (rest === undefined || !/^((tags|authors)(\/[^/]+)?|archive|page\/\d+)?$/.test(rest)) continue;
    return `/${blog.section}/${rest ? `${rest}/` : ''}`;
  }
  return undefined;
}

/** The route here of a path the Docusaurus site served (`/docs/intro`, `/de/posts/x/`), with its locale prefix; undefined when nothing answers it. */
export function newRouteOf(map: SiteMap, pathname: string): string | undefined {
  const { key, locale } = routeKey(map, pathname);
  const prefix = locale ? `/${localePath(locale, map.defaultLocale)}` : '';
  const found = map.byRoute.get(key)?.route ?? generatedRoute(map, key);
  return found && `${prefix}${found}`;
}

/** `https://tidewatch.example/docs/x` -> `/docs/x` when the URL is the site's own. */
function ownPath(map: SiteMap, url: string): string | undefined {
  if (!map.siteUrl) return undefined;
  try {
    const own = new URL(map.siteUrl);
    const target = new URL(url);
    if (target.host !== own.host || !/^https?:$/.test(target.protocol)) return undefined;
    return target.pathname + target.search + target.hash;
  } catch {
    return undefined;
  }
}

function rewriteAsset(scope: LinkScope, pathname: string, suffix: string): LinkRewrite | undefined {
  const { map, page } = scope;
  const candidates = [
    path.join(path.dirname(scope.rel), pathname),
    path.join(page.source.instance.path, path.dirname(page.treePath), pathname),
  ];
  const found = candidates.find((c) => map.assets.has(c));
  if (!found) return undefined;
  // A translation's own file keeps its locale in the name: the default locale's may be beside it.
  const localized = /^i18n\/([^/]+)\/docusaurus-plugin-content-[a-z]+\/(?:current\/)?(.*)$/.exec(found);
  const inTree = localized ? `${localized[1]}/${localized[2]}` : found.slice(page.source.instance.path.length + 1);
  const inPublic = `/img/${page.section}/${inTree}`;
  scope.copies.set(found, `public${inPublic}`);
  return { url: inPublic + suffix };
}

export function rewriteUrl(scope: LinkScope, url: string, kind: 'link' | 'image'): LinkRewrite {
  const { map, page, locale } = scope;
  if (url.startsWith('pathname://')) return { url: url.slice('pathname://'.length) };
  const own = ownPath(map, url);
  if (own !== undefined) {
    const inner = rewriteUrl(scope, own, kind);
    // A URL of the old site that no page of the import answers (a page of src/pages/, a file the
    // host served): as a link inside the site it would be broken, so its text stays, unlinked.
    if (inner.problem)
      return {
        unlink: kind === 'link',
        problem: {
          message: `link to ${url} left out, its text kept: no page or file of the import is at ${own.split(/[?#]/)[0]}, and the check takes the site's own host as the site; link a page, or add a redirect from there`,
          rule: 'link',
        },
      };
    return { ...inner, url: inner.url ?? own };
  }
  if (kind === 'image' && (/^https?:/i.test(url) || url.startsWith('//')))
    // The engine's Content-Security-Policy (common/security-headers.ts) allows images of the site
    // itself only, as no request is to leave it: the image is kept, and named with the fix.
    return {
      problem: {
        message: `external image ${url} kept, but browsers will not show it: the site's Content-Security-Policy allows images of the site only (img-src 'self'); download it into public/ and link it as /img/…`,
        rule: 'external-image',
      },
    };
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return {};
  const { pathname, rest, fragment } = split(url);
  const ownFile = targetFile(page, locale);
  if (pathname === '') return { url: rest + fragmentOf(scope, page, fragment) };
  if (pathname.startsWith('@site/static/'))
    return { url: `/${pathname.slice('@site/static/'.length)}${rest}${fragment !== undefined ? `#${fragment}` : ''}` };

  if (/\.mdx?$/.test(pathname)) {
    const root = page.source.instance.path;
    const base = path.join(root, path.dirname(page.treePath));
    const candidates = pathname.startsWith('/')
      ? [pathname.slice(1), path.join(root, pathname)]
      : // As Docusaurus resolves them: from the page's folder, then from the docs or blog folder.
        [path.join(base, pathname), path.join(root, pathname)];
    const target = candidates.map((c) => map.byFile.get(c)).find(Boolean);
    if (!target)
      return {
        problem: {
          message: `link target ${pathname} is not a page of the imported site; kept as written`,
          rule: 'broken-link',
        },
      };
    return {
      url:
        path.relative(path.dirname(ownFile), targetFile(target, locale)) + rest + fragmentOf(scope, target, fragment),
    };
  }

  const suffix = rest + (fragment !== undefined ? `#${fragment}` : '');
  if (!pathname.startsWith('/') && hasExtension(pathname)) {
    return (
      rewriteAsset(scope, pathname, suffix) ?? {
        problem: {
          message: `file ${pathname} was not found beside the page; kept as written`,
          rule: kind === 'image' ? 'broken-image' : 'broken-link',
        },
      }
    );
  }
  if (kind === 'image' || hasExtension(pathname)) {
    const { key } = routeKey(map, pathname.startsWith('/') ? pathname : `/${pathname}`);
    let file = key;
    try {
      file = decodeURI(key);
    } catch {
      // Not valid percent-encoding: looked up as written.
    }
    if (map.staticFiles.has(file)) return { url: `/${key}${suffix}` };
    return {
      problem: {
        message: `file /${file} is not in static/; kept as written`,
        rule: kind === 'image' ? 'broken-image' : 'broken-link',
      },
    };
  }

  // A route: absolute, or relative to the page's Docusaurus route (a folder's index page has a trailing slash there, other pages none).
  const absolute = pathname.startsWith('/')
    ? pathname
    : new URL(pathname, `https://x/${page.place.route}${page.place.trailingSlash && page.place.route ? '/' : ''}`)
        .pathname;
  const { key, locale: named } = routeKey(map, absolute);
  const prefix = named ? `/${localePath(named, map.defaultLocale)}` : '';
  const found = map.byRoute.get(key);
  if (found) return { url: `${prefix}${found.route}${rest}${fragmentOf(scope, found.page, fragment)}` };
  const generated = generatedRoute(map, key);
  if (generated) return { url: `${prefix}${generated}${suffix}` };
  const withSlash = `${prefix}/${key ? `${key}/` : ''}${suffix}`;
  return {
    url: withSlash,
    problem: {
      message: `link target ${pathname} is not a page of the imported site; written as ${withSlash}`,
      rule: 'broken-link',
    },
  };
}
