// A locale's URL prefix, the same for the generator, the server and the browser.

/** URL prefix of a locale: '' for the default locale, '/en' for English. */
export function localePrefix(config: { locales: Record<string, { path: string }> }, locale: string): string {
  const p = config.locales[locale]?.path ?? '';
  return p ? `/${p}` : '';
}
