// Docusaurus's `include` and `exclude` patterns (`**/*.{md,mdx}`, `**/_*/**`), as its globbing
// library reads them, for paths relative to a docs or blog folder: `**` spans folders, `*` and `?`
// stay within one name, `{a,b}` is either.

function source(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      // `**/` is any number of folders, none included; a trailing `**` is anything.
      out += slash ? '(?:[^/]*(?:/|$))*' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      const end = pattern.indexOf('}', i);
      if (end === -1) out += '\\{';
      else {
        out += `(?:${pattern
          .slice(i + 1, end)
          .split(',')
          .map(source)
          .join('|')})`;
        i = end;
      }
    } else out += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return out;
}

export function globMatcher(patterns: string[]): (rel: string) => boolean {
  const res = patterns.map((p) => new RegExp(`^${source(p.replace(/^\.\//, ''))}$`));
  return (rel) => res.some((re) => re.test(rel));
}

/** Docusaurus's defaults for docs and blog folders. */
export const DEFAULT_INCLUDE = ['**/*.{md,mdx}'];
export const DEFAULT_EXCLUDE = [
  '**/_*.{js,jsx,ts,tsx,md,mdx}',
  '**/_*/**',
  '**/*.test.{js,jsx,ts,tsx}',
  '**/__tests__/**',
];
