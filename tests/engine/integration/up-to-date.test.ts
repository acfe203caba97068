// `site build` with nothing changed since the last build does nothing but say so and repeat the
// warnings; any change to an input, or to the site it published, makes it build. Run through the
// CLI, as a deploy or an editor runs it: only the CLI has the engine's bundle key.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fixtureCopy, REPO } from '../../helpers.ts';

let root: string;
let dispose: () => Promise<void>;

function build(...args: string[]): { skipped: boolean; warnings: string[]; stdout: string } {
  const r = spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), 'build', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  return {
    skipped: /nothing changed since the last build \(.+\), nothing read or written/.test(r.stdout),
    warnings: r.stderr.split('\n').filter((l) => l.includes('[')),
    stdout: r.stdout,
  };
}

const published = () => readlinkSync(path.join(root, 'build'));
const page = (route: string) => readFileSync(path.join(root, 'build', route, 'index.html'), 'utf8');

before(async () => {
  ({ root, dispose } = await fixtureCopy('basic'));
  // Code block meta the engine does not know: a warning, which every build must repeat.
  appendFileSync(path.join(root, 'content', 'en', 'news', 'first.md'), '\n```sh filename=install.sh\nnpm ci\n```\n');
});
after(() => dispose());

test('the build after a build with nothing changed reads and writes nothing, says so and repeats the warnings', () => {
  const first = build();
  assert.equal(first.skipped, false);
  assert.ok(
    first.warnings.some((w) => w.includes('filename=install.sh')),
    `the fixture warns: ${first.warnings.join('\n')}`,
  );
  const generation = published();
  const second = build();
  assert.ok(second.skipped, second.stdout);
  assert.deepEqual(second.warnings, first.warnings, 'the same warnings, in the same order');
  assert.equal(published(), generation, 'the same generation stays published');
  // With --timings: should it fail, the output says what the store and the cards had.
  const forced = build('--force', '--timings');
  assert.match(
    forced.stdout,
    /all as published: nothing written/,
    `--force builds, and finds the same site:\n${forced.stdout}`,
  );
});

test('an edited page, a new public file, a file gone from the published site: each makes the next build build', () => {
  build();
  assert.ok(build().skipped);

  appendFileSync(
    path.join(root, 'content', 'en', 'docs', 'guides', 'install.md'),
    '\nA sentence the editor added just now.\n',
  );
  assert.equal(build().skipped, false, 'an edit is built');
  assert.match(page('en/docs/guides/install'), /A sentence the editor added just now\./);
  assert.ok(build().skipped);

  writeFileSync(path.join(root, 'public', 'notes.txt'), 'Opening hours: 8 to 17.\n');
  assert.equal(build().skipped, false, 'a new file in public/ is built');
  assert.equal(readFileSync(path.join(root, 'build', 'notes.txt'), 'utf8'), 'Opening hours: 8 to 17.\n');
  assert.ok(build().skipped);

  rmSync(path.join(root, 'build', 'en', 'index.html'));
  assert.equal(build().skipped, false, 'a published file removed by hand is made again');
  assert.match(page('en'), /<html lang="en"/);
  assert.ok(build().skipped);

  writeFileSync(path.join(root, 'build', 'en', 'index.html'), 'tampered');
  assert.equal(build().skipped, false, 'a published file changed by hand is made again');
  assert.match(page('en'), /<html lang="en"/);
});

test('a file outside the site that its config imports is an input too', async (t) => {
  // A folder beside the site, as a monorepo's shared settings would be.
  const shared = await mkdtemp(path.join(os.tmpdir(), 'site-shared-'));
  t.after(() => rm(shared, { recursive: true, force: true }));
  const title = path.join(shared, 'title.ts');
  writeFileSync(title, "export const title = 'Fixture from beside';\n");
  const config = path.join(root, 'config', 'site.config.ts');
  const own = readFileSync(config, 'utf8');
  t.after(() => writeFileSync(config, own));
  writeFileSync(
    config,
    `import { base } from './base.ts';\nimport { title } from ${JSON.stringify(title)};\n\nexport default { ...base, title };\n`,
  );
  build();
  build();
  assert.ok(build().skipped);
  assert.match(page('en'), /Fixture from beside/);
  writeFileSync(title, "export const title = 'Fixture from next door';\n");
  assert.equal(build().skipped, false, 'an edit of the imported file is built');
  assert.match(page('en'), /Fixture from next door/);
  assert.ok(build().skipped);
});

test('a build that fails is not remembered: the build after it reports the error again', () => {
  const file = path.join(root, 'content', 'en', 'index.md');
  const before = readFileSync(file, 'utf8');
  writeFileSync(file, `${before}\n[A link to nowhere](/en/no-such-page/)\n`);
  const failing = () =>
    spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), 'build'], { cwd: root, encoding: 'utf8' });
  const first = failing();
  assert.equal(first.status, 1, first.stdout);
  assert.match(first.stderr, /no-such-page/);
  const second = failing();
  assert.equal(second.status, 1, 'still an error, not "nothing changed"');
  assert.match(second.stderr, /no-such-page/);
  writeFileSync(file, before);
});
