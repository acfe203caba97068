// The labels the config names by key (navbar, footer, announcement, and the labels of the theme's
// options: its `config.labels`) must be UI strings in every locale; a key that names none is
// reported at its line in config/, before any page is rendered, instead of being shown to
// visitors as `trustIso`.
import { CONFIG_PLACES, configString, isStringKey } from '../../common/config-strings.ts';
import type { SiteConfig } from '../config/config.ts';
import { type ConfigFile, locate } from '../config/config-links.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import type { Diagnostic } from '../types.ts';
import { type MessagesByLocale, messagesFile } from './messages.ts';
import type { ThemeConfigContract } from './theme-contract.ts';

/** A label of the config, the groups its key is looked up in, the component that shows it and how the problem names it. */
export interface ConfigLabel {
  label: string;
  groups: readonly string[];
  component: string;
  what: string;
}

/** Every label of the config; with the theme and its checked options, the labels among them too. */
export function labelsOf<C>(
  config: SiteConfig,
  theme?: { config?: ThemeConfigContract<C> },
  options?: C,
): ConfigLabel[] {
  const labels: ConfigLabel[] = [];
  const add = (label: string, place: keyof typeof CONFIG_PLACES, what: string) =>
    labels.push({ label, ...CONFIG_PLACES[place], what });
  for (const item of config.navbar.items) {
    add(item.label, 'nav', 'a navbar item');
    for (const link of item.items ?? [])
      if (link.label) add(link.label, 'nav', `an entry of navbar item "${item.label}"`);
  }
  for (const group of config.footer.groups) {
    add(group.title, 'footer', 'a footer group title');
    for (const link of group.items)
      if (link.label) add(link.label, 'footer', `a link of footer group "${group.title}"`);
  }
  if (config.announcement) {
    add(config.announcement.message, 'announcement', 'the announcement');
    if (config.announcement.link) add(config.announcement.link, 'announcement', "the announcement's link");
  }
  if (theme?.config?.labels && options !== undefined) labels.push(...theme.config.labels(options));
  return labels;
}

export function checkConfigStrings<C>(
  config: SiteConfig,
  messages: MessagesByLocale,
  files: ConfigFile[],
  theme?: { config?: ThemeConfigContract<C> },
  options?: C,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const { label, groups, component, what } of labelsOf(config, theme, options)) {
    if (!isStringKey(label)) continue;
    const missing = Object.keys(config.locales).filter(
      (locale) => messages[locale] && configString(messages[locale], label, groups) === undefined,
    );
    const key = `${groups.join()}\0${label}`;
    if (!missing.length || seen.has(key)) continue;
    seen.add(key);
    const keys = groups.map((g) => `${g}.${label}`);
    diagnostics.push(
      diagnostic(locate(files, label), 'config-string', 'missing', {
        what,
        component,
        label,
        files: missing.map(messagesFile),
        keys,
      }),
    );
  }
  return diagnostics;
}
