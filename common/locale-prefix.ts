// A locale's URL prefix, the same for the generator, the server and the browser.

/** URL prefix of a locale: '' for the default locale, '/en' for English. */
export function localePrefix(config: { locales: Record<string, { path: string }> }, locale: string): string {
  const p = config.locales[locale]?.path ?? '';
  return p ? `/${p}` : '';
}

/** The contact page's route in a locale (`/en/contact/`); none for a site without one. */
export function contactRoute(
  config: { locales: Record<string, { path: string }>; contact?: { route: string } },
  locale: string,
): string | undefined {
  return config.contact && `${localePrefix(config, locale)}${config.contact.route}`;
}
