// Files in public/, copied as they are; links to them are checked like links to pages. A symbolic
// link is followed while it stays inside public/; one that leads out (to the project's root, its
// `.git`, anywhere else) is reported and neither copied nor counted (generator/content/project-tree.ts).
// A name starting with a dot is published only for `.well-known/` and what the config names. Two of
// them the build writes too, and merges: a site's own `_headers` follows the security headers,
// its own `_redirects` rules come before the generated redirects (the first match wins); both are
// read by the parsers `site start` uses, and a rule no server could send is an error at its line.
// Any other file of public/ at a path the build writes (a page, the sitemap, a feed) is an error:
// one of the two would be lost.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parseHeaderRules } from '../../common/headers-file.ts';
import { parseRedirectsFile } from '../../common/redirects-file.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import type { Diagnostic } from '../types.ts';
import { isInside, walkProjectTree } from './project-tree.ts';

export const PUBLIC_DIR = 'public';

/** Files of public/ that the build merges with its own of the same name. */
export const MERGED_PUBLIC_FILES: ReadonlySet<string> = new Set(['_headers', '_redirects']);

export interface PublicFiles {
  /** What the site serves from public/, as paths with a leading slash: what the link checker
   * counts as existing is what the build copies (generator/content/project-tree.ts). */
  files: string[];
  /** Links out of the project, which neither is taken nor copied. */
  diagnostics: Diagnostic[];
}

/** Dot-folders and dot-files of public/ published whatever the config says. */
export const PUBLISHED_HIDDEN: readonly string[] = ['.well-known'];

/** `hidden`: the config's `publicHidden`, the names starting with a dot at the top of public/ that
 * are published besides `.well-known/`; every other one is not (`.git`, `.env`, an editor's own). */
export function listPublicFiles(root: string, hidden: readonly string[] = []): PublicFiles {
  const base = path.join(root, PUBLIC_DIR);
  if (!existsSync(base)) return { files: [], diagnostics: [] };
  const tree = walkProjectTree(root, base, { hidden: new Set([...PUBLISHED_HIDDEN, ...hidden]), within: 'folder' });
  const fromRoot = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const realRoot = realpathSync(root);
  return {
    files: tree.files.map((f) => `/${path.relative(base, f).split(path.sep).join('/')}`).sort(),
    diagnostics: [
      ...tree.outside.map(({ link, target }) =>
        isInside(realRoot, target)
          ? diagnostic({ file: fromRoot(link) }, 'outside-link', 'publicFolder', {
              link: fromRoot(link),
              target: path.relative(realRoot, target).split(path.sep).join('/') || '.',
            })
          : diagnostic({ file: fromRoot(link) }, 'outside-link', 'public', { link: fromRoot(link), target }),
      ),
      ...hostRuleDiagnostics(root),
    ],
  };
}

/** Whether the dev server may send `file`, a path under public/, as a build would have copied it:
 * its real path inside public/, and no folder or file starting with a dot on the way but those
 * published (`hidden` as for listPublicFiles). */
export function publishedFromPublic(root: string, file: string, hidden: readonly string[] = []): boolean {
  const base = path.join(root, PUBLIC_DIR);
  const parts = path.relative(base, file).split(path.sep);
  if (
    parts[0] === '..' ||
    parts.some((part, i) => part.startsWith('.') && !(i === 0 && [...PUBLISHED_HIDDEN, ...hidden].includes(part)))
  )
    return false;
  try {
    return isInside(realpathSync(base), realpathSync(file));
  } catch {
    return false;
  }
}

/** The site's own part of a merged file (`_headers`), or '' when public/ has none. */
export function publicPart(root: string, name: string): string {
  const file = path.join(root, PUBLIC_DIR, name);
  if (!existsSync(file)) return '';
  // A link out of public/ is reported by listPublicFiles, and its text merged nowhere.
  return isInside(realpathSync(path.join(root, PUBLIC_DIR)), realpathSync(file)) ? readFileSync(file, 'utf8') : '';
}

/** The site's own `_headers` and `_redirects` read by the parsers `site start` reads the build's
 * with: a rule no server could send is an error at its line, never a published file. */
function hostRuleDiagnostics(root: string): Diagnostic[] {
  const parsers = { _headers: parseHeaderRules, _redirects: parseRedirectsFile } as const;
  return (['_headers', '_redirects'] as const).flatMap((name) =>
    parsers[name](publicPart(root, name)).problems.map((problem) =>
      diagnostic(
        { file: `${PUBLIC_DIR}/${name}`, line: problem.line },
        'host-rule',
        name === '_headers' ? 'headers' : 'redirects',
        {
          problem: problem.message,
        },
      ),
    ),
  );
}

/** `generated` followed by the site's own text, one file. */
export function mergedText(generated: string, own: string): string {
  if (!own.trim()) return generated;
  return `${generated.replace(/\n*$/, '\n')}\n# From public/\n${own.replace(/\n*$/, '\n')}`;
}

/** Files of public/ at a path the build writes itself (`written`: paths with a leading slash). */
export function publicCollisions(publicFiles: string[], written: ReadonlySet<string>): Diagnostic[] {
  return publicFiles
    .filter((f) => written.has(f) && !MERGED_PUBLIC_FILES.has(f.slice(1)))
    .map((f) => diagnostic({ file: `${PUBLIC_DIR}${f}` }, 'public-file', 'collision', { file: f.slice(1) }));
}
