// The catalogue of every problem the build reports, as Astro's error catalogue: by rule id, what it
// means (title), what it says (a message template per case, with typed parameters), how to fix it
// (hint), where it is documented, and an example of the mistake with its fix. Diagnostics are made
// only here (`diagnostic`, `diagnosis`), so a message or hint cannot drift from its entry;
// tests/engine/unit/diagnostic-catalogue.test.ts reads the sources and fails on a call site that writes its
// own. `site explain <rule>` prints an entry, docs/diagnostics.md lists them all (generated), and
// tests/engine/unit/diagnostic-rules.test.ts checks that each has a broken fixture under
// tests/fixtures/broken/<id>/ that reports it.
//
// A new problem: add an entry (or a case to an entry's `messages`) below, then report it with
// `diagnostic({ file, line, column }, 'rule-id', 'case', { ...parameters })`.
import { count } from '../../common/count.ts';
import type { Diagnostic } from './diagnostic.ts';

export type Severity = 'error' | 'warning';
/** What a site may set a rule to in its config (`rules`), and what the catalogue gives by default:
 * `off` reports nothing. */
export type RuleSetting = Severity | 'off';
export const RULE_SETTINGS: readonly RuleSetting[] = ['error', 'warning', 'off'];

/** A hint: fixed, or made from the message's parameters (undefined: the case has none to give). */
type Hint<P> = string | ((p: P) => string | undefined);

/** One case of a rule: its message template and, where it says more than the rule's, its hint. */
export interface MessageSpec<P> {
  text: (p: P) => string;
  hint?: Hint<P>;
  severity?: Severity;
}

/** A case of a rule: `says((p: { route: string }) => `…${p.route}…`, hint?)`. */
function says<P extends object = Record<never, never>>(
  text: (p: P) => string,
  hint?: Hint<P>,
  severity?: Severity,
): MessageSpec<NoInfer<P>> {
  return { text, hint, severity };
}

export interface RuleExample {
  /** The file the mistake is in (or the command, for a rule about one). */
  file: string;
  mistake: string;
  fix: string;
}

export interface DiagnosticRule {
  title: string;
  /** The engine's default, fit for any site: a rule of one site's house style (typography,
   * wording, how links are written) is off or a warning, and a site turns it on in its config. */
  severity: RuleSetting;
  /** Why a site cannot set this rule's severity (the build cannot go on without fixing it). */
  fixed?: string;
  /** How to fix any case of the rule; a case's own hint says it for that case. */
  hint: string;
  messages: Record<string, MessageSpec<never>>;
  example: RuleExample;
  /** Why no broken fixture can show it (it needs a fault outside the site's files). */
  noFixture?: string;
}

const CONFIG_REFERENCE_HINT = 'docs/config.md lists every key with its type and default';
const HTML_HINT =
  'docs/content.md lists the HTML a page may use: write the rest in Markdown, show HTML source in a fenced code block';
const CODE_META_HINT =
  'known: title="…", {1,3-4}, showLineNumbers, showLineNumbers=N; show other words in the code itself';
const TABS_HINT = 'write ::::tabs{group="name"}, then one :::tab[Label] … ::: per tab, and close with ::::';
const ADMONITION_ATTRIBUTES_HINT =
  'an admonition takes an id, classes and a title: :::tip[Title]{#id .class} or :::tip{title="Title"}; delete the rest';
const INCLUDE_HINT =
  'write ::include{file="./_name.md"} with a path from the including file to a Markdown file of the content tree';
const MDX_HINT = 'pages here are Markdown, not MDX: write the content in Markdown, or show code in a fenced code block';
const NUMBER_UNIT_HINT =
  'join them with a no-break space: 480&nbsp;€, or the character U+00A0 (AltGr+Space on many layouts, Option+Space on a Mac)';
const PLACEHOLDER_HINT = 'write the text the page needs, or keep the page a draft (draft: true) until it is written';
/** A route no longer served: its likely successor, the redirect the config needs for it (written
 * without a locale prefix: redirects apply in every locale), or the locale that still has its page. */
interface RemovedRoute {
  route: string;
  successor?: string;
  redirect?: { from: string; to: string };
  keptIn?: string;
  /** `file:line` of the links to the route, which a redirect would leave pointing through it. */
  linkedFrom?: string[];
}

function removedRouteHint(p: RemovedRoute): string {
  if (p.keptIn)
    return `restore the page: a redirect applies in every locale, and would hide ${p.keptIn}, which is still a page`;
  if (p.redirect && p.linkedFrom?.length)
    return `add { from: '${p.redirect.from}', to: '${p.redirect.to}' } to the config's redirects (it applies in every locale, each with its prefix) and link to ${p.redirect.to} directly where ${p.route} is linked: ${p.linkedFrom.join(', ')}; or restore the page`;
  if (p.redirect)
    return `add { from: '${p.redirect.from}', to: '${p.redirect.to}' } to the config's redirects (it applies in every locale, each with its prefix), or restore the page`;
  return "restore the page or add a redirect to the config's redirects";
}

const BASELINE_HINT = 'pass the _routes.json or sitemap.xml of the deployed site, as a file or its URL';

/** Schemes that reach into the reader's own device or browser rather than run code. */
const LOCAL_SCHEMES = new Set(['file', 'blob', 'intent']);

/** What to do instead of a URL of this scheme; `dataImages`: whether markdown.dataImages could allow it. */
function unsafeLinkHint(scheme: string, dataImages: boolean): string {
  if (scheme === 'data')
    return `link to a file in public/ instead${dataImages ? '; data: images can be allowed with markdown.dataImages in config/site.config.ts' : ''}`;
  if (LOCAL_SCHEMES.has(scheme))
    return `link to a page, a file in public/ or a web address: ${scheme}: URLs point into the reader's own device or browser`;
  return 'remove it: a link on this site opens a page or a file, it does not run code';
}

const didYouMean = (suggestion: string | undefined) => (suggestion ? `; did you mean "${suggestion}"?` : '');
const oneOf = (file: string, known: readonly string[]) =>
  `define it in ${file}${known.length ? ` or use one of: ${known.join(', ')}` : ''}`;

/** The cases of a file checked against a schema (config, front matter, YAML data files). */
function schemaMessages(hints: { unknownKey: string; other?: string }) {
  return {
    unknownKeys: says(
      (p: { at: string; keys: string[]; suggestion?: string }) =>
        `${p.at ? `${p.at}: ` : ''}unknown key${p.keys.length > 1 ? 's' : ''} ${p.keys.map((k) => `"${k}"`).join(', ')}${didYouMean(p.suggestion)}`,
      hints.unknownKey,
    ),
    required: says((p: { key: string }) => `"${p.key}" is required`, hints.other),
    empty: says(
      (p: { key: string; expected: string }) => `"${p.key}" is empty: it needs ${p.expected}`,
      (p) => `write ${p.expected} after "${p.key.split('.').at(-1)}:"`,
    ),
    wrongType: says(
      (p: { key: string; expected: string; written: string; quote?: boolean }) =>
        `"${p.key}" must be ${p.expected}, not ${p.written}`,
      (p) =>
        p.quote
          ? `put the value in quotes to make it text: ${p.key.split('.').at(-1)}: "…"`
          : `write ${p.expected} after "${p.key.split('.').at(-1)}:"`,
    ),
    tooShort: says(
      (p: { key: string; length: number; minimum: number }) =>
        `"${p.key}" has ${count(p.length, 'character')}, fewer than the ${p.minimum} it needs`,
      (p) => `write at least ${count(p.minimum, 'character')}`,
    ),
    tooLong: says(
      (p: { key: string; length: number; maximum: number }) =>
        `"${p.key}" has ${count(p.length, 'character')}, more than the ${p.maximum} it may have`,
      (p) => `shorten it to ${p.maximum} characters or fewer`,
    ),
    tooFew: says(
      (p: { key: string; count: number; minimum: number }) =>
        `"${p.key}" lists ${count(p.count, 'entry', 'entries')}, fewer than the ${p.minimum} it needs`,
      (p) => `list at least ${count(p.minimum, 'entry', 'entries')}: ${p.key.split('.').at(-1)}: [a, b]`,
    ),
    notOneOf: says(
      (p: { key: string; value: string; values: string[]; suggestion?: string }) =>
        `"${p.key}" is "${p.value}", which is none of ${p.values.map((v) => `"${v}"`).join(', ')}${didYouMean(p.suggestion)}`,
      (p) => `write one of ${p.values.join(', ')}`,
    ),
    invalid: says(
      (p: { key: string; detail: string; suggestion?: string }) =>
        `${p.key ? `"${p.key}": ` : ''}${p.detail}${didYouMean(p.suggestion)}`,
      hints.other,
    ),
  };
}

/** A YAML file that does not parse. */
const yamlMessage = says(
  (p: { reason: string }) => `not valid YAML: ${p.reason}`,
  'quote a value that has a colon or starts with a quote, and close every quote on its line',
);

