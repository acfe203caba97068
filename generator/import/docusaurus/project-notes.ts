// What the importer says about the project as a whole: parts it does not take (React pages) and
// settings it could not read or carry.
import path from 'node:path/posix';
import { ENGINE_MESSAGES } from '../../../common/messages.ts';
import { localePath } from './config-file.ts';
import type { DocusaurusProject } from './read-project.ts';
import type { ReportItem } from './report.ts';

export function projectNotes(project: DocusaurusProject): ReportItem[] {
  const { settings } = project;
  const where = (rel: string) => path.join(project.dir, rel);
  const config = where(project.config?.rel ?? 'docusaurus.config.js');
  const notes: ReportItem[] = [];
  const note = (file: string, message: string, rule: string) => notes.push({ file, line: 1, column: 1, message, rule });
  for (const page of project.pages) {
    const home = /^src\/pages\/index\.(jsx?|tsx?|mdx?)$/.test(page);
    note(
      where(page),
      `left out: pages in src/pages/ are React or MDX pages of their own${home ? '; content/<locale>/index.md was written with the site title and tagline instead' : ''}`,
      'page',
    );
  }
  for (const locale of settings.locales) {
    if (!(locale in ENGINE_MESSAGES))
      note(
        config,
        `locale "${locale}" has no UI strings in the engine: its pages show the English ones where i18n/${locale}.ts has none (site check lists them); translate them there`,
        'config',
      );
  }
  for (const locale of settings.locales) {
    const own = localePath(locale, settings.defaultLocale);
    if (locale !== settings.defaultLocale && own !== locale)
      note(
        config,
        `locale "${locale}" is served at /${own}/ here, as the engine's locale paths are lower case: its old URLs under /${locale}/ redirect there by the rule \`/${locale}/* /${own}/:splat 301\` written into public/_redirects (site start, site serve, nginx.conf and Netlify-style hosts answer it); import-report.md lists them`,
        'config',
      );
  }
  for (const [key, value] of [
    ['title', settings.title],
    ['url', settings.url],
  ] as const) {
    if (!value)
      note(config, `${key} not readable from the Docusaurus config; set it in config/site.config.ts`, 'config');
  }
  return notes;
}
