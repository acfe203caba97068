// Contact messages as CSV or JSON for the owners' spreadsheets and tools. CSV cells are always
// quoted (RFC 4180), and a cell a spreadsheet would read as a formula (= + - @, or a tab or CR
// that some apps strip first) gets a leading apostrophe, so a message can never run as a formula
// on the owner's machine.
import type { StoredMessage } from './store.ts';

/** Messages as the store hands them out for an export: a page at a time. */
type Messages = Iterable<StoredMessage> | AsyncIterable<StoredMessage>;

export const EXPORT_COLUMNS = [
  'id',
  'receivedAt',
  'locale',
  'name',
  'email',
  'message',
  'relay',
  'attempts',
  'sentAt',
] as const;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export async function* csvLines(messages: Messages): AsyncGenerator<string> {
  yield `${EXPORT_COLUMNS.join(',')}\r\n`;
  for await (const m of messages) yield `${EXPORT_COLUMNS.map((c) => csvCell(m[c])).join(',')}\r\n`;
}

/** A JSON array, one message per line, written as it is read. */
export async function* jsonLines(messages: Messages): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const m of messages) {
    yield `${first ? '\n' : ',\n'}  ${JSON.stringify(Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, m[c]])))}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/**
 * For a terminal: no control characters, so a visitor cannot send escape sequences to it, and no
 * bidi embeddings, overrides or isolates (U+202A–U+202E, U+2066–U+2069), which would reorder what
 * the owners read. Each becomes U+FFFD.
 */
export function printable(value: string, keepNewlines = false): string {
  if (keepNewlines) value = value.replace(/\r\n?/g, '\n');
  return value.replace(
    keepNewlines
      ? /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
      : /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (c) => (c === '\n' || c === '\t' ? ' ' : '\ufffd'),
  );
}
