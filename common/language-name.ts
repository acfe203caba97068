// A locale's name in its own language, the label a language menu shows when a site names none:
// `site init` writes it into a new config, and `site import docusaurus` uses it as Docusaurus does.

/** `de` -> `Deutsch`, `pt-BR` -> `Português (Brasil)`; a locale Intl does not know stays as it is. */
export function languageName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}
