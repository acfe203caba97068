// PostgreSQL restarted, and stopped and started, under a steady stream of contact posts to two
// `site start` instances on one database, as an operator's maintenance does to production: no
// instance exits; a post whose connection was lost is refused with 503 and Retry-After; visitors'
// clients send a refused post again with the same idempotency key, as the contact island does,
// to either instance (a load balancer picks); every post answered 201 is stored once and mailed
// once; /readyz says 503 while the database is away and 200 once it is back.

import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { type BuiltFixture, builtFixtureCopy } from '../../fixture-site.ts';
import { startPostgres, type TestPostgres } from '../../postgres.ts';
import { HANG_MS, until } from '../../waiting.ts';
import { connectionLost, postJson, type SmtpSink, smtpSink, validMessage } from '../integration/contact-helpers.ts';
import { type SiteProcess, startSite } from './site-process.ts';

let site: BuiltFixture;
let postgres: TestPostgres;
let databaseUrl: string;
let sink: SmtpSink;
let dataDir: string;
let instances: SiteProcess[] = [];

/** Posts in the stream; the database restarts after RESTART_AT have started, is stopped after
 * STOP_AT, and started again once STOPPED_FOR more have started while it was away. */
const POSTS = 90;
const RESTART_AT = 20;
const STOP_AT = 45;
const STOPPED_FOR = 15;
/** A new post every so often: about ten a second. */
const PACE_MS = 100;
/** The pause between tries of one post; the test gives up on a post only after HANG_MS. */
const RETRY_PAUSE_MS = 200;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

before(async () => {
  [site, postgres] = await Promise.all([builtFixtureCopy('basic'), startPostgres()]);
  databaseUrl = await postgres.createDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-faults-restart-'));
  sink = await smtpSink();
  const env = {
    DATABASE_URL: databaseUrl,
    SITE_DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    CONTACT_TO: 'owners@fixture.example',
    LOG_FORMAT: 'json',
    // A relay that found the database away looks again after this long.
    CONTACT_RETRY_BASE_MS: '500',
  };
  instances = await Promise.all([startSite(site.root, env), startSite(site.root, env)]);
});