export const DIAGNOSTIC_RULES = {
  config: {
    title: 'The site configuration is invalid',
    severity: 'error',
    fixed: 'without a valid config there is no site to build',
    hint: `fix the field at the file and line named; ${CONFIG_REFERENCE_HINT}`,
    messages: {
      missing: says(
        () => 'No site configuration found',
        'create config/site.config.ts that exports defineConfig({...}) as default',
      ),
      notLoaded: says(
        (p: { cause: string }) => `The configuration could not be loaded: ${p.cause}`,
        'fix the TypeScript at the line given',
      ),
      stringsNotLoaded: says(
        (p: { cause: string }) => `The UI strings could not be loaded: ${p.cause}`,
        'fix the TypeScript at the line given; the file exports default { ... } satisfies MessagesInput',
      ),
      ...schemaMessages({ unknownKey: CONFIG_REFERENCE_HINT, other: CONFIG_REFERENCE_HINT }),
      movedToTheme: says(
        (p: { key: string; to: string }) => `${p.key} is an option of the theme, written under themeConfig as ${p.to}`,
        (p) =>
          `move it to ${p.to} (themeConfig: { ${p.to.split('.')[1]}: { … } }); docs/config.md lists the built-in theme's options`,
      ),
      defaultLocale: says(
        (p: { locale: string; locales: string[] }) =>
          `defaultLocale "${p.locale}" is not one of the locales (${p.locales.join(', ')})`,
        'name one of the locales, or add it to locales',
      ),
      sectionTwice: says(
        (p: { id: string }) => `section "${p.id}" is declared twice`,
        'give each section an id of its own',
      ),
      unknownEditor: says(
        (p: { value: string; known: string[]; suggestion?: string }) =>
          `editor "${p.value}" is no editor the dev overlay knows${didYouMean(p.suggestion)}`,
        (p) => `name one of ${p.known.join(', ')}, or write a URL template with {file}, {line} and {column}`,
      ),
      urlPath: says(
        (p: { url: string; path: string; baseUrl: string }) =>
          `url "${p.url}" has the path ${p.path}, but baseUrl is "${p.baseUrl}"`,
        (p) => `write the origin as url ("${new URL(p.url).origin}") and the path as baseUrl ("${p.path}")`,
      ),
      themeNoEntry: says(
        (p: { spec: string; folderExists: boolean; entries: string[]; at: string }) =>
          `theme "${p.spec}": no ${p.folderExists ? p.entries.join(', ') : 'such folder'} at ${p.at}`,
        'point `theme` at a folder whose index.ts default-exports the theme contract (generator/theming/theme-contract.ts)',
      ),
      themeNotInstalled: says(
        (p: { spec: string }) => `theme "${p.spec}": the package is not installed`,
        (p) => `run \`npm install ${p.spec}\` in the site's folder, or name a folder of the site like ./theme`,
      ),
      themeNoModule: says(
        (p: { spec: string }) => `theme "${p.spec}": the package has no entry module`,
        'its package.json must name one (`exports` or `main`), or it must have an index.ts',
      ),
      unknownComponent: says(
        (p: { name: string; known: string[]; suggestion?: string }) =>
          `components.${p.name}: the theme has no component ${p.name}${didYouMean(p.suggestion)}`,
        (p) => `the theme's components are ${p.known.join(', ')}`,
      ),
      componentMissing: says(
        (p: { name: string; file: string }) => `components.${p.name}: ${p.file} does not exist`,
        'give a file relative to the site root, like ./components/Footer.tsx',
      ),
      paletteToken: says(
        (p: { mode: string; token: string; known: string[]; suggestion?: string }) =>
          `design.palette.${p.mode}.${p.token}: the theme has no colour token ${p.token}${didYouMean(p.suggestion)}`,
        (p) => `the theme's tokens are ${p.known.join(', ')}`,
      ),
      unknownArt: says(
        (p: { art: string; known: string[]; suggestion?: string }) =>
          `design.heroArt: the theme draws no art named ${p.art}${didYouMean(p.suggestion)}`,
        (p) =>
          p.known.length
            ? `the theme draws ${p.known.join(', ')}; or name a file of public/ (/img/hero.svg), or none`
            : 'the theme draws no art of its own: name a file of public/ (/img/hero.svg), or none',
      ),
      fontNotInstalled: says(
        (p: { role: string; pkg: string }) => `design.fonts.${p.role}: the package ${p.pkg} is not installed`,
        (p) => `run \`npm install ${p.pkg}\` in the site's folder`,
      ),
      fontWeightMissing: says(
        (p: { role: string; pkg: string; subset: string; weight: number; file: string }) =>
          `design.fonts.${p.role}: ${p.pkg} has no ${p.subset} file of weight ${p.weight} (${p.file})`,
        'use a weight and subset the package ships (its files/ folder lists them)',
      ),
      fontNotPublic: says(
        (p: { role: string; src: string; publicDir: string }) =>
          `design.fonts.${p.role}: ${p.src} is not a file of ${p.publicDir}/`,
        'put the font file there, or correct the path',
      ),
      unknownRule: says(
        (p: { rule: string; suggestion?: string }) =>
          `rules: "${p.rule}" is no rule of the diagnostics catalogue${didYouMean(p.suggestion)}`,
        'name a rule as site check prints it in brackets, like number-unit; site explain lists them all',
      ),
      fixedRule: says(
        (p: { rule: string; why: string }) => `rules: the severity of "${p.rule}" cannot be changed: ${p.why}`,
        (p) => `remove "${p.rule}" from rules`,
      ),
      bookingEndpoint: says(
        (p: { endpoint: string }) => `contact.booking.endpoint "${p.endpoint}" is taken by the contact form`,
        'give the booking a path of its own, like /api/booking',
      ),
    },
    example: {
      file: 'config/base.ts',
      mistake: "sections: [{ id: 'blog', kind: 'blog', postPerPage: 10 }]",
      fix: "sections: [{ id: 'blog', kind: 'blog', postsPerPage: 10 }]",
    },
  },
  'config-link': {
    title: 'The config links to a route that is no page',
    severity: 'error',
    hint: 'create the page in every locale or change the route in config/',
    messages: {
      unsafeUrl: says(
        (p: { what: string; scheme: string }) => `${p.what} links to a ${p.scheme}: URL`,
        (p) => unsafeLinkHint(p.scheme, false),
      ),
      noPage: says(
        (p: { what: string; route: string; locales: string[] }) =>
          `${p.what} links to ${p.route}, which is no page in ${p.locales.join(', ')}`,
        (p) =>
          `create content/<locale>${p.route.replace(/\/$/, '')}.md (or …/index.md) in every locale, or change the route in config/`,
      ),
    },
    example: {
      file: 'config/navbar.ts',
      mistake: "{ label: 'pricing', to: '/prices/' }",
      fix: "{ label: 'pricing', to: '/pricing/' }",
    },
  },
  'missing-messages': {
    title: 'A locale shows UI strings in English',
    severity: 'warning',
    hint: 'translate the strings listed in i18n/<locale>.ts',
    messages: {
      inEnglish: says(
        (p: { locale: string; keys: string[]; file: string }) =>
          `locale "${p.locale}" shows ${p.keys.length} UI strings in English, which the engine and its theme have in no other language here: ${p.keys.join(', ')}`,
        (p) =>
          `translate them in ${p.file} (export default { ... } satisfies MessagesInput, the shape of common/messages/en.ts and of the theme's strings)`,
      ),
    },
    example: {
      file: 'i18n/fr.ts',
      mistake: 'export default { nav: { home: "Accueil" } }',
      fix: 'export default { nav: { home: "Accueil" }, search: { placeholder: "Rechercher" }, … }',
    },
  },
  'ui-string': {
    title: 'The UI strings set a key that nothing reads',
    severity: 'error',
    hint: 'correct the key to one the engine, the theme or the config uses (common/messages/en.ts lists the engine’s, the theme’s `strings` its own), or remove it',
    messages: {
      unknownKey: says(
        (p: { key: string; suggestion?: string }) =>
          `unknown UI string key "${p.key}": neither the engine nor the theme has such a string, so this text is never shown${didYouMean(p.suggestion)}`,
        'correct the key (common/messages/en.ts lists the engine’s strings, the theme’s `strings` its own), or remove it',
      ),
      unusedLabel: says(
        (p: { key: string; suggestion?: string }) =>
          `UI string "${p.key}" is named by no label of the config and by no component, so it is never shown${didYouMean(p.suggestion)}`,
        'correct the key to the label the config names (navbar, footer, announcement, the theme’s options), or remove it',
        'warning',
      ),
    },
    example: {
      file: 'i18n/en.ts',
      mistake: "nav: { contat: 'Book an appointment' }",
      fix: "nav: { contact: 'Book an appointment' }",
    },
  },
  'public-file': {
    title: 'A file of public/ at a path the build writes',
    severity: 'error',
    hint: 'rename or remove the file in public/; _headers and _redirects are merged',
    messages: {
      collision: says(
        (p: { file: string }) => `the build writes ${p.file} itself; the copy from public/ would replace it`,
        "rename or remove the file in public/ (only _headers and _redirects are merged with the build's own)",
      ),
    },
    example: {
      file: 'public/sitemap.xml',
      mistake: 'a hand-written public/sitemap.xml',
      fix: 'delete it: the build writes sitemap.xml from the pages',
    },
  },
  'config-string': {
    title: 'The config names a UI string that does not exist',
    severity: 'error',
    hint: 'add the key to i18n/<locale>.ts of every locale, or correct it in config/',
    messages: {
      missing: says(
        (p: { what: string; component: string; label: string; files: string[]; keys: string[] }) =>
          `${p.what} (${p.component}) names the UI string "${p.label}", which ${p.files.join(' and ')} ${p.files.length > 1 ? 'do' : 'does'} not have (looked up as ${p.keys.join(' or ')})`,
        (p) =>
          `add ${p.keys[0]} to ${p.files.join(' and ')}, or correct the key; text meant to be shown as written starts with a capital letter`,
      ),
    },
    example: {
      file: 'config/navbar.ts',
      mistake: "{ label: 'aboutUss', to: '/about-us/' }",
      fix: "{ label: 'aboutUs', to: '/about-us/' }  (nav.aboutUs in i18n/de.ts and i18n/en.ts)",
    },
  },
  'unknown-locale': {
    title: 'A content folder is no configured locale',
    severity: 'error',
    hint: 'move the folder or add the locale in config/site.config.ts',
    messages: {
      folder: says(
        (p: { name: string; locales: string[] }) => `"${p.name}" is not a configured locale`,
        (p) => `locales are ${p.locales.join(', ')}; move the folder or add the locale in config/site.config.ts`,
      ),
    },
    example: { file: 'content/english/', mistake: 'content/english/index.md', fix: 'content/en/index.md' },
  },
  'unknown-section': {
    title: 'A file lies outside every configured section',
    severity: 'error',
    hint: 'add the section in config/site.config.ts or move the file',
    messages: {
      file: says(
        (p: { section: string }) => `"${p.section}" is not a configured section, so this file has no place on the site`,
        (p) =>
          `add { id: '${p.section}', kind: 'docs' } to sections in config/site.config.ts, or move the file into a section folder`,
      ),
    },
    example: {
      file: 'content/en/guides/start.md',
      mistake: 'content/en/guides/start.md with no section "guides"',
      fix: "sections: [..., { id: 'guides', kind: 'docs' }]",
    },
  },
  'unknown-layout': {
    title: 'A page outside the sections names a layout the theme does not have',
    severity: 'error',
    hint: "name one of the theme's layouts in the page's front matter (layout: …), or use a theme that has this one",
    messages: {
      named: says(
        (p: { layout: string; known: string[] }) => `layout "${p.layout}" is not a layout of the theme`,
        (p) =>
          `the theme's layouts are ${p.known.join(', ') || 'none'}: write one of them as layout: in the front matter`,
      ),
      byName: says(
        (p: { layout: string; known: string[] }) =>
          `this page's layout "${p.layout}" (from its file name) is not a layout of the theme`,
        (p) =>
          `the theme's layouts are ${p.known.join(', ') || 'none'}: name one in the front matter (layout: ${p.known[0] ?? 'home'})`,
      ),
    },
    example: { file: 'content/en/index.md', mistake: 'layout: landing', fix: 'layout: home' },
  },
  'front-matter': {
    title: 'The front matter is missing or invalid',
    severity: 'error',
    hint: 'fix the field named; docs/content.md lists them',
    messages: {
      none: says(() => 'the page has no front matter', 'start the file with ---, title: and description:, then ---'),
      unknownKey: says(
        (p: { key: string; suggestion?: string; known: string[] }) =>
          `unknown key "${p.key}"${didYouMean(p.suggestion)}`,
        (p) =>
          `known keys: ${p.known.join(', ')}; for keys of another tool, list them in extraFrontMatterKeys in config/site.config.ts`,
      ),
      ...schemaMessages({ unknownKey: 'remove it or check its spelling against docs/content.md' }),
      yaml: says(
        (p: { reason: string }) => `front matter is not valid YAML: ${p.reason}`,
        'quote a value that has a colon or starts with a quote, and close every quote on its line',
      ),
      unclosedQuote: says(
        () => 'front matter is not valid YAML: the quote opened here is never closed',
        'close the quote on the same line, or leave the value unquoted',
      ),
      language: says(
        (p: { language: string }) =>
          `front matter marked as "${p.language}" is not read: only YAML (or JSON) front matter is, and code in it is never run`,
        'write the front matter as YAML between two lines of ---, with nothing after the first ---',
      ),
      documentEnd: says(
        () =>
          'the front matter ends with a line "...": only a line "---" ends it, so what follows is read as front matter',
        'write --- in place of ...',
      ),
      longDescription: says(
        (p: { length: number; limit: number }) =>
          `"description" has ${count(p.length, 'character')}: search results and link previews cut it after about ${p.limit}`,
        (p) => `say it in ${p.limit} characters or fewer; the page itself can say more`,
        'warning',
      ),
      listPages: says(
        () => "list_pages lists the pages of a folder: only a folder's index.md of a docs section can have it",
        'move it to the index.md of the folder whose pages the list should show',
      ),
    },
    example: {
      file: 'content/de/services/backups.md',
      mistake: 'title: "Backups mit Restore-Tests\ndescription: …',
      fix: 'title: "Backups mit Restore-Tests"\ndescription: …',
    },
  },
  markdown: {
    title: 'A Markdown library warned about the file',
    severity: 'warning',
    hint: 'check the syntax at the position given',
    messages: {
      library: says((p: { reason: string }) => p.reason),
      unprocessable: says(
        (p: { reason: string }) => `Markdown could not be processed: ${p.reason}`,
        undefined,
        'error',
      ),
      notParsed: says((p: { reason: string }) => `could not be parsed: ${p.reason}`, undefined, 'error'),
      parserStopped: says(() => 'could not be parsed: the parser stopped', undefined, 'error'),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: 'syntax a remark plugin warns about',
      fix: 'the syntax the warning names',
    },
    noFixture:
      'a warning passed on from the Markdown libraries (remark, rehype plugins); none of the plugins in use emits one for a file that parses',
  },
  admonition: {
    title: 'An unknown admonition',
    severity: 'error',
    hint: 'use :::note, :::tip, :::info, :::warning or :::danger',
    messages: {
      unknown: says(
        (p: { name: string; known: string[] }) => `unknown admonition ":::${p.name}"`,
        (p) => `use one of ${p.known.map((k) => `:::${k}`).join(', ')}`,
      ),
      attribute: says(
        (p: { name: string; attribute: string }) =>
          `attribute "${p.attribute}" on :::${p.name} has no effect: it is left out of the page`,
        ADMONITION_ATTRIBUTES_HINT,
        'warning',
      ),
      twoTitles: says(
        (p: { name: string; label: string; title: string }) =>
          `:::${p.name} has the title "${p.label}" in brackets and title="${p.title}" as well: only "${p.label}" is shown`,
        'keep one of them: :::tip[Title] or :::tip{title="Title"}',
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: ':::important\nBack up first.\n:::',
      fix: ':::warning\nBack up first.\n:::',
    },
  },
  mdx: {
    title: 'MDX in a Markdown page, or an .mdx file',
    severity: 'error',
    hint: 'write the content in Markdown; show code in a fenced code block; escape a brace shown as text: \\{',
    messages: {
      file: says(
        (_: { name: string }) => 'MDX files are not part of the site: the page would be missing',
        (p) => `rename it to ${p.name}.md and write imports, components and {expressions} in Markdown`,
      ),
      statement: says(
        (p: { kind: 'import' | 'export' }) => `MDX ${p.kind} statement: Markdown pages cannot import or export code`,
        MDX_HINT,
      ),
      expression: says(
        (p: { text: string }) =>
          `MDX expression ${p.text}: Markdown does not evaluate it, the page would show it as typed`,
        'write the value itself; to show braces as text, escape the first one: \\{',
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: 'Since {new Date().getFullYear() - 2004} years',
      fix: 'Since 2004',
    },
  },
  'unused-definition': {
    title: 'A line Markdown reads as a link definition that no link uses, or a footnote nothing refers to',
    severity: 'warning',
    hint: 'escape the first bracket (\\[) if the line is text, or use the definition or footnote',
    messages: {
      footnote: says(
        (p: { label: string }) =>
          `footnote [^${p.label}] is defined but nothing refers to it, so it does not show on the page`,
        (p) => `refer to it with [^${p.label}] in the text, or delete it`,
      ),
      definition: says(
        (p: { label: string; url: string }) =>
          `[${p.label}]: ${p.url} is a link definition nothing uses, so the line does not show on the page`,
        'delete it, use it as [text][label], or escape the bracket (\\[) if the line is meant as text',
      ),
      inBlock: says(
        (p: { label: string; url: string; block: string }) =>
          `[${p.label}]: ${p.url} is defined inside ${p.block}, where [${p.label}] outside the block does not find it: there it shows as text, not as a link`,
        'move the definition out of the block, to the end of the page, where every link of the page finds it',
      ),
    },
    example: {
      file: 'content/en/docs/ipv6.md',
      mistake: '[::]:443 listens on every address',
      fix: '\\[::]:443 listens on every address',
    },
  },
  'duplicate-definition': {
    title: 'A link label or footnote defined twice: the second definition is never shown',
    severity: 'error',
    hint: 'give each definition a label of its own, or delete the one not meant',
    messages: {
      link: says(
        (p: { label: string; url: string; first: string }) =>
          `[${p.label}]: ${p.url} defines [${p.label}] a second time: every link to it goes to the first definition (${p.first}), so ${p.url} is never used`,
        (p) =>
          `give one of them another label ([${p.label}-2]: …) and use it where it is meant, or delete the one not meant`,
      ),
      footnote: says(
        (p: { label: string; first: string }) =>
          `footnote [^${p.label}] is defined a second time: the page shows the first definition ("${p.first}") and leaves this one out`,
        (p) => `give this footnote a label of its own ([^${p.label}-2]) and refer to it, or merge the two`,
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: '[docs]: /en/docs/\n[docs]: /en/guides/',
      fix: '[docs]: /en/docs/\n[guides]: /en/guides/',
    },
  },
  'duplicate-id': {
    title: 'Two places on a page with the same id',
    severity: 'error',
    hint: 'give each heading, admonition or tabs block an id of its own: {#other-id}',
    messages: {
      again: says(
        (p: { id: string; first: string }) =>
          `id "${p.id}" is given a second time on this page (first to ${p.first}): a link to #${p.id} can only lead to the first`,
        (p) => `give this one an id of its own ({#${p.id}-2}) and link to that where this place is meant`,
      ),
      name: says(
        (p: { id: string; first: string }) =>
          `<a name="${p.id}"> names a place a second time on this page (first ${p.first}): a link to #${p.id} can only lead to the first`,
        (p) => `give this one a name of its own (<a name="${p.id}-2">) and link to that where this place is meant`,
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: '## Install {#setup}\n…\n## Configure {#setup}',
      fix: '## Install {#setup}\n…\n## Configure {#configure}',
    },
  },
  'unclosed-container': {
    title: 'A ::: block that is never closed',
    severity: 'error',
    hint: 'close it with a line of as many colons as opened it, after its last line',
    messages: {
      open: says(
        (p: { fence: string; name: string; until: string }) =>
          `${p.fence}${p.name} is never closed: everything after it to ${p.until} is inside it`,
        (p) => `end it with a line ${p.fence} after its last line`,
      ),
    },
    example: {
      file: 'content/en/blog/launch.md',
      mistake: ':::tip\nBack up first.\n\n## Restore',
      fix: ':::tip\nBack up first.\n:::\n\n## Restore',
    },
  },
  'table-cells': {
    title: 'A table row with more cells than its header',
    severity: 'warning',
    hint: 'add the column to the header and the delimiter row, or write a | in a cell as \\|',
    messages: {
      extra: says(
        (p: { cells: number; columns: number; lost: string[] }) =>
          `this row has ${p.cells} cells but its table has ${count(p.columns, 'column')}: GFM leaves out the cells beyond the header (${p.lost.map((c) => `"${c}"`).join(', ')})`,
        'add the column to the header and the delimiter row, or write a | that belongs to a cell as \\|',
      ),
    },
    example: {
      file: 'content/en/docs/pricing.md',
      mistake: '| Plan | Price |\n| - | - |\n| Small | 10 € | monthly |',
      fix: '| Plan | Price | Billed |\n| - | - | - |\n| Small | 10 € | monthly |',
    },
  },
  truncate: {
    title: 'A second <!-- truncate --> in a page',
    severity: 'warning',
    hint: 'keep one <!-- truncate --> where the excerpt of the post list ends',
    messages: {
      again: says(
        () => 'a second <!-- truncate -->: the excerpt ends at the first one, so this one does nothing and is left out',
        'delete it, or move the first one here if the excerpt should end here',
      ),
      nested: says(
        (p: { inside: string }) =>
          `<!-- truncate --> inside ${p.inside}: the excerpt can only end between the blocks of the page, so this one does nothing and is left out`,
        'move it out of the block, to a line of its own with an empty line before and after it, where the excerpt should end',
      ),
    },
    example: {
      file: 'content/en/blog/launch.md',
      mistake: 'Intro.\n<!-- truncate -->\nMore.\n<!-- truncate -->',
      fix: 'Intro.\n<!-- truncate -->\nMore.',
    },
  },
  'code-meta': {
    title: 'A code block names meta the engine does not know',
    severity: 'warning',
    hint: 'use title="…", {1,3-4}, showLineNumbers or showLineNumbers=N after the language',
    messages: {
      notLines: says(
        (p: { word: string }) => `code block meta ${p.word}: not a list of lines like {1,3-4}`,
        CODE_META_HINT,
      ),
      unknown: says((p: { word: string }) => `code block meta ${p.word} is unknown and has no effect`, CODE_META_HINT),
      beyond: says(
        (p: { line: number; count: number }) =>
          `code block meta highlights line ${p.line}, but the block has ${count(p.count, 'line')}`,
        CODE_META_HINT,
      ),
      twice: says(
        (p: { key: string; values: string[]; shown: string }) =>
          `code block meta gives ${p.key} ${p.values.length} times (${p.values.map((v) => `"${v}"`).join(', ')}): only "${p.shown}" is shown`,
        (p) => (p.key === 'title' ? 'keep one title="…"' : `keep one ${p.key}=N, N the number of the first line`),
        'error',
      ),
      highlightOpen: says(
        () => '// highlight-start is never ended: every line after it to the end of the block is highlighted',
        'add a line // highlight-end (in the comment syntax of the language) after the last line to highlight',
      ),
    },
    example: { file: 'content/en/docs/a.md', mistake: '```sh filename=install.sh', fix: '```sh title="install.sh"' },
  },
  tabs: {
    title: 'A tabs block that is not made of labelled tabs',
    severity: 'warning',
    hint: 'write ::::tabs{group="name"}, one :::tab[Label] … ::: per tab, and close with ::::',
    messages: {
      outside: says(() => ':::tab outside a ::::tabs block: shown as a plain section', TABS_HINT),
      noLabel: says(() => ':::tab without a label: write it as :::tab[Label]', TABS_HINT),
      stray: says(() => 'content in a ::::tabs block outside any :::tab belongs to no tab', TABS_HINT),
      empty: says(() => '::::tabs without any :::tab[Label] inside', TABS_HINT),
      sameLabel: says(
        (p: { value: string }) =>
          `a second :::tab of this block is "${p.value}": a reader choosing "${p.value}" gets both tabs and cannot reach either on its own`,
        (p) => `give each tab a label of its own, or a value of its own: :::tab[${p.value}]{value="${p.value}-2"}`,
        'error',
      ),
      attribute: says(
        (p: { name: string; attribute: string }) =>
          `attribute "${p.attribute}" on ${p.name === 'tabs' ? '::::tabs' : ':::tab'} has no effect: it is left out of the page`,
        'tabs take {group="name" #id .class}, a tab {#id .class}; delete the rest',
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: '::::tabs\n:::tab\nnpm ci\n:::\n::::',
      fix: '::::tabs{group="pkg"}\n:::tab[npm]\nnpm ci\n:::\n::::',
    },
  },
  include: {
    title: 'An ::include names a file that does not exist, or includes itself again',
    severity: 'error',
    hint: 'write ::include{file="./_name.md"} with a path from the including file; the message shows the chain of includes',
    messages: {
      unavailable: says(() => 'includes are not available here', INCLUDE_HINT),
      noFile: says(() => '::include without a file: write ::include{file="./_name.md"}', INCLUDE_HINT),
      cycle: says(
        (p: { chain: string[] }) => `include cycle: ${p.chain.join(' → ')} includes itself again`,
        INCLUDE_HINT,
      ),
      missing: says(
        (p: { id: string; chain: string[] }) => `included file ${p.id} does not exist (${p.chain.join(' → ')})`,
        INCLUDE_HINT,
      ),
    },
    example: {
      file: 'content/en/docs/install.md',
      mistake: '::include{file="_steps.md"}',
      fix: '::include{file="./_steps.md"}',
    },
  },
  'duplicate-title': {
    title: 'A title shown twice: a # heading in the body beside the title, or two pages of one locale with one title',
    severity: 'warning',
    hint: 'make a leading # heading the title in front matter, any other a ## section; give each page of a locale a title of its own',
    messages: {
      leading: says(
        (p: { heading: string; title: string }) =>
          `the page starts with the heading "${p.heading}" but its title is "${p.title}": it would show two titles`,
        'make the heading the front matter title and delete the # line, or start the body with ## for a section',
      ),
      body: says(
        () =>
          'a # heading in the body: the page shows its title as its one level-one heading, so this one would stand beside it as a second title',
        'make it a ## section, or a page of its own',
      ),
      otherPage: says(
        (p: { title: string; other: string }) =>
          `the title "${p.title}" is also the title of ${p.other}: search results and link previews show the two pages alike`,
        'give this page a title that says what sets it apart',
        'warning',
      ),
    },
    example: { file: 'content/en/docs/a.md', mistake: '# Restore a backup', fix: '## Restore a backup' },
  },
  'number-unit': {
    title: 'An ordinary space between a number and its unit, where a line may break',
    severity: 'off',
    hint: 'write a no-break space: 480&nbsp;€, or the character U+00A0',
    messages: {
      body: says(
        (p: { written: string }) => `"${p.written}": a line may break between the number and its unit`,
        NUMBER_UNIT_HINT,
      ),
      frontMatter: says(
        (p: { key: string; written: string }) =>
          `${p.key} "${p.written}": a line may break between the number and its unit`,
        NUMBER_UNIT_HINT,
      ),
    },
    example: { file: 'content/en/pricing.md', mistake: 'from 480 € a month', fix: 'from 480&nbsp;€ a month' },
  },
  placeholder: {
    title: 'Placeholder text (TODO, the sentences site new writes, or a part of one) in a page that is no draft',
    severity: 'warning',
    hint: 'write the text, or keep the page a draft until it is written',
    messages: {
      body: says((p: { text: string }) => `placeholder text "${p.text}"`, PLACEHOLDER_HINT),
      frontMatter: says(
        (p: { key: string; text: string }) => `${p.key}: placeholder text "${p.text}"`,
        PLACEHOLDER_HINT,
      ),
      part: says(
        (p: { text: string; of: string }) => `"${p.text}" is left of the placeholder "${p.of}"`,
        PLACEHOLDER_HINT,
      ),
      frontMatterPart: says(
        (p: { key: string; text: string; of: string }) => `${p.key}: "${p.text}" is left of the placeholder "${p.of}"`,
        PLACEHOLDER_HINT,
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: 'TODO: explain the restore',
      fix: 'A restore takes the latest snapshot …',
    },
  },
  'changed-ref': {
    title: 'site check --changed names no commit',
    severity: 'error',
    fixed: 'the check cannot tell what changed without the commit',
    hint: 'pass a branch, tag or commit of this clone; in CI fetch it first',
    messages: {
      unknown: says(
        (p: { reason: string }) => p.reason,
        'pass a branch, tag or commit of this clone; in CI fetch it first (git fetch origin main) and pass origin/main',
      ),
    },
    example: {
      file: 'site check',
      mistake: 'site check --changed main   (in a CI clone that has only the pull request)',
      fix: 'git fetch origin main && site check --changed origin/main',
    },
    noFixture:
      'it needs a git repository and a ref, which a fixture of content files cannot hold; tests/engine/integration/check-formats.test.ts covers it',
  },
  encoding: {
    title: 'A content file is not UTF-8',
    severity: 'error',
    hint: 'save the file as UTF-8',
    messages: {
      invalid: says(
        () => 'invalid UTF-8',
        'save the file with the encoding UTF-8; the bytes here are in another encoding (Windows-1252, Latin-1?)',
      ),
    },
    example: {
      file: 'content/de/about-us.md',
      mistake: 'a file saved as Windows-1252: "Gr\\xfc\\xdfe" where "Grüße" was meant',
      fix: 'the same file saved as UTF-8',
    },
  },
  'content-file': {
    title: 'A .md entry that is no readable file',
    severity: 'warning',
    hint: 'remove it, or point the link at a Markdown file',
    messages: {
      dangling: says(() => 'is a symbolic link to a file that does not exist; skipped'),
      special: says(() => 'is not a regular file (a pipe, socket or device); skipped'),
    },
    example: {
      file: 'content/en/docs/old.md',
      mistake: 'old.md -> ../../drafts/old.md (deleted)',
      fix: 'rm content/en/docs/old.md',
    },
    noFixture:
      'a dangling symbolic link or a pipe cannot be committed as a fixture; tests/engine/integration/hostile-content.test.ts makes them at run time',
  },
  'xml-character': {
    title: 'A character XML forbids in a post the feeds carry',
    severity: 'error',
    hint: 'delete the character, which an editor may show as nothing or as a box',
    messages: {
      body: says(
        (p: { codePoint: string }) =>
          `${p.codePoint} is a character XML forbids (a control character, a noncharacter or half of a surrogate pair): the RSS and Atom feeds that carry this post could not be read`,
      ),
    },
    example: {
      file: 'content/en/blog/launch.md',
      mistake: 'We are live\u0001 from today.',
      fix: 'We are live from today.',
    },
  },
  'written-file': {
    title: 'A file the build writes does not parse as its format',
    severity: 'error',
    hint: 'the message names what the parser found; the file is not published, and the build before it stays in place',
    messages: {
      unreadable: says(
        (p: { format: string; reason: string }) => `would not parse as ${p.format} (${p.reason}): it is not published`,
      ),
    },
    example: {
      file: 'build/en/blog/rss.xml',
      mistake: 'a feed holding a character no XML parser accepts',
      fix: 'remove the character from the source the message points to, then build again',
    },
    noFixture:
      'every input the engine knows to break a format is reported at its source first (xml-character, front-matter, _headers and _redirects lines); this is the guard behind them, shown by tests/engine/unit/read-back.test.ts',
  },
  'host-rule': {
    title: 'A rule of public/_headers or public/_redirects that no server can send',
    severity: 'error',
    hint: 'correct the line: a header is `  Name: value` under its path, a redirect `/from /to 301`; neither may hold a control character',
    messages: {
      headers: says(
        (p: { problem: string }) => `${p.problem}; neither site start nor a host could send this header`,
        'write each header as `  Name: value` below its path: a name of letters, digits and dashes, a value without control characters',
      ),
      redirects: says(
        (p: { problem: string }) => `${p.problem}; no server could answer with this redirect`,
        'write the source path, the target path or URL, and optionally the status: /old/ /new/ 301',
      ),
    },
    example: {
      file: 'public/_headers',
      mistake: '/*\n  X Frame Options: DENY',
      fix: '/*\n  X-Frame-Options: DENY',
    },
  },
  'outside-link': {
    title: 'A symbolic link leads out of the project',
    severity: 'error',
    hint: 'copy the file into the project if it is meant for the site, or remove the link; links between folders of the project are followed',
    messages: {
      public: says(
        (p: { link: string; target: string }) =>
          `${p.link} is a symbolic link to ${p.target}, outside the project: it is not published`,
        (p) =>
          `if the site should serve it, put a copy in place of the link (rm ${p.link} && cp -R ${p.target} ${p.link}); otherwise remove the link (rm ${p.link})`,
      ),
      publicFolder: says(
        (p: { link: string; target: string }) =>
          `${p.link} is a symbolic link to ${p.target}, outside public/: it is not published`,
        (p) =>
          `public/ publishes only what is in it: put a copy of the files the site should serve in place of the link (rm ${p.link} && cp -R ${p.target} ${p.link}), or remove the link (rm ${p.link})`,
      ),
      content: says(
        (p: { link: string; target: string }) =>
          `${p.link} is a symbolic link to ${p.target}, outside the project: it is not read`,
        (p) =>
          `if it belongs to the site, put a copy in place of the link (rm ${p.link} && cp -R ${p.target} ${p.link}); otherwise remove the link (rm ${p.link})`,
      ),
    },
    example: {
      file: 'public/passwd.txt',
      mistake: 'public/passwd.txt -> /etc/passwd',
      fix: 'rm public/passwd.txt (a file meant for the site is copied into public/, or linked from another folder of the project)',
    },
    noFixture:
      'a link out of the project names a path of the machine the fixture is checked out on; tests/engine/faults/links-out-of-project.test.ts makes such links at run time',
  },
  'file-name': {
    title: 'A content file name a URL cannot carry as it is',
    severity: 'error',
    hint: 'use only a-z, A-Z, 0-9, "-", "_" and "." in file and folder names',
    messages: {
      characters: says(
        (p: { name: string; characters: string[] }) =>
          `the name ${JSON.stringify(p.name)} has characters a page URL cannot carry as they are (${p.characters.map((c) => JSON.stringify(c)).join(', ')})`,
        'rename it using only the letters a-z and A-Z, the digits 0-9, "-", "_" and "."',
      ),
      extension: says(
        (p: { name: string }) => `"${p.name}" is not read as a page: only names ending in .md (lower case) are`,
        (p) => `rename it to ${p.name.replace(/\.[^.]+$/, '.md')}`,
      ),
    },
    example: {
      file: 'content/en/docs/über uns.md',
      mistake: 'content/en/docs/über uns.md',
      fix: 'content/en/docs/about-us.md',
    },
  },
  'markdown-size': {
    title: 'A Markdown file is larger than the limit',
    severity: 'error',
    hint: 'split it into several pages, or raise markdown.maxFileKB in config/site.config.ts',
    messages: {
      tooLarge: says(
        (p: { size: string; limit: string }) => `is ${p.size}, more than the ${p.limit} a Markdown file may have`,
        'split it into several pages, or raise markdown.maxFileKB in config/site.config.ts',
      ),
    },
    example: {
      file: 'content/en/docs/changelog.md',
      mistake: 'a 3 MB changelog',
      fix: 'one page per year, or markdown: { maxFileKB: 4096 }',
    },
    noFixture:
      'a file over the limit is made at run time by tests/engine/integration/hostile-content.test.ts rather than committed',
  },
  'markdown-depth': {
    title: 'Lists or block quotes nested deeper than the limit',
    severity: 'error',
    hint: 'flatten the nesting, or raise markdown.maxNesting in config/site.config.ts',
    messages: {
      tooDeep: says(
        (p: { limit: number }) => `nesting deeper than ${p.limit}`,
        'lists and block quotes nest this deep by mistake; flatten them, or raise markdown.maxNesting in config/site.config.ts',
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: '> > > > > … (a quote in a quote, far deeper than the limit)',
      fix: '> one level of quote',
    },
  },
  'markdown-timeout': {
    title: 'A Markdown file took longer to parse than the limit',
    severity: 'error',
    hint: 'simplify the page (long runs of * or _, huge tables), or raise markdown.timeoutSeconds in config/site.config.ts',
    messages: {
      slow: says(
        (p: { seconds: number }) => `took longer than ${p.seconds} s to parse`,
        'simplify the page (long runs of * or _, huge tables), or raise markdown.timeoutSeconds in config/site.config.ts',
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: 'a line of 50 000 asterisks',
      fix: 'the text without it, or markdown: { timeoutSeconds: 30 }',
    },
    noFixture:
      'made at run time by tests/engine/unit/worker-pool.test.ts and tests/engine/integration/hostile-content.test.ts with a low limit',
  },
  'markdown-memory': {
    title: 'A Markdown file needs more memory to parse than the limit',
    severity: 'error',
    hint: 'split the page, or raise markdown.memoryMB in config/site.config.ts',
    messages: {
      memory: says(
        (p: { mb: number }) => `needs more than ${p.mb} MB of memory to parse`,
        'split the page, or raise markdown.memoryMB in config/site.config.ts',
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: 'a table of a million cells',
      fix: 'the table split over several pages, or markdown: { memoryMB: 1024 }',
    },
    noFixture: 'made at run time by tests/engine/integration/hostile-content.test.ts with a low limit',
  },
  'unsafe-link': {
    title: 'A link or image (Markdown or raw HTML) with a javascript:, vbscript: or data: URL',
    severity: 'error',
    hint: 'link a page or a file of the site; data: images can be allowed with markdown.dataImages',
    messages: {
      markdown: says(
        (p: { scheme: string }) => `${p.scheme}: URL in a link or image`,
        (p) => unsafeLinkHint(p.scheme, true),
      ),
      rawHtml: says(
        (p: { scheme: string; attribute: string; tag: string }) =>
          `${p.scheme}: URL in the ${p.attribute} of <${p.tag}>`,
        'remove it: a link on this site opens a page or a file, it does not run code; an image is a file in public/',
      ),
    },
    example: { file: 'content/en/docs/a.md', mistake: '[Open](javascript:alert(1))', fix: '[Open](/en/docs/open/)' },
  },
  'raw-html': {
    title: 'Raw HTML the allow-list removed (an element, an attribute, a comment)',
    severity: 'warning',
    hint: 'docs/content.md lists the HTML a page may use; write the rest in Markdown, show HTML source in a fenced code block',
    messages: {
      comment: says(
        () => 'HTML comment in Markdown: it is not shown on the page',
        'delete it, or write the note as text if readers should see it',
      ),
      doctype: says(() => 'an HTML declaration (<!DOCTYPE …>) in Markdown is not shown on the page', 'delete it'),
      elementDropped: says(
        (p: { tag: string }) => `<${p.tag}> is not allowed in Markdown and was left out with its content`,
        HTML_HINT,
      ),
      elementUnwrapped: says(
        (p: { tag: string }) => `<${p.tag}> is not allowed in Markdown: the tag was left out, its content kept`,
        HTML_HINT,
      ),
      attributes: says(
        (p: { names: string[]; tag: string }) =>
          `${p.names.map((n) => `"${n}"`).join(', ')} ${p.names.length > 1 ? 'are' : 'is'} not allowed on <${p.tag}> and ${p.names.length > 1 ? 'were' : 'was'} left out`,
        HTML_HINT,
      ),
    },
    example: { file: 'content/en/docs/a.md', mistake: '<font color="red">Important</font>', fix: '**Important**' },
  },
  'image-alt': {
    title: 'An image without alt text',
    severity: 'warning',
    hint: 'say in the brackets what the image shows: ![Three servers in a rack](/img/rack.png)',
    messages: {
      missing: says(
        (p: { url: string }) =>
          `the image ${p.url} has no alt text: a screen reader says nothing of it, or reads out its file name`,
        (p) =>
          `say in the brackets what it shows: ![What it shows](${p.url}); an image that only decorates is written <img src="${p.url}" alt=""> to mark it so`,
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: '![](/img/rack.png)',
      fix: '![Three servers in a rack, cabled](/img/rack.png)',
    },
  },
  'footnote-label': {
    title: 'A footnote label Markdown does not read as one',
    severity: 'error',
    hint: 'write footnote labels without spaces: [^my-note], the same where it is referred to and where it is defined',
    messages: {
      space: says(
        (p: { label: string }) =>
          `[^${p.label}] is no footnote: a footnote label cannot hold a space, so Markdown reads it as text or as a link`,
        (p) =>
          `write the label without spaces where it is referred to and where it is defined: [^${p.label.trim().replace(/\s+/g, '-')}]`,
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: 'Text[^my note].\n\n[^my note]: The note.',
      fix: 'Text[^my-note].\n\n[^my-note]: The note.',
    },
  },
  'unclosed-html': {
    title: 'Raw HTML left open that takes the text after it out of the page',
    severity: 'error',
    hint: 'delete the tag, or write it in backticks to show it as text; docs/content.md lists the HTML a page may use',
    messages: {
      open: says(
        (p: { tag: string; extent: string }) =>
          `<${p.tag}> is never closed: a browser takes ${p.extent} as its content, and all of it is left out of the page`,
        (p) => `delete <${p.tag}>, or write it in backticks (\`<${p.tag}>\`) to show the tag as text`,
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: '<noscript>\n\nBooking needs JavaScript.\n\n## Prices',
      fix: 'Booking needs JavaScript.\n\n## Prices',
    },
  },
  authors: {
    title: 'content/authors.yml is invalid',
    severity: 'error',
    hint: 'fix the entry at the line given',
    messages: {
      ...schemaMessages({
        unknownKey:
          'remove it or check its spelling: an author has name, page, image, and title and bio (one per locale)',
        other: 'an author has a name, and a title and a bio in every locale: title: { de: …, en: … }',
      }),
      yaml: yamlMessage,
    },
    example: {
      file: 'content/authors.yml',
      mistake: 'lena:\n  name: Lena Moser\n  titel: { de: Technik, en: Engineering }',
      fix: 'lena:\n  name: Lena Moser\n  title: { de: Technik, en: Engineering }',
    },
  },
  tags: {
    title: 'content/tags.yml is invalid',
    severity: 'error',
    hint: 'fix the entry at the line given',
    messages: {
      ...schemaMessages({
        unknownKey: 'remove it or check its spelling: a tag has a label and a description, each one per locale',
        other: 'a tag has a label and a description in every locale: label: { de: …, en: … }',
      }),
      yaml: yamlMessage,
    },
    example: {
      file: 'content/tags.yml',
      mistake: 'kubernetes:\n  label: Kubernetes',
      fix: 'kubernetes:\n  label: { de: Kubernetes, en: Kubernetes }',
    },
  },
  category: {
    title: 'A _category.yml is invalid',
    severity: 'error',
    hint: 'fix the field at the line given (label, position, collapsed, description)',
    messages: {
      ...schemaMessages({
        unknownKey: 'a _category.yml has label, position, collapsed and description',
        other: 'label and description are text, position a number, collapsed true or false',
      }),
      yaml: yamlMessage,
      second: says(
        (p: { other: string }) => `a second category file for this folder, beside ${p.other}`,
        'keep one of them',
      ),
    },
    example: { file: 'content/en/docs/_category.yml', mistake: 'lable: Guides', fix: 'label: Guides' },
  },
  'duplicate-route': {
    title: 'Two files produce the same route',
    severity: 'error',
    hint: 'rename one of the files or give it another slug',
    messages: {
      taken: says(
        (p: { route: string; existing: string }) => `route ${p.route} is already produced by ${p.existing}`,
        'rename one of the files or give it another slug',
      ),
      slug: says(
        (p: { slug: string; route: string; existing: string }) =>
          `slug "${p.slug}" makes the route ${p.route}, which ${p.existing} has already: this page is left out of the site`,
        (p) => `give this page another slug, or move ${p.existing} elsewhere and redirect its old route`,
      ),
    },
    example: {
      file: 'content/en/docs/setup.md',
      mistake: 'docs/setup.md and docs/setup/index.md',
      fix: 'keep one of them, or give one slug: installation',
    },
  },
  'route-removed': {
    title: 'A URL the baseline served is gone without a redirect',
    severity: 'error',
    hint: "add a redirect from the old route to its successor in the config's redirects, or restore the page",
    messages: {
      removed: says(
        (p: RemovedRoute) =>
          `${p.route} was served by the baseline and is neither a page nor a redirect now${p.successor ? ` (likely successor: ${p.successor})` : ''}`,
        removedRouteHint,
      ),
      changed: says(
        (p: RemovedRoute & { ref: string }) =>
          `${p.route} was served at ${p.ref} and is neither a page nor a redirect now${p.successor ? ` (likely successor: ${p.successor})` : ''}`,
        removedRouteHint,
      ),
      unreadable: says((p: { reason: string }) => `the baseline could not be read: ${p.reason}`, BASELINE_HINT),
      unusable: says((p: { reason: string }) => `the baseline cannot be used: ${p.reason}`, BASELINE_HINT),
    },
    example: {
      file: 'site check --baseline https://docs.example.org/_routes.json',
      mistake: 'content/en/services/backup.md renamed to backups.md',
      fix: "redirects: [{ from: '/services/backup/', to: '/services/backups/' }]  (in every locale: /en/services/backup/ too)",
    },
    noFixture: 'it needs a baseline (site check --baseline): tests/engine/integration/route-manifest.test.ts',
  },
  'translation-outdated': {
    title: 'A translation lags behind its source page',
    severity: 'warning',
    hint: 'update the translation from the commits named (git log -p shows them), or mark a commit that needs no translation with the trailer "Translation: none"',
    messages: {
      behind: says(
        (p: {
          source: string;
          commits: { hash: string; date: string; subject: string }[];
          since: string;
          translatedIn: string;
        }) =>
          `translation is behind ${p.source} by ${count(p.commits.length, 'commit')} since it was last translated on ${p.since}: ${p.commits
            .slice(0, 3)
            .map((c) => `${c.hash.slice(0, 7)} ${c.date} "${c.subject}"`)
            .join('; ')}${p.commits.length > 3 ? `, and ${p.commits.length - 3} more` : ''}`,
        (p) =>
          `see what changed with: git log -p ${p.translatedIn.slice(0, 7)}..HEAD -- ${p.source}; a commit that needs no translation says so with the trailer "Translation: none"`,
      ),
    },
    example: {
      file: 'content/de/services/backups.md',
      mistake: 'content/en/services/backups.md changed after the German page was last translated',
      fix: 'translate the change, commit the German page; or commit the English one with the trailer "Translation: none"',
    },
    noFixture: 'it needs git history: tests/engine/integration/translation-status.test.ts makes a repository for it',
  },
  'translation-structure': {
    title: 'A translation lacks a heading, code block, image or link target of its source',
    severity: 'warning',
    hint: 'translate the missing parts, or set source_locale in the front matter if this file is the original',
    messages: {
      lacks: says(
        (p: {
          source: string;
          headings: { depth: number; text: string }[];
          codeBlocks: number;
          images: number;
          links: string[];
        }) =>
          `translation lacks what ${p.source} has: ${[
            ...p.headings.map((h) => `the heading ${'#'.repeat(h.depth)} "${h.text}"`),
            ...(p.codeBlocks ? [count(p.codeBlocks, 'code block')] : []),
            ...(p.images ? [count(p.images, 'image')] : []),
            ...(p.links.length ? [`links to ${p.links.join(', ')}`] : []),
          ].join('; ')}`,
        (p) =>
          `translate the missing parts from ${p.source}, or set source_locale in the front matter if this file is the original`,
      ),
    },
    example: {
      file: 'content/de/services/backups.md',
      mistake: 'the English page has "## Restore tests", the German one no heading for it',
      fix: '## Restore-Tests, translated',
    },
    noFixture: 'the basic fixture is no git repository; tests/engine/integration/translation-status.test.ts shows it',
  },
  'missing-translation': {
    title: 'A page exists in one locale only',
    severity: 'error',
    hint: 'create the same file in every locale',
    messages: {
      missing: says(
        (p: { label: string; missing: string; existing: string }) =>
          `has no ${p.label} counterpart: ${p.missing} is missing`,
        (p) => `every page exists in all locales; create ${p.missing} (or remove ${p.existing})`,
      ),
    },
    example: {
      file: 'content/en/services/backups.md',
      mistake: 'content/en/services/backups.md alone',
      fix: 'content/de/services/backups.md beside it',
    },
  },
  'unknown-author': {
    title: 'A post names an author that is not defined',
    severity: 'error',
    hint: 'define it in content/authors.yml or use an existing id',
    messages: {
      unknown: says(
        (p: { author: string; suggestion?: string; known: string[] }) =>
          `unknown author "${p.author}"${didYouMean(p.suggestion)}`,
        (p) => oneOf('content/authors.yml', p.known),
      ),
    },
    example: { file: 'content/en/blog/launch.md', mistake: 'authors: [lena-mosr]', fix: 'authors: [lena-moser]' },
  },
  'unknown-tag': {
    title: 'A post names a tag that is not defined',
    severity: 'error',
    hint: 'define it in content/tags.yml or use an existing id',
    messages: {
      unknown: says(
        (p: { tag: string; suggestion?: string; known: string[] }) =>
          `unknown tag "${p.tag}"${didYouMean(p.suggestion)}`,
        (p) => oneOf('content/tags.yml', p.known),
      ),
    },
    example: { file: 'content/en/blog/launch.md', mistake: 'tags: [kubernets]', fix: 'tags: [kubernetes]' },
  },
  'broken-link': {
    title: 'A Markdown link leads nowhere',
    severity: 'error',
    hint: 'link an existing page or file',
    messages: {
      empty: says(
        (p: { text: string }) => `the link "${p.text}" has no target: the parentheses after it are empty`,
        'write the page or address it opens between the parentheses: [text](/docs/install/), or remove the brackets if it is no link',
      ),
      relative: says(
        (p: { target: string; lookedFor: string }) =>
          `link target ${p.target} does not exist (looked for ${p.lookedFor})`,
        'check the path; relative links start from the folder of this file',
      ),
      file: says(
        (p: { target: string; publicFile: string }) => `file ${p.target} does not exist`,
        (p) => `put it at public${p.publicFile}`,
      ),
      noPage: says(
        (p: { target: string; route: string; suggestions?: string[] }) =>
          `link target ${p.target} does not exist (no page at ${p.route})`,
        (p) => (p.suggestions?.length ? `did you mean ${p.suggestions.join(' or ')}?` : undefined),
      ),
    },
    example: {
      file: 'content/en/services/databases/postgresql.md',
      mistake: '[backups](/services/backup/)',
      fix: '[backups](/services/backups/)',
    },
  },
  'broken-fragment': {
    title: 'A link names a heading id the page does not have',
    severity: 'error',
    hint: 'link an existing heading',
    messages: {
      missing: says(
        (p: { fragment: string; route: string; headings: string[] }) =>
          `fragment #${p.fragment} does not exist on ${p.route}`,
        (p) => (p.headings.length ? `headings there: ${p.headings.join(', ')}` : 'that page has no headings'),
      ),
      generatedPage: says(
        (p: { fragment: string; route: string }) => `fragment #${p.fragment} does not exist on ${p.route}`,
        'that page is generated from the folder and has no headings: link to the page itself',
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: '[restore](/en/docs/backups/#restoring)',
      fix: '[restore](/en/docs/backups/#restore)',
    },
  },
  'broken-image': {
    title: 'A Markdown image is no file in public/',
    severity: 'error',
    hint: 'add the file or fix the path',
    messages: {
      missing: says(
        (p: { url: string; publicFile: string }) => `image ${p.url} does not exist`,
        (p) => `put the file at public${p.publicFile}`,
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: '![Rack](/img/rack.jpg)',
      fix: '![Rack](/img/rack.jpeg)  (the file is public/img/rack.jpeg)',
    },
  },
  'unreadable-image': {
    title: 'An image in public/ cannot be read',
    severity: 'error',
    hint: 'save it again as PNG, JPEG, WebP, AVIF, GIF or SVG',
    messages: {
      unreadable: says(
        (p: { file: string; reason: string }) => `image ${p.file} could not be read: ${p.reason}`,
        'save it again as PNG, JPEG, WebP, AVIF, GIF or SVG, or link another image',
      ),
    },
    example: {
      file: 'public/img/rack.png',
      mistake: 'a .png that is a truncated download',
      fix: 'the image saved again as PNG',
    },
  },
  'trailing-slash': {
    title: 'An internal link lacks its trailing slash',
    severity: 'warning',
    hint: 'end page links with a slash',
    messages: {
      missing: says(
        (p: { link: string; pathname: string }) => `link ${p.link} lacks its trailing slash`,
        (p) => `write ${p.pathname}/ : every route ends with a slash`,
      ),
    },
    example: { file: 'content/en/docs/a.md', mistake: '[pricing](/en/pricing)', fix: '[pricing](/en/pricing/)' },
  },
  'redirected-link': {
    title: 'A link points at a redirect',
    severity: 'warning',
    hint: 'link the redirect target directly',
    messages: {
      redirect: says(
        (p: { link: string; target: string }) => `link ${p.link} points at a redirect`,
        (p) => `link to ${p.target} directly`,
      ),
    },
    example: {
      file: 'content/en/docs/a.md',
      mistake: '[backups](/en/backup/)  (a redirect to /en/services/backups/)',
      fix: '[backups](/en/services/backups/)',
    },
  },
  'redirect-target-missing': {
    title: 'A redirect leads to no page',
    severity: 'error',
    hint: "fix the redirect at the line given: `to` is a page's route, written without a locale prefix",
    messages: {
      missing: says(
        (p: { from: string; to: string; suggestion?: string }) =>
          `redirect from ${p.from} points at ${p.to}, which does not exist`,
        (p) =>
          p.suggestion
            ? `did you mean ${p.suggestion}? write \`to: '${p.suggestion}'\``
            : "write a page's route as `to`, without a locale prefix: the redirect applies in every locale, each with its prefix",
      ),
      prefixed: says(
        (p: { from: string; to: string; prefix: string; made: string[] }) =>
          `the redirect { from: '${p.from}', to: '${p.to}' } starts with the locale prefix ${p.prefix}: redirects apply in every locale, each with its own prefix, so it also makes ${p.made.join(', ')}`,
        (p) =>
          `write it without ${p.prefix}: { from: '${p.from.replace(p.prefix, '') || '/'}', to: '${p.to.startsWith(`${p.prefix}/`) ? p.to.slice(p.prefix.length) : p.to}' }`,
      ),
    },
    example: {
      file: 'config/redirects.ts',
      mistake: "{ from: '/hosting/', to: '/services/hostng/' }",
      fix: "{ from: '/hosting/', to: '/services/hosting/' }",
    },
  },
  'redirect-shadows-page': {
    title: 'A redirect hides an existing page',
    severity: 'error',
    hint: 'remove the redirect or the page',
    messages: {
      shadows: says(
        (p: { from: string; page: string }) => `redirect from ${p.from} shadows the page there (${p.page})`,
        'remove the redirect or move the page',
      ),
    },
    example: {
      file: 'config/redirects.ts',
      mistake: "{ from: '/pricing/', to: '/services/' } while content/de/pricing.md exists",
      fix: 'remove the redirect, or the page',
    },
  },
  'broken-theme-link': {
    title: 'A link the theme renders leads nowhere',
    severity: 'error',
    hint: 'check config/site.config.ts (navbar, footer, favicon) and the theme component',
    messages: {
      fragment: says(
        (p: { fragment: string; route: string }) => `fragment #${p.fragment} does not exist on ${p.route}`,
        'check config/site.config.ts (navbar, footer) and the theme component that renders it',
      ),
      file: says(
        (p: { href: string }) => `file ${p.href} does not exist`,
        'check config/site.config.ts (navbar, footer) and the theme component that renders it',
      ),
      target: says(
        (p: { href: string }) => `link target ${p.href} does not exist`,
        'check config/site.config.ts (navbar, footer) and the theme component that renders it',
      ),
      outsideBase: says(
        (p: { href: string; baseUrl: string }) => `link ${p.href} is outside the site's baseUrl ${p.baseUrl}`,
        'build the href with useHref() in the theme component, so it is served under the baseUrl',
      ),
    },
    example: {
      file: 'config/site.config.ts',
      mistake: "favicon: '/favicon.png'  (public/ has favicon.svg)",
      fix: "favicon: '/favicon.svg'",
    },
  },
  write: {
    title: 'A file of the output could not be written',
    severity: 'error',
    fixed: 'the output is not complete until every file is written',
    hint: 'the previous build stays in place; check disk space and permissions',
    messages: {
      failed: says(
        (p: { reason: string; build: boolean; outDir: string }) => p.reason,
        (p) =>
          p.build
            ? `nothing was swapped in: ${p.outDir}/ is as the last good build left it`
            : 'check the free space and permissions of the output folder',
      ),
    },
    example: {
      file: 'build/',
      mistake: 'a full disk, or a build/ owned by another user',
      fix: 'free space, or chown the folder; the site served stays the last good build',
    },
  },
  render: {
    title: 'A page could not be rendered',
    severity: 'error',
    fixed: 'the page is missing from the output until it renders',
    hint: 'a theme component threw; fix the theme or the page named',
    messages: {
      failed: says(
        (p: { reason: string }) => p.reason,
        'a theme component threw while rendering this page; run `site check` again after fixing the theme or the page',
      ),
    },
    example: {
      file: 'theme/pages/DocPage.tsx',
      mistake: 'page.frontMatter.tags.map(…) on a page without tags',
      fix: '(page.frontMatter.tags ?? []).map(…)',
    },
    noFixture:
      'only a fault in the theme’s code makes a page fail to render; tests/engine/unit/worker-pool.test.ts renders a broken page instead',
  },
  theme: {
    title: 'The theme’s code does not compile',
    severity: 'error',
    fixed: 'no page can be rendered until the theme compiles',
    hint: 'fix the file at the line given; until then site serve --watch shows the last theme that compiled',
    messages: {
      client: says((p: { cause: string }) => `The theme's client code does not compile: ${p.cause}`),
      server: says((p: { cause: string }) => `The theme does not compile: ${p.cause}`),
      unusable: says(
        (p: { cause: string }) => `The theme cannot be used: ${p.cause}`,
        "the theme's entry module must default-export the theme contract (generator/theming/theme-contract.ts)",
      ),
    },
    example: {
      file: 'theme/components/Navbar.tsx',
      mistake: 'return <nav>{items}</nav',
      fix: 'return <nav>{items}</nav>',
    },
    noFixture:
      'the theme is the engine’s code, not a site’s files; tests/engine/unit/theme-loader.test.ts bundles a broken theme module',
  },
} as const satisfies Record<string, DiagnosticRule>;

type Catalogue = typeof DIAGNOSTIC_RULES;
export type RuleId = keyof Catalogue;
/** The cases of a rule (or of every rule of a union of rules). */
export type CaseOf<R extends RuleId> = keyof Catalogue[R]['messages'] & string;
/** What the case's message and hint are made from. */
export type ParamsOf<R extends RuleId, C extends CaseOf<R>> = Catalogue[R]['messages'][C] extends {
  text: (p: infer P) => string;
}
  ? P
  : never;
type ParamsArg<R extends RuleId, C extends CaseOf<R>> =
  Record<never, never> extends ParamsOf<R, C> ? [params?: ParamsOf<R, C>] : [params: ParamsOf<R, C>];

/** What a diagnostic says, before it is placed at a file and line. */
export interface Diagnosis {
  rule: RuleId;
  severity: Severity;
  message: string;
  hint?: string;
}

export type Place = Pick<Diagnostic, 'file' | 'line' | 'column'>;

/** A diagnosis at a line and column of the Markdown being parsed (in `file` when it is an included one). */
export type MarkdownProblem = Diagnosis & { line: number; column: number; file?: string };

/** The message, hint and severity of a case of a rule, from the catalogue. */
export function diagnosis<R extends RuleId, C extends CaseOf<R>>(
  rule: R,
  kase: C,
  ...[params]: ParamsArg<R, C>
): Diagnosis {
  const entry: DiagnosticRule = DIAGNOSTIC_RULES[rule];
  const spec = entry.messages[kase] as MessageSpec<unknown> | undefined;
  if (!spec) throw new Error(`the diagnostic catalogue has no case "${kase}" for ${rule}`);
  const p = params ?? {};
  const hint = spec.hint === undefined ? entry.hint : typeof spec.hint === 'string' ? spec.hint : spec.hint(p);
  // A rule that is off by default is made as a warning: the build drops it unless the site turns it on.
  const severity = spec.severity ?? (entry.severity === 'off' ? 'warning' : entry.severity);
  return { rule, severity, message: spec.text(p), ...(hint ? { hint } : {}) };
}

/** The site's severities of rules (config `rules`), by rule id. */
export type RuleSettings = Partial<Record<string, RuleSetting>>;

/** The diagnostics as the site's config wants them: a rule the site set takes its severity in
 * every case, one it left alone keeps the catalogue's; what is off is left out. */
export function withSiteSeverities<D extends Diagnostic>(diagnostics: D[], settings: RuleSettings = {}): D[] {
  const out: D[] = [];
  for (const d of diagnostics) {
    const entry: DiagnosticRule | undefined = DIAGNOSTIC_RULES[d.rule];
    const setting = (entry && !entry.fixed && settings[d.rule]) || (entry?.severity === 'off' ? 'off' : d.severity);
    if (setting === 'off') continue;
    out.push(setting === d.severity ? d : { ...d, severity: setting });
  }
  return out;
}

/** A diagnostic at a place: a case of a rule with its parameters. */
export function diagnostic<R extends RuleId, C extends CaseOf<R>>(
  at: Place,
  rule: R,
  kase: C,
  ...params: ParamsArg<R, C>
): Diagnostic {
  return { ...at, ...diagnosis(rule, kase, ...params) };
}

/** Watch mode keeps a page whose file broke at its last good version; its errors say so. */
export function keptLastGood(d: Diagnostic): Diagnostic {
  return d.severity === 'error'
    ? { ...d, hint: `${d.hint ? `${d.hint}; ` : ''}until then the page shows its last good version` }
    : d;
}

/** Where the catalogue documents a rule. */
export function docsAnchor(rule: RuleId): string {
  return `docs/diagnostics.md#${rule}`;
}
