// `site serve` stopped while its first full build runs: a supervisor or a Ctrl-C is obeyed at
// once, not after that build (which on a busy machine ran for minutes), and leaves nothing behind.

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { fixtureCopy, REPO } from '../../helpers.ts';
import { spawnOwned } from '../../processes.ts';

/** Enough pages that the full build after the first request is still parsing when it is stopped. */
const NOTES = 400;

const note = (locale: string, i: number) => `---
title: Note ${i} ${locale}
description: Note number ${i} of the fixture (${locale}).
date: 2025-01-01
authors: [anna]
---

${Array.from({ length: 30 }, (_, j) => `Paragraph ${j} with *some* **text**, \`code\` and a [link](/${locale}/).`).join('\n\n')}
`;

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} during the first background build stops that build and the server, exit 0`, async () => {
    const { root, dispose } = await fixtureCopy('basic');
    try {
      for (const locale of ['en', 'de'])
        for (let i = 1; i <= NOTES; i++)
          await writeFile(path.join(root, 'content', locale, 'news', `note-${i}.md`), note(locale, i));
      const child = spawnOwned(process.execPath, [path.join(REPO, 'bin', 'site.js'), 'serve', '--port', '0'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      let output = '';
      const seen = (pattern: RegExp) =>
        new Promise<RegExpExecArray>((resolve, reject) => {
          const look = () => {
            const found = pattern.exec(output);
            if (!found) return;
            child.stdout!.off('data', look);
            resolve(found);
          };
          child.stdout!.on('data', look);
          void exited.then(() => reject(new Error(`site serve exited before ${pattern}:\n${output}`)));
          look();
        });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk));

      const [, url] = await seen(/serving on (http:\/\/127\.0\.0\.1:\d+)\//);
      assert.equal((await fetch(`${url}/en/`)).status, 200);
      // The first page served, the first build hands over to the full build of every body.
      await seen(/ready in \d+ ms; parsing the bodies of \d+ pages/);
      child.kill(signal);
      const [code] = await exited;

      assert.equal(code, 0, output);
      assert.match(output, new RegExp(`${signal}: stopping the build under way, then the server`));
      assert.doesNotMatch(output, /\d+ parsed, \d+ rendered/, 'the full build was stopped, not waited for');
      assert.doesNotMatch(output, /build crashed|Error/);
      // Its worker threads ended with it, and the port is closed.
      await assert.rejects(fetch(`${url}/en/`), /fetch failed/);
    } finally {
      await dispose();
    }
  });
}
