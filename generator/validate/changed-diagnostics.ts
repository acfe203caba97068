// `site check --changed <ref>`: the whole site is still checked (a change can break a link
// anywhere), but only the problems a pull request is answerable for are reported: those in the
// files it changed, and those it causes elsewhere: a route another file had that a changed file
// now takes too, a page a changed file served at the ref that is gone now (moved, deleted, made a
// draft, or lost to another page on its route), and the links and redirects into such pages.
// Problems of the theme and configuration count when the change touches theme/, config/ or i18n/.
import { execFileSync } from 'node:child_process';
import path from 'node:path/posix';
import { localeOfRoute, routeOf } from '../../common/routes.ts';
import { localePrefix, type SiteConfig } from '../config/config.ts';
import { splitMatter } from '../content/frontmatter.ts';
import { withoutNumberPrefixes } from '../content/load.ts';
import { standalonePages } from '../graph/standalone-pages.ts';
import type { Diagnostic, Route, SiteGraph } from '../types.ts';
import type { Served } from './route-manifest.ts';

const git = (root: string, args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });

/** Files changed since `ref` (committed, staged, unstaged and untracked), relative to `root`; a
 * renamed file under both its names. */
export function changedSince(root: string, ref: string): Set<string> {
  try {
    git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--changed ${ref}: git knows no commit "${ref}" in this clone`);
  }
  const lines = [
    ...git(root, ['diff', '--name-only', '--no-renames', '--relative', ref, '--']).split('\n'),
    ...git(root, ['ls-files', '--others', '--exclude-standard']).split('\n'),
  ];
  return new Set(lines.map((l) => l.trim()).filter(Boolean));
}

const LINK_RULES = new Set(['broken-link', 'broken-fragment', 'redirected-link', 'trailing-slash', 'broken-image']);
const SITE_WIDE = /^(theme|config|i18n)\//;
const CONTENT_FILE = /^content\/([^/]+)\/(.+)\.md$/;

/** The locale and path inside the locale tree of a content file, if it can be a page. */
function pageFile(config: SiteConfig, file: string): { locale: string; path: string } | undefined {
  const match = CONTENT_FILE.exec(file);
  if (!match || !config.locales[match[1]] || /(^|\/)_/.test(match[2])) return undefined;
  return { locale: match[1], path: withoutNumberPrefixes(match[2]) };
}

/** Where a content file's page is now, even when the file was deleted (then without its `slug`). */
function routeOfFile(config: SiteConfig, graph: SiteGraph | undefined, file: string): Route | undefined {
  const page = pageFile(config, file);
  if (!page) return undefined;
  return routeOf(config, graph?.documents[file] ?? page);
}

/** The pages the changed content files served at `ref`: their routes as their front matter then
 * made them (a `slug:`), with their titles; drafts and files that did not exist then left out. */
export function servedAt(root: string, ref: string, config: SiteConfig, changed: Set<string>): Served[] {
  const served: Served[] = [];
  for (const file of changed) {
    const page = pageFile(config, file);
    const isPage =
      page &&
      (standalonePages(config).includes(page.path) || config.sections.some((s) => page.path.startsWith(`${s.id}/`)));
    if (!page || !isPage) continue;
    let raw: string;
    try {
      raw = git(root, ['show', `${ref}:${file}`]);
    } catch {
      continue; // new since the ref
    }
    let data: Record<string, unknown> = {};
    try {
      data = splitMatter(raw).data;
    } catch {
      // Front matter that did not parse at the ref: its route is its file's.
    }
    if (data.draft === true) continue;
    const slug = typeof data.slug === 'string' ? data.slug : undefined;
    const title = typeof data.title === 'string' ? data.title : undefined;
    served.push({ route: routeOf(config, { ...page, frontMatter: { slug } }), title, file });
  }
  return served;
}

/** The target of the Markdown link a diagnostic was reported at: a route or a file, without its #fragment. */
function linkTarget(config: SiteConfig, graph: SiteGraph, d: Diagnostic): { route?: Route; file?: string } | undefined {
  const doc = graph.documents[d.file];
  const link = doc?.links.find((l) => l.line === d.line && l.column === d.column);
  if (!link) return undefined;
  const pathname = link.url.split('#')[0].split('?')[0];
  if (link.kind === 'image')
    return { file: `public${pathname.startsWith('/') ? pathname : path.join(path.dirname(`/${doc.path}`), pathname)}` };
  if (pathname === '') return undefined;
  if (pathname.endsWith('.md')) {
    const rel = pathname.startsWith('/') ? pathname.slice(1) : path.join(path.dirname(doc.path), pathname);
    return { file: `content/${doc.locale}/${path.normalize(rel)}` };
  }
  const absolute = pathname.startsWith('/') ? pathname : new URL(pathname, `https://x${routeOf(config, doc)}`).pathname;
  const withSlash = absolute.endsWith('/') ? absolute : `${absolute}/`;
  const route =
    localeOfRoute(config, withSlash) !== config.defaultLocale
      ? withSlash
      : `${localePrefix(config, doc.locale)}${withSlash}`;
  return { route };
}

/** The problems the change is answerable for. `before`: the pages the changed files served at
 * the ref (servedAt), whose routes count as changed: a link or redirect into one is the change's. */
export function diagnosticsForChanges(
  diagnostics: Diagnostic[],
  changed: Set<string>,
  config?: SiteConfig,
  graph?: SiteGraph,
  before: Served[] = [],
): Diagnostic[] {
  const siteWide = [...changed].some((f) => SITE_WIDE.test(f));
  const changedRoutes = new Set([
    ...(config ? [...changed].flatMap((f) => routeOfFile(config, graph, f) ?? []) : []),
    ...before.map((s) => s.route),
  ]);
  const touches = (d: Diagnostic) =>
    (d.concerns?.files ?? []).some((f) => changed.has(f)) ||
    (d.concerns?.routes ?? []).some((r) => changedRoutes.has(r));
  return diagnostics.filter((d) => {
    if (changed.has(d.file) || touches(d)) return true;
    if (!d.file.startsWith('content/')) return siteWide;
    if (!config || !graph || !LINK_RULES.has(d.rule)) return false;
    const target = linkTarget(config, graph, d);
    if (!target) return false;
    if (target.file) return changed.has(target.file);
    const page = graph.pages[target.route!];
    const source = page && 'doc' in page ? page.doc : undefined;
    return changedRoutes.has(target.route!) || (source !== undefined && changed.has(source));
  });
}
