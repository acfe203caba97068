// Where a Docusaurus page lived (its route) and where it goes in the content tree, following
// Docusaurus's own rules: number prefixes (`01-intro.md`), index files (`index.md`, `README.md`,
// `guides/guides.md`), `id` and `slug` front matter, and dates in blog file names.

import { FILE_NAME_CHARACTERS } from '../../content/load.ts';

/** A file or folder name the engine takes as it is: `C++` is `Cpp`, `Über uns` is `Uber-uns`
 * (the old route gets a redirect; the content loader refuses other characters). */
export function safeSegment(name: string): string {
  if (FILE_NAME_CHARACTERS.test(name)) return name;
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\+/g, 'p')
    .replace(/#/g, 'sharp')
    .replace(/&/g, 'and')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return plain || 'page';
}

const safePath = (p: string) =>
  p
    .split('/')
    .map((s) => (s ? safeSegment(s) : s))
    .join('/');

// As Docusaurus parses number prefixes: dates and versions are no prefixes.
const IGNORED_PREFIX = /^(?:\d{2}|\d{4})[-_.]\d{2}(?:[-_.](?:\d{2}|\d{4}))?.*$|^\d+[-_.]\d+.*$/;
const NUMBER_PREFIX = /^(\d+)\s*[-_.]+\s*([^-_.\s].*)$/;

export function stripNumberPrefix(name: string): { name: string; number?: number } {
  if (IGNORED_PREFIX.test(name)) return { name };
  const m = NUMBER_PREFIX.exec(name);
  return m ? { name: m[2], number: Number(m[1]) } : { name };
}

export interface PagePlace {
  /** Path inside the section, without `.md`: `guides/install`, `index`. */
  target: string;
  /** The route Docusaurus gave it, without base, locale or trailing slash: `docs/guides/install`. */
  route: string;
  /** The number prefix of the file, Docusaurus's sidebar position when none is set. */
  number?: number;
  /** From the file name of a post (`2024-01-05-title.md`). */
  date?: string;
  /** Docusaurus served the page with a trailing slash (a folder's index, a slug ending in `/`): relative links start from it. */
  trailingSlash?: boolean;
}

const clean = (route: string) =>
  route
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean)
    .join('/');
const join = (...parts: string[]) => clean(parts.join('/'));
const withoutExtension = (p: string) => p.replace(/\.mdx?$/, '');

/** A page of the docs: `treePath` inside the docs folder, `routeBase` like `docs` ('' at the root). */
export function docPlace(treePath: string, routeBase: string, fm: { id?: unknown; slug?: unknown }): PagePlace {
  const segments = withoutExtension(treePath).split('/');
  const dirs = segments.slice(0, -1).map((s) => stripNumberPrefix(s).name);
  const own = stripNumberPrefix(segments[segments.length - 1]);
  const base = typeof fm.id === 'string' && fm.id && !fm.id.includes('/') ? fm.id : own.name;
  const isIndex = /^(index|readme)$/i.test(base) || (dirs.length > 0 && base === dirs[dirs.length - 1]);
  let path: string;
  if (typeof fm.slug === 'string') path = fm.slug.startsWith('/') ? clean(fm.slug) : join(...dirs, fm.slug);
  else path = isIndex ? join(...dirs) : join(...dirs, base);
  const folderPage =
    isIndex || path === '' || (typeof fm.slug === 'string' && fm.slug.endsWith('/') && fm.slug !== '/');
  const trailing = typeof fm.slug === 'string' ? fm.slug.endsWith('/') : isIndex;
  return {
    target: safePath(folderPage ? join(path, 'index') : path),
    route: join(routeBase, path),
    number: own.number,
    ...(trailing ? { trailingSlash: true } : {}),
  };
}

const DATED = /^(.*?)(\d{4})[-/](\d{1,2})[-/](\d{1,2})[-/]?(.*?)(?:\/index)?\.mdx?$/;

/** A post of the blog: `treePath` inside the blog folder. */
export function postPlace(treePath: string, routeBase: string, fm: { slug?: unknown }): PagePlace {
  const dated = DATED.exec(treePath);
  const date = dated ? `${dated[2]}-${dated[3].padStart(2, '0')}-${dated[4].padStart(2, '0')}` : undefined;
  const undated = withoutExtension(treePath).replace(/\/index$/, '');
  const route =
    typeof fm.slug === 'string'
      ? join(routeBase, fm.slug)
      : dated
        ? join(routeBase, dated[1], date!.replaceAll('-', '/'), dated[5])
        : join(routeBase, undated);
  const target = safePath(
    typeof fm.slug === 'string' ? clean(fm.slug) : dated ? join(dated[1], dated[5] || date!) : undated,
  );
  return { target, route, date };
}
