// docusaurus.config.js/ts parsed, never run (static-value.ts), with the project modules it imports:
// title, URL, locales, every docs and blog instance (of the classic preset and of the `plugins`
// array) with their versions, the client redirects, the navbar and the footer. What the files
// compute instead of spelling out is named in `problems`, at its file and line, with what was
// assumed in its place.
import { isRecord, Opaque, type ReadFile, readStaticModule, type StaticValue, str } from './static-value.ts';

/** What a docs instance says about its versions (`lastVersion`, `onlyIncludeVersions`, `versions`). */
export interface VersionOptions {
  lastVersion?: string;
  onlyIncludeVersions?: string[];
  includeCurrentVersion: boolean;
  /** `versions: { current: { path: 'next' } }`: the path of a version, by name. */
  paths: Record<string, string>;
}

/** Remark plugins the importer knows the Markdown of, by what they do. */
export type KnownRemarkPlugin = 'npm2yarn' | 'tab-blocks';

export interface ContentInstance {
  kind: 'docs' | 'blog';
  /** The plugin id: `default` unless the config names one. */
  id: string;
  /** Folder inside the project: `docs`, `community`. */
  path: string;
  /** Route base without slashes: `docs`, `posts`, '' for the site root. */
  route: string;
  /** The sidebars file of a docs instance, as the config names it (`./sidebars.js`). */
  sidebarPath?: string | false;
  postsPerPage?: number;
  /** Docusaurus's `include` and `exclude` globs, relative to the folder. */
  include?: string[];
  exclude?: string[];
  versions: VersionOptions;
  /** Remark plugins whose Markdown the importer converts (`npm2yarn`, tab blocks). */
  remarkPlugins: KnownRemarkPlugin[];
}

/** A navbar or footer item as Docusaurus writes it. */
export interface ConfigLink {
  label?: string;
  to?: string;
  href?: string;
  type?: string;
  docId?: string;
  sidebarId?: string;
  docsPluginId?: string;
  items: ConfigLink[];
}

export interface DocusaurusSettings {
  title?: string;
  tagline?: string;
  url?: string;
  baseUrl: string;
  favicon?: string;
  logo?: string;
  trailingSlash?: boolean;
  defaultLocale: string;
  locales: string[];
  localeLabels: Record<string, string>;
  htmlLangs: Record<string, string>;
  /** Every docs and blog instance, the preset's first. */
  instances: ContentInstance[];
  /** The first docs and blog instance's route base and folder (undefined route: none). */
  docsRoute?: string;
  blogRoute?: string;
  docsPath: string;
  blogPath: string;
  postsPerPage?: number;
  /** Navbar labels by what they point at: `docs` or a route like `/news`. */
  navbarLabels: Record<string, string>;
  navbar: ConfigLink[];
  footer: { title?: string; items: ConfigLink[] }[];
  /** `@docusaurus/plugin-client-redirects`: its `redirects`, and its `createRedirects` function. */
  redirects: { from: string; to: string }[];
  createRedirects?: Opaque;
  /** The client redirects' `fromExtensions` (`html`): `/x.html` answered for `/x`. */
  fromExtensions: string[];
  /** What the config computes or sets that the importer cannot carry: in its file (the config
   * when none is named; else a module it imports) at a line. */
  problems: { file?: string; line: number; message: string }[];
  /** Project files the config imports (`i18n.js`), read with it. */
  modules: string[];
  /** A search theme or Algolia is configured: Docusaurus served a page at /search. */
  search: boolean;
}

/** Routes and folders as written in the config, without `./` and slashes: `./docs/` -> `docs`, `/` -> ''. */
const routeBase = (value: string) => value.replace(/^\.\/+/, '').replace(/^\/+|\/+$/g, '');

const PRESET = /^(?:classic|@docusaurus\/preset-classic|docusaurus-preset-classic)$/;
const PLUGIN = /^(?:@docusaurus\/plugin-|docusaurus-plugin-)?(content-docs|content-blog|client-redirects)$/;

/** `'name'` or `['name', options]` of a presets or plugins array. */
function entry(value: StaticValue): { name?: string; options: { [key: string]: StaticValue } } {
  if (typeof value === 'string') return { name: value, options: {} };
  if (Array.isArray(value)) return { name: str(value[0]), options: isRecord(value[1]) ? value[1] : {} };
  return { options: {} };
}

