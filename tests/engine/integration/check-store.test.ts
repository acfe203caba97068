// A warm `site check` renders only what changed: what rendering each page found (the links and ids
// the rendered-link check reads) is kept in .cache/check/, so a second check renders nothing and an
// edit renders the pages it touched, and `--timings` says so beside each step's time. What the
// links lead to is still checked every time: a file the theme links to that is gone is reported
// though no page was rendered.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fixtureCopy, REPO } from '../../helpers.ts';

const site = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), ...args], { cwd, encoding: 'utf8' });

const rendered = (stdout: string) => Number(/^Rendered (\d+) pages?; the check store/m.exec(stdout)?.[1]);

test('a second check renders no page, an edit renders the pages it touched, and links are still checked', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  try {
    const first = site(root, 'check', '--timings');
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /^Steps: config \d+ ms, .*render \d+ ms, check-rendered-links \d+ ms;/m);
    const pages = rendered(first.stdout);
    assert.ok(pages > 20, first.stdout);

    const second = site(root, 'check', '--timings');
    assert.equal(second.status, 0, second.stderr);
    assert.equal(rendered(second.stdout), 0, second.stdout);
    assert.match(second.stdout, new RegExp(`had the links and ids of the other ${pages}\\.`));

    // A body edit: the page and the pages that show its excerpt (none for a guide).
    const guide = path.join(root, 'content/en/docs/guides/upgrade.md');
    writeFileSync(guide, readFileSync(guide, 'utf8').replace('Back to', 'Return to'));
    const edited = site(root, 'check', '--timings');
    assert.equal(edited.status, 0, edited.stderr);
    assert.equal(rendered(edited.stdout), 1, edited.stdout);

    // The logo every page's navbar shows, gone: reported from what the store kept of the pages.
    rmSync(path.join(root, 'public/img/logo.svg'));
    const broken = site(root, 'check', '--timings');
    assert.equal(broken.status, 1);
    assert.match(broken.stderr, /\/img\/logo\.svg/);
  } finally {
    await dispose();
  }
});

test('a check after switching to a branch that changes every page and back renders no page again', async () => {
  const { root, dispose } = await fixtureCopy('basic');
  const git = (...args: string[]) => {
    const r = spawnSync(
      'git',
      ['-c', 'user.name=Editor', '-c', 'user.email=editor@fixture.example', '-c', 'commit.gpgsign=false', ...args],
      { cwd: root, encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
  };
  try {
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'The site');
    const first = site(root, 'check', '--timings');
    assert.equal(first.status, 0, first.stderr);
    const pages = rendered(first.stdout);

    // A branch whose config changes what every page shows (the site's title, in every page's head).
    git('checkout', '-q', '-b', 'retitle');
    const config = path.join(root, 'config/site.config.ts');
    writeFileSync(config, "import { base } from './base.ts';\n\nexport default { ...base, title: 'Fixture Two' };\n");
    git('commit', '-q', '-am', 'Another title');
    const other = site(root, 'check', '--timings');
    assert.equal(other.status, 0, other.stderr);
    assert.equal(rendered(other.stdout), pages, 'every page shows the title');

    git('checkout', '-q', 'main');
    const back = site(root, 'check', '--timings');
    assert.equal(back.status, 0, back.stderr);
    assert.equal(rendered(back.stdout), 0, back.stdout);
    git('checkout', '-q', 'retitle');
    assert.equal(rendered(site(root, 'check', '--timings').stdout), 0, 'and on the branch again');
  } finally {
    await dispose();
  }
});
