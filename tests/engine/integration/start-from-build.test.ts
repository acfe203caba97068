// `site start --dir build` from the build alone: an empty folder gets a copy of `build/` and of the
// engine's runtime files (no config/, content/, i18n/ or public/ of the site), and the server there
// takes contact messages from a script and from a browser with JavaScript off, whose refused form
// comes back with the visitor's answers in it, rendered by the theme the site was built with and
// the site's override of the form.

import assert from 'node:assert/strict';
import { type ChildProcess, execFile } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { SERVER_DIR, SERVER_FORMS, SERVER_MANIFEST } from '../../../common/server-files.ts';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import { startDevServer } from '../../../generator/dev/serve.ts';
import { BUILT_IN_THEME_DIR } from '../../../generator/theming/theme-loader.ts';
import { DEFAULT_SETTINGS } from '../../../server/backend-config.ts';
import { DB_FILE } from '../../../server/contact-store.ts';
import { devServerHooks } from '../../../server/dev-hooks.ts';
import { exists, fixtureCopy, REPO } from '../../helpers.ts';
import { spawnOwned } from '../../processes.ts';
import { followResult, postForm, postJson, startServer, validMessage } from './contact-helpers.ts';

/** What `npm install` of the engine puts on disk that `site start` runs: its code and its packages. */
const ENGINE_FILES = ['bin', 'generator', 'server', 'theme', 'common', 'package.json', 'tsconfig.json'];
const run = promisify(execFile);

/** The site's own contact form: the theme's, in a frame of the site's (the island and the answer
 * pages render it alike, so the root it replaces is the same). */
const FORM_OVERRIDE = `import { ContactForm as ThemeForm, FORM_ROOT, type ContactFormProps } from '@theme/pages/ContactForm.tsx';
export * from '@theme/pages/ContactForm.tsx';

export function ContactForm(props: ContactFormProps) {
  return <div className="site-form-frame" data-form-override="basic"><ThemeForm {...props} /></div>;
}

export function ContactFormRoot(props: ContactFormProps) {
  const { state, handlers: _, ...setup } = props;
  return (
    <div className="contact-island" data-island-root={FORM_ROOT} data-props={JSON.stringify({ setup, state })}>
      <ContactForm {...setup} state={state} />
    </div>
  );
}
`;

/** The basic fixture with its own contact form (`components: { ContactForm: … }`). */
async function overrideForm(root: string): Promise<void> {
  await mkdir(path.join(root, 'components'));
  await writeFile(path.join(root, 'components', 'ContactForm.tsx'), FORM_OVERRIDE);
  const base = path.join(root, 'config', 'base.ts');
  await writeFile(
    base,
    (await readFile(base, 'utf8')).replace(
      /\n(\s*)locales:/,
      "\n$1components: { ContactForm: './components/ContactForm.tsx' },\n$1locales:",
    ),
  );
}

