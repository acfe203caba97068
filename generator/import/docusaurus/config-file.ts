// The sections of config/site.config.ts that a Docusaurus config answers: title, URL, locales,
// sections, navbar and redirects of moved posts. Written as a plain object, so the file works in
// a project that has the `site` command without importing anything from it.
import type { SiteConfigInput } from '../../config.ts';

export interface ConfigParts {
  title: string;
  url: string;
  baseUrl: string;
  defaultLocale: string;
  locales: Record<string, { label: string; htmlLang: string; path: string }>;
  sections: SiteConfigInput['sections'];
  navbar: { label: string; to: string }[];
  logo: string;
  favicon: string;
  /** The page the navbar's contact link points at while the site has no contact page. */
  contact: string;
  redirects: { from: string; to: string }[];
}

export function configText(parts: ConfigParts): string {
  const config = {
    title: parts.title,
    url: parts.url,
    baseUrl: parts.baseUrl,
    defaultLocale: parts.defaultLocale,
    locales: parts.locales,
    sections: parts.sections,
    navbar: {
      logo: { src: parts.logo, width: 32, height: 32 },
      items: parts.navbar,
      contact: parts.contact,
    },
    footer: { groups: [] },
    redirects: parts.redirects,
    contact: { email: '', phone: '', endpoint: '/api/contact', terms: parts.contact, privacy: parts.contact },
    favicon: parts.favicon,
  } satisfies SiteConfigInput;
  const body = JSON.stringify(config, null, 2)
    .replace(/"([A-Za-z_$][\w$]*)":/g, '$1:')
    .replace(/\n(\s*)contact: "/, `\n$1// The navbar always has a contact link: point it at content/<locale>/contact.md once you write one.\n$1contact: "`);
  return `// Made by \`site import docusaurus\` from a Docusaurus config. Navbar and footer labels are keys
// of the UI strings in i18n/ or shown as written; see README.md for every option.
export default ${body};
`;
}
