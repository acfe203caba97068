// The production server's security headers: the ones the build wrote into `_headers`, so the
// server and any static host send the same policy. At start the server checks the built home page
// against the policy: an inline script the CSP does not allow (a stale build, or a new inline
// script in the theme) would silently not run in browsers, so it is reported loudly instead.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { headersForAll, parseHeaderRules } from '../common/headers-file.ts';
import { HEADERS_FILE } from '../common/security-headers.ts';
import { scriptHash } from '../generator/extras/csp.ts';

export class MissingBuildError extends Error {}

/** A rule no server can send (a build made before the build checked them) is logged and left out:
 * Node would throw on it for every answer. */
export function loadSecurityHeaders(siteDir: string, log: Pick<Console, 'error'>): Record<string, string> {
  const file = path.join(siteDir, HEADERS_FILE);
  if (!existsSync(file))
    throw new MissingBuildError(
      `${file} is missing: build the site with \`site build\` before starting the production server`,
    );
  const { rules, problems } = parseHeaderRules(readFileSync(file, 'utf8'));
  for (const problem of problems)
    log.error(`[site] ${file}:${problem.line}: ${problem.message}; that rule is left out (rebuild the site)`);
  const headers = headersForAll(rules);
  if (!headers['content-security-policy'])
    throw new MissingBuildError(`${file} has no Content-Security-Policy for /*: rebuild the site`);
  return headers;
}

/** Inline scripts (executable ones; JSON-LD is data) of a page that the CSP does not allow. */
export function blockedInlineScripts(html: string, csp: string): string[] {
  const scriptSrc =
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src')) ?? '';
  const blocked: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc=/i.test(attributes)) continue;
    const type = /\stype="([^"]*)"/i.exec(attributes)?.[1];
    if (type && type !== 'module' && !/javascript/i.test(type)) continue;
    const hash = scriptHash(match[2]);
    if (!scriptSrc.includes(hash)) blocked.push(hash);
  }
  return blocked;
}

/** Inline `style="…"` attributes, which `style-src 'self'` blocks. */
export function inlineStyleAttributes(html: string): number {
  return html.match(/<[a-z][^>]*\sstyle="/gi)?.length ?? 0;
}
