// Navbar and footer labels in config are keys into the UI strings; a key that is not there is a
// proper name (a profile's name) and shown as written.
import type { Messages } from '../../i18n/index.ts';

export function labelOf(t: Messages, key: string): string {
  return (t.nav as Record<string, string>)[key] ?? (t.footer as Record<string, string>)[key] ?? key;
}
