#!/usr/bin/env -S node --max-semi-space-size=64
// Starts the `site` CLI from one JavaScript bundle that esbuild makes of the TypeScript sources and
// keeps in .cache/ until a source file changes. Loading one file takes a fraction of the time a
// TypeScript loader needs to transpile and resolve a hundred modules on every start.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's development build renders several times slower and only adds warnings for its authors.
process.env.NODE_ENV ??= 'production';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = path.join(ROOT, '.cache');
const SOURCES = ['bin', 'generator', 'server', 'theme', 'common'];
const ENTRIES = { cli: 'bin/cli.ts', worker: 'generator/worker.ts' };
// How the generator is bundled for Node, shared with generator/bundle-module.ts: packages with
// native parts or files of their own to find stay imports (`external`), and CommonJS packages in
// an ES module bundle get a `require` of their own (`requireShim`).
const NODE_BUNDLE = JSON.parse(readFileSync(path.join(ROOT, 'generator/node-bundle.json'), 'utf8'));

/** A fingerprint of every source file's path, size and modification time, and of the lockfile. */
function fingerprint() {
  const hash = createHash('sha1');
  const visit = (dir) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) visit(rel);
      else if (/\.(ts|tsx|js|json)$/.test(entry.name)) {
        const stat = statSync(path.join(ROOT, rel));
        hash.update(`${rel}:${stat.size}:${stat.mtimeMs}\n`);
      }
    }
  };
  for (const dir of SOURCES) visit(dir);
  for (const file of ['package-lock.json', 'tsconfig.json']) {
    if (existsSync(path.join(ROOT, file))) hash.update(`${file}:${statSync(path.join(ROOT, file)).mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 12);
}

/** Bundles into a private folder and renames into place, the CLI last: another `site` starting at the
 * same moment sees either no bundle or a complete one. */
async function bundle(key) {
  const esbuild = await import('esbuild');
  const staging = path.join(CACHE, `staging-${process.pid}`);
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [`${name}.${key}`, file])),
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    chunkNames: `chunk.${key}.[hash]`,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    // Packages are bundled too, except those with native parts or files of their own to find.
    external: NODE_BUNDLE.external,
    banner: { js: NODE_BUNDLE.requireShim },
    // The worker pool finds its entry by this name (see generator/worker-pool.ts).
    define: { SITE_BUNDLED_WORKER: JSON.stringify(`./worker.${key}.mjs`) },
    logLevel: 'error',
  });
  const files = readdirSync(staging).sort((a, b) => Number(a.startsWith('cli.')) - Number(b.startsWith('cli.')));
  for (const file of files) renameSync(path.join(staging, file), path.join(CACHE, file));
  rmSync(staging, { recursive: true, force: true });
  // Bundles of earlier sources are of no further use.
  for (const file of readdirSync(CACHE)) {
    if (/^(cli|worker|chunk)\./.test(file) && !file.includes(`.${key}.`)) rmSync(path.join(CACHE, file), { force: true });
  }
}

/** Removes the staging folders of bundlings that were killed (their process is gone): nothing else would. */
function removeStaleStaging() {
  if (!existsSync(CACHE)) return;
  for (const name of readdirSync(CACHE)) {
    const pid = Number(/^staging-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if (error.code === 'ESRCH') rmSync(path.join(CACHE, name), { recursive: true, force: true });
    }
  }
}

removeStaleStaging();
const key = fingerprint();
// Parse results on disk are valid for this version of the code only (generator/parse-store.ts).
process.env.SITE_BUNDLE_KEY = key;
const cli = path.join(CACHE, `cli.${key}.mjs`);
if (!existsSync(cli)) await bundle(key);
await import(pathToFileURL(cli).href);
