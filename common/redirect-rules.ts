// The rules of a `_redirects` file (Netlify's form, which Cloudflare Pages reads too) that name
// more than one URL: `:placeholder` segments and a trailing `*` splat, as in
// `/blog/:year/:slug  /news/:slug/  301` or `/zh-TW/*  /zh-tw/:splat  301`. `site start`,
// `site serve` and the nginx config answer them as such a host does; lines that name one URL are
// the servers' map of redirects as before.
import { escapeRegExp } from './escape.ts';

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  /** `from` as a regular expression over a path, one group per placeholder or splat, in order
   * (`source` as written, for nginx). */
  pattern: RegExp;
  source: string;
  names: string[];
}

const REDIRECT_STATUS = /^30[12378]!?$/;

/** Whether a `_redirects` source names more than one URL. */
export const isRulePattern = (from: string) => /(^|\/):\w|\*$/.test(from);

/** A rule from its source and target, or undefined when the source names one URL. */
export function redirectRule(from: string, to: string, status = 301): RedirectRule | undefined {
  if (!isRulePattern(from)) return undefined;
  const parts = from.replace(/\/+$/, '').split('/').slice(1);
  const names: string[] = [];
  let source = '^';
  let open = false;
  parts.forEach((part, i) => {
    if (part === '*' && i === parts.length - 1) {
      // `/blog/*` answers /blog and /blog/ too, as Netlify's does.
      source += '(?:/(.*))?';
      names.push('splat');
      open = true;
    } else if (/^:\w+$/.test(part)) {
      source += '/([^/]+)';
      names.push(part.slice(1));
    } else source += `/${escapeRegExp(part)}`;
  });
  source += `${open ? '' : '/?'}$`;
  return { from, to, status, pattern: new RegExp(source), source, names };
}

/** The rules of a `_redirects` text that name more than one URL and redirect (3xx). */
export function parseRedirectRules(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const line of text.split('\n')) {
    const [from, to, status = '301'] = line.trim().split(/\s+/);
    if (!from?.startsWith('/') || !to || !REDIRECT_STATUS.test(status)) continue;
    const rule = redirectRule(from, to, Number(status.replace('!', '')));
    if (rule) rules.push(rule);
  }
  return rules;
}

/** Where the first rule that matches `pathname` sends it, or undefined. */
export function matchRedirectRule(rules: readonly RedirectRule[], pathname: string): string | undefined {
  for (const rule of rules) {
    const m = rule.pattern.exec(pathname);
    if (!m) continue;
    const values = new Map(rule.names.map((name, i) => [name, m[i + 1] ?? '']));
    return rule.to.replace(/:(\w+)/g, (whole, name: string) => values.get(name) ?? whole);
  }
  return undefined;
}

/** A `_redirects` text (served paths) as the servers answer it: its lines of one URL by source,
 * and its rules, each path through `route` (the served path to the site's route). */
export function redirectsOfText(
  text: string,
  route: (served: string) => string = (p) => p,
): { redirects: Map<string, string>; rules: RedirectRule[] } {
  const redirects = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [from, to, status = '301'] = line.trim().split(/\s+/);
    // The first line for a source wins (the site's own come before the build's), as on the hosts.
    if (
      from?.startsWith('/') &&
      to &&
      REDIRECT_STATUS.test(status) &&
      !isRulePattern(from) &&
      !redirects.has(route(from))
    )
      redirects.set(route(from), route(to));
  }
  const rules = parseRedirectRules(text).flatMap((r) => redirectRule(route(r.from), route(r.to), r.status) ?? []);
  return { redirects, rules };
}
