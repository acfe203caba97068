// Reading a Docusaurus project from disk: the one place of the importer that reads files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE, globMatcher } from './glob.ts';
import { type ContentInstance, type DocusaurusSettings, readDocusaurusSettings } from './read-config.ts';

/** A file of the project, by its path relative to the project folder (`docs/01-intro.md`). */
export interface ProjectFile {
  rel: string;
  raw: string;
  /** The file started with a UTF-8 byte-order mark, which `raw` no longer has. */
  bom?: boolean;
}

/** A file's text without a leading byte-order mark, which would hide its front matter. */
function textOf(rel: string, text: string): ProjectFile {
  return text.startsWith('\uFEFF') ? { rel, raw: text.slice(1), bom: true } : { rel, raw: text };
}

/** A Markdown file of a docs or blog tree. */
export interface ContentFile extends ProjectFile {
  locale: string;
  /** Path inside its tree (`02-guides/01-install.md`), the same for a page and its translations. */
  path: string;
}

/** One version of a docs instance, as Docusaurus serves it. */
export interface TreeVersion {
  /** `current` (the docs folder), or a name of versions.json (`3.0`). */
  name: string;
  /** The version's part of the URL after the instance's route: '' for the one served there, `next`, `2.1`. */
  path: string;
}

export interface ContentTree {
  /** The instance, its `path` the folder this version's files are in (`versioned_docs/version-3.0`). */
  instance: ContentInstance;
  /** Docs only: the version this tree holds, and its sidebars file. */
  version?: TreeVersion;
  sidebars?: ProjectFile;
  /** Markdown files (`.md`, `.mdx`) by locale. */
  files: ContentFile[];
  /** `_category_.json` / `_category_.yml` of the default locale. */
  categories: ContentFile[];
  /** Other files inside the tree (images beside the pages), by path relative to the project. */
  assets: string[];
  /** Markdown that Docusaurus makes no page of (`_partial.mdx`, `_drafts/`): only other pages import it. */
  partials: ContentFile[];
  /** `authors.yml`, `tags.yml` of the blog, by locale. */
  data: Record<string, { authors?: ProjectFile; tags?: ProjectFile }>;
  /** `i18n/<locale>/docusaurus-plugin-content-docs/current.json`: sidebar labels by key. */
  labels: Record<string, Record<string, string>>;
}

export interface DocusaurusProject {
  /** The folder as the user named it, for report lines. */
  dir: string;
  config?: ProjectFile;
  settings: DocusaurusSettings;
  /** The hand-written sidebars of each docs instance, by plugin id. */
  sidebars: Map<string, ProjectFile>;
  /** One tree per docs and blog instance whose folder exists, in the config's order. */
  trees: ContentTree[];
  /** `i18n/<locale>/docusaurus-theme-classic/{navbar,footer}.json` and `i18n/<locale>/code.json`, read as key -> message. */
  themeLabels: Record<
    string,
    { navbar: Record<string, string>; footer: Record<string, string>; code: Record<string, string> }
  >;
  /** Files under static/, relative to it. */
  staticFiles: string[];
  /** Files under src/pages/ that Docusaurus makes pages of (React or Markdown). */
  pages: string[];
  /** The docs versions Docusaurus served besides the imported one (`next`, `2.1`), read for their URLs. */
  otherVersions: ContentTree[];
  /** Reads a file of the project by its path in it (the modules a sidebars file imports). */
  readFile: (rel: string) => string | undefined;
  /** versions.json of each docs instance (by plugin id), as read, with the file's path. */
  versionLists: Map<string, { rel: string; versions: string[] }>;
  /** The version Docusaurus served at a docs route whose folder is not in the project (a build
   * script makes it): the current docs were read in its place. */
  missingVersions: { instance: string; name: string; folder: string; route: string }[];
}

const SIDEBAR_NAMES = ['sidebars.js', 'sidebars.ts', 'sidebars.mjs', 'sidebars.cjs', 'sidebars.json'];
const CONFIG_NAMES = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
];

export class NotDocusaurusError extends Error {}

