// Front matter: split from the body, parsed as YAML 1.2 (dates stay strings, "no" stays a
// string), validated with a strict schema so that a misspelt key is an error, not a silent no-op.
import matter from 'gray-matter';
import YAML from 'yaml';
import { z } from 'zod';
import { xmlCharacterProblem } from '../../common/xml-characters.ts';
import { closestKey } from '../diagnostics/closest-key.ts';
import { diagnosis, diagnostic } from '../diagnostics/diagnostic-rules.ts';
import { yamlLocator, zodDiagnostics } from '../diagnostics/schema-errors.ts';
import type { Diagnostic, FrontMatter } from '../types.ts';
import { plainYaml } from './plain-yaml.ts';

/** Text that goes into the feeds: a character XML forbids is reported at its key, not written. */
export const xmlText = () =>
  z.string().superRefine((value, ctx) => {
    const problem = xmlCharacterProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const headingLevel = z.number().int().min(2).max(6);
const publicPath = z.string().regex(/^\//, 'must be an absolute path to a file in public/, like /img/x.png');

const docFields = {
  title: xmlText().min(1),
  description: xmlText().min(1).max(300),
  sidebar_label: z.string().min(1).optional(),
  sidebar_position: z.number().optional(),
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes')
    .optional(),
  draft: z.boolean().optional(),
  unlisted: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: headingLevel.optional(),
  toc_max_heading_level: headingLevel.optional(),
  keywords: z.array(z.string()).optional(),
  list_pages: z.boolean().optional(),
  image: publicPath.optional(),
  source_locale: z.string().min(1).optional(),
};

export const docFrontMatter = z.strictObject(docFields);

/** A page outside the sections (the site's root page, the contact page) may name the theme's
 * layout that renders it. */
export const pageFrontMatter = z.strictObject({
  ...docFields,
  layout: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'must be a layout name of the theme: lower-case letters, digits and dashes')
    .optional(),
});

export const postFrontMatter = z.strictObject({
  ...docFields,
  date: z.string().superRefine((value, ctx) => {
    const problem = dateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  authors: z.array(xmlText()).min(1, 'name at least one author from content/authors.yml'),
  tags: z.array(xmlText()).default([]),
});

/** The length docs/content.md gives a description: about what search results and link previews show. */
export const DESCRIPTION_SHOWN = 160;

/** A description longer than search results show is cut there: said, so the editor decides where. */
function longDescription(description: string, matter: string, file: string): Diagnostic[] {
  const length = [...description].length;
  if (length <= DESCRIPTION_SHOWN) return [];
  const at = yamlLocator(matter)(['description'], true);
  return [
    diagnostic({ file, line: at?.line, column: at?.column }, 'front-matter', 'longDescription', {
      length,
      limit: DESCRIPTION_SHOWN,
    }),
  ];
}

/** Why a post's date is no date: its form, or the part that does not exist ("month 13"). */
function dateProblem(value: string): string | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts) return 'must be a date written YYYY-MM-DD';
  const [year, month, day] = parts.slice(1).map(Number);
  if (month < 1 || month > 12)
    return `month ${month} does not exist: a date is written YYYY-MM-DD, the month from 01 to 12`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days)
    return `day ${day} does not exist in ${year}-${String(month).padStart(2, '0')}, which has ${days} days`;
  return undefined;
}

const validDate = (value: string | undefined) => (value !== undefined && !dateProblem(value) ? value : undefined);

/** `page`: a page outside the sections (standalone-pages.ts). */
export type FrontMatterKind = 'doc' | 'post' | 'page';

export interface SplitResult {
  data: FrontMatter | undefined;
  /** Set when `data` is not: the valid part of invalid front matter. */
  fallback?: FrontMatter;
  body: string;
  /** 1-based line of the first body line. */
  bodyLine: number;
  diagnostics: Diagnostic[];
}

/** A file split into its front matter block (`matter`, as written), what the block says and the body. */
export interface Matter {
  data: Record<string, unknown>;
  matter: string;
  content: string;
}

/** A front matter block in a language other than YAML or JSON (`---js`, `---toml`). */
class MatterLanguageError extends Error {
  constructor(readonly language: string) {
    super(`front matter in ${language}`);
  }
}

/** The languages a front matter block may be written in; gray-matter runs `---js` as JavaScript,
 * so a Markdown file could run code on the machine that builds the site: every engine but these
 * refuses, the JavaScript one included. YAML is read by the plain-line fast path where it can,
 * else by the YAML 1.2 parser (not gray-matter's own, which reads `no` as false). */
const ENGINES: Record<string, (block: string) => object> = {
  // The library's warnings (an unknown tag, a key that is a collection) would go to the terminal in
  // its own words; what they are about is reported as the schema sees the value.
  yaml: (block) => (plainYaml(block) ?? YAML.parse(block, { logLevel: 'error' }) ?? {}) as object,
  json: (block) => JSON.parse(block) as object,
  javascript: () => {
    throw new MatterLanguageError('javascript');
  },
};
const ACCEPTED = new Set(['', 'yaml', 'yml', 'json']);

/** Splits front matter off with gray-matter: a block opens with `---` at the very start (not
 * `----`), may name its language after it, and ends at the first line that starts with `---`. A
 * block in another language than YAML or JSON is refused before any engine sees it. */
export function splitMatter(raw: string): Matter {
  const input = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (input.startsWith('---') && input.charAt(3) !== '-') {
    const language = matter.language(input.slice(3)).name.toLowerCase();
    if (!ACCEPTED.has(language)) throw new MatterLanguageError(language);
  }
  const file = matter(input, { engines: ENGINES });
  return { data: file.data, matter: file.matter ?? '', content: file.content };
}

export function splitFrontMatter(raw: string, file: string, kind: FrontMatterKind): SplitResult {
  let parsed: Matter;
  try {
    parsed = splitMatter(raw);
  } catch (error) {
    if (error instanceof MatterLanguageError) return languageFailure(raw, file, error.language);
    return yamlFailure(raw, file, error as YamlError);
  }
  const bodyLine = raw.slice(0, raw.length - parsed.content.length).split('\n').length;
  if (!raw.startsWith('---')) {
    return {
      data: undefined,
      body: parsed.content,
      bodyLine,
      diagnostics: [diagnostic({ file, line: 1, column: 1 }, 'front-matter', 'none')],
    };
  }
  const schema = kind === 'post' ? postFrontMatter : kind === 'page' ? pageFrontMatter : docFrontMatter;
  // Unknown keys are reported one by one, with the key, and left out: the rest still counts, and the
  // build drops the reports of keys the config accepts (`extraFrontMatterKeys`).
  const known = Object.keys(schema.shape);
  const fields = (parsed.data ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((key) => !known.includes(key));
  const locate = unknown.length ? yamlLocator(parsed.matter) : undefined;
  const keyDiagnostics: Diagnostic[] = unknown.map((key) => {
    const at = locate?.([key]);
    return {
      ...diagnostic({ file, line: at?.line, column: at?.column }, 'front-matter', 'unknownKey', {
        key,
        suggestion: closestKey(key, known),
        known,
      }),
      key,
    };
  });
  const input = Object.fromEntries(Object.entries(fields).filter(([key]) => known.includes(key)));
  const result = schema.safeParse(input);
  if (result.success) {
    const data = result.data as FrontMatter;
    return {
      data,
      body: parsed.content,
      bodyLine,
      diagnostics: [...keyDiagnostics, ...longDescription(data.description, parsed.matter, file)],
    };
  }
  return {
    data: undefined,
    fallback: fallbackOf(fields, file),
    body: parsed.content,
    bodyLine,
    diagnostics: [
      ...keyDiagnostics,
      ...zodDiagnostics(result.error, file, 'front-matter', yamlLocator(parsed.matter), undefined, input),
    ],
  };
}

/** Front matter in a language that is not read: one error on its first line; the body is still the page's. */
function languageFailure(raw: string, file: string, language: string): SplitResult {
  const lines = raw.split('\n');
  const end = lines.findIndex((line, i) => i > 0 && line.startsWith('---'));
  return {
    data: undefined,
    fallback: fallbackOf({}, file),
    body: end === -1 ? '' : lines.slice(end + 1).join('\n'),
    bodyLine: end === -1 ? lines.length + 1 : end + 2,
    diagnostics: [diagnostic({ file, line: 1, column: 1 }, 'front-matter', 'language', { language })],
  };
}

interface YamlError {
  message: string;
  linePos?: { line: number; col: number }[];
}

/** Front matter that is not YAML: one error, at its cause where the parser's report allows (an
 * unclosed quote at its opening, not where the scanner gave up), and a page salvaged from the lines
 * that still read as `key: value`, so the mistake does not also show up as a missing translation
 * and as broken links to this page. */
function yamlFailure(raw: string, file: string, error: YamlError): SplitResult {
  const lines = raw.split('\n');
  const end = lines.findIndex((line, i) => i > 0 && /^---\s*$/.test(line));
  const matterLines = lines.slice(1, end === -1 ? lines.length : end);
  const bodyLine = end === -1 ? lines.length + 1 : end + 2;
  const body = end === -1 ? '' : lines.slice(end + 1).join('\n');
  let at = error.linePos?.[0] ? { line: error.linePos[0].line, column: error.linePos[0].col } : { line: 1, column: 1 };
  // The parser's first sentence, without the excerpt it appends after a colon.
  const reason = error.message
    .split('\n')[0]
    .replace(/ at line \d+, column \d+:?\s*$/, '')
    .replace(/[:\s]+$/, '');
  let says = diagnosis('front-matter', 'yaml', { reason });
  // `...` ends a YAML document (and Pandoc's front matter), not this site's: the block runs on.
  const dots = matterLines.findIndex((line) => /^\.\.\.\s*$/.test(line));
  if (dots !== -1 && /multiple documents/i.test(reason)) {
    at = { line: dots + 2, column: 1 };
    says = diagnosis('front-matter', 'documentEnd');
  }
  if (/missing closing .?quote/i.test(reason)) {
    const opened = matterLines.findIndex((line) => {
      const value = /^\s*[\w-]+:\s*(["'])(.*)$/.exec(line);
      return value && !value[2].includes(value[1]);
    });
    if (opened !== -1) {
      at = { line: opened + 2, column: matterLines[opened].search(/["']/) + 1 };
      says = diagnosis('front-matter', 'unclosedQuote');
    }
  }
  const salvaged = Object.fromEntries(
    matterLines.flatMap((line) => {
      const pair = /^(title|description|slug|date):\s*(.+?)\s*$/.exec(line);
      return pair ? [[pair[1], pair[2].replace(/^["']|["']$/g, '')]] : [];
    }),
  );
  return {
    data: undefined,
    fallback: fallbackOf(salvaged, file),
    body,
    bodyLine,
    diagnostics: [{ file, ...at, ...says }],
  };
}

/** What can be salvaged from invalid front matter, so one mistake is reported once and does not
 * also show up as a missing translation or as broken links to this page. */
function fallbackOf(raw: Record<string, unknown>, file: string): FrontMatter {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);
  return {
    title: text(raw.title) ?? file,
    description: text(raw.description) ?? '',
    slug: text(raw.slug),
    // A date that is reported is no date: what reads the page (a post list, a feed) takes none,
    // as in check and build, rather than a text no date can be made of.
    date: validDate(text(raw.date)),
    authors: list(raw.authors),
    tags: list(raw.tags),
  };
}
