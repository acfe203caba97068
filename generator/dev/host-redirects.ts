// The site's own host rules (public/_redirects) as `site serve` answers them: what a host that
// reads the file does with the built site, and `site start` with the build's `_redirects`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type RedirectRule, redirectsOfText } from '../../common/redirect-rules.ts';
import { type BaseConfig, routeOfServedPath } from '../../common/served-url.ts';
import { PUBLIC_DIR } from '../content/public-files.ts';

/** public/_redirects (written at served paths): its lines of one URL and its rules, by route. */
export function hostRedirects(
  root: string,
  base: BaseConfig,
): { redirects: Map<string, string>; rules: RedirectRule[] } {
  const file = path.join(root, PUBLIC_DIR, '_redirects');
  if (!existsSync(file)) return { redirects: new Map(), rules: [] };
  return redirectsOfText(readFileSync(file, 'utf8'), (served) => routeOfServedPath(base, served) ?? served);
}
