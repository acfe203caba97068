// Reading a Docusaurus project from disk: the one place of the importer that reads files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { readDocusaurusSettings, type DocusaurusSettings } from './read-config.ts';

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
  /** Markdown files (`.md`, `.mdx`) by locale. */
  files: ContentFile[];
  /** `_category_.json` / `_category_.yml` of the default locale. */
  categories: ContentFile[];
  /** Other files inside the tree (images beside the pages), by path relative to the project. */
  assets: string[];
  /** Markdown that Docusaurus makes no page of (`_partial.mdx`, `_drafts/`): only other pages import it. */
  partials: ProjectFile[];
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
  sidebars?: ProjectFile;
  docs?: ContentTree;
  blog?: ContentTree;
  /** Files under static/, relative to it. */
  staticFiles: string[];
  /** Files under src/pages/ (React or Markdown pages) and whether versioned docs exist. */
  pages: string[];
  versionedDocs: boolean;
}

const CONFIG_NAMES = ['docusaurus.config.ts', 'docusaurus.config.mts', 'docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs'];

export class NotDocusaurusError extends Error {}

function filesUnder(base: string): string[] {
  if (!existsSync(base)) return [];
  return readdirSync(base, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(base, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((rel) => !rel.split('/').some((segment) => segment.startsWith('.') || segment === 'node_modules'))
    .sort();
}

function readTree(dir: string, roots: Record<string, string>, defaultLocale: string, withLabels: boolean): ContentTree | undefined {
  if (!existsSync(path.join(dir, roots[defaultLocale]))) return undefined;
  const tree: ContentTree = { files: [], categories: [], assets: [], partials: [], data: {}, labels: {} };
  for (const [locale, root] of Object.entries(roots)) {
    const read = (rel: string): ProjectFile => ({ rel: `${root}/${rel}`, raw: readFileSync(path.join(dir, root, rel), 'utf8') });
    for (const rel of filesUnder(path.join(dir, root))) {
      // Docusaurus's default `exclude`: names starting with `_`, tests.
      const excluded = rel.split('/').some((segment) => segment.startsWith('_')) || /(^|\/)__tests__\/|\.test\.mdx?$/.test(rel);
      if (/\.mdx?$/.test(rel) && excluded) tree.partials.push(read(rel));
      else if (/\.mdx?$/.test(rel)) tree.files.push({ ...read(rel), locale, path: rel });
      else if (/(^|\/)_category_\.(json|ya?ml)$/.test(rel)) {
        if (locale === defaultLocale) tree.categories.push({ ...read(rel), locale, path: rel });
      } else if (/^(authors|tags)\.ya?ml$/.test(rel)) {
        (tree.data[locale] ??= {})[rel.startsWith('authors') ? 'authors' : 'tags'] = read(rel);
      } else tree.assets.push(`${root}/${rel}`);
    }
    const labels = path.join(dir, path.dirname(root), 'current.json');
    if (withLabels && locale !== defaultLocale && existsSync(labels)) {
      try {
        const json = JSON.parse(readFileSync(labels, 'utf8')) as Record<string, { message?: string }>;
        tree.labels[locale] = Object.fromEntries(Object.entries(json).flatMap(([key, v]) => (typeof v?.message === 'string' ? [[key, v.message]] : [])));
      } catch {
        // An unreadable translation file leaves the default labels; the sidebar still works.
      }
    }
  }
  return tree;
}

export function readDocusaurusProject(dir: string): DocusaurusProject {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new NotDocusaurusError(`${dir} is not a folder`);
  const configName = CONFIG_NAMES.find((name) => existsSync(path.join(dir, name)));
  const config = configName ? { rel: configName, raw: readFileSync(path.join(dir, configName), 'utf8') } : undefined;
  const settings = readDocusaurusSettings(config?.raw ?? '');
  if (!config && !existsSync(path.join(dir, settings.docsPath)) && !existsSync(path.join(dir, settings.blogPath))) {
    throw new NotDocusaurusError(`${dir} has no docusaurus.config.js, no docs/ and no blog/: is it the folder of a Docusaurus project?`);
  }
  const i18nDir = (locale: string, plugin: string) => `i18n/${locale}/docusaurus-plugin-content-${plugin}`;
  const rootsOf = (own: string, plugin: string) =>
    Object.fromEntries(settings.locales.map((l) => [l, l === settings.defaultLocale ? own : plugin === 'docs' ? `${i18nDir(l, plugin)}/current` : i18nDir(l, plugin)]));
  const sidebarsName = ['sidebars.js', 'sidebars.ts', 'sidebars.mjs', 'sidebars.cjs', 'sidebars.json'].find((name) => existsSync(path.join(dir, name)));
  return {
    dir,
    config,
    settings,
    sidebars: sidebarsName ? { rel: sidebarsName, raw: readFileSync(path.join(dir, sidebarsName), 'utf8') } : undefined,
    docs: settings.docsRoute === undefined ? undefined : readTree(dir, rootsOf(settings.docsPath, 'docs'), settings.defaultLocale, true),
    blog: settings.blogRoute === undefined ? undefined : readTree(dir, rootsOf(settings.blogPath, 'blog'), settings.defaultLocale, false),
    staticFiles: filesUnder(path.join(dir, 'static')),
    pages: filesUnder(path.join(dir, 'src', 'pages')).map((rel) => `src/pages/${rel}`),
    versionedDocs: existsSync(path.join(dir, 'versioned_docs')),
  };
}
