// Each test process keeps its temporary files in a scratch folder of its own, so a run leaves none
// behind, however it ends: a test that fails before its `finally`, a run cancelled with Ctrl-C or
// SIGTERM, a test process killed. TMPDIR names the folder, so `os.tmpdir()` in the tests and in
// what they start (Chromium's and Playwright's files, `site` processes) points into it; the watcher
// of tests/processes.ts removes it once the process has ended and what it started has stopped.
// Imported first by each test entry file (tests/unit.ts and the others).
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ownDir } from './processes.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'site-tests-'));
// PostgreSQL runs as its own user when the tests run as root (tests/postgres.ts): it must reach
// its folder in here, without listing what else is.
chmodSync(scratch, 0o711);
process.env.TMPDIR = scratch;
ownDir(scratch);
