// Generated `_headers` and `_redirects` lines through the parsers the build and `site start` share
// (common/headers-file.ts, common/redirects-file.ts). Property: each line is either refused with a
// problem at its line (the build's diagnostic) or taken as a rule that Node's own HTTP validators
// accept as a header, or as a Location; never a throw, never a rule that would make Node throw on
// an answer, and the rules' order and lines kept.
import http from 'node:http';
import fc from 'fast-check';
import { parseHeaderRules } from '../../common/headers-file.ts';
import { parseRedirectsFile } from '../../common/redirects-file.ts';
import type { FuzzSurface } from './surfaces.ts';

/** Characters an editor's file may hold by mistake, besides ordinary text. */
const odd = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\t',
  '\u000B',
  '\u000C',
  '\r',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u00A0',
  '\u00FC',
  '\u20AC',
  '\uD800',
  '\uDC00',
  '\uFEFF',
  '\uFFFE',
  '\uFFFF',
  '\u{1F600}',
  ' ',
  ':',
  '"',
  '\\',
  '#',
  '*',
  '/',
  '%',
);
const text = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 6 }) }, { weight: 1, arbitrary: odd }), {
    maxLength: 6,
  })
  .map((parts) => parts.join(''));
const headerName = fc.oneof(
  fc.constantFrom('X-Robots-Tag', 'Cache-Control', 'X-Frame-Options', 'Link', 'Content-Security-Policy'),
  text,
);
const headersLine = fc.oneof(
  fc.constantFrom('/*', '/docs/*', '/', '# comment', ''),
  fc.tuple(fc.constantFrom('/', '/*', ''), text).map(([a, b]) => a + b),
  fc
    .tuple(fc.constantFrom('  ', '\t', ' '), headerName, fc.constantFrom(': ', ':', ' : ', ''), text)
    .map((p) => p.join('')),
);
const redirectsLine = fc.oneof(
  fc.constantFrom('# comment', '', '/old/ /new/ 301'),
  fc
    .tuple(
      fc.constantFrom('/', '/a/', 'https://x.example/', ''),
      text,
      fc.constantFrom(' ', '\t', '  '),
      fc.constantFrom('/', 'https://example.org/', 'http://', '', 'mailto:'),
      text,
      fc.constantFrom('', ' 301', ' 302', ' 200!'),
    )
    .map((p) => p.join('')),
);

function headersHold(lines: string[]): void {
  const { rules, problems } = parseHeaderRules(lines.join('\n'));
  const lineNumbers = [...rules.map((r) => r.line), ...problems.map((p) => p.line)];
  if (new Set(lineNumbers).size !== lineNumbers.length) throw new Error('a line is both a rule and a problem');
  for (const rule of rules) {
    http.validateHeaderName(rule.name);
    http.validateHeaderValue(rule.name, rule.value);
  }
}

function redirectsHold(lines: string[]): void {
  const { rules, problems } = parseRedirectsFile(lines.join('\n'));
  const lineNumbers = [...rules.map((r) => r.line), ...problems.map((p) => p.line)];
  if (new Set(lineNumbers).size !== lineNumbers.length) throw new Error('a line is both a rule and a problem');
  for (const rule of rules) {
    http.validateHeaderValue('location', rule.to);
    if (rule.to !== lines[rule.line - 1].trim().split(/\s+/)[1] && !/%[0-9A-F]{2}/.test(rule.to))
      throw new Error(`the target of line ${rule.line} changed: ${JSON.stringify(rule.to)}`);
  }
}

export const surface: FuzzSurface = {
  name: 'host-rules',
  async run({ runs, seed }) {
    let cases = 0;
    fc.assert(
      fc.property(
        fc.array(headersLine, { maxLength: 8 }),
        fc.array(redirectsLine, { maxLength: 8 }),
        (headers, redirects) => {
          cases++;
          headersHold(headers);
          redirectsHold(redirects);
        },
      ),
      { numRuns: runs, seed },
    );
    return { cases };
  },
};
