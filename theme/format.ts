// Dates in the reader's language, the same on server and client.
// Creating an Intl.DateTimeFormat costs far more than formatting with one: one per locale.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(iso: string, locale: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  const date = new Date(`${iso}T12:00:00Z`);
  // A post whose date is reported as no date is still shown by the dev server, undated.
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}
