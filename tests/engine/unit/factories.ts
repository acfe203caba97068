// Small typed inputs for the unit tests: a site configuration, parsed documents, sources, authors
// and tags. Every factory takes overrides, so a test states only what it is about.

import type { Messages, MessagesByLocale } from '../../../common/messages.ts';
import { type SiteConfig, type SiteConfigInput, validateConfig } from '../../../generator/config/config.ts';
import type { SourceFile } from '../../../generator/content/load.ts';
import { hashOf } from '../../../generator/content-hash.ts';
import type { CardLook } from '../../../generator/images/social-images.ts';
import { type MarkdownLabels, markdownLabels } from '../../../generator/parse/parse.ts';
import { mergeMessages } from '../../../generator/theming/messages.ts';
import type { Author, Category, FrontMatter, Heading, ParsedDocument, Tag } from '../../../generator/types.ts';
import { optionsSchema, type ThemeOptions, type ThemeOptionsInput } from '../../../theme/options.ts';
import { type Strings, strings as themeStrings } from '../../../theme/strings.ts';

/** Two locales (German at `/`, English at `/en/`), a docs section and a blog section. */
export const configInput = {
  title: 'Unit',
  url: 'https://unit.example',
  baseUrl: '/',
  defaultLocale: 'de',
  locales: {
    de: { label: 'Deutsch', htmlLang: 'de', path: '' },
    en: { label: 'English', htmlLang: 'en', path: 'en' },
  },
  sections: [
    { id: 'docs', kind: 'docs' },
    { id: 'news', kind: 'blog', postsPerPage: 2 },
  ],
  navbar: { logo: { src: '/img/logo.svg', width: 34, height: 34 }, items: [] },
  themeConfig: { navbar: { cta: { to: '/contact/', label: 'Contact' } } },
  footer: { groups: [] },
  redirects: [{ from: '/old/', to: '/docs/' }],
  contact: {
    email: 'hello@unit.example',
    phone: '+43 1 000',
    endpoint: '/api/contact',
    terms: '/docs/',
    privacy: '/docs/',
  },
} satisfies SiteConfigInput;

export function makeConfig(overrides: Partial<SiteConfigInput> = {}): SiteConfig {
  const result = validateConfig({ ...configInput, ...overrides });
  if (!result.config) throw new Error(`test config is invalid: ${result.diagnostics.map((d) => d.message).join('; ')}`);
  return result.config;
}

export const config = makeConfig();

/** The engine's and the built-in theme's UI strings, as a site without an i18n/ folder gets them. */
export const messages = mergeMessages(['de', 'en'], {}, { strings: themeStrings }).messages as Record<string, Strings> &
  MessagesByLocale;

/** The built-in theme's options as its schema completes them. */
export function themeOptions(input: ThemeOptionsInput = {}): ThemeOptions {
  return optionsSchema.parse(input);
}

export function labelsOf(locale: string): MarkdownLabels {
  return markdownLabels(messages[locale] as Messages);
}

export function heading(depth: number, text: string, id = text.toLowerCase().replace(/\s+/g, '-')): Heading {
  return { depth, id, text };
}

export interface DocInput {
  locale?: string;
  /** Path inside the locale tree without `.md`. */
  path: string;
  title?: string;
  fm?: Partial<FrontMatter>;
  headings?: Heading[];
  ids?: string[];
  words?: number;
}

/** A ParsedDocument as the parse stage would hand it on; ids default to the headings' ids. */
export function doc({
  locale = 'de',
  path,
  title,
  fm = {},
  headings = [],
  ids,
  words = 100,
}: DocInput): ParsedDocument {
  const name = path.split('/').pop()!;
  return {
    source: `content/${locale}/${path}.md`,
    hash: hashOf(`${locale}/${path}`),
    locale,
    path,
    frontMatter: { title: title ?? name, description: `About ${name}.`, ...fm },
    bodyLine: 5,
    html: `<p>${name}</p>`,
    headings,
    ids: ids ?? headings.map((h) => h.id),
    links: [],
    words,
  };
}

/** A blog post: date and authors are required in its front matter. */
export function post(path: string, date: string, fm: Partial<FrontMatter> = {}, locale = 'de'): ParsedDocument {
  return doc({ locale, path, fm: { date, authors: ['anna'], tags: [], ...fm } });
}

export function source(locale: string, path: string, raw: string): SourceFile {
  return { id: `content/${locale}/${path}.md`, locale, path, raw, hash: hashOf(raw) };
}

/** Front matter plus body, the way an editor writes a file. */
export function markdownFile(body: string, fm: Record<string, string | number | boolean | string[]> = {}): string {
  const all = { title: 'Title', description: 'Description.', ...fm };
  const yaml = Object.entries(all)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? `[${v.join(', ')}]` : v}`)
    .join('\n');
  return `---\n${yaml}\n---\n\n${body}`;
}

export function category(dir: string, fields: Partial<Category> = {}): Category {
  return { source: `content/de/${dir}/_category.yml`, label: dir, collapsed: true, ...fields };
}

export function author(id: string, name: string): Author {
  return {
    id,
    name,
    title: { de: 'Technik', en: 'Engineering' },
    bio: { de: `${name} schreibt.`, en: `${name} writes.` },
  };
}

export function tag(id: string): Tag {
  return { id, label: { de: `${id} (de)`, en: `${id} (en)` }, description: { de: `Über ${id}.`, en: `About ${id}.` } };
}

/** A social card's look in plain colours, with the machine's sans-serif and no art. */
export const cardLook: CardLook = {
  colors: { background: '#101010', text: '#f0f0f0', muted: '#a0a0a0', accent: '#30c090' },
  fonts: { regular: [], semibold: [] },
  art: '',
};