function link(value: StaticValue): ConfigLink | undefined {
  if (!isRecord(value)) return undefined;
  const items = Array.isArray(value.items) ? value.items.map(link).filter((l): l is ConfigLink => Boolean(l)) : [];
  return {
    label: str(value.label),
    to: str(value.to),
    href: str(value.href),
    type: str(value.type),
    docId: str(value.docId),
    sidebarId: str(value.sidebarId),
    docsPluginId: str(value.docsPluginId),
    items,
  };
}

/** The first line of a computed value's source, short enough for a message. */
const sourceLine = (o: Opaque) => {
  const first = o.source.split('\n')[0].trim();
  return first.length > 60 ? `${first.slice(0, 59)}…` : first;
};

const REMARK_PLUGINS: [RegExp, KnownRemarkPlugin][] = [
  [/npm2yarn/, 'npm2yarn'],
  [/tab-?blocks/i, 'tab-blocks'],
];

/** `file`: the config's path in the project; `read`: the project's files, for the modules it imports. */
export function readDocusaurusSettings(
  text: string,
  typescript = true,
  file = 'docusaurus.config.js',
  read?: ReadFile,
): DocusaurusSettings {
  const module = readStaticModule(text, typescript, { file, read });
  const problems: DocusaurusSettings['problems'] = [];
  if (module.error)
    problems.push({
      line: module.error.line,
      message: `not readable as JavaScript (${module.error.message}); title, URL, locales and routes are the defaults`,
    });
  const config = isRecord(module.exported) ? module.exported : {};
  if (!module.error && !isRecord(module.exported))
    problems.push({
      line: module.exported instanceof Opaque ? module.exported.line : 1,
      message:
        'no exported config object found (export default {...} or module.exports = {...}); title, URL, locales and routes are the defaults',
    });
  for (const a of module.assumptions) problems.push({ file: a.file, line: a.line, message: a.message });
  /** A value the files compute: named at its own file and line, with what stands in its place. */
  const computed = (key: string, value: StaticValue, assumed: string): boolean => {
    if (!(value instanceof Opaque)) return false;
    problems.push({
      file: value.file,
      line: value.line,
      message: `${key} is computed (${sourceLine(value)}), which the importer reads but never runs; ${assumed}`,
    });
    return true;
  };
  /** The strings of a list, each computed item reported. */
  const strings = (key: string, value: StaticValue, assumed: string): string[] | undefined => {
    if (computed(key, value, assumed)) return undefined;
    if (!Array.isArray(value)) return undefined;
    return value.flatMap((v) => (computed(`an item of ${key}`, v, 'left out') || typeof v !== 'string' ? [] : [v]));
  };
  computed('title', config.title, 'the title is "Site"; set it in config/site.config.ts');
  computed('url', config.url, 'the URL is https://example.org; set it in config/site.config.ts');
  computed('baseUrl', config.baseUrl, 'assumed /');
  computed('trailingSlash', config.trailingSlash, 'every route here ends with a slash');

  const i18n = isRecord(config.i18n) ? config.i18n : {};
  computed('i18n', config.i18n, 'assumed one locale, "en"');
  computed('i18n.defaultLocale', i18n.defaultLocale, 'assumed the first locale, or "en"');
  const locales =
    strings(
      'i18n.locales',
      i18n.locales,
      'assumed the default locale only; write the list out, or add the others to config/site.config.ts and i18n/',
    ) ?? [];
  const defaultLocale = str(i18n.defaultLocale) ?? locales[0] ?? 'en';
  const localeConfigs = isRecord(i18n.localeConfigs) ? i18n.localeConfigs : {};
  computed('i18n.localeConfigs', i18n.localeConfigs, 'the locales are labelled by their names');
  const localeLabels: Record<string, string> = {};
  const htmlLangs: Record<string, string> = {};
  for (const locale of locales) {
    const own = localeConfigs[locale];
    if (!isRecord(own)) continue;
    const label = str(own.label);
    const htmlLang = str(own.htmlLang);
    if (label) localeLabels[locale] = label;
    if (htmlLang) htmlLangs[locale] = htmlLang;
  }

  const instances: ContentInstance[] = [];
  const redirects: DocusaurusSettings['redirects'] = [];
  const fromExtensions: string[] = [];
  let createRedirects: Opaque | undefined;
  const addInstance = (kind: 'docs' | 'blog', options: StaticValue, where: string) => {
    if (options === false) return;
    if (computed(`${where} options`, options, `its defaults were assumed (${kind}/ at /${kind})`)) options = {};
    const o = isRecord(options) ? options : {};
    const id = str(o.id) ?? 'default';
    computed(`${where} path`, o.path, `assumed ${kind}/`);
    computed(`${where} routeBasePath`, o.routeBasePath, `assumed /${kind}`);
    const path = str(o.path);
    const route = str(o.routeBasePath);
    const versionPaths: Record<string, string> = {};
    const versions = isRecord(o.versions) ? o.versions : {};
    computed(`${where} versions`, o.versions, 'the versions are served at their names');
    for (const [name, v] of Object.entries(versions)) {
      const versionPath = isRecord(v) ? str(v.path) : undefined;
      if (versionPath !== undefined) versionPaths[name] = versionPath;
    }
    computed(`${where} lastVersion`, o.lastVersion, 'assumed the newest of versions.json');
    const remarkPlugins: KnownRemarkPlugin[] = [];
    for (const plugin of Array.isArray(o.remarkPlugins) ? o.remarkPlugins : []) {
      const named = Array.isArray(plugin) ? plugin[0] : plugin;
      const source = named instanceof Opaque ? named.source : typeof named === 'string' ? named : '';
      const known = REMARK_PLUGINS.find(([re]) => re.test(source))?.[1];
      if (known) remarkPlugins.push(known);
      else
        problems.push({
          file: named instanceof Opaque ? named.file : undefined,
          line: named instanceof Opaque ? named.line : 1,
          message: `${where} remark plugin ${source.split('\n')[0].slice(0, 60) || '(computed)'} left out: the engine runs no remark plugins of Docusaurus; the Markdown it rewrote shows as written`,
        });
    }
    instances.push({
      kind,
      id,
      path: path !== undefined ? routeBase(path) : kind,
      route: route !== undefined ? routeBase(route) : kind,
      sidebarPath: o.sidebarPath === false ? false : str(o.sidebarPath),
      postsPerPage: typeof o.postsPerPage === 'number' ? o.postsPerPage : undefined,
      include: strings(`${where} include`, o.include, 'assumed every .md and .mdx file'),
      exclude: strings(`${where} exclude`, o.exclude, 'assumed the default (files and folders starting with _)'),
      versions: {
        lastVersion: str(o.lastVersion),
        onlyIncludeVersions: strings(`${where} onlyIncludeVersions`, o.onlyIncludeVersions, 'assumed every version'),
        includeCurrentVersion: o.includeCurrentVersion !== false,
        paths: versionPaths,
      },
      remarkPlugins,
    });
  };
  const presets =
    computed('presets', config.presets, 'no preset: the docs and blog of the plugins array only') ||
    !Array.isArray(config.presets)
      ? []
      : config.presets;
  for (const preset of presets) {
    if (computed('a preset', preset, 'left out')) continue;
    const { name, options } = entry(preset);
    if (!name || !PRESET.test(name)) continue;
    addInstance('docs', options.docs, "the preset's docs");
    addInstance('blog', options.blog, "the preset's blog");
  }
  if (computed('plugins', config.plugins, 'no plugins')) config.plugins = [];
  for (const plugin of Array.isArray(config.plugins) ? config.plugins : []) {
    const { name, options } = entry(plugin);
    const kind = name && PLUGIN.exec(name)?.[1];
    if (kind === 'content-docs') addInstance('docs', options, `plugin ${name}`);
    else if (kind === 'content-blog') addInstance('blog', options, `plugin ${name}`);
    else if (kind === 'client-redirects') {
      const list =
        computed(
          'client redirects',
          options.redirects,
          'none were taken; write them into config/site.config.ts as { from, to }',
        ) || !Array.isArray(options.redirects)
          ? []
          : options.redirects;
      for (const r of list) {
        if (computed('a client redirect', r, 'left out; write it into config/site.config.ts')) continue;
        const to = isRecord(r) ? str(r.to) : undefined;
        if (!isRecord(r) || !to) continue;
        const froms = Array.isArray(r.from) ? r.from : [r.from];
        for (const from of froms) if (typeof from === 'string') redirects.push({ from, to });
      }
      if (options.createRedirects instanceof Opaque) createRedirects = options.createRedirects;
      fromExtensions.push(...(strings('fromExtensions', options.fromExtensions, 'none') ?? []));
      if (options.toExtensions !== undefined)
        problems.push({
          line: 1,
          message:
            "client redirects' toExtensions left out: they sent /x to /x.html, and no route here has an extension",
        });
    } else if (plugin instanceof Opaque)
      problems.push({
        file: plugin.file,
        line: plugin.line,
        message: `plugin ${sourceLine(plugin)} left out: it is code, the engine runs no Docusaurus plugins`,
      });
    else if (name)
      problems.push({ line: 1, message: `plugin "${name}" left out: the engine runs no Docusaurus plugins` });
  }

  // A config that names neither presets nor plugins (or none at all): Docusaurus's classic defaults.
  if (!instances.length && config.presets === undefined && config.plugins === undefined) {
    addInstance('docs', {}, 'docs');
    addInstance('blog', {}, 'blog');
  }

  const themeConfig = isRecord(config.themeConfig) ? config.themeConfig : {};
  const navbar = isRecord(themeConfig.navbar) ? themeConfig.navbar : {};
  computed('themeConfig.navbar.items', navbar.items, 'the navbar links the sections');
  const navbarItems = (Array.isArray(navbar.items) ? navbar.items : [])
    .filter((item) => !computed('a navbar item', item, 'left out; add it to config/site.config.ts'))
    .map(link)
    .filter((l): l is ConfigLink => Boolean(l));
  const footerConfig = isRecord(themeConfig.footer) ? themeConfig.footer : {};
  computed('themeConfig.footer.links', footerConfig.links, 'the footer has no links');
  const footerLinks = Array.isArray(footerConfig.links) ? footerConfig.links : [];
  // Footer links come in columns ({title, items}) or as one row of links.
  const footer = footerLinks.every((l) => isRecord(l) && Array.isArray(l.items))
    ? footerLinks.map((l) => ({
        title: str((l as Record<string, StaticValue>).title),
        items: ((l as Record<string, StaticValue>).items as StaticValue[])
          .map(link)
          .filter((x): x is ConfigLink => Boolean(x)),
      }))
    : [{ title: undefined, items: footerLinks.map(link).filter((x): x is ConfigLink => Boolean(x)) }];

  const navbarLabels: Record<string, string> = {};
  for (const item of navbarItems) {
    if (!item.label) continue;
    if (item.type === 'docSidebar' || item.type === 'doc') navbarLabels.docs ??= item.label;
    else if (item.to) navbarLabels[`/${routeBase(item.to)}`] ??= item.label;
  }
  const logo = isRecord(navbar.logo) ? str(navbar.logo.src) : undefined;
  const favicon = str(config.favicon);
  const docs = instances.find((i) => i.kind === 'docs');
  const blog = instances.find((i) => i.kind === 'blog');
  return {
    title: str(config.title),
    tagline: str(config.tagline),
    url: str(config.url),
    baseUrl: str(config.baseUrl) ?? '/',
    favicon: favicon && (/^[a-z]+:/i.test(favicon) ? favicon : `/${favicon.replace(/^\/+/, '')}`),
    logo: logo && !/^[a-z]+:/i.test(logo) ? `/${logo.replace(/^\/+/, '')}` : logo,
    trailingSlash: typeof config.trailingSlash === 'boolean' ? config.trailingSlash : undefined,
    defaultLocale,
    locales: locales.length ? locales : [defaultLocale],
    localeLabels,
    htmlLangs,
    instances,
    docsRoute: docs?.route,
    blogRoute: blog?.route,
    docsPath: docs?.path ?? 'docs',
    blogPath: blog?.path ?? 'blog',
    postsPerPage: blog?.postsPerPage,
    navbarLabels,
    navbar: navbarItems,
    footer,
    redirects,
    createRedirects,
    fromExtensions,
    problems,
    modules: module.modules,
    search:
      isRecord(themeConfig.algolia) ||
      (Array.isArray(config.themes) &&
        config.themes.some((t) => /search/i.test(t instanceof Opaque ? t.source : (JSON.stringify(t) ?? '')))),
  };
}
