// Where contact messages live: one SQLite file in the data directory, in WAL mode with full sync,
// so a message is on disk when its submitter hears "stored". Submissions that arrive together are
// committed together (one transaction, one fsync per event-loop turn): durability per message at
// the price of one disk flush per batch, not per message. This is the embedded store's part
// (server/sqlite-store.ts); several instances share PostgreSQL instead (server/postgres-store.ts).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openContactDatabase } from './contact-database.ts';
import { migrate } from './migrations.ts';
import { MESSAGE_OUTBOX } from './outbox-rules.ts';
import { SqliteOutbox } from './sqlite-outbox.ts';
import type {
  ClaimRules,
  NewMessage,
  RecordedOutcome,
  RelayCounts,
  RelayOutcome,
  StoredMessage,
  SubmitResult,
} from './store.ts';
import { UNSENT_FIRST } from './store.ts';

export const DB_FILE = 'contact.sqlite';

export type {
  ClaimRules,
  NewMessage,
  RecordedOutcome,
  RelayCounts,
  RelayOutcome,
  RelayState,
  StoredMessage,
  SubmitResult,
} from './store.ts';

interface Pending {
  message: NewMessage;
  resolve: (result: SubmitResult) => void;
  reject: (error: unknown) => void;
}

/** Rows of one commit; a burst beyond it is split into further commits in the same turn. */
const MAX_BATCH = 1000;

const SELECT_MESSAGES = `
  SELECT m.id, m.received_at AS receivedAt, m.locale, m.name, m.email, m.message,
         CASE WHEN o.message_id IS NULL THEN 'not-configured' WHEN o.sent_at IS NOT NULL THEN 'sent' WHEN o.dead_at IS NOT NULL THEN 'dead' ELSE 'pending' END AS relay,
         COALESCE(o.attempts, 0) AS attempts, COALESCE(o.unconfirmed, 0) AS unconfirmed, o.last_error AS lastError, o.sent_at AS sentAt, o.dead_at AS deadAt
  FROM messages m LEFT JOIN outbox o ON o.message_id = m.id`;

export class ContactStore {
  readonly file: string;
  private readonly db: Database.Database;
  private queue: Pending[] = [];
  private scheduled = false;
  private closed = false;
  private readonly statements;
  private readonly outbox: SqliteOutbox;
  private readonly insertBatch: (messages: NewMessage[]) => SubmitResult[];

  /** Opens (creating the directory, the file and the schema on first use) the store in `dataDir`. */
  static open(dataDir: string, options: { relay: boolean }): ContactStore {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return new ContactStore(path.join(dataDir, DB_FILE), options.relay);
  }

  private constructor(
    file: string,
    /** Whether new messages also go into the outbox (SMTP configured). */
    private readonly relay: boolean,
  ) {
    this.file = file;
    this.db = openContactDatabase(file);
    migrate(this.db);
    const db = this.db;
    this.outbox = new SqliteOutbox(db, MESSAGE_OUTBOX);
    this.statements = {
      insert: db.prepare<[string, string, string, string, string, string, string], { id: number }>(
        'INSERT INTO messages (received_at, locale, name, email, message, idempotency_key, payload_hash) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id',
      ),
      byKey: db.prepare<[string], { id: number; payload_hash: string }>(
        'SELECT id, payload_hash FROM messages WHERE idempotency_key = ?',
      ),
      enqueue: db.prepare<[number, number]>('INSERT INTO outbox (message_id, next_attempt_at) VALUES (?, ?)'),
      message: db.prepare<[number], StoredMessage>(`${SELECT_MESSAGES} WHERE m.id = ?`),
      counts: db.prepare<[], RelayCounts>(
        `SELECT (SELECT COUNT(*) FROM messages) AS messages,
                (SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND dead_at IS NULL) AS pending,
                (SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL) AS sent,
                (SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND dead_at IS NOT NULL) AS dead`,
      ),
    };
    this.insertBatch = db.transaction((messages: NewMessage[]) => {
      const now = Date.now();
      return messages.map((m): SubmitResult => {
        const row = this.statements.insert.get(
          m.receivedAt,
          m.locale,
          m.name,
          m.email,
          m.message,
          m.idempotencyKey,
          m.payloadHash,
        );
        if (row) {
          if (this.relay) this.statements.enqueue.run(row.id, now);
          return { status: 'stored', id: row.id };
        }
        const existing = this.statements.byKey.get(m.idempotencyKey)!;
        return { status: existing.payload_hash === m.payloadHash ? 'duplicate' : 'conflict', id: existing.id };
      });
    });
  }

  /** Resolves once the message (or the earlier one with its key) is committed to disk. */
  submit(message: NewMessage): Promise<SubmitResult> {
    if (this.closed) return Promise.reject(new Error('the contact store is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ message, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.queue.length) {
      const batch = this.queue.splice(0, MAX_BATCH);
      let results: SubmitResult[];
      try {
        results = this.insertBatch(batch.map((p) => p.message));
      } catch {
        // One bad row must not fail its neighbours: try each on its own.
        for (const p of batch) {
          try {
            p.resolve(this.insertBatch([p.message])[0]);
          } catch (error) {
            p.reject(error);
          }
        }
        continue;
      }
      batch.forEach((p, i) => {
        p.resolve(results[i]);
      });
    }
  }

  /** Leases the next message whose relay is due and records the attempt before it is made (server/outbox-rules.ts). */
  claimNext(now: number, rules: ClaimRules): StoredMessage | undefined {
    const id = this.outbox.claim(now, rules);
    return id === undefined ? undefined : this.statements.message.get(id);
  }

  /** What became of an attempt begun with claimNext; says what the message is now. */
  recordOutcome(id: number, outcome: RelayOutcome, rules: ClaimRules): RecordedOutcome {
    return this.outbox.record(id, outcome, rules);
  }

  /** Deletes messages (and their outbox rows) received before `cutoff` (ISO time); returns how many. */
  purgeReceivedBefore(cutoff: string): number {
    const deleted = this.db
      .transaction(() => {
        this.db
          .prepare('DELETE FROM outbox WHERE message_id IN (SELECT id FROM messages WHERE received_at < ?)')
          .run(cutoff);
        return this.db.prepare('DELETE FROM messages WHERE received_at < ?').run(cutoff).changes;
      })
      .immediate();
    // Deleted rows must not live on in the write-ahead log either.
    if (deleted) this.db.pragma('wal_checkpoint(TRUNCATE)');
    return deleted;
  }

  /** When the next relay is due (epoch ms), or undefined when nothing waits. */
  nextDue(): number | undefined {
    return this.outbox.nextDue();
  }

  counts(): RelayCounts {
    return this.statements.counts.get()!;
  }

  /** The messages not relayed first (nobody has read those in a mailbox), then the relayed; newest
   * first in each. */
  list(limit: number, offset = 0): StoredMessage[] {
    return this.db
      .prepare<[number, number], StoredMessage>(`${SELECT_MESSAGES} ${UNSENT_FIRST} LIMIT ? OFFSET ?`)
      .all(limit, offset);
  }

  /** Oldest first, the `limit` messages after id `after`. */
  listAfter(after: number, limit: number): StoredMessage[] {
    return this.db
      .prepare<[number, number], StoredMessage>(`${SELECT_MESSAGES} WHERE m.id > ? ORDER BY m.id LIMIT ?`)
      .all(after, limit);
  }

  /** Throws when the database cannot be read (readiness). */
  ping(): void {
    this.db.prepare('SELECT 1').get();
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Commits what is queued, then closes the file. */
  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    this.db.close();
  }
}
