// The redirects a Docusaurus project's host answered beside the site: `static/_redirects`
// (Netlify's and Cloudflare Pages' form, copied into the build as it is) and the `redirects` of
// `vercel.json`. Each is a redirect of one URL, or a rule with `:placeholders` and a `*` splat in
// `_redirects`' form, which the engine's servers and nginx config answer (common/redirect-rules.ts).
// What has no such form (a rewrite, a condition on a header, a regular expression) is reported.

import { messageOf } from '../../../common/error-message.ts';
import { isRulePattern } from '../../../common/redirect-rules.ts';

export interface HostRedirect {
  from: string;
  to: string;
  status: number;
  /** The project file and line it was written on. */
  file: string;
  line: number;
}

export interface HostRules {
  redirects: HostRedirect[];
  /** Lines of static/_redirects that are no redirect (a rewrite, a 404): kept for the host as written. */
  keptLines: string[];
  problems: { file: string; line: number; message: string }[];
}

const REDIRECT = /^30[12378]!?$/;

function netlifyLines(text: string, file: string, rules: HostRules): void {
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const [from, to, status = '301', ...rest] = line.split(/\s+/);
    // `/path  key=value  /to`: a condition on the query, which the engine does not read.
    if (!from.startsWith('/') || !to || /=/.test(to) || rest.length) {
      rules.keptLines.push(raw);
      rules.problems.push({
        file,
        line: i + 1,
        message: `host rule "${line}" kept in public/_redirects for the host: the engine's servers answer a source, a target and a redirect status`,
      });
    } else if (!REDIRECT.test(status)) rules.keptLines.push(raw);
    else rules.redirects.push({ from, to, status: Number(status.replace('!', '')), file, line: i + 1 });
  });
}

/** A path-to-regexp source of Vercel (`/blog/:slug`, `/docs/:path*`) in `_redirects`' form, or
 * undefined when it needs more (a group, an optional segment). */
function vercelPath(path: string): { from: string; splat?: string } | undefined {
  const tail = /\/:(\w+)(?:\*|\+|\(\.\*\))$/.exec(path);
  const from = tail ? `${path.slice(0, tail.index)}/*` : path;
  if (/[()?+*]/.test(from.replace(/\*$/, ''))) return undefined;
  return { from, splat: tail?.[1] };
}

function vercelRedirects(text: string, file: string, rules: HostRules): void {
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    rules.problems.push({ file, line: 1, message: `not read: ${messageOf(error)}` });
    return;
  }
  const list = (config as { redirects?: unknown }).redirects;
  if (!Array.isArray(list)) return;
  const lines = text.split('\n');
  for (const entry of list as Record<string, unknown>[]) {
    const source = typeof entry.source === 'string' ? entry.source : '';
    const destination = typeof entry.destination === 'string' ? entry.destination : '';
    const line = Math.max(1, lines.findIndex((l) => l.includes(JSON.stringify(source))) + 1);
    const converted = source.startsWith('/') ? vercelPath(source) : undefined;
    if (!converted || !destination || entry.has || entry.missing) {
      rules.problems.push({
        file,
        line,
        message: `redirect of ${source || 'no source'} left out: ${entry.has || entry.missing ? 'its has/missing conditions are' : 'its pattern is'} more than placeholders and a trailing splat; write it into public/_redirects by hand`,
      });
      continue;
    }
    const to = converted.splat
      ? destination.replace(new RegExp(`:${converted.splat}(?:\\*|\\+|\\(\\.\\*\\))?(?!\\w)`, 'g'), ':splat')
      : destination;
    const status = typeof entry.statusCode === 'number' ? entry.statusCode : entry.permanent === false ? 307 : 308;
    rules.redirects.push({
      from: converted.from,
      to,
      status: REDIRECT.test(String(status)) ? status : 301,
      file,
      line,
    });
  }
}

/** The host redirects of the project, read through `readFile` (a path in the project). */
export function readHostRules(readFile: (rel: string) => string | undefined): HostRules {
  const rules: HostRules = { redirects: [], keptLines: [], problems: [] };
  const netlify = readFile('static/_redirects');
  if (netlify !== undefined) netlifyLines(netlify, 'static/_redirects', rules);
  const vercel = readFile('vercel.json');
  if (vercel !== undefined) vercelRedirects(vercel, 'vercel.json', rules);
  return rules;
}

/** Whether a host redirect names more than one URL (it stays a rule of public/_redirects). */
export const isHostRule = (r: HostRedirect) => isRulePattern(r.from);
