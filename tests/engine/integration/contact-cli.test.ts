// `site contact list` and `site contact export --format csv|json`, run as the owners run them, on
// a real store holding messages that try to break CSV, spreadsheets and terminals.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { ContactStore, DB_FILE } from '../../../server/contact-store.ts';
import { REPO } from '../../helpers.ts';

const run = promisify(execFile);
let dataDir: string;

const tricky = [
  {
    name: '=HYPERLINK("https://evil.example","Click")',
    email: 'formula@example.org',
    message: '+1 and -1 and @SUM(A1:A9)',
  },
  {
    name: 'Anna "the quoter" Berger',
    email: 'anna@example.org',
    message: 'Line one,\nline two; with "quotes", commas\r\nand a CRLF.',
  },
  { name: 'Eve\u001b[31m red \u0007', email: 'eve@example.org', message: 'Terminal\u001b]0;pwned\u0007 escape' },
  { name: 'Jürgen Ößterreicher', email: 'juergen@example.at', message: 'Grüß Gott! 😀 Wir brauchen Hosting in Graz.' },
];

before(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-contact-cli-'));
  const store = ContactStore.open(dataDir, { relay: false });
  let i = 0;
  for (const m of tricky) {
    await store.submit({
      ...m,
      receivedAt: `2026-05-0${++i}T10:00:00.000Z`,
      locale: i % 2 ? 'de' : 'en',
      idempotencyKey: `cli-${i}`,
      payloadHash: `hash-${i}`,
    });
  }
  store.close();
});
after(() => rm(dataDir, { recursive: true, force: true }));

const site = (...args: string[]) =>
  run(process.execPath, [path.join(REPO, 'bin/site.js'), 'contact', ...args, '--data', dataDir], {
    cwd: REPO,
    env: { ...process.env, SITE_DATA_DIR: '' },
  });

/** RFC 4180, as a spreadsheet reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

test('export --format csv: every value back exactly, formulas defused', async () => {
  const { stdout } = await site('export', '--format', 'csv');
  const [header, ...rows] = parseCsv(stdout);
  assert.deepEqual(header, ['id', 'receivedAt', 'locale', 'name', 'email', 'message', 'relay', 'attempts', 'sentAt']);
  assert.equal(rows.length, 4);
  assert.equal(rows[0][3], `'${tricky[0].name}`);
  assert.equal(rows[0][5], `'${tricky[0].message}`);
  assert.equal(rows[1][3], tricky[1].name);
  assert.equal(rows[1][5], tricky[1].message, 'line breaks inside a quoted cell, as stored');
  assert.equal(rows[3][3], 'Jürgen Ößterreicher');
  assert.equal(rows[3][5], tricky[3].message);
  for (const row of rows) for (const cell of row) assert.doesNotMatch(cell, /^[=+\-@]/);
  assert.deepEqual(
    rows.map((r) => r[0]),
    ['1', '2', '3', '4'],
    'oldest first',
  );
  assert.equal(rows[0][6], 'not-configured');
});

test('export --format json --out: the stored values, unchanged, in a private file', async () => {
  const out = path.join(dataDir, 'export.json');
  await site('export', '--format', 'json', '--out', out);
  const messages = JSON.parse(await readFile(out, 'utf8')) as { name: string; message: string; email: string }[];
  assert.deepEqual(
    messages.map((m) => m.name),
    tricky.map((m) => m.name),
  );
  assert.equal(messages[2].message, tricky[2].message);
  assert.equal((await stat(out)).mode & 0o777, 0o600);
});

test('list: newest first, and nothing a visitor typed can steer the terminal', async () => {
  const { stdout } = await site('list', '--limit', '3');
  assert.match(stdout, /^4 messages in .*contact\.sqlite/);
  const ids = [...stdout.matchAll(/^#(\d+) /gm)].map((m) => m[1]);
  assert.deepEqual(ids, ['4', '3', '2']);
  assert.doesNotMatch(stdout, /[\u001b\u0007]/);
  assert.match(stdout, /Eve�\[31m red �/);
  assert.match(stdout, /Jürgen Ößterreicher <juergen@example\.at>/);
  assert.match(stdout, / {4}Line one,\n {4}line two; with "quotes", commas\n {4}and a CRLF\./);
});

test('export to a terminal: escape sequences and bidi overrides cannot reach it; to a pipe the values stay exact', async () => {
  const store = ContactStore.open(dataDir, { relay: false });
  await store.submit({
    name: 'Reverse \u202eexe.txt',
    email: 'rlo@example.org',
    message: 'Bell\u0007 and NUL\u0000 and CSI\u009b2J here',
    receivedAt: '2026-05-09T10:00:00.000Z',
    locale: 'en',
    idempotencyKey: 'cli-tty',
    payloadHash: 'hash-tty',
  });
  store.close();
  try {
    // `script` runs the command on a pseudo-terminal, as an owner's shell would.
    const command = [
      process.execPath,
      path.join(REPO, 'bin/site.js'),
      'contact',
      'export',
      '--format',
      'csv',
      '--data',
      dataDir,
    ]
      .map((a) => `'${a}'`)
      .join(' ');
    const { stdout } = await run('script', ['-qec', command, '/dev/null'], {
      cwd: REPO,
      env: { ...process.env, SITE_DATA_DIR: '' },
    });
    assert.match(stdout, /Reverse \ufffdexe\.txt/);
    assert.match(stdout, /Bell\ufffd and NUL\ufffd and CSI\ufffd2J here/);
    assert.match(stdout, /Eve\ufffd\[31m red \ufffd/);
    assert.doesNotMatch(stdout, /[\u0000\u0007\u001b\u009b\u202e]/);
    const piped = await site('export', '--format', 'json');
    const messages = JSON.parse(piped.stdout) as { name: string; message: string }[];
    assert.equal(messages.at(-1)!.name, 'Reverse \u202eexe.txt');
    assert.equal(messages.at(-1)!.message, 'Bell\u0007 and NUL\u0000 and CSI\u009b2J here');
  } finally {
    const db = new Database(path.join(dataDir, DB_FILE));
    db.prepare("DELETE FROM messages WHERE idempotency_key = 'cli-tty'").run();
    db.close();
  }
});

test('a wrong format is refused with a clear message', async () => {
  await assert.rejects(site('export', '--format', 'xml'), (error: { code: number; stderr: string }) => {
    assert.notEqual(error.code, 0);
    assert.match(error.stderr, /argument 'xml' is invalid\. Allowed choices are csv, json/);
    return true;
  });
});
