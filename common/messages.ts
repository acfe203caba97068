// The shape of the UI strings and the engine's defaults for German and English. Types and data
// only: the server, the generator and the browser's contact island all read them.
import { de } from './messages/de.ts';
import { en } from './messages/en.ts';

type EngineMessages = typeof de;

/** The strings as components read them: only the engine's keys are typed, so a component reading
 * a key that does not exist is a type error. The labels the config refers to by key (navbar,
 * footer, home, announcement) are the site's own, there at run time and read only through the
 * config's places (common/config-strings.ts), which the build checks against every locale. */
export type Messages = EngineMessages;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

/** What a site's `i18n/<locale>.ts` exports as default: any strings it wants to set or add. */
export type MessagesInput = DeepPartial<EngineMessages> & {
  nav?: Record<string, string>;
  footer?: Record<string, string>;
  home?: Record<string, string>;
  announcement?: Record<string, string>;
};

export type MessagesByLocale = Record<string, Messages>;

export const ENGINE_MESSAGES: Record<string, EngineMessages> = { de, en };