after(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await sink?.stop();
  await postgres?.stop();
  await site?.dispose();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function query<R extends pg.QueryResultRow>(sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function readyStatus(instance: SiteProcess): Promise<number> {
  const response = await fetch(`${instance.url}/readyz`);
  await response.arrayBuffer();
  return response.status;
}

/** Asks both instances' /readyz until both say `status` (or only a hang would keep them from it). */
async function bothReady(status: number): Promise<number[]> {
  let seen: number[] = [];
  await until(
    async () => (seen = await Promise.all(instances.map(readyStatus))).every((s) => s === status),
    `/readyz ${status}`,
    { everyMs: 100 },
  ).catch(() => undefined);
  return seen;
}

interface Post {
  name: string;
  key: string;
  /** Every answer, in order: a status, or 'network' and the error's code when no answer came. */
  answers: (number | `network ${string}` | 'no retry-after')[];
  acknowledged: boolean;
}

/** One visitor's post: sent, and sent again with the same key after a refusal or a failure,
 * alternately to either instance, until it is answered 201 (or it has tried for HANG_MS). */
async function deliver(post: Post, first: number): Promise<void> {
  const started = Date.now();
  for (let attempt = 0; Date.now() - started < HANG_MS; attempt++) {
    const instance = instances[(first + attempt) % instances.length];
    try {
      const response = await postJson(instance.url, validMessage({ name: post.name }), {
        'idempotency-key': post.key,
      });
      // A 503 without Retry-After is recorded as an answer of its own, which the test refuses.
      post.answers.push(
        response.status === 503 && !response.headers.get('retry-after') ? 'no retry-after' : response.status,
      );
      await response.arrayBuffer();
      if (response.status === 201) {
        post.acknowledged = true;
        return;
      }
    } catch (error) {
      post.answers.push(`network ${connectionLost(error) ?? (error as Error).message}`);
    }
    await pause(RETRY_PAUSE_MS);
  }
}

test('a restart and a stop of PostgreSQL under a stream of posts on two instances: none exits, each post answered 201 is stored once and mailed once', async (t) => {
  const posts: Post[] = [];
  const deliveries: Promise<void>[] = [];
  const readiness: Record<string, number[]> = {};
  const faults: Promise<void>[] = [];
  for (let i = 0; i < POSTS; i++) {
    const post: Post = { name: `Steady ${i}`, key: `steady-post-${i}`, answers: [], acknowledged: false };
    posts.push(post);
    deliveries.push(deliver(post, i));
    if (i === RESTART_AT)
      faults.push(
        postgres.restart().then(async () => {
          readiness.afterRestart = await bothReady(200);
        }),
      );
    if (i === STOP_AT) {
      // The stream goes on while the database is stopped; it starts again STOPPED_FOR posts later.
      await Promise.all(faults.splice(0));
      await postgres.pause();
      readiness.whileStopped = await Promise.all(instances.map(readyStatus));
    }
    if (i === STOP_AT + STOPPED_FOR)
      faults.push(
        postgres.resume().then(async () => {
          readiness.afterStart = await bothReady(200);
        }),
      );
    await pause(PACE_MS);
  }
  await Promise.all([...deliveries, ...faults]);

  const acknowledged = posts.filter((p) => p.acknowledged);
  const refused = posts.filter((p) => p.answers.some((a) => a !== 201));
  // Each message once in the database, and once in the owners' inbox.
  const rows = await query<{ id: number; name: string }>('SELECT id, name FROM messages');
  const names = new Map(rows.map((r) => [String(r.id), r.name]));
  const storedNames = new Set(rows.map((r) => r.name));
  // As long as the relays send: the assertion below says what is left if they stop.
  let unsent = Number.POSITIVE_INFINITY;
  await until(
    async () =>
      (unsent = (await query<{ n: number }>('SELECT COUNT(*)::int AS n FROM outbox WHERE sent_at IS NULL'))[0].n) === 0,
    'every message relayed',
    { progress: () => unsent, everyMs: 100 },
  ).catch(() => undefined);
  const mailedIds = sink.mails.map((m) => m.headers.get('x-contact-message-id') ?? '');
  const mailed = new Set(mailedIds);
  const figures = {
    sent: posts.length,
    acknowledged: acknowledged.length,
    stored: rows.length,
    mailed: mailed.size,
    duplicates: rows.length - storedNames.size + (mailedIds.length - mailed.size),
    refusedOnce: refused.length,
    tries: posts.reduce((n, p) => n + p.answers.length, 0),
  };
  t.diagnostic(
    `posts sent ${figures.sent}, acknowledged ${figures.acknowledged}, stored ${figures.stored}, mailed ${figures.mailed}, duplicates ${figures.duplicates} (${figures.refusedOnce} posts refused at least once and sent again; ${figures.tries} requests in all)`,
  );
  t.diagnostic(
    `/readyz: after the restart ${readiness.afterRestart}, while stopped ${readiness.whileStopped}, after the start ${readiness.afterStart}`,
  );

  for (const instance of instances)
    assert.equal(
      instance.child.exitCode ?? instance.child.signalCode,
      null,
      `an instance exited:\n${instance.output()}`,
    );
  assert.doesNotMatch(instances.map((i) => i.output()).join('\n'), /Unhandled 'error' event|\n\s+at /);
  assert.deepEqual(
    posts.flatMap((p) => p.answers).filter((a) => a !== 201 && a !== 503),
    [],
    'the only refusal is 503 with Retry-After (the database away); no 500, no connection dropped',
  );
  assert.ok(refused.length > 0, 'some posts met the database away (else the faults came too late to test anything)');
  assert.equal(acknowledged.length, POSTS, 'every post got its 201 once the database was back');
  assert.deepEqual(
    acknowledged.filter((p) => !storedNames.has(p.name)).map((p) => p.name),
    [],
    'every post answered 201 is stored',
  );
  assert.equal(rows.length, storedNames.size, 'no post stored twice');
  assert.equal(unsent, 0, 'every stored message was relayed');
  assert.deepEqual(
    [...names.keys()].filter((id) => !mailed.has(id)),
    [],
    'every stored message was mailed',
  );
  assert.equal(mailedIds.length, mailed.size, 'no message mailed twice');
  assert.deepEqual(readiness.whileStopped, [503, 503], '/readyz is 503 while the database is stopped');
  assert.deepEqual(readiness.afterStart, [200, 200], '/readyz is 200 once it is back');
  assert.deepEqual(readiness.afterRestart, [200, 200]);
});
