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

/** `dead`: given up on (refused for good, too many attempts, or unconfirmed twice); listed, not sent. */
export type RelayState = 'not-configured' | 'pending' | 'sent' | 'dead';

export interface StoredMessage {
  id: number;
  receivedAt: string;
  locale: string;
  name: string;
  email: string;
  message: string;
  relay: RelayState;
  attempts: number;
  /** Attempts the mail server may have received without saying so. */
  unconfirmed: number;
  lastError: string | null;
  sentAt: string | null;
  deadAt: string | null;
}

/** How one relay attempt ended, as the relay reports it to the store. */
export type RelayOutcome =
  | { kind: 'sent' }
  /** Not delivered, worth trying again at `retryAt` (unless the attempt limit is reached). */
  | { kind: 'retry'; error: string; retryAt: number }
  /** The server refused it for good (5xx). */
  | { kind: 'permanent'; error: string }
  /** The body went out but no answer came: try once more at `retryAt`, never a third time. */
  | { kind: 'unconfirmed'; error: string; retryAt: number };

/** What the store made of an outcome: a failure past the limits is a dead letter, not a retry. */
export type RecordedOutcome =
  | { state: 'sent'; error?: undefined; retryAt?: undefined }
  | { state: 'retry' | 'unconfirmed'; error: string; retryAt: number }
  | { state: 'dead'; error: string; retryAt?: undefined };

export interface ClaimRules {
  /** How long the claimed message belongs to this sender: longer than any send can take. */
  leaseMs: number;
  /** Attempts after which a message that still fails becomes a dead letter. */
  maxAttempts: number;
}

/** Unknown outcomes a message may have before it is given up on: one retry, never a second. */
const MAX_UNCONFIRMED = 1;

