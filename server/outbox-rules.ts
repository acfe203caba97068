// The rules of an outbox, the same for contact messages and booking mails and for either
// database: what a claim writes before a send, and what an outcome writes after it. Each store
// runs these steps in one transaction of its own; the SQL here is written once, with `?`
// parameters (PostgreSQL's `$n` are made from them, server/postgres-store.ts).

export interface ClaimRules {
  /** How long the claimed item belongs to this sender: longer than any send can take. */
  leaseMs: number;
  /** Attempts after which an item that still fails becomes a dead letter. */
  maxAttempts: number;
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

/** Unknown outcomes an item may have before it is given up on: one retry, never a second. */
export const MAX_UNCONFIRMED = 1;

export interface OutboxTable {
  table: 'outbox' | 'booking_outbox';
  /** The row's key: the message's id, or the mail's own. */
  key: 'message_id' | 'id';
  /** What an item is called in the errors the owners read. */
  noun: 'message' | 'mail';
}

export const MESSAGE_OUTBOX: OutboxTable = { table: 'outbox', key: 'message_id', noun: 'message' };
export const BOOKING_OUTBOX: OutboxTable = { table: 'booking_outbox', key: 'id', noun: 'mail' };

/** An item due now, as the claim finds it. */
export interface DueRow {
  id: number;
  /** Still leased although due: its sender stopped during an attempt. */
  leased: boolean;
  attempts: number;
  unconfirmed: number;
}

export type OutboxWrite =
  /** The lease ran out during an attempt: the mail server may have the item. */
  | { kind: 'abandoned'; error: string }
  /** The attempt is counted when it starts: a sender that dies mid-send leaves it on record. */
  | { kind: 'begin'; leaseUntil: number }
  | { kind: 'dead'; at: string; error: string }
  | { kind: 'sent'; at: string }
  | { kind: 'retry'; retryAt: number; error: string }
  | { kind: 'unconfirmed'; retryAt: number; error: string };

/**
 * What a claim writes for a due row. An item whose lease ran out while it was still held was
 * being sent by a sender that died: that counts as an unconfirmed attempt, and an item
 * unconfirmed once too often becomes a dead letter instead of being sent again. `claimed` false:
 * the row became a dead letter, and the claim looks at the next one.
 */
export function claimSteps(
  row: DueRow,
  now: number,
  rules: ClaimRules,
  noun: OutboxTable['noun'],
): { writes: OutboxWrite[]; claimed: boolean } {
  const at = new Date(now).toISOString();
  const writes: OutboxWrite[] = [];
  if (row.leased) {
    const error = `the sender stopped during an attempt; the mail server may have the ${noun}`;
    if (row.unconfirmed >= MAX_UNCONFIRMED)
      return { writes: [{ kind: 'dead', at, error: `${error} (not sent again: unconfirmed twice)` }], claimed: false };
    writes.push({ kind: 'abandoned', error });
  }
  if (row.attempts >= rules.maxAttempts)
    return {
      writes: [...writes, { kind: 'dead', at, error: `gave up after ${row.attempts} attempts` }],
      claimed: false,
    };
  writes.push({ kind: 'begin', leaseUntil: now + rules.leaseMs });
  return { writes, claimed: true };
}

/** What an outcome writes for the item (`row` undefined: it was purged meanwhile), and what the item is now. */
export function outcomeSteps(
  row: Pick<DueRow, 'attempts' | 'unconfirmed'> | undefined,
  outcome: RelayOutcome,
  rules: ClaimRules,
  now = new Date().toISOString(),
): { writes: OutboxWrite[]; recorded: RecordedOutcome } {
  const only = (write: OutboxWrite): OutboxWrite[] => (row ? [write] : []);
  if (outcome.kind === 'sent') return { writes: only({ kind: 'sent', at: now }), recorded: { state: 'sent' } };
  const error = outcome.error.slice(0, 500);
  const dead = (reason: string, said = reason) => ({
    writes: only({ kind: 'dead', at: now, error: reason }),
    recorded: { state: 'dead', error: said } as RecordedOutcome,
  });
  switch (outcome.kind) {
    case 'permanent':
      return dead(error, `refused for good (${error})`);
    case 'unconfirmed':
      if (row && row.unconfirmed >= MAX_UNCONFIRMED) return dead(`${error} (not sent again: unconfirmed twice)`);
      return {
        writes: only({ kind: 'unconfirmed', retryAt: outcome.retryAt, error }),
        recorded: { state: 'unconfirmed', error, retryAt: outcome.retryAt },
      };
    case 'retry':
      if (row && row.attempts >= rules.maxAttempts) return dead(`${error} (gave up after ${row.attempts} attempts)`);
      return {
        writes: only({ kind: 'retry', retryAt: outcome.retryAt, error }),
        recorded: { state: 'retry', error, retryAt: outcome.retryAt },
      };
  }
}

/** The outbox's SQL for either database; `forUpdate` locks the due row and skips rows others hold (PostgreSQL). */
export function outboxSql({ table, key }: OutboxTable, forUpdate = '') {
  return {
    /** Parameters: now, now. */
    due: `SELECT ${key} AS id, CASE WHEN lease_until IS NOT NULL THEN 1 ELSE 0 END AS leased, attempts, unconfirmed FROM ${table}
          WHERE sent_at IS NULL AND dead_at IS NULL AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
          ORDER BY next_attempt_at, ${key} LIMIT 1 ${forUpdate}`,
    row: `SELECT attempts, unconfirmed FROM ${table} WHERE ${key} = ?`,
    nextDue: `SELECT MIN(CASE WHEN lease_until IS NOT NULL AND lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END) AS at FROM ${table} WHERE sent_at IS NULL AND dead_at IS NULL`,
    write(write: OutboxWrite, id: number): [string, unknown[]] {
      switch (write.kind) {
        case 'abandoned':
          return [
            `UPDATE ${table} SET unconfirmed = unconfirmed + 1, last_error = ? WHERE ${key} = ?`,
            [write.error, id],
          ];
        case 'begin':
          return [
            `UPDATE ${table} SET attempts = attempts + 1, lease_until = ? WHERE ${key} = ?`,
            [write.leaseUntil, id],
          ];
        case 'dead':
          return [
            `UPDATE ${table} SET dead_at = ?, last_error = ?, lease_until = NULL WHERE ${key} = ?`,
            [write.at, write.error.slice(0, 500), id],
          ];
        case 'sent':
          return [
            `UPDATE ${table} SET sent_at = ?, lease_until = NULL, last_error = NULL WHERE ${key} = ?`,
            [write.at, id],
          ];
        case 'retry':
          return [
            `UPDATE ${table} SET next_attempt_at = ?, last_error = ?, lease_until = NULL WHERE ${key} = ?`,
            [write.retryAt, write.error, id],
          ];
        case 'unconfirmed':
          return [
            `UPDATE ${table} SET unconfirmed = unconfirmed + 1, next_attempt_at = ?, last_error = ?, lease_until = NULL WHERE ${key} = ?`,
            [write.retryAt, write.error, id],
          ];
      }
    },
  };
}
