// Every page the real site ships is valid HTML by the W3C's Nu Html Checker (the `vnu-jar` package,
// run with Java), the checker validator.w3.org uses: browsers forgive invalid markup, each in its
// own way, and assistive technology reads what the parser made of it.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { realSiteBuild } from '../../real-site.ts';

// The package's main export is the jar's path (a String object).
const vnu = String(createRequire(import.meta.url)('vnu-jar'));

interface Message {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('the Nu Html Checker finds no error in any built page', async () => {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  assert.equal(
    java.status,
    0,
    'Java runs the checker: install it (apt-get install -y default-jre-headless); .ci/run does',
  );
  const site = await realSiteBuild();
  // One run over a few hundred pages ends before the optimising compiler pays for itself: the
  // quick compiler alone and the serial collector check the same pages in about half the time, and
  // leave the other core to the test run beside this one.
  const run = spawnSync(
    'java',
    [
      '-Xss4m',
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-jar',
      vnu,
      '--errors-only',
      '--format',
      'json',
      '--skip-non-html',
      site.dir,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  // The checker reports on stderr and exits 1 when it found errors.
  const report = JSON.parse(run.stderr) as { messages: Message[] };
  const errors = report.messages
    .filter((m) => m.type === 'error')
    .map((m) => `${m.url?.slice(`file:${site.dir}`.length)}:${m.lastLine}  ${m.message}  ${m.extract ?? ''}`);
  assert.deepEqual(errors, []);
});
