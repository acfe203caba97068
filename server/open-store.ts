// Which store the settings ask for: PostgreSQL when DATABASE_URL is set, SQLite in the data
// directory otherwise. Either is ready to use once `ready()` resolves.
import type { BackendSettings } from './backend-config.ts';
import { PostgresStore } from './postgres-store.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { Store } from './store.ts';

/** `relay`: whether new messages and bookings also go into the outbox (a mail server is configured). */
export function openStore(
  settings: Pick<BackendSettings, 'dataDir' | 'databaseUrl'>,
  options: { relay: boolean },
): Store {
  return settings.databaseUrl
    ? new PostgresStore(settings.databaseUrl, options)
    : new SqliteStore(settings.dataDir, options);
}
