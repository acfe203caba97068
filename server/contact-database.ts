// How a connection to the contact database opens, for every store that keeps its rows there
// (messages, bookings, the results of forms posted without JavaScript): the file holds visitors'
// names, addresses and messages, so no connection may open it with other privacy settings.
import { chmodSync, existsSync } from 'node:fs';
import Database from 'better-sqlite3';

/** Opens the database at `file`, creating it readable by the site's user only. `synchronous` is
 * FULL where a row must be on disk before its sender hears so, NORMAL where a power cut may lose it. */
export function openContactDatabase(
  file: string,
  { synchronous = 'FULL' }: { synchronous?: 'FULL' | 'NORMAL' } = {},
): Database.Database {
  const created = !existsSync(file);
  const db = new Database(file);
  // Visitors' names and addresses: readable by the site's user only.
  if (created) chmodSync(file, 0o600);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  // A deleted row is overwritten in the file, not only unlinked (retention, server/retention.ts).
  db.pragma('secure_delete = ON');
  return db;
}
