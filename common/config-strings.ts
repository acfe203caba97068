// Labels in the config (navbar, footer, announcement, and the theme's options such as the home
// page's buttons) are keys into the UI strings, so that the site speaks the page's language:
// `label: 'aboutUs'` shows `nav.aboutUs` of i18n/<locale>.ts. A label written as text (a capital, a
// space: 'LinkedIn', 'Docs') is shown as written, as an imported config has it. Each place looks
// its keys up in its own groups; the build checks every key in every locale before a page is
// rendered (generator/theming/config-strings.ts). The theme names the places of its own options' labels
// (its `config.labels`, generator/theming/theme-contract.ts).

/** The groups of the engine's own config labels; a theme's options may name others (`home`). */
export type StringGroup = 'nav' | 'footer' | 'announcement';

/** Where a config label stands, the groups its key is looked up in (first match wins: the navbar
 * and the footer may name one key differently) and the component that shows it. */
export const CONFIG_PLACES = {
  nav: { groups: ['nav', 'footer'], component: 'NavItem' },
  footer: { groups: ['footer', 'nav'], component: 'Footer' },
  announcement: { groups: ['announcement'], component: 'AnnouncementBar' },
} as const satisfies Record<string, { groups: readonly StringGroup[]; component: string }>;

export type ConfigPlace = keyof typeof CONFIG_PLACES;

/** A key, not text: an identifier that starts with a small letter (`aboutUs`, `contact`). */
export function isStringKey(label: string): boolean {
  return /^[a-z][A-Za-z0-9]*$/.test(label);
}

/** The text of a config label in one locale's strings: the label itself if it is written as text,
 * undefined if it is a key none of its place's groups has. */
export function configString(
  strings: object,
  label: string,
  place: ConfigPlace | readonly string[],
): string | undefined {
  if (!isStringKey(label)) return label;
  for (const group of typeof place === 'string' ? CONFIG_PLACES[place].groups : place) {
    const texts = (strings as Record<string, Record<string, string> | undefined>)[group];
    if (texts && Object.hasOwn(texts, label)) return texts[label];
  }
  return undefined;
}
