// Symbolic links in a site's folders, made at run time in a copy of the basic fixture: a link that
// leads out of the project (to /etc/passwd, to a folder or a Markdown file elsewhere on the
// machine), or out of public/ into the rest of the project (its root, `.git`, a folder beside
// public/), is reported at the link, naming its target and the fix, and no byte of what it leads
// to reaches build/ or the dev server's answers; a link that stays inside public/ is published as
// the file it leads to, and the link checker counts exactly what the build copies. A dot-folder or
// dot-file of public/ is not published, `.well-known/` is.

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
/** What only the project's own files outside public/ hold (`.env`, `.git/`, a folder beside public/). */
const PRIVATE = 'PROJECT-NOT-PUBLIC-7d2a90';
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
  // Inside the project, outside public/: a file and a folder of it, the project itself, its .git.
  await mkdir(path.join(root, 'shared'));
  await writeFile(path.join(root, 'shared/notes.txt'), `${PRIVATE} notes\n`);
  await writeFile(path.join(root, '.env'), `TOKEN=${PRIVATE}\n`);
  await mkdir(path.join(root, '.git'));
  await writeFile(path.join(root, '.git/config'), `[remote] ${PRIVATE}\n`);
  await symlink('../shared/notes.txt', path.join(root, 'public/notes.txt'));
  await symlink(path.join(root, 'shared'), path.join(root, 'public/shared'));
  await symlink('..', path.join(root, 'public/root'));
  await symlink('../.git', path.join(root, 'public/dotgit'));
  // Inside public/: a link to a file of it, a dot-file and a dot-folder, and .well-known/.
  await writeFile(path.join(root, 'public/img/notes.txt'), 'notes of this site\n');
  await symlink('img/notes.txt', path.join(root, 'public/latest.txt'));
  await writeFile(path.join(root, 'public/.env'), `TOKEN=${PRIVATE}\n`);
  await mkdir(path.join(root, 'public/.private'));
  await writeFile(path.join(root, 'public/.private/notes.txt'), `${PRIVATE}\n`);
  await mkdir(path.join(root, 'public/.well-known'));
  await writeFile(path.join(root, 'public/.well-known/security.txt'), 'Contact: mailto:security@example.org\n');
  // A page links to a file of each kind.
  await appendFile(
    path.join(root, 'content/en/docs/guides/install.md'),
    '\n[passwd](/passwd.txt), [notes](/notes.txt), [shared](/shared/notes.txt), [latest](/latest.txt)\n',
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
  for (const [link, target] of [
    ['public/notes.txt', 'shared/notes.txt'],
    ['public/shared', 'shared'],
    ['public/root', '.'],
    ['public/dotgit', '.git'],
  ])
    assert.ok(
      outside.some(
        (d) =>
          d.startsWith(`${link}: ${link} is a symbolic link to ${target}, outside public/: it is not published`) &&
          d.includes(`rm ${link}`),
      ),
      `${link} is reported with its target ${target}:\n${outside.join('\n')}`,
    );
  assert.equal(outside.length, 9, outside.join('\n'));
  // The link checker does not count what leads out: the page's link to it is broken; the link
  // inside public/ is fine.
  const broken = named(result.diagnostics, 'broken-link');
  for (const file of ['/passwd.txt', '/notes.txt', '/shared/notes.txt'])
    assert.ok(
      broken.some((d) => d.includes(file)),
      `${file}: ${broken.join('\n')}`,
    );
  assert.ok(!broken.some((d) => d.includes('latest.txt')), broken.join('\n'));
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
    assert.ok(
      !bytes.includes(SECRET) && !bytes.includes(PASSWD) && !bytes.includes(PRIVATE),
      `${file} holds bytes from outside public/`,
    );
  }
});

test('with the links out removed, links inside public/ are published as files, dot-folders but .well-known/ are not, and what the checker counts is what is copied', async (t) => {
  const site = await siteWithLinks();
  t.after(site.dispose);
  for (const link of [
    'public/passwd.txt',
    'public/img/passwd.png',
    'public/elsewhere',
    'public/notes.txt',
    'public/shared',
    'public/root',
    'public/dotgit',
    'content/en/docs/leak.md',
  ])
    await unlink(path.join(site.root, link));
  await unlink(path.join(site.root, 'content/en/docs/_partial.md'));
  await writeFile(path.join(site.root, 'content/en/docs/_partial.md'), 'A partial of this site.\n');
  await writeFile(
    path.join(site.root, 'content/en/docs/guides/install.md'),
    readFileSync(path.join(site.root, 'content/en/docs/guides/install.md'), 'utf8').replace(
      '[passwd](/passwd.txt), [notes](/notes.txt), [shared](/shared/notes.txt), ',
      '',
    ),
  );
  const outDir = path.join(site.root, 'build');
  const result = await runBuild({ root: site.root, mode: 'build', outDir });
  assert.deepEqual(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
    'links inside public/ are fine',
  );
  const published = filesUnder(outDir);
  assert.equal(published.get('latest.txt'), 'notes of this site\n');
  assert.ok(lstatSync(path.join(outDir, 'latest.txt')).isFile());
  assert.equal(published.get('.well-known/security.txt'), 'Contact: mailto:security@example.org\n');
  assert.ok(!published.has('.env') && !published.has('.private/notes.txt'), [...published.keys()].join(' '));
  for (const [file, bytes] of published)
    assert.ok(
      !bytes.includes(SECRET) && !bytes.includes(PASSWD) && !bytes.includes(PRIVATE),
      `${file} holds bytes from outside public/`,
    );
});

test('the dev server answers 404 for files of public/ that lead out of it and for its dot-folders, and serves those inside and .well-known/', async (t) => {
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
  for (const file of [
    '/passwd.txt',
    '/img/passwd.png',
    '/elsewhere/notes.txt',
    '/notes.txt',
    '/shared/notes.txt',
    '/root/.env',
    '/root/public/.env',
    '/dotgit/config',
    '/.env',
    '/.private/notes.txt',
  ]) {
    const response = await fetch(`${base}${file}`);
    const body = await response.text();
    assert.equal(response.status, 404, file);
    assert.ok(
      !body.includes(SECRET) && !body.includes(PASSWD) && !body.includes(PRIVATE),
      `${file} answered with bytes from outside public/`,
    );
  }
  assert.equal((await fetch(`${base}/.well-known/security.txt`)).status, 200);
  for (const file of ['/latest.txt']) {
    const response = await fetch(`${base}${file}`);
    assert.equal(response.status, 200, file);
    assert.equal(await response.text(), 'notes of this site\n');
  }
});
