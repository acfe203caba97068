// The site configuration: its schema and its type. Reading the file is config-file.ts.
import path from 'node:path';
import { z } from 'zod';
import type { Diagnostic } from './types.ts';
import { zodDiagnostics } from './schema-errors.ts';

const route = z
  .string()
  .regex(/^\/([^\s?#]*\/)?(#[\w-]+)?$/, 'must be a site route with leading and trailing slash, like /services/');

/** The blog sidebar's default length: a reader's way to what is new, not an index of everything. */
export const RECENT_POSTS = 20;

const localeSchema = z.strictObject({
  label: z.string(),
  htmlLang: z.string(),
  direction: z.enum(['ltr', 'rtl']).default('ltr'),
  calendar: z.string().default('gregory'),
  /** URL prefix without slashes; '' for the default locale. */
  path: z.string().regex(/^[a-z-]*$/),
});

const sectionSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    id: z.string(),
    kind: z.literal('docs'),
    sidebar: z.boolean().default(true),
  }),
  z.strictObject({
    id: z.string(),
    kind: z.literal('blog'),
    postsPerPage: z.number().int().positive().default(10),
    /** How many of the newest posts the sidebar lists, by year; the archive lists them all. */
    sidebarCount: z.number().int().positive().default(RECENT_POSTS),
    feeds: z.boolean().default(true),
  }),
]);

/** A navbar or footer link: a site route (label from the page title unless given) or a URL. */
const linkSchema = z.union([
  z.strictObject({ to: route, label: z.string().optional() }),
  z.strictObject({ href: z.url(), label: z.string() }),
]);

const navItemSchema = z.strictObject({
  label: z.string(),
  to: route.optional(),
  items: z.array(linkSchema).optional(),
});

export const configSchema = z.strictObject({
  title: z.string(),
  url: z.url(),
  baseUrl: z.string().regex(/^\/(.*\/)?$/, 'must start and end with a slash'),
  defaultLocale: z.string(),
  locales: z.record(z.string(), localeSchema),
  titleDelimiter: z.string().default('|'),
  sections: z.array(sectionSchema),
  navbar: z.strictObject({
    logo: z.strictObject({ src: z.string(), width: z.number(), height: z.number() }),
    items: z.array(navItemSchema),
    contact: route,
  }),
  footer: z.strictObject({
    groups: z.array(z.strictObject({ title: z.string(), items: z.array(linkSchema) })),
  }),
  redirects: z.array(z.strictObject({ from: route, to: route })).default([]),
  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).default('dark'),
      respectPrefersColorScheme: z.boolean().default(false),
    })
    .default({ defaultMode: 'dark', respectPrefersColorScheme: false }),
  /** `message` and `link` are keys into i18n/<locale>.ts (`announcement`), so the bar speaks the page's language. */
  announcement: z.strictObject({ id: z.string(), message: z.string(), to: route.optional(), link: z.string().optional() }).optional(),
  analytics: z
    .strictObject({ script: z.string(), localDomain: z.string(), endpoint: z.string() })
    .optional(),
  contact: z.strictObject({
    email: z.string(),
    phone: z.string(),
    endpoint: z.string(),
    /** The pages the terms checkbox links to. */
    terms: route,
    privacy: route,
  }),
  /** The second button under the home page's headline, beside the appointment link. */
  home: z.strictObject({ secondaryAction: z.strictObject({ to: route, label: z.string() }).optional() }).default({}),
  favicon: z.string().default('/img/favicon.svg'),
  customFields: z.strictObject({ version: z.string().optional() }).default({}),
  /** What one Markdown file may take, so that no file can hang or crash the build (docs/content.md). */
  markdown: z
    .strictObject({
      maxFileKB: z.number().int().positive().default(1024),
      maxNesting: z.number().int().positive().default(100),
      timeoutSeconds: z.number().positive().default(20),
      memoryMB: z.number().int().positive().default(1024),
      /** `data:` URLs as image sources; links never may be `data:`. */
      dataImages: z.boolean().default(false),
    })
    .default({ maxFileKB: 1024, maxNesting: 100, timeoutSeconds: 20, memoryMB: 1024, dataImages: false }),
  sitemap: z
    .strictObject({ changefreq: z.string().default('weekly'), priority: z.number().default(0.5) })
    .default({ changefreq: 'weekly', priority: 0.5 }),
});

export type SiteConfigInput = z.input<typeof configSchema>;
export type SiteConfig = z.output<typeof configSchema>;
export type SectionConfig = SiteConfig['sections'][number];
export type LinkConfig = z.output<typeof linkSchema>;

export const CONFIG_FILE = 'config/site.config.ts';

export type ConfigResult = { config: SiteConfig; diagnostics: [] } | { config?: undefined; diagnostics: Diagnostic[] };

export function validateConfig(raw: unknown): ConfigResult {
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) return { diagnostics: zodDiagnostics(parsed.error, CONFIG_FILE, 'config') };
  const config = parsed.data;
  const diagnostics: Diagnostic[] = [];
  if (!config.locales[config.defaultLocale]) {
    diagnostics.push({
      file: CONFIG_FILE,
      message: `defaultLocale "${config.defaultLocale}" is not one of the locales (${Object.keys(config.locales).join(', ')})`,
      rule: 'config',
      severity: 'error',
    });
  }
  const ids = new Set<string>();
  for (const section of config.sections) {
    if (ids.has(section.id)) {
      diagnostics.push({ file: CONFIG_FILE, message: `section "${section.id}" is declared twice`, rule: 'config', severity: 'error' });
    }
    ids.add(section.id);
  }
  return diagnostics.length ? { diagnostics } : { config, diagnostics: [] };
}

/** URL prefix of a locale: '' for the default locale, '/en' for English. */
export function localePrefix(config: SiteConfig, locale: string): string {
  const p = config.locales[locale]?.path ?? '';
  return p ? `/${p}` : '';
}
