// The engine as Node runs it: one JavaScript bundle per entry (the CLI, its worker, the programmatic
// API) that esbuild makes of the TypeScript sources and keeps until a source file changes. Loading
// one file takes a fraction of the time a TypeScript loader needs to transpile and resolve a
// hundred modules on every start. The bundle is the engine's own code, the same for every site: it
// is kept in the engine's node_modules/.cache/sitesmith/ where that can be written (a clone: made by
// `npm ci` through `prepare`, and gone with node_modules, whose packages it imports), else in the
// .cache/engine/ of the site in the current folder (an engine installed read-only). A site's own
// .cache/ holds only what the generator caches for that site (generator/bundle/package-root.ts), so
// removing it to build a site cold does not make the engine again.
//
// A packed engine (`npm pack`, `npm publish`) ships the bundle made at packing (`prepack`:
// `node bin/engine-bundle.js pack dist`) in `dist/`, with its packages as plain imports and its
// folder found from its own place: an installed engine runs without esbuild and writes nothing of
// its own. A working copy (a folder with `.git`) never uses `dist/`: its sources may have changed.

import { createHash } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's development build renders several times slower and only adds warnings for its authors.
process.env.NODE_ENV ??= 'production';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKED = path.join(ROOT, 'dist');
const PACKED_KEY = path.join(PACKED, 'engine.json');
const RUNS_PACKED = existsSync(PACKED_KEY) && !existsSync(path.join(ROOT, '.git'));
/** Made when first asked for: packing, or running packed, writes nothing there. */
let cache;
const cacheFolder = () => (cache ??= bundleFolder());
const SOURCES = ['bin', 'generator', 'server', 'theme', 'common'];
const ENTRIES = { cli: 'bin/cli.ts', api: 'bin/programmatic-api.ts', worker: 'generator/build/worker.ts' };
// How the generator is bundled for Node, shared with generator/bundle/bundle-module.ts: packages with
// native parts or files of their own to find stay imports (`external`), and CommonJS packages in
// an ES module bundle get a `require` of their own (`requireShim`).
const NODE_BUNDLE = JSON.parse(readFileSync(path.join(ROOT, 'generator/bundle/node-bundle.json'), 'utf8'));

/** The engine's node_modules/.cache/sitesmith/ if this process may write there, else the current site's .cache/engine/. */
function bundleFolder() {
  const own = path.join(ROOT, 'node_modules', '.cache', 'sitesmith');
  try {
    mkdirSync(own, { recursive: true });
    accessSync(own, constants.W_OK);
    return own;
  } catch {
    return path.join(process.cwd(), '.cache', 'engine');
  }
}

/** Packages that stay imports are imported by the absolute path of the engine's copy: a bundle in a
 * site's folder finds no packages beside it (a linked engine keeps them in its own node_modules). */
