// The sections of config/site.config.ts that a Docusaurus config answers: title, URL, locales,
// sections, navbar and redirects of moved posts. Written as a plain object, so the file works in
// a project that has the `site` command without importing anything from it.
import { languageName } from '../../../common/language-name.ts';
import type { SiteConfigInput } from '../../config/config.ts';
import type { FooterGroup, NavItem } from './navigation.ts';
import type { DocusaurusSettings } from './read-config.ts';

/** A locale's URL prefix here, without slashes: lower case, as the engine's paths are (`pt-BR` -> `pt-br`). */
export function localePath(locale: string, defaultLocale: string): string {
  return locale === defaultLocale ? '' : locale.toLowerCase().replace(/[^a-z-]/g, '-');
}

export interface ImportedSections {
  sections: { id: string; kind: 'docs' | 'blog'; postsPerPage?: number }[];
  navbar: NavItem[];
  footer: FooterGroup[];
  /** Old routes of pages that moved to their new ones, and the client redirects. */
  redirects: { from: string; to: string }[];
  logo: string;
  favicon: string;
}

export function configText(
  settings: DocusaurusSettings,
  { sections, navbar, footer, redirects, logo, favicon }: ImportedSections,
): string {
  const { defaultLocale } = settings;
  const title = settings.title ?? 'Site';
  const config = {
    title,
    url: settings.url ?? 'https://example.org',
    baseUrl: settings.baseUrl,
    defaultLocale,
    locales: Object.fromEntries(
      settings.locales.map((l) => [
        l,
        {
          label: settings.localeLabels[l] ?? languageName(l),
          htmlLang: settings.htmlLangs[l] ?? l,
          path: localePath(l, defaultLocale),
        },
      ]),
    ),
    sections: sections.map((s) =>
      s.kind === 'docs'
        ? { id: s.id, kind: 'docs' as const }
        : { id: s.id, kind: 'blog' as const, ...(s.postsPerPage ? { postsPerPage: s.postsPerPage } : {}) },
    ),
    navbar: { logo: { src: logo, width: 32, height: 32 }, items: navbar },
    footer: { groups: footer },
    redirects,
    favicon,
  } satisfies SiteConfigInput;
  // No contact page: Docusaurus has none to take over; `contact` in the config turns one on.
  const body = JSON.stringify(config, null, 2).replace(/"([A-Za-z_$][\w$]*)":/g, '$1:');
  return `// Made by \`site import docusaurus\` from a Docusaurus config. Navbar and footer labels are keys
// of the UI strings in i18n/ or shown as written; the engine's docs/config.md lists every option.
export default ${body};
`;
}
