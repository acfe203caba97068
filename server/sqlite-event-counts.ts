// The analytics counters in SQLite: `insights.sqlite` in the data directory, a file of its own
// (a counter is not worth an fsync, a contact message is), created by the first event, so a
// server that records nothing creates no file.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { EventCount, EventCounts } from './store.ts';

export const INSIGHTS_FILE = 'insights.sqlite';

export class SqliteEventCounts implements EventCounts {
  private db: Database.Database | undefined;
  private increment_: Database.Statement<[string, string, string, string]> | undefined;

  constructor(private readonly dataDir: string) {}

  get file(): string {
    return path.join(this.dataDir, INSIGHTS_FILE);
  }

  // Synchronous under the Promise: the row is written when the call returns.
  async increment(day: string, name: string, pathname: string, props: string): Promise<void> {
    this.open();
    this.increment_!.run(day, name, pathname, props);
  }

  async counts(since = '0000-00-00'): Promise<EventCount[]> {
    return this.open()
      .prepare<[string], EventCount>(
        'SELECT day, name, path, props, count FROM event_counts WHERE day >= ? ORDER BY count DESC, day, name, path',
      )
      .all(since);
  }

  /** Opens the file only if there is one: a purge creates nothing. */
  async purgeBefore(day: string): Promise<number> {
    if (!this.db && !existsSync(this.file)) return 0;
    const db = this.open();
    const deleted = db.prepare('DELETE FROM event_counts WHERE day < ?').run(day).changes;
    // Deleted rows must not live on in the write-ahead log either.
    if (deleted) db.pragma('wal_checkpoint(TRUNCATE)');
    return deleted;
  }

  close(): void {
    this.db?.close();
    this.db = undefined;
    this.increment_ = undefined;
  }

  private open(): Database.Database {
    if (this.db) return this.db;
    mkdirSync(this.dataDir, { recursive: true, mode: 0o700 });
    const db = new Database(this.file);
    db.pragma('journal_mode = WAL');
    // A counter lost in a power cut is no loss worth an fsync per page view.
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('secure_delete = ON');
    db.exec(`CREATE TABLE IF NOT EXISTS event_counts (
      day TEXT NOT NULL,
      name TEXT NOT NULL,
      path TEXT NOT NULL,
      props TEXT NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (day, name, path, props)
    ) WITHOUT ROWID`);
    this.increment_ = db.prepare<[string, string, string, string]>(
      'INSERT INTO event_counts (day, name, path, props, count) VALUES (?, ?, ?, ?, 1) ON CONFLICT DO UPDATE SET count = count + 1',
    );
    this.db = db;
    return db;
  }
}
