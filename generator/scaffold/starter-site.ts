// `site init <dir>`: a new site that builds and passes `site check` as written, in one locale or
// several: a home page, a docs section of two pages, a blog with one post, the config, the UI
// strings the config's labels name, a logo, and a package.json that depends on this engine, so
// `npm install && npx site build` works inside it. The pages' text is in generator/scaffold/starter/<language>/
// (German or English; a locale of another language starts from the English text).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { languageName } from '../../common/language-name.ts';
import { PACKAGE_ROOT } from '../bundle/package-root.ts';

const STARTER = path.join(PACKAGE_ROOT, 'generator', 'scaffold', 'starter');
const LANGUAGES = ['de', 'en'];

export interface StarterOptions {
  /** The site's folder name: its title and its package's name. */
  name: string;
  /** The first is the default locale, served at the root; the others under `/<locale>/`. */
  locales: string[];
  /** How the site's package.json depends on the engine, e.g. `file:../sitesmith` or `^1.19.0`. */
  engine: string;
  /** The blog post's date, `YYYY-MM-DD`. */
  today: string;
}

export interface StarterFile {
  path: string;
  contents: string;
}

interface LanguageStrings {
  nav: { docs: string; blog: string };
  author: { name: string; title: string; bio: string };
  tag: { label: string; description: string };
}

/** A locale's language among the starter's texts: its own, or English. */
const languageOf = (locale: string) => LANGUAGES.find((l) => locale === l || locale.startsWith(`${l}-`)) ?? 'en';

/** What is wrong with a list of locales for a new site, if anything. */
export function localesProblem(locales: string[]): string | undefined {
  if (!locales.length) return '--locales names no locale: give one or more, e.g. --locales en or --locales de,en.';
  const bad = locales.filter((l) => !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(l));
  if (bad.length)
    return `--locales: ${bad.join(', ')} ${bad.length === 1 ? 'is no locale' : 'are no locales'} like en, de or pt-BR.`;
  if (new Set(locales).size !== locales.length) return '--locales names a locale twice.';
  return undefined;
}

function pageTexts(language: string): StarterFile[] {
  const dir = path.join(STARTER, language);
  const walk = (rel: string): StarterFile[] =>
    readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((entry) => {
      const file = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) return walk(file);
      return entry.name === 'strings.json'
        ? []
        : [{ path: file, contents: readFileSync(path.join(dir, file), 'utf8') }];
    });
  return walk('');
}

const strings = (language: string): LanguageStrings & { title: string } =>
  JSON.parse(readFileSync(path.join(STARTER, language, 'strings.json'), 'utf8'));
const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function configText(options: StarterOptions): string {
  const [defaultLocale] = options.locales;
  const locales = options.locales.map(
    (l) =>
      `    ${/^[a-z]+$/.test(l) ? l : quote(l)}: { label: ${quote(languageName(l))}, htmlLang: ${quote(l)}, path: ${quote(l === defaultLocale ? '' : l.toLowerCase())} },`,
  );
  return `// The site's configuration: title, address, locales, sections and menus. Every key, with its
// type and default, is in the engine's docs/config.md. Menu labels are keys of the UI strings
// in i18n/<locale>.ts, or text shown as written when they start with a capital.
import { defineConfig } from ${quote(ENGINE_NAME)};

export default defineConfig({
  title: ${quote(options.name)},
  url: 'https://example.org',
  baseUrl: '/',
  defaultLocale: ${quote(defaultLocale)},
  locales: {
${locales.join('\n')}
  },
  sections: [
    { id: 'docs', kind: 'docs' },
    { id: 'blog', kind: 'blog', postsPerPage: 10 },
  ],
  navbar: {
    logo: { src: '/img/logo.svg', width: 32, height: 32 },
    items: [
      { label: 'docs', to: '/docs/' },
      { label: 'blog', to: '/blog/' },
    ],
  },
  footer: { groups: [] },
  favicon: '/img/logo.svg',
});
`;
}

function messagesText(language: string): string {
  const { nav } = strings(language);
  return `// This locale's UI strings over the engine's defaults: here the menu labels the config names.
import type { MessagesInput } from ${quote(ENGINE_NAME)};

export default {
  nav: { docs: ${quote(nav.docs)}, blog: ${quote(nav.blog)} },
} satisfies MessagesInput;
`;
}

/** content/authors.yml and content/tags.yml: the post's author and tag, named in every locale. */
function dataFiles(locales: string[]): StarterFile[] {
  const [first] = locales;
  const perLocale = (pick: (s: LanguageStrings) => string) =>
    locales.map((l) => `    ${l}: ${JSON.stringify(pick(strings(languageOf(l))))}`).join('\n');
  return [
    {
      path: 'content/authors.yml',
      contents: `editor:\n  name: ${JSON.stringify(strings(languageOf(first)).author.name)}\n  title:\n${perLocale((s) => s.author.title)}\n  bio:\n${perLocale((s) => s.author.bio)}\n`,
    },
    {
      path: 'content/tags.yml',
      contents: `news:\n  label:\n${perLocale((s) => s.tag.label)}\n  description:\n${perLocale((s) => s.tag.description)}\n`,
    },
  ];
}

/** Every file of the new site, by its path in the site's folder. */
export function starterSite(options: StarterOptions): StarterFile[] {
  const files: StarterFile[] = [];
  for (const locale of options.locales) {
    const language = languageOf(locale);
    for (const page of pageTexts(language)) {
      files.push({
        path: `content/${locale}/${page.path}`,
        contents: page.contents.replaceAll('{{locale}}', locale).replaceAll('{{date}}', options.today),
      });
    }
    files.push({ path: `i18n/${locale}.ts`, contents: messagesText(language) });
  }
  files.push(...dataFiles(options.locales));
  files.push({ path: 'config/site.config.ts', contents: configText(options) });
  files.push({ path: 'public/img/logo.svg', contents: readFileSync(path.join(STARTER, 'logo.svg'), 'utf8') });
  files.push({ path: '.gitignore', contents: readFileSync(path.join(STARTER, 'gitignore'), 'utf8') });
  files.push({ path: 'tsconfig.json', contents: readFileSync(path.join(STARTER, 'tsconfig.json'), 'utf8') });
  files.push({ path: 'package.json', contents: packageJson(options.name, options.engine) });
  return files;
}

/** The site's package.json: private, its scripts the `site` commands, and the engine as its one dependency. */
export function packageJson(name: string, engine: string): string {
  const packageName =
    name
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[._-]+/, '') || 'site';
  const manifest = {
    name: packageName,
    private: true,
    type: 'module',
    scripts: { build: 'site build', check: 'site check', serve: 'site serve --watch', start: 'site start' },
    dependencies: { [ENGINE_NAME]: engine },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The engine's package name, as sites depend on it and import it. */
export const ENGINE_NAME: string = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')).name;

/** How a site in `dir` depends on the engine that runs now: a `file:` path, relative as npm writes
 * it when the two share a folder below the file system's root, else absolute. */
export function engineDependency(dir: string): string {
  const engine = path.resolve(PACKAGE_ROOT);
  const shared =
    path.parse(engine).root !== engine &&
    (dir + path.sep).startsWith(`${engine.split(path.sep).slice(0, 2).join(path.sep)}${path.sep}`);
  const target = shared ? path.relative(dir, engine) || '.' : engine;
  return `file:${target.split(path.sep).join('/')}`;
}
