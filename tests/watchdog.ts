// No deadline on a whole test process (one per kind, tests/all-files.ts): on a busy machine a
// process of 300 tests takes as long as it takes. What ends a hang is this watchdog, imported by
// tests/unit.ts, integration.ts and browser.ts: when no test has started or ended for
// TEST_STALL_MINUTES (15 unless set; the longest test takes about 1.5 min at load 12), it names
// the tests still running and ends the process with a failure, which the runner reports for the
// file; what the process started ends with it (tests/processes.ts). A process whose runner is gone
// (killed with SIGKILL) ends as well, instead of running its tests for no one.
import { afterEach, beforeEach } from 'node:test';

const STALL_MS = Number(process.env.TEST_STALL_MINUTES ?? 15) * 60_000;
const running = new Map<{ name: string }, number>();
let lastProgress = Date.now();
const parent = process.ppid;

beforeEach((t) => {
  running.set(t, Date.now());
  lastProgress = Date.now();
});
afterEach((t) => {
  running.delete(t);
  lastProgress = Date.now();
});

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

setInterval(() => {
  if (process.ppid !== parent) {
    process.stderr.write(`the process that started these tests (pid ${parent}) is gone: ending them\n`);
    process.exit(1);
  }
  const now = Date.now();
  if (now - lastProgress < STALL_MS) return;
  const names = [...running].map(([t, started]) => `  "${t.name}", running for ${minutes(now - started)}`);
  process.stderr.write(
    `no test has started or ended for ${minutes(now - lastProgress)}: a hang. ${
      names.length
        ? `Still running:\n${names.join('\n')}\n`
        : "No test is running: a `before` or `after` hook (a build, a server's start or stop) hangs.\n"
    }`,
  );
  process.exit(1);
}, 1000).unref();
