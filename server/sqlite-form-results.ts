// The results of forms posted without JavaScript, in SQLite: the `form_results` table of the
// contact database (server/migrations.ts, step 4), on a connection of its own opened with the first
// result, so that another process on the same file (a second `site start` on one machine) finds a
// result this one stored. A result is not worth an fsync: WAL with synchronous NORMAL makes it
// visible to the other connections at its commit, and a power cut loses at most a page's answer.
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openContactDatabase } from './contact-database.ts';
import { DB_FILE } from './contact-store.ts';
import type { FormResults } from './store.ts';

export class SqliteFormResults implements FormResults {
  private db: Database.Database | undefined;
  private closed = false;

  /** `dataDir` holds the contact database, created and migrated by server/contact-store.ts. */
  constructor(private readonly dataDir: string) {}

  async put(token: string, value: string, expiresAt: number): Promise<void> {
    const db = this.open();
    db.transaction(() => {
      db.prepare('DELETE FROM form_results WHERE expires_at <= ?').run(Date.now());
      db.prepare('INSERT INTO form_results (token, value, expires_at) VALUES (?, ?, ?)').run(token, value, expiresAt);
    }).immediate();
  }

  async get(token: string, now: number): Promise<string | undefined> {
    return this.open()
      .prepare<[string, number], { value: string }>('SELECT value FROM form_results WHERE token = ? AND expires_at > ?')
      .get(token, now)?.value;
  }

  async purgeExpired(now: number): Promise<number> {
    return this.open().prepare('DELETE FROM form_results WHERE expires_at <= ?').run(now).changes;
  }

  private open(): Database.Database {
    if (this.closed) throw new Error('the store is closed');
    if (!this.db) {
      this.db = openContactDatabase(path.join(this.dataDir, DB_FILE), { synchronous: 'NORMAL' });
    }
    return this.db;
  }

  close(): void {
    this.closed = true;
    this.db?.close();
  }
}
