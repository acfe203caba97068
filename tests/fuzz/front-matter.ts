// Fuzzing surface: generated front matter (control characters, dates in every form, a byte order
// mark, YAML's edge cases: anchors, tags, flow collections, document markers, tabs, duplicate keys)
// through the parse stage, as `check`, `build` and `serve` all parse a file. Properties: parsing
// never throws; a page left out has an error that says why; every diagnostic names a line of the
// file and speaks the editor's words, never a library's API.
import fc from 'fast-check';
import { parseSource } from '../../generator/parse/parse.ts';
import { labelsOf, source } from '../engine/unit/factories.ts';

const labels = labelsOf('en');

const control = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\ud800',
);
const text = fc
  .array(
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom('Backups', 'mit', 'Restore-Tests', '480 €', 'a: b', '#', '- x') },
      control,
    ),
    {
      minLength: 1,
      maxLength: 5,
    },
  )
  .map((parts) => parts.join(' '));

const date = fc.constantFrom(
  '2025-03-14',
  '2025-3-14',
  '2025-13-01',
  '2025-02-30',
  '2025-03-14T23:30:00+02:00',
  '2025-03-14T23:30:00Z',
  '2025-03-14 23:30',
  '14.03.2025',
  '03/14/2025',
  '2025',
  '"2025-03-14"',
  "'2025-03-14'",
  '0000-00-00',
  '9999-12-31',
  '+002025-03-14',
  '2025-03-14T25:61:00',
  '',
  '~',
  'null',
  '[2025-03-14]',
);

/** A value as YAML writes it: plain, quoted, block, flow, anchored, tagged, or broken. */
const value = fc.oneof(
  text,
  text.map((t) => JSON.stringify(t)),
  text.map((t) => `'${t.replace(/'/g, "''")}'`),
  text.map((t) => `"${t}`),
  text.map((t) => `|\n  ${t}\n  ${t}`),
  text.map((t) => `>-\n  ${t}`),
  fc.constantFrom(
    '[a, b]',
    '[a, b',
    '{ a: 1 }',
    '&a x',
    '*a',
    '!!binary aGVsbG8=',
    '!!js/function "x"',
    'yes',
    'no',
    '0x1F',
    '1e3',
    '.inf',
    '~',
    '',
  ),
);

const key = fc.constantFrom(
  'title',
  'description',
  'date',
  'authors',
  'tags',
  'slug',
  'draft',
  'sidebar_position',
  'keywords',
  'image',
  'titel',
  '? complex',
  '"quoted key"',
  'title',
);

const line = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}: ${v}`) },
  date.map((d) => `date: ${d}`),
  fc.constantFrom(
    '...',
    '---',
    '--- # again',
    '\ttitle: tab',
    '  nested: x',
    '- item',
    '# comment',
    '%YAML 1.2',
    '',
    '<<: *a',
    'authors: [anna]',
  ),
);

const frontMatterFile = fc
  .tuple(
    fc.boolean(),
    fc.constantFrom('---', '---yaml', '--- ', '---js', '----'),
    fc.array(line, { maxLength: 8 }),
    fc.constantFrom('---', '...', '--- ', '', '---\r'),
    fc.constantFrom('\n', '\r\n'),
    fc.constantFrom('', 'Body text.\n', '# Heading\n\nText.\n'),
  )
  .map(
    ([bom, open, lines, close, eol, body]) => `${bom ? '\ufeff' : ''}${[open, ...lines, close].join(eol)}${eol}${body}`,
  );

/** What is wrong with the parse of `raw` as a page of `kind`, or undefined. */
export function checkFrontMatter(raw: string, kind: 'doc' | 'post'): string | undefined {
  const file = source('en', kind === 'post' ? 'blog/fuzzed' : 'docs/fuzzed', raw);
  // A library's warning goes to the terminal of `site check`, beside the diagnostics, in its words.
  const warnings: string[] = [];
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error) => void warnings.push(String(warning))) as typeof emitWarning;
  let result: ReturnType<typeof parseSource>;
  try {
    result = parseSource(file, kind, labels);
  } finally {
    process.emitWarning = emitWarning;
  }
  if (warnings.length) return `a warning printed past the diagnostics: ${warnings.join('; ')}`;
  const lineCount = raw.split('\n').length;
  for (const d of result.diagnostics) {
    if (d.file !== file.id) return `a diagnostic names another file: ${d.file}`;
    if (d.line !== undefined && (d.line < 1 || d.line > lineCount))
      return `line ${d.line} is not in the file: ${d.message}`;
    if (!d.message.trim()) return `an empty message (${d.rule})`;
    if (/\w\(\)|YAML\.\w|\bundefined\b|\[object /.test(d.message)) return `not an editor's words: ${d.message}`;
  }
  if (!result.doc && !result.diagnostics.some((d) => d.severity === 'error'))
    return 'the page is left out without an error saying why';
  if (result.diagnostics.some((d) => d.rule === 'markdown' && d.severity === 'error'))
    return `the Markdown stage failed: ${result.diagnostics.map((d) => d.message).join('; ')}`;
  return undefined;
}

export const frontMatterProperty = fc.property(
  frontMatterFile,
  fc.constantFrom('doc' as const, 'post' as const),
  (raw, kind) => {
    const wrong = checkFrontMatter(raw, kind);
    if (wrong) throw new Error(wrong);
  },
);

/** `runs` generated files from `seed`; throws the smallest file that breaks a property. */
export function fuzzFrontMatter({ runs, seed }: { runs: number; seed: number }): { cases: number } {
  fc.assert(frontMatterProperty, { numRuns: runs, seed, includeErrorInReport: true });
  return { cases: runs };
}

/** What `npm run fuzz` runs: `run` tries `runs` cases from `seed`, and throws with the smallest
 * case that broke a property. */
export const surface: { name: string; run(options: { runs: number; seed: number }): Promise<{ cases: number }> } = {
  name: 'front matter',
  async run(options) {
    return fuzzFrontMatter(options);
  },
};
