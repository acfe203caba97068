// Retention, as the privacy policy promises it: contact messages and analytics counters older than
// the retention period (12 months unless DATA_RETENTION_MONTHS says otherwise) are deleted by
// `site contact purge` and by the production server, at start and every day after.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, mock, test } from 'node:test';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { ContactStore, DB_FILE } from '../../../server/contact-store.ts';
import { INSIGHTS_FILE, Insights } from '../../../server/insights.ts';
import { retentionCutoff } from '../../../server/retention.ts';
import { REPO } from '../../helpers.ts';
import { type BuiltFixture, buildFixture, startServer } from './contact-helpers.ts';

const run = promisify(execFile);
const DAY = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

let site: BuiltFixture;
before(async () => {
  site = await buildFixture();
});
after(() => site?.dispose());

/** A data directory with messages and counters of these ages (in days). */
async function dataWith(ages: number[]): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-retention-'));
  const store = ContactStore.open(dataDir, { relay: true });
  await Promise.all(
    ages.map((age, i) =>
      store.submit({
        receivedAt: daysAgo(age).toISOString(),
        locale: 'de',
        name: `Aged ${age}`,
        email: `a${i}@example.org`,
        message: `Sent ${age} days ago, about managed hosting.`,
        idempotencyKey: `aged-${age}-${i}`,
        payloadHash: `h${i}`,
      }),
    ),
  );
  store.close();
  const insights = new Insights({ endpoint: '/api/event', dataDir, siteDir: () => site.dir });
  for (const age of ages)
    insights.count({ name: 'pageview', path: '/', props: {} }, daysAgo(age).toISOString().slice(0, 10));
  insights.close();
  return dataDir;
}

function remaining(dataDir: string): { messages: string[]; outbox: number; days: number } {
  const contact = new Database(path.join(dataDir, DB_FILE), { readonly: true });
  const insights = new Database(path.join(dataDir, INSIGHTS_FILE), { readonly: true });
  try {
    return {
      messages: (contact.prepare('SELECT name FROM messages ORDER BY received_at').all() as { name: string }[]).map(
        (r) => r.name,
      ),
      outbox: (contact.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n,
      days: (insights.prepare('SELECT COUNT(*) AS n FROM event_counts').get() as { n: number }).n,
    };
  } finally {
    contact.close();
    insights.close();
  }
}

const site_ = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [path.join(REPO, 'bin/site.js'), 'contact', ...args], {
    cwd: REPO,
    env: { ...process.env, SITE_DATA_DIR: '', ...env },
  });

test('the cutoff is the same day and time, so many calendar months back (UTC)', () => {
  assert.equal(retentionCutoff(new Date('2026-11-24T03:00:00Z'), 12).toISOString(), '2025-11-24T03:00:00.000Z');
  assert.equal(retentionCutoff(new Date('2026-03-31T12:00:00Z'), 1).toISOString(), '2026-02-28T12:00:00.000Z');
  assert.equal(retentionCutoff(new Date('2024-02-29T00:00:00Z'), 12).toISOString(), '2023-02-28T00:00:00.000Z');
});

test('`site contact purge` deletes messages and counters older than 12 months, and keeps the rest', async () => {
  const dataDir = await dataWith([800, 370, 360, 30, 0]);
  try {
    const { stdout } = await site_(['purge', '--data', dataDir]);
    assert.match(
      stdout,
      /deleted 2 contact messages received before \d{4}-\d\d-\d\dT[\d:.]+Z and 2 analytics counters of days before \d{4}-\d\d-\d\d/,
    );
    assert.deepEqual(remaining(dataDir), { messages: ['Aged 360', 'Aged 30', 'Aged 0'], outbox: 3, days: 3 });
    const again = await site_(['purge', '--data', dataDir]);
    assert.match(again.stdout, /deleted 0 contact messages .* and 0 analytics counters/);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('the period is a setting: DATA_RETENTION_MONTHS, or --months; nonsense is refused', async () => {
  const dataDir = await dataWith([100, 20, 0]);
  try {
    await site_(['purge', '--data', dataDir], { DATA_RETENTION_MONTHS: '2' });
    assert.deepEqual(remaining(dataDir).messages, ['Aged 20', 'Aged 0']);
    await site_(['purge', '--data', dataDir, '--months', '0'], {}).then(
      () => assert.fail('--months 0 was accepted'),
      (error: { stderr: string }) => assert.match(error.stderr, /--months.*a whole number of months, 1 or more/),
    );
    await site_(['purge', '--data', dataDir], { DATA_RETENTION_MONTHS: 'a year' }).then(
      () => assert.fail('a nonsense setting was accepted'),
      (error: { stderr: string }) =>
        assert.match(
          error.stderr,
          /^site contact purge: DATA_RETENTION_MONTHS must be a whole number of months, 1 or more, not "a year"/,
        ),
    );
    assert.deepEqual(remaining(dataDir).messages, ['Aged 20', 'Aged 0']);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('the production server deletes expired data when it starts and again every day', async () => {
  const dataDir = await dataWith([500, 10]);
  mock.timers.enable({ apis: ['setInterval'] });
  const server = await startServer(site, { dataDir });
  try {
    assert.deepEqual(remaining(dataDir), { messages: ['Aged 10'], outbox: 1, days: 1 }, 'at start');
    // Data that grows old while the server runs (written as if received 400 days ago).
    const store = ContactStore.open(dataDir, { relay: false });
    await store.submit({
      receivedAt: daysAgo(400).toISOString(),
      locale: 'en',
      name: 'Aged 400',
      email: 'x@example.org',
      message: 'An old enquiry about managed hosting.',
      idempotencyKey: 'aged-400-late',
      payloadHash: 'late',
    });
    store.close();
    assert.deepEqual(remaining(dataDir).messages, ['Aged 400', 'Aged 10']);
    mock.timers.tick(DAY - 1000);
    assert.deepEqual(remaining(dataDir).messages, ['Aged 400', 'Aged 10'], 'not before a day has passed');
    mock.timers.tick(1000);
    assert.deepEqual(remaining(dataDir).messages, ['Aged 10'], 'a day later');
  } finally {
    mock.timers.reset();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
