// The shape of the engine's own UI strings and its defaults for German and English. Types and
// data only: the server, the generator and the browser's contact island all read them. A theme
// gives the strings of its components with their defaults (its `strings`, theme-contract.ts); a
// site's i18n/<locale>.ts is laid over both.
import { de } from './messages/de.ts';
import { en } from './messages/en.ts';

/** The strings the engine writes itself: page titles it makes, Markdown's labels, feeds, llms.txt,
 * redirect pages, `site new` and the contact backend. */
export type EngineStrings = typeof de;

/** The strings as the engine reads them. A theme's components read these and the theme's own
 * (`Messages & ThemeStrings`), each key typed, so a wrong key is a type error. The labels the
 * config refers to by key (navbar, footer, home, announcement) are the site's own, there at run
 * time and read only through the config's places (common/config-strings.ts), which the build
 * checks against every locale. */
export type Messages = EngineStrings;

/** UI strings as a tree of groups and keys. */
export interface StringTree {
  [key: string]: string | StringTree;
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

/** What a site's `i18n/<locale>.ts` exports as default: any strings of the engine and of its theme
 * (`ThemeStrings`, the theme's type; unchecked groups without it) it wants to set, and its labels. */
export type MessagesInput<ThemeStrings extends object = StringTree> = DeepPartial<EngineStrings & ThemeStrings> & {
  nav?: Record<string, string>;
  footer?: Record<string, string>;
  home?: Record<string, string>;
  announcement?: Record<string, string>;
};

export type MessagesByLocale = Record<string, Messages>;

export const ENGINE_MESSAGES: Record<string, EngineStrings> = { de, en };
