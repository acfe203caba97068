// Nothing lost: 500 concurrent submissions to the running server are all stored exactly once (and
// their retries change nothing); a server process killed with SIGKILL in the middle of a burst
// has every message it answered 201 for on disk; SIGTERM answers what is in flight, then exits.

import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { DB_FILE } from '../../../server/contact-store.ts';
import { REPO } from '../../helpers.ts';
import { spawnOwned } from '../../processes.ts';
import { asClient, type BuiltFixture, buildFixture, postJson, startServer, validMessage } from './contact-helpers.ts';

let site: BuiltFixture;

before(async () => {
  site = await buildFixture();
});
after(() => site?.dispose());

function storedNames(dataDir: string): string[] {
  const db = new Database(path.join(dataDir, DB_FILE), { readonly: true });
  try {
    return (db.prepare('SELECT name FROM messages').all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
}

test('500 concurrent submissions are all stored, exactly once, and retries store nothing new', async () => {
  const server = await startServer(site);
  try {
    const messages = Array.from({ length: 500 }, (_, i) => ({
      body: validMessage({ name: `Concurrent ${i}` }),
      key: `concurrent-${String(i).padStart(4, '0')}`,
    }));
    // As a real client does: a connection refused or reset on a busy machine is tried again with
    // the same key (a few times, not against a clock), and the store still keeps each message once.
    const post = async (m: (typeof messages)[number]): Promise<number> =>
      (await asClient(() => postJson(server.url, m.body, { 'idempotency-key': m.key }))).status;
    const send = () => Promise.all(messages.map(post));
    const statuses = await send();
    assert.deepEqual(new Set(statuses), new Set([201]));
    const names = storedNames(server.dataDir);
    assert.equal(names.length, 500);
    assert.equal(new Set(names).size, 500);
    // Every client retries at once (say, its answer was lost): still 500.
    assert.deepEqual(new Set(await send()), new Set([201]));
    assert.equal(storedNames(server.dataDir).length, 500);
  } finally {
    await server.stop();
  }
});

interface Child {
  process: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `site start` as its own process, as production runs it (ending with the test process). */
async function startChild(dataDir: string): Promise<Child> {
  const child = spawnOwned(
    process.execPath,
    [path.join(REPO, 'bin/site.js'), 'start', '--dir', 'build', '--port', '0'],
    {
      cwd: site.root,
      env: { ...process.env, SITE_DATA_DIR: dataDir, CONTACT_RATE_LIMIT: 'off', SMTP_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  // Until it says where it serves, or exits: no clock decides a start on a busy machine.
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout!.on('data', check);
    void exited.then(() => reject(new Error(`the server exited:\n${output}`)));
  });
  return { process: child, url, output: () => output, exited };
}

/** Sends numbered messages over `connections` parallel loops until stopped; returns the names answered 201. */
function burst(url: string, connections: number) {
  const acknowledged: string[] = [];
  const other: number[] = [];
  let failures = 0;
  let stopped = false;
  let next = 0;
  const loops = Array.from({ length: connections }, async () => {
    while (!stopped) {
      const name = `Burst ${next++}`;
      try {
        const response = await postJson(url, validMessage({ name }));
        await response.arrayBuffer();
        if (response.status === 201) acknowledged.push(name);
        else other.push(response.status);
      } catch {
        // The server is gone: this one was never acknowledged.
        failures++;
        await new Promise((r) => setTimeout(r, 5));
      }
    }
  });
  return {
    acknowledged,
    other,
    failures: () => failures,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

test('SIGKILL in the middle of a burst: every message answered 201 is in the database', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-contact-kill-'));
  try {
    const child = await startChild(dataDir);
    const load = burst(child.url, 32);
    while (load.acknowledged.length < 400) await new Promise((r) => setTimeout(r, 10));
    child.process.kill('SIGKILL');
    const { signal } = await child.exited;
    assert.equal(signal, 'SIGKILL');
    await load.stop();
    assert.deepEqual(load.other, [], 'no answer other than 201 before the kill');
    const stored = new Set(storedNames(dataDir));
    const lost = load.acknowledged.filter((name) => !stored.has(name));
    assert.deepEqual(lost, [], `${lost.length} of ${load.acknowledged.length} acknowledged messages missing`);
    console.log(
      `# SIGKILL during a burst: ${load.acknowledged.length} answers 201, ${stored.size} rows, ${lost.length} answers without a row`,
    );
    assert.ok(load.acknowledged.length >= 400);
    // The next start opens the same file (its WAL recovered) and takes messages again.
    const again = await startChild(dataDir);
    assert.equal((await postJson(again.url, validMessage({ name: 'After Kill' }))).status, 201);
    again.process.kill('SIGTERM');
    await again.exited;
    assert.ok(storedNames(dataDir).includes('After Kill'));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('SIGTERM in the middle of a burst: requests in flight are answered, stored, and the process exits 0', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-contact-term-'));
  try {
    const child = await startChild(dataDir);
    const load = burst(child.url, 32);
    while (load.acknowledged.length < 200) await new Promise((r) => setTimeout(r, 10));
    child.process.kill('SIGTERM');
    const { code } = await child.exited;
    await load.stop();
    assert.equal(code, 0, child.output());
    assert.match(child.output(), /SIGTERM: finishing requests in flight/);
    assert.deepEqual(
      load.other.filter((s) => s >= 500),
      [],
      'no 5xx while shutting down',
    );
    const stored = new Set(storedNames(dataDir));
    assert.deepEqual(
      load.acknowledged.filter((name) => !stored.has(name)),
      [],
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
