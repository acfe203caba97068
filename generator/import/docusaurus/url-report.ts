// Every URL the Docusaurus site served (from its files, slugs, versions, locales, generated pages
// and client redirects) and what answers it in the imported site: the same URL as a page, a
// redirect to the page that took its place, or nothing, with why. Written as import-report.md;
// its totals are printed.

import { matchRedirectRule, type RedirectRule } from '../../../common/redirect-rules.ts';

/** A URL of the Docusaurus site, by its route inside a locale (`docs/guides/install`, '' for the root). */
export interface OldUrl {
  route: string;
  /** What Docusaurus served there: `docs/02-guides/01-install.md`, `tag "SQLite"`, `version 2.1`. */
  origin: string;
  /** Why nothing can answer it here, when nothing does. */
  why?: string;
  /** Served in the default locale only (a client redirect is served in every locale, a page too). */
  defaultLocaleOnly?: boolean;
}

export interface UrlOutcome {
  /** The URL as Docusaurus served it, with base URL and locale: `/fr/docs/intro`. */
  url: string;
  origin: string;
  fate: 'page' | 'redirect' | 'lost';
  /** The page a redirect leads to. */
  to?: string;
  why?: string;
}

export interface SiteAnswers {
  /** Routes of pages here without locale prefix, with slashes: `/docs/guides/install/`. */
  pages: Set<string>;
  /** Redirects here without locale prefix: from -> to, both with slashes. */
  redirects: Map<string, string>;
  /** The rules of public/_redirects (placeholders, splats), over URLs as served. */
  rules?: readonly RedirectRule[];
}

/** The page a redirect target names, without the heading it points at. */
const pageOf = (to: string) => to.replace(/#.*$/, '');

/** A feed is a file, at its name; any other route a page, with slashes. */
export const isFeedRoute = (route: string) => /(^|\/)(rss\.xml|atom\.xml|feed\.json)$/.test(route);
const withSlashes = (route: string) => (isFeedRoute(route) ? `/${route}` : route ? `/${route}/` : '/');

export function resolveUrls(
  old: OldUrl[],
  /** `prefix` as Docusaurus served the locale (`/pt-BR`), `here` as the engine does (`/pt-br`). */
  locales: { locale: string; prefix: string; here: string }[],
  baseUrl: string,
  answers: SiteAnswers,
): UrlOutcome[] {
  const base = baseUrl.replace(/\/$/, '');
  const out: UrlOutcome[] = [];
  const seen = new Set<string>();
  for (const { locale, prefix, here: ownPrefix } of locales) {
    for (const u of old) {
      if (u.defaultLocaleOnly && prefix) continue;
      const url = `${base}${prefix}/${u.route}`.replace(/\/$/, '') || '/';
      if (seen.has(url)) continue;
      seen.add(url);
      const here = withSlashes(u.route);
      const at = (route: string) => `${base}${ownPrefix}${route}`;
      // A URL nothing here answers as it is (a locale's prefix that changed, a page that moved
      // without a redirect of its own) may be answered by a rule of public/_redirects.
      const answered = ownPrefix === prefix && (answers.pages.has(here) || answers.redirects.has(here));
      const ruled = answered ? undefined : ruledPage(answers, url, base, locales);
      if (ruled) out.push({ url, origin: u.origin, fate: 'redirect', to: ruled });
      else if (ownPrefix !== prefix)
        out.push({
          url,
          origin: u.origin,
          fate: 'lost',
          why: `the locale's URLs are lower case here (${ownPrefix}/, not ${prefix}/): a host rule \`${prefix}/* ${ownPrefix}/:splat 301\` in public/_redirects sends them on, on hosts that read it`,
        });
      else if (answers.pages.has(here)) out.push({ url, origin: u.origin, fate: 'page', to: at(here) });
      else if (answers.redirects.has(here)) {
        const to = answers.redirects.get(here)!;
        const final = answers.pages.has(pageOf(to)) ? to : (answers.redirects.get(to) ?? to);
        if (answers.pages.has(pageOf(final))) out.push({ url, origin: u.origin, fate: 'redirect', to: at(final) });
        else
          out.push({
            url,
            origin: u.origin,
            fate: 'lost',
            why: `its redirect leads to ${final}, which is no page of the import`,
          });
      } else
        out.push({
          url,
          origin: u.origin,
          fate: 'lost',
          why: u.why ?? `no page or redirect of the import answers ${at(here)} (${locale})`,
        });
    }
  }
  return out;
}

/** The page a rule of public/_redirects sends a URL to, when it is a page of the import. */
function ruledPage(answers: SiteAnswers, url: string, base: string, locales: { here: string }[]): string | undefined {
  if (!answers.rules?.length) return undefined;
  const target = matchRedirectRule(answers.rules, url);
  if (!target?.startsWith(`${base}/`)) return undefined;
  const route = withSlashes(target.slice(base.length).replace(/^\/+|\/+$/g, ''));
  // The page's route without its locale prefix, as `pages` has it.
  const locale = locales.find((l) => l.here && (route === `${l.here}/` || route.startsWith(`${l.here}/`)));
  const inLocale = locale ? route.slice(locale.here.length) : route;
  const final = answers.pages.has(inLocale) ? inLocale : answers.redirects.get(inLocale);
  return final && answers.pages.has(final) ? `${base}${locale?.here ?? ''}${final}` : undefined;
}

export function urlTotals(outcomes: UrlOutcome[]): { kept: number; redirected: number; lost: number } {
  return {
    kept: outcomes.filter((o) => o.fate === 'page').length,
    redirected: outcomes.filter((o) => o.fate === 'redirect').length,
    lost: outcomes.filter((o) => o.fate === 'lost').length,
  };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** import-report.md: the totals, then the lost URLs with why, the redirected ones, the kept ones. */
export function urlReportText(outcomes: UrlOutcome[], project: string): string {
  const { kept, redirected, lost } = urlTotals(outcomes);
  const lines = [
    '# URLs of the Docusaurus site',
    '',
    `Every URL the Docusaurus site in ${project} served (its pages from files and slugs, each version and`,
    'locale, generated category, blog and tag pages, client redirects) and what answers it in this site,',
    'as `site import docusaurus` found them.',
    '',
    `- kept at the same URL: ${kept}`,
    `- redirected to the page that took its place: ${redirected}`,
    `- lost: ${lost}${lost ? ' (each below, with why)' : ''}`,
    '',
  ];
  const group = (fate: UrlOutcome['fate']) => outcomes.filter((o) => o.fate === fate);
  if (lost) {
    lines.push('## Lost', '', '| URL | was | why |', '| --- | --- | --- |');
    for (const o of group('lost')) lines.push(`| ${cell(o.url)} | ${cell(o.origin)} | ${cell(o.why ?? '')} |`);
    lines.push('');
  }
  if (redirected) {
    lines.push('## Redirected', '', '| URL | was | now |', '| --- | --- | --- |');
    for (const o of group('redirect')) lines.push(`| ${cell(o.url)} | ${cell(o.origin)} | ${cell(o.to ?? '')} |`);
    lines.push('');
  }
  if (kept) {
    lines.push('## Kept', '', '| URL | was |', '| --- | --- |');
    for (const o of group('page')) lines.push(`| ${cell(o.url)} | ${cell(o.origin)} |`);
    lines.push('');
  }
  return lines.join('\n');
}