function filesUnder(base: string): string[] {
  if (!existsSync(base)) return [];
  return readdirSync(base, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(base, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((rel) => !rel.split('/').some((segment) => segment.startsWith('.') || segment === 'node_modules'))
    .sort();
}

/** A Docusaurus translation file (`{"key": {"message": "…"}}`) as key -> message; {} when unreadable. */
function readMessages(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { message?: string }>;
    return Object.fromEntries(
      Object.entries(json).flatMap(([key, v]) => (typeof v?.message === 'string' ? [[key, v.message]] : [])),
    );
  } catch {
    // An unreadable translation file leaves the default labels; the site still builds.
    return {};
  }
}

function readTree(
  dir: string,
  instance: ContentInstance,
  roots: Record<string, string>,
  defaultLocale: string,
  withLabels: boolean,
): ContentTree | undefined {
  if (!existsSync(path.join(dir, roots[defaultLocale]))) return undefined;
  const tree: ContentTree = { instance, files: [], categories: [], assets: [], partials: [], data: {}, labels: {} };
  const included = globMatcher(instance.include ?? DEFAULT_INCLUDE);
  const excludedByConfig = globMatcher(instance.exclude ?? DEFAULT_EXCLUDE);
  for (const [locale, root] of Object.entries(roots)) {
    const read = (rel: string): ProjectFile =>
      textOf(`${root}/${rel}`, readFileSync(path.join(dir, root, rel), 'utf8'));
    for (const rel of filesUnder(path.join(dir, root))) {
      // What Docusaurus makes no page of (`include`, `exclude`: by default names starting with `_`)
      // is a partial, which pages may import.
      const excluded = !included(rel) || excludedByConfig(rel);
      if (/\.mdx?$/.test(rel) && excluded) tree.partials.push({ ...read(rel), locale, path: rel });
      else if (/\.mdx?$/.test(rel)) tree.files.push({ ...read(rel), locale, path: rel });
      else if (/(^|\/)_category_\.(json|ya?ml)$/.test(rel)) {
        if (locale === defaultLocale) tree.categories.push({ ...read(rel), locale, path: rel });
      } else if (/^(authors|tags)\.ya?ml$/.test(rel)) {
        (tree.data[locale] ??= {})[rel.startsWith('authors') ? 'authors' : 'tags'] = read(rel);
      } else tree.assets.push(`${root}/${rel}`);
    }
    const labels = path.join(dir, `${root}.json`);
    if (withLabels && locale !== defaultLocale && existsSync(labels)) tree.labels[locale] = readMessages(labels);
  }
  return tree;
}

export function readDocusaurusProject(dir: string): DocusaurusProject {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new NotDocusaurusError(`${dir} is not a folder`);
  const configName = CONFIG_NAMES.find((name) => existsSync(path.join(dir, name)));
  const config = configName ? { rel: configName, raw: readFileSync(path.join(dir, configName), 'utf8') } : undefined;
  const readProjectFile = (rel: string) => {
    const file = path.join(dir, rel);
    return existsSync(file) && statSync(file).isFile() ? textOf(rel, readFileSync(file, 'utf8')).raw : undefined;
  };
  const settings = readDocusaurusSettings(
    config?.raw ?? '',
    Boolean(configName && /\.m?ts$/.test(configName)),
    configName ?? 'docusaurus.config.js',
    readProjectFile,
  );
  if (!config && !existsSync(path.join(dir, settings.docsPath)) && !existsSync(path.join(dir, settings.blogPath))) {
    throw new NotDocusaurusError(
      `${dir} has no docusaurus.config.js, no docs/ and no blog/: is it the folder of a Docusaurus project?`,
    );
  }
  const pluginDir = (instance: ContentInstance) =>
    `docusaurus-plugin-content-${instance.kind}${instance.id === 'default' ? '' : `-${instance.id}`}`;
  const rootsOf = (instance: ContentInstance, version = 'current') =>
    Object.fromEntries(
      settings.locales.map((l) => [
        l,
        l === settings.defaultLocale
          ? instance.path
          : `i18n/${l}/${pluginDir(instance)}${instance.kind === 'docs' ? `/${version === 'current' ? 'current' : `version-${version}`}` : ''}`,
      ]),
    );
  const trees: ContentTree[] = [];
  const otherVersions: ContentTree[] = [];
  const versionLists: DocusaurusProject['versionLists'] = new Map();
  const missingVersions: DocusaurusProject['missingVersions'] = [];
  const sidebars = new Map<string, ProjectFile>();
  const sidebarOf = (instance: ContentInstance, version: string): string | undefined => {
    const prefix = instance.id === 'default' ? '' : `${instance.id}_`;
    if (version !== 'current') return `${prefix}versioned_sidebars/version-${version}-sidebars.json`;
    if (instance.sidebarPath === false) return undefined;
    const named = instance.sidebarPath?.replace(/^\.\//, '');
    return named !== undefined
      ? named
      : instance.id === 'default'
        ? SIDEBAR_NAMES.find((name) => existsSync(path.join(dir, name)))
        : undefined;
  };
  for (const instance of settings.instances) {
    if (instance.kind === 'blog') {
      const tree = readTree(dir, instance, rootsOf(instance), settings.defaultLocale, false);
      if (tree) trees.push(tree);
      continue;
    }
    // The versions Docusaurus serves: the docs folder (`current`) and versions.json, as the
    // options narrow them; the last version at the instance's route, the others below it.
    const prefix = instance.id === 'default' ? '' : `${instance.id}_`;
    const listRel = `${prefix}versions.json`;
    let listed: string[] = [];
    const listText = readProjectFile(listRel);
    if (listText !== undefined) {
      try {
        const parsed = JSON.parse(listText) as unknown;
        listed = Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
      } catch {
        // Not JSON: Docusaurus would not start; the current docs alone are imported, and the report says so.
      }
      versionLists.set(instance.id, { rel: listRel, versions: listed });
    }
    const { versions } = instance;
    let names = [...(versions.includeCurrentVersion ? ['current'] : []), ...listed];
    if (versions.onlyIncludeVersions) names = names.filter((n) => versions.onlyIncludeVersions!.includes(n));
    const named =
      versions.lastVersion ?? (names.length === 1 ? names[0] : (names.find((n) => n !== 'current') ?? 'current'));
    const folderOf = (name: string) => (name === 'current' ? instance.path : `${prefix}versioned_docs/version-${name}`);
    // A last version whose folder a build script makes (it is not in the repository): the current
    // docs stand in for it at the instance's route, and the import says so (missingVersions).
    const last = named !== 'current' && !existsSync(path.join(dir, folderOf(named))) ? 'current' : named;
    if (last !== named) {
      missingVersions.push({ instance: instance.id, name: named, folder: folderOf(named), route: instance.route });
      names = names.filter((n) => n !== named);
      if (!names.includes('current')) names.unshift('current');
      // Docusaurus served the current docs at their own path as well (`next`): those URLs redirect.
      const currentPath = versions.paths.current ?? 'next';
      const shown = readTree(
        dir,
        { ...instance, route: [instance.route, currentPath].filter(Boolean).join('/') },
        rootsOf(instance, 'current'),
        settings.defaultLocale,
        true,
      );
      if (shown) {
        shown.version = { name: 'current', path: currentPath };
        otherVersions.push(shown);
      }
    }
    for (const name of names) {
      const path_ =
        name === last && last !== named
          ? ''
          : (versions.paths[name] ?? (name === last ? '' : name === 'current' ? 'next' : name));
      const folder = folderOf(name);
      const own: ContentInstance = {
        ...instance,
        path: folder,
        route: [instance.route, path_].filter(Boolean).join('/'),
      };
      const tree = readTree(dir, own, rootsOf(own, name), settings.defaultLocale, true);
      if (!tree) continue;
      tree.version = { name, path: path_ };
      const rel = sidebarOf(instance, name);
      if (rel && existsSync(path.join(dir, rel)))
        tree.sidebars = { rel, raw: readFileSync(path.join(dir, rel), 'utf8') };
      if (name === last) {
        trees.push(tree);
        if (tree.sidebars) sidebars.set(instance.id, tree.sidebars);
      } else otherVersions.push(tree);
    }
  }
  const themeLabels: DocusaurusProject['themeLabels'] = {};
  for (const locale of settings.locales.filter((l) => l !== settings.defaultLocale)) {
    const theme = path.join(dir, 'i18n', locale, 'docusaurus-theme-classic');
    themeLabels[locale] = {
      navbar: readMessages(path.join(theme, 'navbar.json')),
      footer: readMessages(path.join(theme, 'footer.json')),
      code: readMessages(path.join(dir, 'i18n', locale, 'code.json')),
    };
  }
  return {
    dir,
    config,
    settings,
    sidebars,
    trees,
    themeLabels,
    staticFiles: filesUnder(path.join(dir, 'static')),
    // As Docusaurus routes src/pages/: scripts and Markdown, not `_` names, tests or styles.
    pages: filesUnder(path.join(dir, 'src', 'pages'))
      .filter((rel) => /\.(jsx?|tsx?|mdx?)$/.test(rel) && !globMatcher(DEFAULT_EXCLUDE)(rel))
      .map((rel) => `src/pages/${rel}`),
    otherVersions,
    versionLists,
    missingVersions,
    readFile: readProjectFile,
  };
}
