// docusaurus.config.js/ts parsed, never run (static-value.ts): title, URL, locales, every docs and
// blog instance (of the classic preset and of the `plugins` array), the client redirects, the
// navbar and the footer. What the file computes instead of spelling out is named in `problems`.
import { isRecord, Opaque, readStaticModule, type StaticValue, str } from './static-value.ts';

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
  /** What the config computes or sets that the importer cannot carry, by line. */
  problems: { line: number; message: string }[];
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

export function readDocusaurusSettings(text: string, typescript = true): DocusaurusSettings {
  const module = readStaticModule(text, typescript);
  const problems: DocusaurusSettings['problems'] = [];
  if (module.error)
    problems.push({
      line: module.error.line,
      message: `not readable as JavaScript (${module.error.message}); title, URL, locales and routes are the defaults`,
    });
  const config = isRecord(module.exported) ? module.exported : {};
  if (!module.error && !isRecord(module.exported))
    problems.push({
      line: 1,
      message:
        'no exported config object found (export default {...} or module.exports = {...}); title, URL, locales and routes are the defaults',
    });
  const opaque = (key: string, value: StaticValue) => {
    if (value instanceof Opaque)
      problems.push({
        line: value.line,
        message: `${key} is computed (${value.source.split('\n')[0].slice(0, 60)}); the importer reads only values written out`,
      });
  };
  for (const key of ['title', 'url', 'baseUrl', 'trailingSlash']) opaque(key, config[key]);

  const i18n = isRecord(config.i18n) ? config.i18n : {};
  const locales = Array.isArray(i18n.locales) ? i18n.locales.filter((l): l is string => typeof l === 'string') : [];
  const defaultLocale = str(i18n.defaultLocale) ?? locales[0] ?? 'en';
  const localeConfigs = isRecord(i18n.localeConfigs) ? i18n.localeConfigs : {};
  const localeLabels: Record<string, string> = {};
  const htmlLangs: Record<string, string> = {};
  for (const locale of locales) {
    const own = localeConfigs[locale];
    if (!isRecord(own)) continue;
    if (str(own.label)) localeLabels[locale] = str(own.label)!;
    if (str(own.htmlLang)) htmlLangs[locale] = str(own.htmlLang)!;
  }

  const instances: ContentInstance[] = [];
  const redirects: DocusaurusSettings['redirects'] = [];
  let createRedirects: Opaque | undefined;
  const addInstance = (kind: 'docs' | 'blog', options: StaticValue, where: string) => {
    if (options === false) return;
    const o = isRecord(options) ? options : {};
    const id = str(o.id) ?? 'default';
    for (const key of ['path', 'routeBasePath']) opaque(`${where} ${key}`, o[key]);
    const path = str(o.path);
    const route = str(o.routeBasePath);
    instances.push({
      kind,
      id,
      path: path !== undefined ? routeBase(path) : kind,
      route: route !== undefined ? routeBase(route) : kind,
      sidebarPath: o.sidebarPath === false ? false : str(o.sidebarPath),
      postsPerPage: typeof o.postsPerPage === 'number' ? o.postsPerPage : undefined,
    });
  };
  const presets = Array.isArray(config.presets) ? config.presets : [];
  for (const preset of presets) {
    const { name, options } = entry(preset);
    if (!name || !PRESET.test(name)) continue;
    addInstance('docs', options.docs, "the preset's docs");
    addInstance('blog', options.blog, "the preset's blog");
  }
  for (const plugin of Array.isArray(config.plugins) ? config.plugins : []) {
    const { name, options } = entry(plugin);
    const kind = name && PLUGIN.exec(name)?.[1];
    if (kind === 'content-docs') addInstance('docs', options, `plugin ${name}`);
    else if (kind === 'content-blog') addInstance('blog', options, `plugin ${name}`);
    else if (kind === 'client-redirects') {
      for (const r of Array.isArray(options.redirects) ? options.redirects : []) {
        if (!isRecord(r) || !str(r.to)) continue;
        const froms = Array.isArray(r.from) ? r.from : [r.from];
        for (const from of froms) if (typeof from === 'string') redirects.push({ from, to: str(r.to)! });
      }
      if (options.createRedirects instanceof Opaque) createRedirects = options.createRedirects;
      for (const key of ['fromExtensions', 'toExtensions']) {
        if (options[key] !== undefined)
          problems.push({
            line: 1,
            message: `client redirects' ${key} left out: every route here ends with a slash and has no extension`,
          });
      }
    } else if (plugin instanceof Opaque)
      problems.push({
        line: plugin.line,
        message: `plugin ${plugin.source.split('\n')[0].slice(0, 60)} left out: it is code, the engine runs no Docusaurus plugins`,
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
  const navbarItems = (Array.isArray(navbar.items) ? navbar.items : [])
    .map(link)
    .filter((l): l is ConfigLink => Boolean(l));
  const footerConfig = isRecord(themeConfig.footer) ? themeConfig.footer : {};
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
    favicon: favicon && `/${favicon.replace(/^\/+/, '')}`,
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
    problems,
  };
}
