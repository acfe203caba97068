// A test file for cancelled-run.test.ts, run by a test runner of its own: it starts one of each
// kind of process the suite starts (a PostgreSQL cluster, nginx, `site start`, Chromium) as the
// suite's tests do, writes what it started to CANCELLED_RUN_REPORT, and waits to be cancelled.
// Its temporary files are in a scratch folder of its own, as each test process's are.
import '../../scratch.ts';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { launchBrowser } from '../../browser-harness.ts';
import { builtFixtureCopy } from '../../fixture-site.ts';
import { startNginx } from '../../nginx.ts';
import { startPostgres } from '../../postgres.ts';
import { startSite } from '../faults/site-process.ts';

export interface CancelledRunReport {
  /** The test process. */
  pid: number;
  /** Folders named in the command line or the working directory of what it started. */
  postgres: { dir: string; port: number };
  nginx: { dir: string; port: number };
  site: { root: string; port: number };
  /** Chromium's first process, the leader of its process group. */
  chromium: number;
  /** The test process's scratch folder (tests/scratch.ts), which holds the folders above. */
  scratch: string;
}

/** Children of this process whose program is Chromium. */
function chromiumChildren(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [, comm, rest] = /^\d+ \((.*)\) (.*)$/s.exec(stat)!;
        return Number(rest.split(' ')[1]) === process.pid && comm.startsWith('chromium');
      } catch {
        return false;
      }
    })
    .map(Number);
}

test('starts what the suite starts, then waits to be cancelled', async () => {
  const [postgres, site, browser] = await Promise.all([startPostgres(), builtFixtureCopy('basic'), launchBrowser()]);
  const include = path.join(site.root, 'empty.conf');
  writeFileSync(include, '');
  const nginx = await startNginx({ root: site.dir, include, probe: '/' });
  const server = await startSite(site.root, { SMTP_URL: '' });
  const page = await browser.newPage();
  await page.goto(`${server.url}/en/`);
  const report: CancelledRunReport = {
    pid: process.pid,
    postgres: { dir: postgres.dir, port: Number(new URL(postgres.adminUrl).port) },
    nginx: { dir: nginx.dir, port: Number(new URL(nginx.url).port) },
    site: { root: site.root, port: server.port },
    chromium: chromiumChildren()[0],
    scratch: os.tmpdir(),
  };
  // Whole or not at all: the test reads the report as soon as its name is there.
  const file = process.env.CANCELLED_RUN_REPORT!;
  writeFileSync(`${file}.tmp`, JSON.stringify(report));
  renameSync(`${file}.tmp`, file);
  // Until cancelled.
  await new Promise(() => setInterval(() => undefined, 60_000));
});
