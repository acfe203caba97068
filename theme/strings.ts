// The theme's UI strings: their type, which every component reads them by (a wrong key is a type
// error), and their defaults per locale, which the theme gives the engine (its `strings`).
import type { Messages, MessagesInput } from '../common/messages.ts';
import { de } from './strings/de.ts';
import { en } from './strings/en.ts';

/** The strings of the theme's own components. */
export type ThemeStrings = typeof de;

/** What a component reads: the engine's strings and the theme's. */
export type Strings = Messages & ThemeStrings;

/** What a site's i18n/<locale>.ts exports for this theme: `satisfies StringsInput` types every key. */
export type StringsInput = MessagesInput<ThemeStrings>;

export const strings: Record<string, ThemeStrings> = { de, en };