test('site start serves a copied build with a copied engine and stores contact messages, with and without JavaScript', async () => {
  const site = await fixtureCopy('basic');
  const server = await mkdtemp(path.join(os.tmpdir(), 'site-start-'));
  let child: ChildProcess | undefined;
  try {
    await overrideForm(site.root);
    const built = await runBuild({ root: site.root, mode: 'build', outDir: 'build' });
    assert.ok(built.ok, built.diagnostics.map(formatDiagnostic).join('\n'));
    assert.ok(exists(site.root, `build/${SERVER_MANIFEST}`) && exists(site.root, `build/${SERVER_FORMS}`));

    // Only the build (followed through its link) and the engine; the engine's packages by a link, as npm links a `file:` engine.
    await cp(path.join(site.root, 'build'), path.join(server, 'build'), { recursive: true, dereference: true });
    for (const part of ENGINE_FILES)
      await cp(path.join(REPO, part), path.join(server, 'engine', part), { recursive: true });
    await symlink(path.join(REPO, 'node_modules'), path.join(server, 'engine', 'node_modules'));
    // What `npm pack` runs first (`prepack`): the engine's bundle, shipped in dist/.
    await run(process.execPath, [
      path.join(server, 'engine', 'bin', 'engine-bundle.js'),
      'pack',
      path.join(server, 'engine', 'dist'),
    ]);
    assert.deepEqual((await readdir(server)).sort(), ['build', 'engine']);

    const dataDir = path.join(server, 'data');
    child = spawnOwned(
      process.execPath,
      [path.join(server, 'engine', 'bin', 'site.js'), 'start', '--dir', 'build', '--port', '0'],
      {
        cwd: server,
        env: {
          ...process.env,
          SITE_DATA_DIR: dataDir,
          CONTACT_RATE_LIMIT: 'off',
          CONTACT_REVEAL_RATE_LIMIT: 'off',
          SMTP_URL: '',
          LOG_FORMAT: 'text',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      child!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk;
        const found = /serving build\/ on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
        if (found) resolve(found[1]);
      });
      child!.once('exit', (code) => reject(new Error(`site start exited with ${code}:\n${output}`)));
    });

    assert.equal((await fetch(`${url}/en/`)).status, 200);
    assert.equal((await fetch(`${url}/${SERVER_MANIFEST}`)).status, 404, "the server's own files are not served");
    // No SMTP_URL: the owner is warned at start that messages will be stored and mailed to nobody.
    assert.match(output, /warning: contact messages will be stored in .* but not mailed to anyone; set SMTP_URL/);

    // With JavaScript: the island posts JSON.
    assert.equal((await postJson(url, validMessage({ name: 'Script Sender' }))).status, 201);

    // Without JavaScript: a refused form comes back filled in, with the error beside the field.
    const refused = await followResult(
      url,
      await postForm(url, {
        name: 'Kept Without Script',
        email: 'not-an-address',
        message: 'This answer must come back in the form.',
        terms: 'on',
        locale: 'en',
      }),
    );
    assert.equal(refused.status, 200);
    const html = await refused.text();
    assert.match(html, /value="Kept Without Script"/);
    assert.match(html, />This answer must come back in the form\.<\/textarea>/);
    assert.match(html, /aria-invalid="true"/);
    assert.match(html, /<html lang="en"/, 'the built English contact page around it');
    // The site's override, from the build's forms module: once, inside the root it replaced.
    assert.equal(html.match(/data-form-override="basic"/g)?.length, 1, 'the overridden form, once');
    assert.match(
      html,
      /data-island-root="contact-form"[^>]*><div class="site-form-frame" data-form-override="basic">[\s\S]*value="Kept Without Script"/,
    );

    const sent = await followResult(
      url,
      await postForm(url, {
        name: 'Form Sender',
        email: 'form@example.org',
        message: 'A message sent with JavaScript off.',
        terms: 'on',
        locale: 'en',
      }),
    );
    const success = await sent.text();
    assert.match(success, /data-status="success"/);
    assert.match(success, /data-form-override="basic"/);

    const db = new Database(path.join(dataDir, DB_FILE), { readonly: true });
    try {
      const names = (db.prepare('SELECT name FROM messages ORDER BY id').all() as { name: string }[]).map(
        (r) => r.name,
      );
      assert.deepEqual(names, ['Script Sender', 'Form Sender']);
    } finally {
      db.close();
    }
    assert.deepEqual(
      (await readdir(server)).sort(),
      ['build', 'data', 'engine'],
      'nothing but the data directory was added beside the build',
    );
    // The installed engine ran the bundle it shipped: no esbuild at start, nothing written in its folder.
    assert.ok(!exists(server, 'engine/.cache'), 'the engine bundled itself at start');

    // A build without `_server/` (an older engine's) is served with the site's config and strings
    // from its sources; without the theme's forms module a refused post gets the plain answer page
    // in the visitor's language, and the server says why at its start.
    await rm(path.join(site.root, 'build', SERVER_DIR), { recursive: true });
    const fromSources = await startServer({ root: site.root, dir: path.join(site.root, 'build') });
    try {
      const page = await followResult(
        fromSources.url,
        await postForm(fromSources.url, {
          name: 'Kept From Sources',
          email: 'nope',
          message: 'Rendered by the theme sources.',
          terms: 'on',
          locale: 'en',
        }),
      );
      assert.match(await page.text(), /<html lang="en">[\s\S]*<p role="status">Please check the marked fields\.<\/p>/);
    } finally {
      await fromSources.stop();
    }
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await rm(server, { recursive: true, force: true });
    await site.dispose();
  }
});

