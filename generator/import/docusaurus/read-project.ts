// Reading a Docusaurus project from disk: the one place of the importer that reads files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type ContentInstance, type DocusaurusSettings, readDocusaurusSettings } from './read-config.ts';

/** A file of the project, by its path relative to the project folder (`docs/01-intro.md`). */
export interface ProjectFile {
  rel: string;
  raw: string;
}

/** A Markdown file of a docs or blog tree. */
export interface ContentFile extends ProjectFile {
  locale: string;
  /** Path inside its tree (`02-guides/01-install.md`), the same for a page and its translations. */
  path: string;
}

export interface ContentTree {
  instance: ContentInstance;
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
  /** Files under src/pages/ (React or Markdown pages) and whether versioned docs exist. */
  pages: string[];
  versionedDocs: boolean;
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
  for (const [locale, root] of Object.entries(roots)) {
    const read = (rel: string): ProjectFile => ({
      rel: `${root}/${rel}`,
      raw: readFileSync(path.join(dir, root, rel), 'utf8'),
    });
    for (const rel of filesUnder(path.join(dir, root))) {
      // Docusaurus's default `exclude`: names starting with `_`, tests.
      const excluded =
        rel.split('/').some((segment) => segment.startsWith('_')) || /(^|\/)__tests__\/|\.test\.mdx?$/.test(rel);
      if (/\.mdx?$/.test(rel) && excluded) tree.partials.push({ ...read(rel), locale, path: rel });
      else if (/\.mdx?$/.test(rel)) tree.files.push({ ...read(rel), locale, path: rel });
      else if (/(^|\/)_category_\.(json|ya?ml)$/.test(rel)) {
        if (locale === defaultLocale) tree.categories.push({ ...read(rel), locale, path: rel });
      } else if (/^(authors|tags)\.ya?ml$/.test(rel)) {
        (tree.data[locale] ??= {})[rel.startsWith('authors') ? 'authors' : 'tags'] = read(rel);
      } else tree.assets.push(`${root}/${rel}`);
    }
    const labels = path.join(dir, path.dirname(root), 'current.json');
    if (withLabels && locale !== defaultLocale && existsSync(labels)) tree.labels[locale] = readMessages(labels);
  }
  return tree;
}

export function readDocusaurusProject(dir: string): DocusaurusProject {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new NotDocusaurusError(`${dir} is not a folder`);
  const configName = CONFIG_NAMES.find((name) => existsSync(path.join(dir, name)));
  const config = configName ? { rel: configName, raw: readFileSync(path.join(dir, configName), 'utf8') } : undefined;
  const settings = readDocusaurusSettings(config?.raw ?? '', Boolean(configName && /\.m?ts$/.test(configName)));
  if (!config && !existsSync(path.join(dir, settings.docsPath)) && !existsSync(path.join(dir, settings.blogPath))) {
    throw new NotDocusaurusError(
      `${dir} has no docusaurus.config.js, no docs/ and no blog/: is it the folder of a Docusaurus project?`,
    );
  }
  const pluginDir = (instance: ContentInstance) =>
    `docusaurus-plugin-content-${instance.kind}${instance.id === 'default' ? '' : `-${instance.id}`}`;
  const rootsOf = (instance: ContentInstance) =>
    Object.fromEntries(
      settings.locales.map((l) => [
        l,
        l === settings.defaultLocale
          ? instance.path
          : `i18n/${l}/${pluginDir(instance)}${instance.kind === 'docs' ? '/current' : ''}`,
      ]),
    );
  const trees = settings.instances.flatMap(
    (instance) => readTree(dir, instance, rootsOf(instance), settings.defaultLocale, instance.kind === 'docs') ?? [],
  );
  const sidebars = new Map<string, ProjectFile>();
  for (const instance of settings.instances) {
    if (instance.kind !== 'docs' || instance.sidebarPath === false) continue;
    const named = instance.sidebarPath?.replace(/^\.\//, '');
    const rel =
      named !== undefined
        ? named
        : instance.id === 'default'
          ? SIDEBAR_NAMES.find((name) => existsSync(path.join(dir, name)))
          : undefined;
    if (rel && existsSync(path.join(dir, rel)))
      sidebars.set(instance.id, { rel, raw: readFileSync(path.join(dir, rel), 'utf8') });
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
    pages: filesUnder(path.join(dir, 'src', 'pages')).map((rel) => `src/pages/${rel}`),
    versionedDocs: existsSync(path.join(dir, 'versioned_docs')),
  };
}
