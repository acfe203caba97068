// An outbox table of the SQLite database worked by the rules of server/outbox-rules.ts: each
// claim and each outcome is one IMMEDIATE transaction, so processes sharing the file take turns.
import type Database from 'better-sqlite3';
import {
  type ClaimRules,
  claimSteps,
  type DueRow,
  type OutboxTable,
  type OutboxWrite,
  outboxSql,
  outcomeSteps,
  type RecordedOutcome,
  type RelayOutcome,
} from './outbox-rules.ts';

export class SqliteOutbox {
  private readonly sql;

  constructor(
    private readonly db: Database.Database,
    private readonly table: OutboxTable,
  ) {
    this.sql = outboxSql(table);
  }

  /** Leases the next item due and returns its key, or undefined when nothing is due. */
  claim(now: number, rules: ClaimRules): number | undefined {
    return this.db
      .transaction(() => {
        for (;;) {
          const row = this.db
            .prepare<[number, number], Omit<DueRow, 'leased'> & { leased: number }>(this.sql.due)
            .get(now, now);
          if (!row) return undefined;
          const { writes, claimed } = claimSteps({ ...row, leased: Boolean(row.leased) }, now, rules, this.table.noun);
          this.apply(writes, row.id);
          if (claimed) return row.id;
        }
      })
      .immediate();
  }

  /** What became of an attempt begun with `claim`; says what the item is now. */
  record(id: number, outcome: RelayOutcome, rules: ClaimRules): RecordedOutcome {
    return this.db
      .transaction((): RecordedOutcome => {
        const row = this.db.prepare<[number], Pick<DueRow, 'attempts' | 'unconfirmed'>>(this.sql.row).get(id);
        const { writes, recorded } = outcomeSteps(row, outcome, rules);
        this.apply(writes, id);
        return recorded;
      })
      .immediate();
  }

  /** When the next item is due (epoch ms), or undefined when nothing waits. */
  nextDue(): number | undefined {
    return this.db.prepare<[], { at: number | null }>(this.sql.nextDue).get()?.at ?? undefined;
  }

  private apply(writes: OutboxWrite[], id: number): void {
    for (const write of writes) {
      const [sql, params] = this.sql.write(write, id);
      this.db.prepare(sql).run(...params);
    }
  }
}
