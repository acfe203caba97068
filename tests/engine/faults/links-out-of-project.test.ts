// Symbolic links in a site's folders, made at run time in a copy of the basic fixture: a link that
// leads out of the project (to /etc/passwd, to a folder or a Markdown file elsewhere on the
// machine) is reported at the link, naming its target and the fix, and no byte of what it leads to
// reaches build/ or the dev server's answers; a link that stays inside the project is published as
// the file it leads to, and the link checker counts exactly what the build copies.

import assert from 'node:assert/strict';
import { lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { runBuild } from '../../../generator/build/build.ts';
import { closeParseWorkers } from '../../../generator/build/worker-pool.ts';
import { startDevServer } from '../../../generator/dev/serve.ts';
import type { Diagnostic } from '../../../generator/types.ts';
import { devServerHooks } from '../../../server/dev-hooks.ts';
import { fixtureCopy } from '../../helpers.ts';

/** What only the files outside the project hold: none of it may be published. */
const SECRET = 'OUTSIDE-THE-PROJECT-3f9c1e';
const PASSWD = readFileSync('/etc/passwd', 'utf8').split('\n')[0];

/** A copy of the basic fixture with links out of it and into it, and the folder outside it. */
async function siteWithLinks() {
  const { root, dispose } = await fixtureCopy('basic');
  // Its real path: the diagnostics name where a link really leads.
  const outside = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'site-outside-')));
  await writeFile(path.join(outside, 'notes.txt'), `${SECRET}\n`);
  await writeFile(
    path.join(outside, 'leak.md'),
    `---\ntitle: Leak\ndescription: Not of this site.\n---\n\n${SECRET}\n`,
  );
  await writeFile(path.join(outside, '_partial.md'), `${SECRET} in a partial\n`);
  // Out of the project.
  await symlink('/etc/passwd', path.join(root, 'public/passwd.txt'));
  await symlink('/etc/passwd', path.join(root, 'public/img/passwd.png'));
  await symlink(outside, path.join(root, 'public/elsewhere'));
  await symlink(path.join(outside, 'leak.md'), path.join(root, 'content/en/docs/leak.md'));
  await symlink(path.join(outside, '_partial.md'), path.join(root, 'content/en/docs/_partial.md'));
  await appendFile(path.join(root, 'content/en/docs/index.md'), '\n::include{file="./_partial.md"}\n');
  // Inside the project: a file and a folder of it, linked from public/ (relative and absolute).
  await mkdir(path.join(root, 'shared'));
  await writeFile(path.join(root, 'shared/notes.txt'), 'notes of this site\n');
  await symlink('../shared/notes.txt', path.join(root, 'public/notes.txt'));
  await symlink(path.join(root, 'shared'), path.join(root, 'public/shared'));
  // A page links to a file of each kind.
  await appendFile(
    path.join(root, 'content/en/docs/guides/install.md'),
    '\n[passwd](/passwd.txt), [notes](/notes.txt), [shared](/shared/notes.txt)\n',
  );
  return {
    root,
    outside,
    dispose: async () => {
      await dispose();
      await rm(outside, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir` with its bytes as text; fails on a symbolic link (build/ holds files only). */
function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    assert.ok(!entry.isSymbolicLink(), `build/ holds a symbolic link: ${full}`);
    if (entry.isFile()) files.set(path.relative(dir, full), readFileSync(full).toString('latin1'));
  }
  return files;
}

const named = (diagnostics: Diagnostic[], rule: string) =>
  diagnostics.filter((d) => d.rule === rule).map((d) => `${d.file}: ${d.message} (${d.hint})`);

test('links out of the project are reported at the link, with their target and the fix, and the build publishes nothing of them', async (t) => {
  const site = await siteWithLinks();
  t.after(site.dispose);
  const outDir = path.join(site.root, 'build');
  const result = await runBuild({ root: site.root, mode: 'build', outDir });
  const outside = named(result.diagnostics, 'outside-link');
  t.diagnostic(outside.join('\n'));
  assert.equal(result.ok, false, 'a link out of the project fails the build');
  for (const [link, target, fix] of [
    ['public/passwd.txt', '/etc/passwd', 'rm public/passwd.txt'],
    ['public/img/passwd.png', '/etc/passwd', 'rm public/img/passwd.png'],
    ['public/elsewhere', site.outside, 'rm public/elsewhere'],
    ['content/en/docs/leak.md', path.join(site.outside, 'leak.md'), 'rm content/en/docs/leak.md'],
    ['content/en/docs/_partial.md', path.join(site.outside, '_partial.md'), 'rm content/en/docs/_partial.md'],
  ])
    assert.ok(
      outside.some(
        (d) => d.startsWith(`${link}: ${link} is a symbolic link to ${target}, outside the project`) && d.includes(fix),
      ),
      `${link} is reported with its target ${target}:\n${outside.join('\n')}`,
    );
  assert.equal(outside.length, 5, outside.join('\n'));
  // The link checker does not count what leads out: the page's link to it is broken; the link
  // into the project is fine.
  const broken = named(result.diagnostics, 'broken-link');
  assert.ok(
    broken.some((d) => d.includes('/passwd.txt')),
    broken.join('\n'),
  );
  assert.ok(!broken.some((d) => d.includes('notes.txt')), broken.join('\n'));
  // The include of the partial that leads out finds no such file.
  assert.ok(named(result.diagnostics, 'include').some((d) => d.includes('_partial.md')));
  // Nothing was published: there is no build/ at all, or one without a byte from outside.
  let published = new Map<string, string>();
  try {
    published = filesUnder(outDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  for (const [file, bytes] of published) {
    assert.ok(!bytes.includes(SECRET) && !bytes.includes(PASSWD), `${file} holds bytes from outside the project`);
  }
});

test('with the links out removed, links inside the project are published as files, and what the checker counts is what is copied', async (t) => {
  const site = await siteWithLinks();
  t.after(site.dispose);
  for (const link of ['public/passwd.txt', 'public/img/passwd.png', 'public/elsewhere', 'content/en/docs/leak.md'])
    await unlink(path.join(site.root, link));
  await unlink(path.join(site.root, 'content/en/docs/_partial.md'));
  await writeFile(path.join(site.root, 'content/en/docs/_partial.md'), 'A partial of this site.\n');
  await writeFile(
    path.join(site.root, 'content/en/docs/guides/install.md'),
    readFileSync(path.join(site.root, 'content/en/docs/guides/install.md'), 'utf8').replace(
      '[passwd](/passwd.txt), ',
      '',
    ),
  );
  const outDir = path.join(site.root, 'build');
  const result = await runBuild({ root: site.root, mode: 'build', outDir });
  assert.deepEqual(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
    'links inside the project are fine',
  );
  const published = filesUnder(outDir);
  assert.equal(published.get('notes.txt'), 'notes of this site\n');
  assert.equal(published.get('shared/notes.txt'), 'notes of this site\n');
  assert.ok(lstatSync(path.join(outDir, 'notes.txt')).isFile());
  for (const [file, bytes] of published)
    assert.ok(!bytes.includes(SECRET) && !bytes.includes(PASSWD), `${file} holds bytes from outside the project`);
});

test('the dev server answers 404 for files of public/ that lead out of the project, and serves those inside', async (t) => {
  const site = await siteWithLinks();
  const dev = await startDevServer({
    root: site.root,
    port: 0,
    host: '127.0.0.1',
    watch: false,
    out: '.serve',
    hooks: devServerHooks({ root: site.root }),
  });
  t.after(async () => {
    await dev.close();
    await closeParseWorkers();
    await site.dispose();
  });
  const address = dev.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  for (const file of ['/passwd.txt', '/img/passwd.png', '/elsewhere/notes.txt']) {
    const response = await fetch(`${base}${file}`);
    const body = await response.text();
    assert.equal(response.status, 404, file);
    assert.ok(!body.includes(SECRET) && !body.includes(PASSWD), `${file} answered with bytes from outside`);
  }
  for (const file of ['/notes.txt', '/shared/notes.txt']) {
    const response = await fetch(`${base}${file}`);
    assert.equal(response.status, 200, file);
    assert.equal(await response.text(), 'notes of this site\n');
  }
});