export interface RelayCounts {
  messages: number;
  pending: number;
  sent: number;
  dead: number;
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
    // A deleted message is overwritten in the file, not only unlinked (retention, server/retention.ts).
    this.db.pragma('secure_delete = ON');
    migrate(this.db);
    const db = this.db;
    this.statements = {
      insert: db.prepare<[string, string, string, string, string, string, string], { id: number }>(
        'INSERT INTO messages (received_at, locale, name, email, message, idempotency_key, payload_hash) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id',
      ),
      byKey: db.prepare<[string], { id: number; payload_hash: string }>('SELECT id, payload_hash FROM messages WHERE idempotency_key = ?'),
      enqueue: db.prepare<[number, number]>('INSERT INTO outbox (message_id, next_attempt_at) VALUES (?, ?)'),
      due: db.prepare<[number, number], { id: number; leased: number; unconfirmed: number; attempts: number }>(
        `SELECT message_id AS id, lease_until IS NOT NULL AS leased, unconfirmed, attempts FROM outbox
         WHERE sent_at IS NULL AND dead_at IS NULL AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
         ORDER BY next_attempt_at, message_id LIMIT 1`,
      ),
      // The attempt is counted when it starts: a sender that dies mid-send leaves it on record.
      begin: db.prepare<[number, number]>('UPDATE outbox SET attempts = attempts + 1, lease_until = ? WHERE message_id = ?'),
      abandoned: db.prepare<[string, number]>('UPDATE outbox SET unconfirmed = unconfirmed + 1, last_error = ? WHERE message_id = ?'),
      message: db.prepare<[number], StoredMessage>(`${SELECT_MESSAGES} WHERE m.id = ?`),
      sent: db.prepare<[string, number]>('UPDATE outbox SET sent_at = ?, lease_until = NULL, last_error = NULL WHERE message_id = ?'),
      retry: db.prepare<[number, string, number]>('UPDATE outbox SET next_attempt_at = ?, last_error = ?, lease_until = NULL WHERE message_id = ?'),
      unconfirmed: db.prepare<[number, string, number]>('UPDATE outbox SET unconfirmed = unconfirmed + 1, next_attempt_at = ?, last_error = ?, lease_until = NULL WHERE message_id = ?'),
      dead: db.prepare<[string, string, number]>('UPDATE outbox SET dead_at = ?, last_error = ?, lease_until = NULL WHERE message_id = ?'),
      nextDue: db.prepare<[], { at: number | null }>('SELECT MIN(MAX(next_attempt_at, COALESCE(lease_until, 0))) AS at FROM outbox WHERE sent_at IS NULL AND dead_at IS NULL'),
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

  /**
   * Leases the next message whose relay is due, one at a time, and records the attempt before it is
   * made. A message whose lease ran out while it was still held was being sent by a sender that
   * died: the mail server may have it, so that counts as an unconfirmed attempt, and a message
   * unconfirmed once too often becomes a dead letter instead of being sent again.
   */
  claimNext(now: number, rules: ClaimRules): StoredMessage | undefined {
    return this.db.transaction(() => {
      for (;;) {
        const row = this.statements.due.get(now, now);
        if (!row) return undefined;
        if (row.leased) {
          const error = 'the sender stopped during an attempt; the mail server may have the message';
          if (row.unconfirmed >= MAX_UNCONFIRMED) {
            this.statements.dead.run(new Date(now).toISOString(), `${error} (not sent again: unconfirmed twice)`, row.id);
            continue;
          }
          this.statements.abandoned.run(error, row.id);
        }
        if (row.attempts >= rules.maxAttempts) {
          this.statements.dead.run(new Date(now).toISOString(), `gave up after ${row.attempts} attempts`, row.id);
          continue;
        }
        this.statements.begin.run(now + rules.leaseMs, row.id);
        return this.statements.message.get(row.id)!;
      }
    }).immediate();
  }

  /** What became of an attempt begun with claimNext; says what the message is now. */
  recordOutcome(id: number, outcome: RelayOutcome, rules: ClaimRules): RecordedOutcome {
    const now = new Date().toISOString();
    return this.db.transaction((): RecordedOutcome => {
      const row = this.statements.message.get(id);
      if (outcome.kind === 'sent') {
        if (row) this.statements.sent.run(now, id);
        return { state: 'sent' };
      }
      const error = outcome.error.slice(0, 500);
      const dead = (reason: string, said = reason): RecordedOutcome => {
        if (row) this.statements.dead.run(now, reason, id);
        return { state: 'dead', error: said };
      };
      switch (outcome.kind) {
        case 'permanent':
          return dead(error, `refused for good (${error})`);
        case 'unconfirmed':
          if (row && row.unconfirmed >= MAX_UNCONFIRMED) return dead(`${error} (not sent again: unconfirmed twice)`);
          if (row) this.statements.unconfirmed.run(outcome.retryAt, error, id);
          return { state: 'unconfirmed', error, retryAt: outcome.retryAt };
        case 'retry':
          if (row && row.attempts >= rules.maxAttempts) return dead(`${error} (gave up after ${row.attempts} attempts)`);
          if (row) this.statements.retry.run(outcome.retryAt, error, id);
          return { state: 'retry', error, retryAt: outcome.retryAt };
      }
    }).immediate();
  }

  /** Deletes messages (and their outbox rows) received before `cutoff` (ISO time); returns how many. */
  purgeReceivedBefore(cutoff: string): number {
    const deleted = this.db.transaction(() => {
      this.db.prepare('DELETE FROM outbox WHERE message_id IN (SELECT id FROM messages WHERE received_at < ?)').run(cutoff);
      return this.db.prepare('DELETE FROM messages WHERE received_at < ?').run(cutoff).changes;
    }).immediate();
    // Deleted rows must not live on in the write-ahead log either.
    if (deleted) this.db.pragma('wal_checkpoint(TRUNCATE)');
    return deleted;
  }

  /** When the next relay is due (epoch ms), or undefined when nothing waits. */
  nextDue(): number | undefined {
    return this.statements.nextDue.get()?.at ?? undefined;
  }

  counts(): RelayCounts {
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