const pinnedExternals = {
  name: 'pinned-externals',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^(${NODE_BUNDLE.external.join('|')})(/|$)`) }, async (args) => {
      if (args.pluginData === 'pinned') return undefined;
      const found = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'pinned',
      });
      return found.errors.length ? { path: args.path, external: true } : { path: found.path, external: true };
    });
  },
};

/** A fingerprint of the engine's place, of every source file's path, size and modification time, and of the lockfile. */
function fingerprint() {
  const hash = createHash('sha1');
  hash.update(`${ROOT}\n`);
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

/** The engine's version by content: every source file's path and bytes, and the lockfile's. Two
 * clones of one commit have the same whatever their folder and their files' times, so what a site
 * keeps in .cache/ for the code (parse results, the output store) serves a fresh clone too, as in a
 * CI job that restores the last run's .cache/. The fingerprint above, by times, only says whether
 * to bundle again; this is read once per fingerprint and noted beside its bundle. */
export function contentKey(root = ROOT) {
  const hash = createHash('sha1');
  const visit = (dir) => {
    const entries = readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) visit(rel);
      else if (/\.(ts|tsx|js|json)$/.test(entry.name))
        hash.update(`${rel}\0`).update(readFileSync(path.join(root, rel)));
    }
  };
  for (const dir of SOURCES) visit(dir);
  for (const file of ['package-lock.json', 'tsconfig.json']) {
    if (existsSync(path.join(root, file))) hash.update(`${file}\0`).update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** The content key of the sources of `key` (a fingerprint), noted once per fingerprint. */
function contentKeyOf(key) {
  const note = path.join(cacheFolder(), `key.${key}.json`);
  try {
    return JSON.parse(readFileSync(note, 'utf8')).content;
  } catch {
    const content = contentKey();
    try {
      writeFileSync(note, `${JSON.stringify({ content })}\n`);
    } catch {
      // Not noted: the next start reads the sources again, no worse than this one.
    }
    return content;
  }
}

/** esbuild's options for the engine's bundle: in a working copy (`packed` false) packages are
 * imported from the engine's own folder by absolute path, wherever the bundle is kept; packed, they
 * are plain imports resolved from `dist/` as Node resolves any package's imports. */
function engineBuild(key, packed) {
  const names = packed ? '' : `.${key}`;
  return {
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [`${name}${names}`, file])),
    outExtension: { '.js': '.mjs' },
    chunkNames: `chunk${names}.[hash]`,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    // Packages are bundled too, except those with native parts or files of their own to find.
    ...(packed ? { external: NODE_BUNDLE.external } : { plugins: [pinnedExternals] }),
    // `require` resolves from the engine's folder, wherever the bundle is kept; a packed bundle
    // finds the engine's folder from its own place in it.
    banner: {
      js: packed
        ? `${NODE_BUNDLE.requireShim.replace('%ENGINE_PACKAGE_JSON%', 'import.meta.url')} import { fileURLToPath as siteFileUrlToPath } from 'node:url'; const siteEngineRoot = siteFileUrlToPath(new URL('..', import.meta.url));`
        : NODE_BUNDLE.requireShim.replace('%ENGINE_PACKAGE_JSON%', JSON.stringify(path.join(ROOT, 'package.json'))),
    },
    // The worker pool finds its entry by this name (see generator/build/worker-pool.ts).
    // …and the engine's folder by this one (see generator/bundle/package-root.ts).
    define: {
      SITE_BUNDLED_WORKER: JSON.stringify(`./worker${names}.mjs`),
      SITE_ENGINE_ROOT: packed ? 'siteEngineRoot' : JSON.stringify(ROOT),
    },
    logLevel: 'error',
  };
}

/** Bundles into a private folder and renames into place, the CLI last: another `site` starting at the
 * same moment sees either no bundle or a complete one. */
async function bundle(key) {
  const esbuild = await import('esbuild');
  mkdirSync(cacheFolder(), { recursive: true });
  const staging = path.join(cacheFolder(), `staging-${process.pid}`);
  await esbuild.build({ ...engineBuild(key, false), outdir: staging });
  // The entries last, the CLI after the API: whoever sees an entry's file sees all it imports.
  const rank = (file) => (file.startsWith('cli.') ? 2 : file.startsWith('api.') ? 1 : 0);
  const files = readdirSync(staging).sort((a, b) => rank(a) - rank(b));
  for (const file of files) renameSync(path.join(staging, file), path.join(cacheFolder(), file));
  rmSync(staging, { recursive: true, force: true });
  // Bundles of earlier sources are of no further use, but to a process still running on them: a
  // dev server started before the sources changed loads its workers and chunks from them later.
  const inUse = keysInUse();
  for (const file of readdirSync(cacheFolder())) {
    const bundled = /^(?:cli|api|worker|chunk|key)\.([0-9a-f]{12})\./.exec(file);
    if (bundled && bundled[1] !== key && !inUse.has(bundled[1]))
      rmSync(path.join(cacheFolder(), file), { force: true });
  }
}

/** Marks the bundle of `key` as used by this process until it exits (`in-use.<key>.<pid>`). */
function markInUse(key) {
  const marker = path.join(cacheFolder(), `in-use.${key}.${process.pid}`);
  try {
    writeFileSync(marker, '');
    process.on('exit', () => rmSync(marker, { force: true }));
  } catch {
    // Unmarked, the bundle may be removed by a newer one while this process runs: no worse than before.
  }
}

/** The keys of bundles a running process uses; the marks of processes that are gone (killed) are removed. */
function keysInUse() {
  const keys = new Set();
  for (const name of readdirSync(cacheFolder())) {
    const mark = /^in-use\.([0-9a-f]{12})\.(\d+)$/.exec(name);
    if (!mark) continue;
    if (isRunning(Number(mark[2]))) keys.add(mark[1]);
    else rmSync(path.join(cacheFolder(), name), { force: true });
  }
  return keys;
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code !== 'ESRCH';
  }
}

/** The bundle a packed engine ships, into `dir` (`dist/`), with the key of the sources it was made of. */
async function pack(dir) {
  const esbuild = await import('esbuild');
  const key = fingerprint();
  rmSync(dir, { recursive: true, force: true });
  await esbuild.build({ ...engineBuild(key, true), outdir: dir });
  writeFileSync(path.join(dir, 'engine.json'), `${JSON.stringify({ key: contentKey() })}\n`);
}

/** Removes the staging folders of bundlings that were killed (their process is gone): nothing else would. */
function removeStaleStaging() {
  if (!existsSync(cacheFolder())) return;
  for (const name of readdirSync(cacheFolder())) {
    const pid = Number(/^staging-(\d+)$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid))
      rmSync(path.join(cacheFolder(), name), { recursive: true, force: true });
  }
}

/** The bundled module of an entry (`cli`, `api`), made first if the sources changed since. */
export async function engineEntry(name) {
  if (RUNS_PACKED) {
    process.env.SITE_BUNDLE_KEY = JSON.parse(readFileSync(PACKED_KEY, 'utf8')).key;
    return pathToFileURL(path.join(PACKED, `${name}.mjs`)).href;
  }
  removeStaleStaging();
  const key = fingerprint();
  // Parse results on disk are valid for this version of the code only (generator/parse/parse-store.ts):
  // the version by content, so that a fresh clone of the same code finds them.
  process.env.SITE_BUNDLE_KEY = contentKeyOf(key);
  // What the generator makes of the engine's files alone (the built-in theme's bundle) is kept
  // here too: the same for every site (generator/bundle/package-root.ts).
  process.env.SITE_ENGINE_CACHE = cacheFolder();
  const file = path.join(cacheFolder(), `${name}.${key}.mjs`);
  markInUse(key);
  if (!existsSync(file)) await bundle(key);
  return pathToFileURL(file).href;
}

// `node bin/engine-bundle.js pack <dir>`: what `npm pack` runs first (package.json's `prepack`).
// `node bin/engine-bundle.js`: the working copy's bundle, made by `npm ci` (package.json's
// `prepare`) so that a fresh clone's first `site build` does not wait for it.
if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  if (process.argv[2] === 'pack') await pack(path.resolve(process.argv[3] ?? PACKED));
  else if (!RUNS_PACKED) await engineEntry('cli');
}
