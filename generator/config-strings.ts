// The labels the config names by key (navbar, footer, home page, announcement) must be UI strings
// in every locale; a key that names none is reported at its line in config/, before any page is
// rendered, instead of being shown to visitors as `trustIso`.
import { CONFIG_PLACES, configString, isStringKey, type ConfigPlace } from '../common/config-strings.ts';
import { locate, type ConfigFile } from './config-links.ts';
import { messagesFile, type MessagesByLocale } from './messages.ts';
import type { SiteConfig } from './config.ts';
import { diagnostic } from './diagnostic-rules.ts';
import type { Diagnostic } from './types.ts';

/** Every label of the config with the place it stands in and how the problem names it. */
export function labelsOf(config: SiteConfig): { label: string; place: ConfigPlace; what: string }[] {
  const labels: { label: string; place: ConfigPlace; what: string }[] = [];
  for (const item of config.navbar.items) {
    labels.push({ label: item.label, place: 'nav', what: 'a navbar item' });
    for (const link of item.items ?? []) if (link.label) labels.push({ label: link.label, place: 'nav', what: `an entry of navbar item "${item.label}"` });
  }
  if (config.navbar.cta) labels.push({ label: config.navbar.cta.label, place: 'action', what: 'the navbar button' });
  for (const group of config.footer.groups) {
    labels.push({ label: group.title, place: 'footer', what: 'a footer group title' });
    for (const link of group.items) if (link.label) labels.push({ label: link.label, place: 'footer', what: `a link of footer group "${group.title}"` });
  }
  for (const action of config.home.actions) labels.push({ label: action.label, place: 'action', what: 'a home page button' });
  for (const claim of config.home.trust) labels.push({ label: claim.label, place: 'trust', what: 'a claim of the home page trust strip' });
  if (config.announcement) {
    labels.push({ label: config.announcement.message, place: 'announcement', what: 'the announcement' });
    if (config.announcement.link) labels.push({ label: config.announcement.link, place: 'announcement', what: "the announcement's link" });
  }
  return labels;
}

export function checkConfigStrings(config: SiteConfig, messages: MessagesByLocale, files: ConfigFile[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const { label, place, what } of labelsOf(config)) {
    if (!isStringKey(label)) continue;
    const missing = Object.keys(config.locales).filter((locale) => messages[locale] && configString(messages[locale], label, place) === undefined);
    if (!missing.length || seen.has(`${place}\0${label}`)) continue;
    seen.add(`${place}\0${label}`);
    const { groups, component } = CONFIG_PLACES[place];
    const keys = groups.map((g) => `${g}.${label}`);
    diagnostics.push(diagnostic(locate(files, label), 'config-string', 'missing', { what, component, label, files: missing.map(messagesFile), keys }));
  }
  return diagnostics;
}
