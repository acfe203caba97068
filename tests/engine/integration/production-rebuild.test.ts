// The production server follows the build it serves: a rebuild that swaps `build/` (renaming, as
// `site build` does) changes the Content-Security-Policy without a restart, SIGHUP re-reads an
// edited `_headers`, and requests during swaps never get a 404 for a page both builds have, nor a
// page whose inline script its CSP does not allow.

import assert from 'node:assert/strict';
import { cp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { scriptHash } from '../../../generator/extras/csp.ts';
import { blockedInlineScripts } from '../../../server/security-headers.ts';
import { REPO } from '../../helpers.ts';
import { spawnOwned } from '../../processes.ts';
import { type BuiltFixture, buildFixture, startServer } from './contact-helpers.ts';

let site: BuiltFixture;
let other: string;
const PAGES = ['/', '/en/', '/docs/', '/contact/', '/en/contact/'];
const inlineScript = /<script>([^<]*)<\/script>/;

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(file);
    else if (entry.name.endsWith('.html')) yield file;
  }
}

/**
 * A second build of the same pages whose colour-mode script differs, as after a theme change:
 * every page's inline script, its .br and .gz twins, and the hash in `_headers`.
 */
async function rebuiltWithOtherScript(from: string, to: string): Promise<string> {
  await cp(from, to, { recursive: true, dereference: true });
  let oldScript = '';
  const newScript = (script: string) => `${script}/* rebuilt */`;
  for await (const file of htmlFiles(to)) {
    const html = await readFile(file, 'utf8');
    const script = inlineScript.exec(html)?.[1];
    if (!script) continue;
    oldScript = script;
    const changed = html.replace(inlineScript, () => `<script>${newScript(script)}</script>`);
    await writeFile(file, changed);
    // The quality of the twins is not what is tested: a quick setting makes the same page.
    await writeFile(`${file}.br`, brotliCompressSync(changed, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
    await writeFile(`${file}.gz`, gzipSync(changed));
  }
  const headers = await readFile(path.join(to, '_headers'), 'utf8');
  assert.ok(headers.includes(scriptHash(oldScript)), 'the fixture’s CSP names its inline script');
  await writeFile(path.join(to, '_headers'), headers.replace(scriptHash(oldScript), scriptHash(newScript(oldScript))));
  return scriptHash(newScript(oldScript));
}

/** Swapped in as `site build` does it: the old build renamed away, the new one renamed in. */
async function swapIn(next: string, dir: string, spare: string): Promise<void> {
  await rename(dir, spare);
  await rename(next, dir);
}

/** The fixture's rebuild, made once; each test that swaps it in takes a copy. */
let pristineOther: string;

let otherHash: string;
before(async () => {
  site = await buildFixture();
  pristineOther = path.join(site.root, 'build.other-pristine');
  otherHash = await rebuiltWithOtherScript(site.dir, pristineOther);
  other = path.join(site.root, 'build.next');
  await cp(pristineOther, other, { recursive: true });
});
after(() => site?.dispose());

const csp = (res: Response) => res.headers.get('content-security-policy') ?? '';

test('after a rebuild is swapped in, the server sends the new build’s CSP and pages, without a restart', async () => {
  const server = await startServer(site);
  const previous = path.join(site.root, 'build.previous');
  try {
    const before = await fetch(`${server.url}/`);
    assert.doesNotMatch(csp(before), new RegExp(otherHash.replace(/[+/=]/g, '\\$&')));
    await before.text();
    await swapIn(other, site.dir, previous);
    await rm(previous, { recursive: true });
    const res = await fetch(`${server.url}/`);
    const html = await res.text();
    assert.ok(csp(res).includes(otherHash), 'the new script hash is in the CSP');
    assert.match(html, /\/\* rebuilt \*\//, 'the new page');
    assert.deepEqual(blockedInlineScripts(html, csp(res)), [], 'the page’s inline script is allowed');
  } finally {
    await server.stop();
  }
});

test('requests during repeated swaps: no 404 for a page both builds have, and every page matches its CSP', async () => {
  // Two builds that take turns; the one swapped out is kept (and once in a while deleted and copied back).
  const fresh = await buildFixture();
  const b = path.join(fresh.root, 'build.b');
  await cp(pristineOther, b, { recursive: true });
  const server = await startServer(fresh);
  let swapping = true;
  const problems: string[] = [];
  let requests = 0;
  const swapper = (async () => {
    let spare = path.join(fresh.root, 'build.a');
    let next = b;
    for (let i = 0; i < 60; i++) {
      await swapIn(next, fresh.dir, spare);
      [next, spare] = [spare, next];
      if (i % 10 === 9) {
        const copy = `${next}.copy`;
        await cp(next, copy, { recursive: true, dereference: true });
        await rm(next, { recursive: true });
        await rename(copy, next);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    swapping = false;
  })();
  const client = async () => {
    while (swapping) {
      for (const page of PAGES) {
        const res = await fetch(`${server.url}${page}`);
        const html = await res.text();
        requests++;
        if (res.status !== 200) problems.push(`${page}: ${res.status}`);
        else if (blockedInlineScripts(html, csp(res)).length) problems.push(`${page}: inline script not in its CSP`);
      }
    }
  };
  try {
    await Promise.all([swapper, client(), client(), client()]);
    assert.ok(requests > 100, `enough requests during the swaps (${requests})`);
    assert.deepEqual(problems, [], `${problems.length} of ${requests} requests went wrong`);
  } finally {
    await server.stop();
    await fresh.dispose();
  }
});

test('SIGHUP makes `site start` read an edited `_headers` again', async () => {
  const fresh = await buildFixture();
  const child = spawnOwned(
    process.execPath,
    [path.join(REPO, 'bin/site.js'), 'start', '--dir', fresh.dir, '--port', '0'],
    {
      cwd: fresh.root,
      env: { ...process.env, SITE_DATA_DIR: path.join(fresh.root, '.data'), SMTP_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk;
        const match = /on (http:\/\/[^/\s]+)\//.exec(out);
        if (match) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`site start exited (${code}): ${out}`)));
    });
    const headersFile = path.join(fresh.dir, '_headers');
    await writeFile(
      headersFile,
      (await readFile(headersFile, 'utf8')).replace('X-Frame-Options: DENY', 'X-Frame-Options: SAMEORIGIN'),
    );
    assert.equal(
      (await fetch(`${url}/`)).headers.get('x-frame-options'),
      'DENY',
      'an edit in place alone changes nothing',
    );
    const reloaded = new Promise<void>((resolve) =>
      child.stdout!.on('data', (chunk: Buffer) => /serving the build/.test(String(chunk)) && resolve()),
    );
    child.kill('SIGHUP');
    await reloaded;
    assert.equal((await fetch(`${url}/`)).headers.get('x-frame-options'), 'SAMEORIGIN');
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await fresh.dispose();
  }
});
