// A cancelled run leaves nothing running: a test runner of its own runs cancelled-run-file.ts,
// which starts a PostgreSQL cluster, nginx, `site start` and Chromium as the suite's tests do; the
// run is cancelled mid-way as a person or CI cancels one (SIGTERM to the runner, which is what
// `npm test` passes on; Ctrl-C, which sends SIGINT to the whole process group; SIGKILL to the test
// process), and then none of the four runs any more, their ports refuse connections, and the
// temporary folders of the run (the cluster's, nginx's, the site's, Chromium's) are gone.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { REPO } from '../../helpers.ts';
import { until } from '../../waiting.ts';
import type { CancelledRunReport } from './cancelled-run-file.ts';

interface Running {
  pid: number;
  pgrp: number;
  command: string;
  cwd: string;
}

/** Every process still running (zombies, which only wait to be reaped, left out). */
function processes(): Running[] {
  const found: Running[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const [, state, , pgrp] = /\) (.*)$/s.exec(readFileSync(`/proc/${name}/stat`, 'utf8'))![1].split(' ');
      if (state === 'Z') continue;
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${name}/cwd`);
      } catch {
        // Not ours to read.
      }
      found.push({ pid: Number(name), pgrp: Number(pgrp), command, cwd });
    } catch {
      // Ended while listed.
    }
  }
  return found;
}

/** What the cancelled run started and still runs, described. */
function leftOver(report: CancelledRunReport): string[] {
  return processes()
    .filter(
      (p) =>
        p.pid === report.pid ||
        p.pgrp === report.chromium ||
        p.command.includes(report.postgres.dir) ||
        p.command.includes(report.nginx.dir) ||
        p.cwd === report.site.root,
    )
    .map((p) => `${p.pid} ${p.command.slice(0, 120)}`);
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

/** Runs cancelled-run-file.ts under a test runner, cancels it with `cancel` once all four run,
 * and checks that nothing it started is left. */
async function cancelled(cancel: (runner: ChildProcess, report: CancelledRunReport) => void): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'site-cancelled-'));
  const reportFile = path.join(tmp, 'report.json');
  // A process group of its own, as a terminal gives `npm test`.
  const runner = spawn(
    process.execPath,
    ['--import', 'tsx', '--test', path.join(REPO, 'tests/engine/integration/cancelled-run-file.ts')],
    {
      cwd: REPO,
      // Without the variable that tells a runner it runs inside a test (it would run nothing).
      env: { ...process.env, NODE_TEST_CONTEXT: undefined, CANCELLED_RUN_REPORT: reportFile },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  runner.stdout!.on('data', (c: Buffer) => (output += c));
  runner.stderr!.on('data', (c: Buffer) => (output += c));
  const ended = new Promise<void>((resolve) => runner.once('close', () => resolve()));
  let report: CancelledRunReport | undefined;
  try {
    await until(
      () => existsSync(reportFile) || runner.exitCode !== null,
      'the run to start PostgreSQL, nginx, site start and Chromium',
    );
    assert.ok(existsSync(reportFile), `the run ended before it started everything:\n${output}`);
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as CancelledRunReport;
    assert.ok(report.chromium, 'Chromium runs');
    assert.ok(leftOver(report).length >= 4, leftOver(report).join('\n'));
    // What the run made in its temporary folder is in its scratch folder, Chromium's files too.
    for (const dir of [report.postgres.dir, report.nginx.dir, report.site.root])
      assert.ok(dir.startsWith(`${report.scratch}/`), `${dir} is in the scratch folder ${report.scratch}`);
    const browserFiles = readdirSync(report.scratch).filter((name) => /chrom|playwright/i.test(name));
    assert.ok(browserFiles.length > 0, `Chromium's files in ${report.scratch}: ${readdirSync(report.scratch)}`);

    cancel(runner, report);
    await ended;
    const left = report;
    await until(
      () => leftOver(left).length === 0,
      () => `what the run started to end:\n${leftOver(left).join('\n')}`,
    );
    for (const [what, port] of [
      ['PostgreSQL', report.postgres.port],
      ['nginx', report.nginx.port],
      ['site start', report.site.port],
    ] as const)
      assert.ok(await refused(port), `${what} no longer listens on ${port}`);
    await until(
      () => !existsSync(left.scratch),
      () =>
        `the run's scratch folder to be removed; it holds ${existsSync(left.scratch) ? readdirSync(left.scratch).join(', ') : 'nothing'}`,
    );
  } finally {
    // Whatever of the run's process group still runs (the runner, a test process that outlived it).
    try {
      process.kill(-runner.pid!, 'SIGKILL');
    } catch {
      // None.
    }
    // Whatever a failed test leaves.
    for (const dir of [tmp, report?.postgres.dir, report?.nginx.dir, report?.site.root, report?.scratch])
      if (dir) await rm(dir, { recursive: true, force: true });
  }
}

test('SIGTERM to the test runner, as `npm test` passes on a cancel: nothing it started runs or listens, its temporary files are gone', async () => {
  await cancelled((runner) => runner.kill('SIGTERM'));
});

test('Ctrl-C (SIGINT to the whole process group): nothing the run started runs or listens, its temporary files are gone', async () => {
  await cancelled((runner) => process.kill(-runner.pid!, 'SIGINT'));
});

test('SIGKILL to a test process: nothing it started runs or listens, its temporary files are gone', async () => {
  // The runner reports the file failed and ends by itself.
  await cancelled((_runner, report) => process.kill(report.pid, 'SIGKILL'));
});
