// The contact database holds visitors' names, addresses and messages, and every store that keeps
// rows there (messages, bookings, forms posted without JavaScript) opens it one way
// (server/contact-database.ts): the file is readable by the site's user only, and what retention
// deletes is gone from the file's bytes, not only unlinked from its tables.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ContactStore, DB_FILE } from '../../../server/contact-store.ts';
import { SqliteFormResults } from '../../../server/sqlite-form-results.ts';

/** The bytes of the database and of its write-ahead log, where one is left. */
function bytesOf(file: string): string {
  return [file, `${file}-wal`]
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f).toString('latin1'))
    .join('');
}

test('a purged message and an expired form result leave no trace in the file, which only the site user reads', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-contact-db-'));
  try {
    const store = ContactStore.open(dataDir, { relay: false });
    const file = path.join(dataDir, DB_FILE);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const message = 'Please call me back about the Quaxworth migration';
    await store.submit({
      receivedAt: '2020-01-01T00:00:00.000Z',
      locale: 'en',
      name: 'Zelda Quaxworth',
      email: 'zelda@quaxworth.example',
      message,
      idempotencyKey: 'purge-me',
      payloadHash: 'h',
    });
    const results = new SqliteFormResults(dataDir);
    await results.put('token', 'Yorrick Plumbfeather typed this', Date.now() + 60_000);
    assert.ok(bytesOf(file).includes('Yorrick Plumbfeather'), 'the result is stored');

    assert.equal(store.purgeReceivedBefore('2021-01-01T00:00:00.000Z'), 1);
    assert.equal(await results.purgeExpired(Date.now() + 120_000), 1);
    results.close();
    store.close();

    const bytes = bytesOf(file);
    for (const text of ['Zelda Quaxworth', 'zelda@quaxworth.example', message, 'Yorrick Plumbfeather'])
      assert.ok(!bytes.includes(text), `"${text}" is still in the database's bytes`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
