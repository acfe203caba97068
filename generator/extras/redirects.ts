// Redirects, three ways: static pages for any host, `_redirects` for Netlify-style hosts and an
// nginx include for hosts that send real 301s.

import { escapeHtml } from '../../common/escape.ts';
import type { RedirectRule } from '../../common/redirect-rules.ts';
import { absoluteUrl, type BaseConfig, servedPath } from '../../common/served-url.ts';
import type { SiteConfig } from '../config/config.ts';
import type { Redirect } from '../types.ts';

/** Redirects as a host sees them: from and to at their served paths (with the site's baseUrl). */
export function servedRedirects(config: BaseConfig, redirects: Redirect[]): Redirect[] {
  return redirects.map((r) => ({ ...r, from: servedPath(config, r.from), to: servedPath(config, r.to) }));
}

export function redirectPage(config: SiteConfig, redirect: Redirect, lang: string, text: string): string {
  const target = absoluteUrl(config, redirect.to);
  const to = servedPath(config, redirect.to);
  return `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(`${text.replace(/[\s:]+$/, '')} ${config.titleDelimiter} ${config.title}`)}</title><meta name="robots" content="noindex"><link rel="canonical" href="${escapeHtml(target)}"><meta http-equiv="refresh" content="0; url=${escapeHtml(to)}"></head><body><p>${escapeHtml(text)} <a href="${escapeHtml(to)}">${escapeHtml(target)}</a></p></body></html>`;
}

/** `_redirects` lines; `redirects` at their served paths (servedRedirects). */
export function netlifyRedirects(redirects: Redirect[]): string {
  return `${redirects.map((r) => `${r.from} ${r.to} 301`).join('\n')}\n`;
}

/** A value as an nginx quoted parameter. */
export const nginxQuoted = (value: string) => `"${value.replace(/(["\\])/g, '\\$1')}"`;

/** nginx locations answering as site start does: each source with and without its trailing
 * slash, and the query kept. */
export function nginxRedirects(redirects: Redirect[]): string {
  const sources = new Set(redirects.map((r) => r.from));
  const lines: string[] = [];
  for (const r of redirects) {
    const to = `${nginxQuoted(r.to).slice(0, -1)}$is_args$args"`;
    lines.push(`location = ${nginxQuoted(r.from)} { return 301 ${to}; }`);
    const bare = r.from.replace(/\/+$/, '');
    if (bare && bare !== r.from && !sources.has(bare))
      lines.push(`location = ${nginxQuoted(bare)} { return 301 ${to}; }`);
  }
  return `${lines.join('\n')}\n`;
}

/** nginx locations for the host rules with `:placeholders` or a `*` splat (public/_redirects,
 * written at their served paths), each placeholder the regular expression's group of its place. */
export function nginxRuleRedirects(rules: readonly RedirectRule[]): string {
  const lines = rules.map((rule) => {
    const to = rule.to.replace(/:(\w+)/g, (whole, name: string) => {
      const at = rule.names.indexOf(name);
      return at === -1 ? whole : `$${at + 1}`;
    });
    return `location ~ ${nginxQuoted(rule.source)} { return ${rule.status} ${nginxQuoted(to).slice(0, -1)}$is_args$args"; }`;
  });
  return lines.length ? `${lines.join('\n')}\n` : '';
}
