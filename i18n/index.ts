// UI strings by locale, and the one way to fill in their {placeholders}.
import { de, type Messages } from './de.ts';
import { en } from './en.ts';

export type { Messages };

const catalogue: Record<string, Messages> = { de, en };

export function messagesFor(locale: string): Messages {
  const messages = catalogue[locale];
  if (!messages) throw new Error(`No UI strings for locale "${locale}": add i18n/${locale}.ts and register it in i18n/index.ts`);
  return messages;
}

export function hasMessages(locale: string): boolean {
  return locale in catalogue;
}

export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