test("site serve answers a form posted without JavaScript with the site's own form too, as site start does", async () => {
  const site = await fixtureCopy('basic');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-serve-forms-'));
  const log = console.log;
  console.log = () => undefined;
  try {
    await overrideForm(site.root);
    const hooks = devServerHooks({ root: site.root, contact: { ...DEFAULT_SETTINGS, dataDir, rateLimit: false } });
    const dev = await startDevServer({
      root: site.root,
      port: 0,
      host: '127.0.0.1',
      watch: false,
      out: '.serve',
      hooks,
    }).finally(() => (console.log = log));
    try {
      const url = `http://127.0.0.1:${(dev.server.address() as { port: number }).port}`;
      // The visitor was on the contact page, which the dev server renders when it is asked for.
      assert.match(await (await fetch(`${url}/en/contact/`)).text(), /data-form-override="basic"/);
      const refused = await followResult(
        url,
        await postForm(url, {
          name: 'Kept By Serve',
          email: 'not-an-address',
          message: 'This answer must come back in the form.',
          terms: 'on',
          locale: 'en',
        }),
      );
      const html = await refused.text();
      assert.match(html, /value="Kept By Serve"/);
      assert.equal(html.match(/data-form-override="basic"/g)?.length, 1, 'the overridden form, once');
    } finally {
      await dev.close();
    }
  } finally {
    console.log = log;
    await rm(dataDir, { recursive: true, force: true });
    await site.dispose();
  }
});

test('a theme whose forms do not compile is reported at their line, and the build writes nothing', async () => {
  const site = await fixtureCopy('basic');
  try {
    const dir = path.join(site.root, 'theme');
    await mkdir(dir);
    // The built-in theme, but for its forms: a module of the site's theme with a mistake in it.
    const builtIn = (file: string) => path.relative(dir, path.join(BUILT_IN_THEME_DIR, file));
    await writeFile(
      path.join(dir, 'index.ts'),
      `import builtIn from ${JSON.stringify(path.join(BUILT_IN_THEME_DIR, 'index.ts'))};\nexport default { ...builtIn, files: { client: ${JSON.stringify(builtIn('client/index.ts'))}, styles: ${JSON.stringify(builtIn('styles/site.css'))}, islands: ${JSON.stringify(builtIn('client/islands'))}, forms: 'forms.ts' } };\n`,
    );
    await writeFile(path.join(dir, 'forms.ts'), "export const form = () => '<form>' +;\n");
    const base = path.join(site.root, 'config', 'base.ts');
    await writeFile(
      base,
      (await readFile(base, 'utf8')).replace(/\n(\s*)locales:/, "\n$1theme: './theme',\n$1locales:"),
    );
    const built = await runBuild({ root: site.root, mode: 'build', outDir: 'build' });
    assert.equal(built.ok, false);
    assert.deepEqual(
      built.diagnostics.map((d) => [d.file, d.line, d.rule]),
      [['theme/forms.ts', 1, 'theme']],
    );
    assert.match(formatDiagnostic(built.diagnostics[0]), /The theme does not compile: /);
    assert.equal(exists(site.root, 'build/index.html'), false, 'no half-written build');
  } finally {
    await site.dispose();
  }
});
