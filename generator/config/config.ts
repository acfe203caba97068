// The site configuration: its schema and its type. Reading the file is config-file.ts.
import { z } from 'zod';
import { closestKey } from '../diagnostics/closest-key.ts';
import {
  DIAGNOSTIC_RULES,
  type DiagnosticRule,
  diagnosis,
  diagnostic,
  RULE_SETTINGS,
} from '../diagnostics/diagnostic-rules.ts';
import { EDITOR_URLS, isEditor } from '../diagnostics/editor-links.ts';
import { zodDiagnostics } from '../diagnostics/schema-errors.ts';
import type { Diagnostic } from '../types.ts';
import type { ConfigFile } from './config-links.ts';
import { locateConfig, suggestion, valueAt } from './config-locations.ts';
import { designSchema } from './design-schema.ts';

const route = z
  .string()
  .regex(/^\/([^\s?#]*\/)?(#[\w-]+)?$/, 'must be a site route with leading and trailing slash, like /services/');

/** What one Markdown file may take unless the config says otherwise (`markdown`). */
export const MARKDOWN_DEFAULTS = {
  maxFileKB: 1024,
  maxNesting: 100,
  timeoutSeconds: 20,
  memoryMB: 1024,
  dataImages: false,
};

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
    /** The section's index page is laid out as a landing page (a header, then its `##` sections
     * by their shape, as on the home page) instead of a docs page: for pages that sell, not for
     * reading. Its other pages keep the docs layout. */
    landing: z.boolean().default(false),
    /** Whether the section's pages show the docs version menu. Unset, only a section with more
     * than one version shows it (a contract, a glossary or a company page has none to choose);
     * `true` for product docs that name their version even while they have one. */
    versionMenu: z.boolean().optional(),
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

/** `09:00-12:00`: a span of office hours, wall time in the booking's time zone; 24:00 ends a day. */
const hoursSpan = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/, {
    error: 'must be a span of wall time like 09:00-12:00',
    abort: true,
  })
  .refine((span) => span.slice(0, 5) < span.slice(6), 'must end after it starts, like 09:00-12:00');

const spans = z.array(hoursSpan).optional();

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date like 2026-12-24', abort: true })
  .refine((date) => {
    const ms = Date.parse(`${date}T00:00:00Z`);
    return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(date);
  }, 'is not a date of the calendar');

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Booking an introductory call: when it can be booked (server/booking-slots.ts computes the slots). */
const bookingSchema = z.strictObject({
  /** Where the slots are read and a booking is posted; `<endpoint>/slots` lists the free slots. */
  endpoint: z
    .string()
    .regex(/^\/[\w/-]*[\w-]$/, 'must be a path like /api/booking')
    .default('/api/booking'),
  /** The zone the office hours and holidays are in (IANA name); no default, as the engine knows no
   * office: a site that takes bookings says where its calls happen. */
  timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone like Europe/Vienna or America/New_York'),
  /** The length of one call, and so of one slot. */
  slotMinutes: z.number().int().min(10).max(240).default(30),
  /** Spans per weekday in which calls can be booked; a day without spans has none. */
  officeHours: z
    .strictObject({ mon: spans, tue: spans, wed: spans, thu: spans, fri: spans, sat: spans, sun: spans })
    .default({
      mon: ['09:00-12:00', '13:00-17:00'],
      tue: ['09:00-12:00', '13:00-17:00'],
      wed: ['09:00-12:00', '13:00-17:00'],
      thu: ['09:00-12:00', '13:00-17:00'],
      fri: ['09:00-12:00'],
    }),
  /** How many days ahead (today included) slots are offered. */
  daysAhead: z.number().int().min(1).max(180).default(14),
  /** A slot must start at least this many hours after it is booked. */
  leadTimeHours: z
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Days without calls (public holidays, the office closed), in the booking's time zone. */
  holidays: z.array(isoDate).default([]),
  /** Anyone can type any address: one address may hold only a few calls to come, so nobody fills
   * the calendar (or another person's inbox with invitations) from one address. */
  maxOpenPerEmail: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(2)
    .describe(
      'Calls to come (booked, not cancelled, not yet over) one e-mail address may hold; a booking beyond them is refused with 429. Addresses count as one regardless of case and of a +tag',
    ),
  /** And all addresses together may book only so many calls a day: a ceiling on the invitations
   * the site mails to addresses nobody has confirmed, however many addresses someone makes up. */
  maxPerDay: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(20)
    .describe(
      'Bookings the site takes in any 24 hours, from all addresses together; more are refused with 429 until the oldest of them is a day old',
    ),
});

export const configSchema = z.strictObject({
  title: z.string(),
  url: z.url(),
  baseUrl: z.string().regex(/^\/(.*\/)?$/, 'must start and end with a slash'),
  defaultLocale: z.string(),
  locales: z.record(z.string(), localeSchema),
  titleDelimiter: z.string().default('|'),
  sections: z.array(sectionSchema),
  theme: z
    .string()
    .min(1)
    .optional()
    .describe(
      "The theme that renders the site: a folder relative to the site's root (`./theme`, whose index.ts default-exports the theme contract of generator/theming/theme-contract.ts) or an installed package's name. Default: the engine's built-in theme",
    ),
  components: z
    .record(
      z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'must be a component name like Footer'),
      z
        .string()
        .regex(
          /^\.{1,2}\/.+\.(tsx|ts|jsx|js)$/,
          'must be a file relative to the site root, like ./components/Footer.tsx',
        ),
    )
    .default({})
    .describe(
      "Components of the theme replaced by the site's own files, by the name of the theme's file without extension: `{ Footer: './components/Footer.tsx' }`. The file exports the component under the same name and may import the theme's files as `@theme/<path>`",
    ),
  design: designSchema.describe(
    "The site's look: palette, fonts, hero art and the social cards' colours, laid over the theme's defaults",
  ),
  navbar: z.strictObject({
    logo: z.strictObject({ src: z.string(), width: z.number(), height: z.number() }),
    items: z.array(navItemSchema),
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
  announcement: z
    .strictObject({ id: z.string(), message: z.string(), to: route.optional(), link: z.string().optional() })
    .optional(),
  analytics: z
    .strictObject({
      script: z.string(),
      localDomain: z.string(),
      endpoint: z.string(),
      /** Event names the endpoint counts; by default the ones the theme sends (server/insights.ts). */
      events: z.array(z.string()).optional(),
      /** Property values the endpoint counts besides the theme's (server/insights.ts), e.g.
       * `{ event: ['erstgespraech'] }`; any other value is counted as "(other)". */
      properties: z.record(z.string(), z.array(z.string())).optional(),
    })
    .optional(),
  /** Who publishes the site: the Organization of the structured data, the feeds' copyright and the
   * footer's copyright line. Without it the site's title stands in. */
  organization: z
    .strictObject({
      name: z.string(),
      /** Default: the navbar's logo. */
      logo: z.string().optional(),
      email: z.string().optional(),
      phone: z.string().optional(),
      address: z
        .strictObject({
          street: z.string().optional(),
          postalCode: z.string().optional(),
          locality: z.string().optional(),
          country: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
  /** Turns on the contact page: `content/<locale>/<route>.md` rendered with the form, and the endpoint. */
  contact: z
    .strictObject({
      route: route.default('/contact/'),
      email: z.string(),
      phone: z.string(),
      endpoint: z.string(),
      /** The pages the terms checkbox links to. */
      terms: route,
      privacy: route,
      /** Turns on booking an introductory call on the contact page (`#appointment`). */
      booking: bookingSchema.optional(),
    })
    .optional(),
  themeConfig: z
    .record(z.string(), z.unknown())
    .default({})
    .describe(
      "The theme's own options, checked by the theme's schema (its `config.schema`, generator/theming/theme-contract.ts) once it is loaded; the built-in theme's are listed under \"Theme options\"",
    ),
  favicon: z.string().default('/img/favicon.svg'),
  customFields: z.strictObject({ version: z.string().optional() }).default({}),
  /** What one Markdown file may take, so that no file can hang or crash the build (docs/content.md). */
  markdown: z
    .strictObject({
      maxFileKB: z.number().int().positive().default(MARKDOWN_DEFAULTS.maxFileKB),
      maxNesting: z.number().int().positive().default(MARKDOWN_DEFAULTS.maxNesting),
      timeoutSeconds: z.number().positive().default(MARKDOWN_DEFAULTS.timeoutSeconds),
      memoryMB: z.number().int().positive().default(MARKDOWN_DEFAULTS.memoryMB),
      /** `data:` URLs as image sources; links never may be `data:`. */
      dataImages: z.boolean().default(MARKDOWN_DEFAULTS.dataImages),
    })
    .default(MARKDOWN_DEFAULTS),
  sitemap: z
    .strictObject({ changefreq: z.string().default('weekly'), priority: z.number().default(0.5) })
    .default({ changefreq: 'weekly', priority: 0.5 }),
  /** Translation status (generator/validate/translation-status.ts): the locale pages are written in
   * (default: defaultLocale; a page may say otherwise with `source_locale`), and whether an
   * outdated translation shows its visitors a notice linking the source. */
  translations: z
    .strictObject({ source: z.string().optional(), notice: z.boolean().default(true) })
    .default({ notice: true }),
  /** Front matter keys to accept and ignore besides the known ones (for content written for another tool). */
  extraFrontMatterKeys: z.array(z.string()).default([]),
  publicHidden: z
    .array(z.string().regex(/^\.[^/\\]+$/, 'must be a name starting with a dot, like .well-known'))
    .default([])
    .describe(
      'Folders and files at the top of public/ whose name starts with a dot that are published besides `.well-known/`; any other (`.git`, `.env`, an editor’s own) is not',
    ),
  /** The editor the lines of `site serve`'s overlay open a file in: vscode, cursor, zed, idea,
   * webstorm, sublime, textmate, … (generator/diagnostics/editor-links.ts), or a URL template with {file}
   * (the absolute path), {line} and {column}. Unset: $SITE_EDITOR, else the editor $VISUAL or
   * $EDITOR names, else VS Code. */
  editor: z.string().optional(),
  rules: z
    .record(z.string(), z.enum(RULE_SETTINGS))
    .default({})
    .describe(
      "The severity of a diagnostic rule on this site, by rule id: 'error' fails the check and the build, 'warning' is printed, 'off' is not reported, like `{ 'number-unit': 'error' }`. A rule left out keeps the engine's default, which fits any site: rules of one site's house style (typography, wording, how links are written) are off or warnings. docs/diagnostics.md lists every rule with its default; `site explain <rule>` prints one",
    ),
});

export type SiteConfigInput = z.input<typeof configSchema>;
export type SiteConfig = z.output<typeof configSchema>;
export type SectionConfig = SiteConfig['sections'][number];
export type LinkConfig = z.output<typeof linkSchema>;
export type BookingConfig = z.output<typeof bookingSchema>;

/** The contact page's path in the content tree (`contact` for /contact/), when the site has one. */
export function contactPagePath(config: SiteConfig): string | undefined {
  return config.contact?.route.replace(/^\/|\/$/g, '') || undefined;
}

/** Keys that were the engine's and are the built-in theme's options now, by where they went. */
const MOVED_TO_THEME: Record<string, string> = { 'navbar.cta': 'themeConfig.navbar.cta', home: 'themeConfig.home' };

export const CONFIG_FILE = 'config/site.config.ts';
/** Where every key of the config is listed with its type and default (generated from the schema). */
export const CONFIG_REFERENCE = 'docs/config.md';

export type ConfigResult = { config: SiteConfig; diagnostics: [] } | { config?: undefined; diagnostics: Diagnostic[] };

/** The config checked against its schema; each problem points at the file and line that write the
 * value (`files`: the config's TypeScript files), with the closest known key or option. */
export function validateConfig(raw: unknown, files: ConfigFile[] = []): ConfigResult {
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const diagnostics = zodDiagnostics(
      parsed.error,
      CONFIG_FILE,
      'config',
      undefined,
      (issue) => suggestion(configSchema, issue, raw),
      raw,
    );
    return {
      diagnostics: parsed.error.issues.map((issue, i) => {
        const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
        const keyPath = issue.code === 'unrecognized_keys' ? [...path, issue.keys[0]] : path;
        const moved =
          issue.code === 'unrecognized_keys' && issue.keys.length === 1 ? MOVED_TO_THEME[keyPath.join('.')] : undefined;
        const says = moved ? diagnosis('config', 'movedToTheme', { key: keyPath.join('.'), to: moved }) : undefined;
        return {
          ...diagnostics[i],
          ...says,
          ...locateConfig(files, keyPath, valueAt(raw, keyPath), issue.code === 'unrecognized_keys' ? 'key' : 'value'),
        };
      }),
    };
  }
  const config = parsed.data;
  const diagnostics: Diagnostic[] = [];
  if (!config.locales[config.defaultLocale]) {
    diagnostics.push(
      diagnostic(
        locateConfig(files, ['defaultLocale'], config.defaultLocale) ?? { file: CONFIG_FILE },
        'config',
        'defaultLocale',
        { locale: config.defaultLocale, locales: Object.keys(config.locales) },
      ),
    );
  }
  const ids = new Set<string>();
  for (const section of config.sections) {
    if (ids.has(section.id)) {
      diagnostics.push(
        diagnostic(
          locateConfig(files, ['sections', 'id'], section.id) ?? { file: CONFIG_FILE },
          'config',
          'sectionTwice',
          { id: section.id },
        ),
      );
    }
    ids.add(section.id);
  }
  // The URLs the site hands out are the origin of `url` and the path of `baseUrl`: a path in `url`
  // that says otherwise would be dropped without a word.
  const urlPath = new URL(config.url).pathname.replace(/\/?$/, '/');
  if (urlPath !== '/' && urlPath !== config.baseUrl) {
    diagnostics.push(
      diagnostic(locateConfig(files, ['url'], config.url) ?? { file: CONFIG_FILE }, 'config', 'urlPath', {
        url: config.url,
        path: urlPath,
        baseUrl: config.baseUrl,
      }),
    );
  }
  if (config.editor !== undefined && !isEditor(config.editor)) {
    const known = Object.keys(EDITOR_URLS);
    diagnostics.push(
      diagnostic(locateConfig(files, ['editor'], config.editor) ?? { file: CONFIG_FILE }, 'config', 'unknownEditor', {
        value: config.editor,
        known,
        suggestion: closestKey(config.editor, known),
      }),
    );
  }
  diagnostics.push(...ruleSettingProblems(config.rules, files));
  const contact = config.contact;
  if (
    contact?.booking &&
    [contact.endpoint, `${contact.endpoint.replace(/\/+$/, '')}/reveal`].includes(contact.booking.endpoint)
  ) {
    diagnostics.push(
      diagnostic({ file: CONFIG_FILE }, 'config', 'bookingEndpoint', { endpoint: contact.booking.endpoint }),
    );
  }
  return diagnostics.length ? { diagnostics } : { config, diagnostics: [] };
}

/** Rules the config sets that the catalogue does not have, or whose severity is the engine's to keep. */
function ruleSettingProblems(rules: SiteConfig['rules'], files: ConfigFile[]): Diagnostic[] {
  const known = Object.keys(DIAGNOSTIC_RULES);
  const problems: Diagnostic[] = [];
  for (const rule of Object.keys(rules)) {
    const at = locateConfig(files, ['rules', rule], rules[rule], 'key') ?? { file: CONFIG_FILE };
    const entry: DiagnosticRule | undefined = Object.hasOwn(DIAGNOSTIC_RULES, rule)
      ? DIAGNOSTIC_RULES[rule as keyof typeof DIAGNOSTIC_RULES]
      : undefined;
    if (!entry) problems.push(diagnostic(at, 'config', 'unknownRule', { rule, suggestion: closestKey(rule, known) }));
    else if (entry.fixed) problems.push(diagnostic(at, 'config', 'fixedRule', { rule, why: entry.fixed }));
  }
  return problems;
}

export { localePrefix } from '../../common/locale-prefix.ts';
