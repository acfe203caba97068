// `site check --changed <ref>`: the whole site is still checked (a change can break a link
// anywhere), but only the problems a pull request is answerable for are reported: those in the
// files it changed, and broken links from any file into a page or image it changed, moved or
// deleted. Problems of the theme and configuration count when the change touches theme/, config/
// or i18n/.
import { execFileSync } from 'node:child_process';
import path from 'node:path/posix';
import { localeOfRoute, routeOf } from '../../common/routes.ts';
import { localePrefix, type SiteConfig } from '../config/config.ts';
import type { Diagnostic, Route, SiteGraph } from '../types.ts';

/** Files changed since `ref` (committed, staged, unstaged and untracked), relative to `root`. */
export function changedSince(root: string, ref: string): Set<string> {
  const git = (args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--changed ${ref}: git knows no commit "${ref}" in this clone`);
  }
  const lines = [
    ...git(['diff', '--name-only', '--relative', ref, '--']).split('\n'),
    ...git(['ls-files', '--others', '--exclude-standard']).split('\n'),
  ];
  return new Set(lines.map((l) => l.trim()).filter(Boolean));
}

const LINK_RULES = new Set(['broken-link', 'broken-fragment', 'redirected-link', 'trailing-slash', 'broken-image']);
const SITE_WIDE = /^(theme|config|i18n)\//;

/** Where a content file's page is, even when the file was deleted (then without its `slug`). */
function routeOfFile(config: SiteConfig, graph: SiteGraph | undefined, file: string): Route | undefined {
  const match = /^content\/([^/]+)\/(.+)\.md$/.exec(file);
  if (!match || !config.locales[match[1]]) return undefined;
  const doc = graph?.documents[file];
  return routeOf(config, doc ?? { locale: match[1], path: match[2] });
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

export function diagnosticsForChanges(
  diagnostics: Diagnostic[],
  changed: Set<string>,
  config?: SiteConfig,
  graph?: SiteGraph,
): Diagnostic[] {
  const siteWide = [...changed].some((f) => SITE_WIDE.test(f));
  const changedRoutes = new Set(config ? [...changed].flatMap((f) => routeOfFile(config, graph, f) ?? []) : []);
  return diagnostics.filter((d) => {
    if (changed.has(d.file)) return true;
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
