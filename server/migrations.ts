// The SQLite contact database's schema (PostgreSQL's is server/postgres-migrations.ts), as
// numbered steps. A database is brought up to the newest step on open; a step is never edited once
// released, a change is a new step. `PRAGMA user_version` holds the step reached; the `migrations`
// table records when each was applied.
import type Database from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'messages and their outbox',
    sql: `
      CREATE TABLE migrations (
        version INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TEXT NOT NULL
      );
      CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        received_at TEXT NOT NULL,
        locale TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        message TEXT NOT NULL,
        idempotency_key TEXT NOT NULL UNIQUE,
        payload_hash TEXT NOT NULL
      );
      -- One row per message to relay; none when no SMTP server was configured at the time.
      CREATE TABLE outbox (
        message_id INTEGER PRIMARY KEY REFERENCES messages(id),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_until INTEGER,
        last_error TEXT,
        sent_at TEXT
      );
      CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE sent_at IS NULL;
    `,
  },
  {
    version: 2,
    name: 'relay sends once: unconfirmed attempts and dead letters',
    sql: `
      -- Attempts whose outcome is unknown: the server stopped answering after the message body,
      -- or the sender died while its lease was held. The mail server may have the message.
      ALTER TABLE outbox ADD COLUMN unconfirmed INTEGER NOT NULL DEFAULT 0;
      -- Given up on (a permanent refusal, too many attempts, unconfirmed twice): kept for the
      -- owners to read with \`site contact list\`, never sent again by itself.
      ALTER TABLE outbox ADD COLUMN dead_at TEXT;
      DROP INDEX outbox_due;
      CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE sent_at IS NULL AND dead_at IS NULL;
    `,
  },
  {
    version: 3,
    name: 'bookings of introductory calls and their mails',
    sql: `
      CREATE TABLE bookings (
        id INTEGER PRIMARY KEY,
        slot_start TEXT NOT NULL,
        slot_end TEXT NOT NULL,
        booked_at TEXT NOT NULL,
        locale TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        topic TEXT NOT NULL,
        uid TEXT NOT NULL UNIQUE,
        idempotency_key TEXT NOT NULL UNIQUE,
        payload_hash TEXT NOT NULL,
        cancelled_at TEXT
      );
      -- Two visitors can never hold the same slot: one booking per start that is not cancelled.
      CREATE UNIQUE INDEX bookings_slot ON bookings(slot_start) WHERE cancelled_at IS NULL;
      -- The confirmation and cancellation mails to the visitor, relayed as the messages are.
      CREATE TABLE booking_outbox (
        id INTEGER PRIMARY KEY,
        booking_id INTEGER NOT NULL REFERENCES bookings(id),
        kind TEXT NOT NULL CHECK (kind IN ('confirmation', 'cancellation')),
        attempts INTEGER NOT NULL DEFAULT 0,
        unconfirmed INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_until INTEGER,
        last_error TEXT,
        sent_at TEXT,
        dead_at TEXT
      );
      CREATE INDEX booking_outbox_due ON booking_outbox(next_attempt_at) WHERE sent_at IS NULL AND dead_at IS NULL;
    `,
  },
  {
    version: 4,
    name: 'random booking ids, booking limits per address, form results kept for every instance',
    sql: `
      -- The id people see (server/booking-id.ts); bookings made before get a random one too.
      ALTER TABLE bookings ADD COLUMN ref TEXT;
      UPDATE bookings SET ref = lower(hex(randomblob(8)));
      CREATE UNIQUE INDEX bookings_ref ON bookings(ref);
      -- The address as the per-address limit counts it (server/booking-limits.ts).
      ALTER TABLE bookings ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
      UPDATE bookings SET email_key = lower(email);
      CREATE INDEX bookings_email_key ON bookings(email_key) WHERE cancelled_at IS NULL;
      CREATE INDEX bookings_booked_at ON bookings(booked_at);
      -- What a form posted without JavaScript led to, for the page its visitor is sent to.
      CREATE TABLE form_results (
        token TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX form_results_expiry ON form_results(expires_at);
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

export class SchemaTooNewError extends Error {}

export function migrate(db: Database.Database): number {
  const apply = db.transaction(() => {
    // Read inside the write transaction: two processes starting at once must not both migrate.
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current > SCHEMA_VERSION) {
      throw new SchemaTooNewError(
        `the contact database is at schema version ${current}, newer than this code knows (${SCHEMA_VERSION}); run the newer version of the site`,
      );
    }
    for (const step of MIGRATIONS) {
      if (step.version <= current) continue;
      db.exec(step.sql);
      db.prepare('INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        step.version,
        step.name,
        new Date().toISOString(),
      );
      db.pragma(`user_version = ${step.version}`);
    }
    return SCHEMA_VERSION;
  });
  return apply.immediate();
}
