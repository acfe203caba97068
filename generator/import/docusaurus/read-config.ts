// docusaurus.config.js/ts read as text, never run: the importer takes the plain values it can see
// (title, url, locales, the routes of docs and blog) and says which it had to guess.

export interface DocusaurusSettings {
  title?: string;
  tagline?: string;
  url?: string;
  baseUrl: string;
  favicon?: string;
  logo?: string;
  defaultLocale: string;
  locales: string[];
  localeLabels: Record<string, string>;
  htmlLangs: Record<string, string>;
  /** Route base of the docs (`docs`, '' for docs at the root), or undefined when docs are off. */
  docsRoute?: string;
  blogRoute?: string;
  /** Folders of the docs and the blog inside the project. */
  docsPath: string;
  blogPath: string;
  postsPerPage?: number;
  /** Navbar labels by what they point at: `docs` or a route like `/news`. */
  navbarLabels: Record<string, string>;
}

const QUOTED = String.raw`(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|\`([^\`$]*)\`)`;

function unquote(m: RegExpExecArray | null, from = 1): string | undefined {
  if (!m) return undefined;
  const value = m[from] ?? m[from + 1] ?? m[from + 2];
  return value?.replace(/\\(.)/g, '$1');
}

/** The text of the `{...}` or `[...]` that follows `key:` in `text`, brackets balanced, strings skipped. */
export function blockAfter(text: string, key: string): string | undefined {
  const m = new RegExp(String.raw`(?:^|[\s,{])${key}\s*:\s*([{[])`, 'm').exec(text);
  if (!m) return undefined;
  const start = m.index + m[0].length - 1;
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      const end = text.indexOf(c, i + 1);
      if (end === -1) return undefined;
      i = end;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return undefined;
}

/** A string value of `key:` at the top of `text` (or anywhere in it when `text` is a block). */
export function stringValue(text: string | undefined, key: string): string | undefined {
  if (!text) return undefined;
  return unquote(new RegExp(String.raw`(?:^|[\s,{])${key}\s*:\s*${QUOTED}`, 'm').exec(text));
}

function numberValue(text: string | undefined, key: string): number | undefined {
  const m = text && new RegExp(String.raw`(?:^|[\s,{])${key}\s*:\s*(\d+)`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
}

function strings(block: string | undefined): string[] {
  if (!block) return [];
  return [...block.matchAll(new RegExp(QUOTED, 'g'))].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The docs or blog options of the classic preset (`docs: {...}`), `false` when switched off. */
function pluginOptions(text: string, key: 'docs' | 'blog'): string | false | undefined {
  const presets = blockAfter(text, 'presets') ?? text;
  if (new RegExp(String.raw`(?:^|[\s,{])${key}\s*:\s*false`, 'm').test(presets)) return false;
  return blockAfter(presets, key);
}

/** Routes as written in the config, without slashes: `/docs/` -> `docs`, `/` -> ''. */
const routeBase = (value: string) => value.replace(/^\/+|\/+$/g, '');

export function readDocusaurusSettings(text: string): DocusaurusSettings {
  // Comments would hide nothing we want, but could hold look-alike values.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const i18n = blockAfter(code, 'i18n');
  const locales = strings(i18n && blockAfter(i18n, 'locales'));
  const defaultLocale = stringValue(i18n, 'defaultLocale') ?? locales[0] ?? 'en';
  const localeConfigs = i18n && blockAfter(i18n, 'localeConfigs');
  const localeLabels: Record<string, string> = {};
  const htmlLangs: Record<string, string> = {};
  for (const locale of locales) {
    const own = localeConfigs && blockAfter(localeConfigs, locale.includes('-') ? `['"]${locale}['"]` : `['"]?${locale}['"]?`);
    const label = stringValue(own, 'label');
    const htmlLang = stringValue(own, 'htmlLang');
    if (label) localeLabels[locale] = label;
    if (htmlLang) htmlLangs[locale] = htmlLang;
  }
  const docs = pluginOptions(code, 'docs');
  const blog = pluginOptions(code, 'blog');
  const navbar = blockAfter(code, 'navbar');
  const navbarLabels: Record<string, string> = {};
  for (const item of (navbar && blockAfter(navbar, 'items'))?.match(/\{[^{}]*\}/g) ?? []) {
    const label = stringValue(item, 'label');
    if (!label) continue;
    const type = stringValue(item, 'type');
    const to = stringValue(item, 'to');
    if (type === 'docSidebar' || type === 'doc') navbarLabels.docs ??= label;
    else if (to) navbarLabels[`/${routeBase(to)}`] ??= label;
  }
  const favicon = stringValue(code, 'favicon');
  const logo = stringValue(navbar && blockAfter(navbar, 'logo'), 'src');
  return {
    title: stringValue(code, 'title'),
    tagline: stringValue(code, 'tagline'),
    url: stringValue(code, 'url'),
    baseUrl: stringValue(code, 'baseUrl') ?? '/',
    favicon: favicon && `/${favicon.replace(/^\/+/, '')}`,
    logo: logo && `/${logo.replace(/^\/+/, '')}`,
    defaultLocale,
    locales: locales.length ? locales : [defaultLocale],
    localeLabels,
    htmlLangs,
    docsRoute: docs === false ? undefined : routeBase(stringValue(docs || undefined, 'routeBasePath') ?? 'docs'),
    blogRoute: blog === false ? undefined : routeBase(stringValue(blog || undefined, 'routeBasePath') ?? 'blog'),
    docsPath: routeBase(stringValue(docs || undefined, 'path') ?? 'docs'),
    blogPath: routeBase(stringValue(blog || undefined, 'path') ?? 'blog'),
    postsPerPage: numberValue(blog || undefined, 'postsPerPage'),
    navbarLabels,
  };
}
