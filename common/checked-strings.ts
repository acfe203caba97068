// The UI strings as a page's components read them. A string the page needs that the locale lacks
// names the key, the locale and the component, so the key never reaches a page as text.

export class MissingStringError extends Error {
  constructor(
    readonly key: string,
    readonly locale: string | undefined,
    readonly component: string,
  ) {
    super(
      `UI string "${key}" is missing${locale ? ` in locale "${locale}"` : ''} (read by ${component}); write it in i18n/${locale ?? '<locale>'}.ts`,
    );
  }
}

/** Names a string's holder may be asked for without being strings: JSON.stringify, await, React. */
const NOT_STRINGS = new Set(['toJSON', 'then', '$$typeof', 'asymmetricMatch', 'nodeType']);

/** The component that read the string: the first frame of the stack named like a component
 * (PascalCase), read at the moment of the failed read, on the error path only. */
function readerOf(stack: string | undefined): string {
  for (const line of (stack ?? '').split('\n').slice(1)) {
    const name = /^\s*at (?:Object\.)?([A-Z][A-Za-z0-9]*?)\d* \(/.exec(line)?.[1];
    if (name && name !== 'Proxy' && name !== 'Reflect') return name;
  }
  return 'a theme component';
}

const LOCALE = Symbol('locale');

/** The locale of strings made by `checkedStrings`; undefined for plain ones. */
export function localeOf(strings: object): string | undefined {
  return (strings as { [LOCALE]?: string })[LOCALE];
}

/** The strings of one locale, as components read them: a key the strings lack throws instead of
 * giving `undefined` (a blank, or a key shown in its place by a fallback). */
export function checkedStrings<T extends object>(strings: T, locale: string, at = ''): T {
  return new Proxy(strings, {
    get(target, prop, receiver) {
      if (prop === LOCALE) return locale;
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string' || NOT_STRINGS.has(prop)) return value;
      const key = at ? `${at}.${prop}` : prop;
      if (value === undefined && !Reflect.has(target, prop))
        throw new MissingStringError(key, locale, readerOf(new Error().stack));
      return typeof value === 'object' && value !== null ? checkedStrings(value, locale, key) : value;
    },
  });
}
