// Where contact messages live: one SQLite file in the data directory, in WAL mode with full sync,
// so a message is on disk when its submitter hears "stored". Submissions that arrive together are
// committed together (one transaction, one fsync per event-loop turn): durability per message at
// the price of one disk flush per batch, not per message.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.ts';

export const DB_FILE = 'contact.sqlite';

export interface NewMessage {
  receivedAt: string;
  locale: string;
  name: string;
  email: string;
  message: string;
  idempotencyKey: string;
  /** Of name, email and message: tells a retry from a different message under a reused key. */
  payloadHash: string;
}

export type SubmitResult = { status: 'stored' | 'duplicate' | 'conflict'; id: number };

export type RelayState = 'not-configured' | 'pending' | 'sent';

export interface StoredMessage {
  id: number;
  receivedAt: string;
  locale: string;
  name: string;
  email: string;
  message: string;
  relay: RelayState;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

interface Pending {
  message: NewMessage;
  resolve: (result: SubmitResult) => void;
  reject: (error: unknown) => void;
}

/** Rows of one commit; a burst beyond it is split into further commits in the same turn. */
const MAX_BATCH = 1000;

const SELECT_MESSAGES = `
  SELECT m.id, m.received_at AS receivedAt, m.locale, m.name, m.email, m.message,
         CASE WHEN o.message_id IS NULL THEN 'not-configured' WHEN o.sent_at IS NULL THEN 'pending' ELSE 'sent' END AS relay,
         COALESCE(o.attempts, 0) AS attempts, o.last_error AS lastError, o.sent_at AS sentAt
  FROM messages m LEFT JOIN outbox o ON o.message_id = m.id`;

export class ContactStore {
  readonly file: string;
  private readonly db: Database.Database;
  private queue: Pending[] = [];
  private scheduled = false;
  private closed = false;
  private readonly statements;
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
    const created = !existsSync(file);
    this.db = new Database(file);
    // Visitors' names and addresses: readable by the site's user only.
    if (created) chmodSync(file, 0o600);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('foreign_keys = ON');
    migrate(this.db);
    const db = this.db;
    this.statements = {
      insert: db.prepare<[string, string, string, string, string, string, string], { id: number }>(
        'INSERT INTO messages (received_at, locale, name, email, message, idempotency_key, payload_hash) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id',
      ),
      byKey: db.prepare<[string], { id: number; payload_hash: string }>('SELECT id, payload_hash FROM messages WHERE idempotency_key = ?'),
      enqueue: db.prepare<[number, number]>('INSERT INTO outbox (message_id, next_attempt_at) VALUES (?, ?)'),
      due: db.prepare<[number, number, number], { id: number }>(
        'SELECT message_id AS id FROM outbox WHERE sent_at IS NULL AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?) ORDER BY next_attempt_at LIMIT ?',
      ),
      lease: db.prepare<[number, number]>('UPDATE outbox SET lease_until = ? WHERE message_id = ?'),
      message: db.prepare<[number], StoredMessage>(`${SELECT_MESSAGES} WHERE m.id = ?`),
      sent: db.prepare<[string, number]>('UPDATE outbox SET sent_at = ?, attempts = attempts + 1, lease_until = NULL, last_error = NULL WHERE message_id = ?'),
      failed: db.prepare<[number, string, number]>('UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, lease_until = NULL WHERE message_id = ?'),
      nextDue: db.prepare<[], { at: number | null }>('SELECT MIN(MAX(next_attempt_at, COALESCE(lease_until, 0))) AS at FROM outbox WHERE sent_at IS NULL'),
      counts: db.prepare<[], { messages: number; pending: number; sent: number }>(
        `SELECT (SELECT COUNT(*) FROM messages) AS messages,
                (SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL) AS pending,
                (SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL) AS sent`,
      ),
    };
    this.insertBatch = db.transaction((messages: NewMessage[]) => {
      const now = Date.now();
      return messages.map((m): SubmitResult => {
        const row = this.statements.insert.get(m.receivedAt, m.locale, m.name, m.email, m.message, m.idempotencyKey, m.payloadHash);
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
      batch.forEach((p, i) => p.resolve(results[i]));
    }
  }

  /** Leases up to `limit` messages whose relay is due, so a second process does not send them too. */
  claimDue(now: number, limit: number, leaseMs: number): StoredMessage[] {
    return this.db.transaction(() => {
      const ids = this.statements.due.all(now, now, limit).map((r) => r.id);
      for (const id of ids) this.statements.lease.run(now + leaseMs, id);
      return ids.map((id) => this.statements.message.get(id)!);
    }).immediate();
  }

  recordRelays(sent: number[], failed: { id: number; nextAttemptAt: number; error: string }[]): void {
    if (!sent.length && !failed.length) return;
    const at = new Date().toISOString();
    this.db.transaction(() => {
      for (const id of sent) this.statements.sent.run(at, id);
      for (const f of failed) this.statements.failed.run(f.nextAttemptAt, f.error.slice(0, 500), f.id);
    }).immediate();
  }

  /** When the next relay is due (epoch ms), or undefined when nothing waits. */
  nextDue(): number | undefined {
    return this.statements.nextDue.get()?.at ?? undefined;
  }

  counts(): { messages: number; pending: number; sent: number } {
    return this.statements.counts.get()!;
  }

  /** Newest first. */
  list(limit: number, offset = 0): StoredMessage[] {
    return this.db.prepare<[number, number], StoredMessage>(`${SELECT_MESSAGES} ORDER BY m.id DESC LIMIT ? OFFSET ?`).all(limit, offset);
  }

  /** Oldest first, one row at a time, for exports of any size. */
  iterate(): IterableIterator<StoredMessage> {
    return this.db.prepare<[], StoredMessage>(`${SELECT_MESSAGES} ORDER BY m.id`).iterate();
  }

  /** Commits what is queued, then closes the file. */
  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    this.db.close();
  }
}
