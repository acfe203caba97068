// The PostgreSQL schema of the store, as numbered steps (the SQLite schema's are
// server/migrations.ts). Instances that start together migrate one at a time: the steps run in one
// transaction that first takes an advisory lock, so the second instance waits, then finds the
// schema up to date. A step is never edited once released; a change is a new step.
import type pg from 'pg';
import type { Migration } from './migrations.ts';

export const PG_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'messages, bookings, their outboxes, analytics counters',
    // Times are ISO 8601 text compared as text: byte order ("C"), whatever the database's locale.
    sql: `
      CREATE TABLE messages (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        received_at TEXT COLLATE "C" NOT NULL,
        locale TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        message TEXT NOT NULL,
        idempotency_key TEXT NOT NULL UNIQUE,
        payload_hash TEXT NOT NULL
      );
      CREATE INDEX messages_received ON messages(received_at);
      -- One row per message to relay; none when no SMTP server was configured at the time.
      CREATE TABLE outbox (
        message_id BIGINT PRIMARY KEY REFERENCES messages(id),
        attempts INTEGER NOT NULL DEFAULT 0,
        unconfirmed INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        lease_until BIGINT,
        last_error TEXT,
        sent_at TEXT,
        dead_at TEXT
      );
      CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE sent_at IS NULL AND dead_at IS NULL;
      CREATE TABLE bookings (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        slot_start TEXT COLLATE "C" NOT NULL,
        slot_end TEXT COLLATE "C" NOT NULL,
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
      -- Two visitors can never hold the same slot, whichever instance they reach.
      CREATE UNIQUE INDEX bookings_slot ON bookings(slot_start) WHERE cancelled_at IS NULL;
      CREATE TABLE booking_outbox (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        booking_id BIGINT NOT NULL REFERENCES bookings(id),
        kind TEXT NOT NULL CHECK (kind IN ('confirmation', 'cancellation')),
        attempts INTEGER NOT NULL DEFAULT 0,
        unconfirmed INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        lease_until BIGINT,
        last_error TEXT,
        sent_at TEXT,
        dead_at TEXT
      );
      CREATE INDEX booking_outbox_due ON booking_outbox(next_attempt_at) WHERE sent_at IS NULL AND dead_at IS NULL;
      CREATE TABLE event_counts (
        day TEXT COLLATE "C" NOT NULL,
        name TEXT COLLATE "C" NOT NULL,
        path TEXT COLLATE "C" NOT NULL,
        props TEXT COLLATE "C" NOT NULL,
        count BIGINT NOT NULL,
        PRIMARY KEY (day, name, path, props)
      );
    `,
  },
  {
    version: 2,
    name: 'random booking ids, booking limits per address, form results kept for every instance',
    sql: `
      -- The id people see (server/booking-id.ts); bookings made before get a random one too.
      ALTER TABLE bookings ADD COLUMN ref TEXT;
      UPDATE bookings SET ref = substr(md5(random()::text || clock_timestamp()::text || id::text), 1, 16);
      ALTER TABLE bookings ALTER COLUMN ref SET NOT NULL;
      CREATE UNIQUE INDEX bookings_ref ON bookings(ref);
      -- The address as the per-address limit counts it (server/booking-limits.ts).
      ALTER TABLE bookings ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
      UPDATE bookings SET email_key = lower(email);
      CREATE INDEX bookings_email_key ON bookings(email_key) WHERE cancelled_at IS NULL;
      -- Counted by time for the daily limit: ISO 8601 compared as text, in byte order.
      ALTER TABLE bookings ALTER COLUMN booked_at TYPE TEXT COLLATE "C";
      CREATE INDEX bookings_booked_at ON bookings(booked_at);
      -- What a form posted without JavaScript led to, for the page its visitor is sent to, on
      -- whichever instance the redirect reaches.
      CREATE TABLE form_results (
        token TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX form_results_expiry ON form_results(expires_at);
    `,
  },
];

export const PG_SCHEMA_VERSION = PG_MIGRATIONS[PG_MIGRATIONS.length - 1].version;

/** The advisory lock the migrating instance holds (any constant the site's database uses for nothing else). */
const MIGRATION_LOCK = 7_416_253_110;

export class PgSchemaTooNewError extends Error {}

/** Brings the database up to the newest step; returns the steps applied. */
export async function migratePostgres(client: pg.PoolClient): Promise<number[]> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS site_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
    );
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT MAX(version) AS version FROM site_migrations',
    );
    const current = rows[0].version ?? 0;
    if (current > PG_SCHEMA_VERSION)
      throw new PgSchemaTooNewError(
        `the database is at schema version ${current}, newer than this code knows (${PG_SCHEMA_VERSION}); run the newer version of the site`,
      );
    const applied: number[] = [];
    for (const step of PG_MIGRATIONS) {
      if (step.version <= current) continue;
      await client.query(step.sql);
      await client.query('INSERT INTO site_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        step.version,
        step.name,
        new Date().toISOString(),
      ]);
      applied.push(step.version);
    }
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
