// The engine as Node runs it: one JavaScript bundle per entry (the CLI, its worker, the programmatic
// API) that esbuild makes of the TypeScript sources and keeps until a source file changes. Loading
// one file takes a fraction of the time a TypeScript loader needs to transpile and resolve a
// hundred modules on every start. The bundle is the
// engine's own code, the same for every site: it is kept in the engine's .cache/ where the engine's
// folder can be written (a clone), else in the .cache/engine/ of the site in the current folder
// (an engine installed read-only). What the generator caches for a site is always in the site's
// folder (generator/package-root.ts).
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's development build renders several times slower and only adds warnings for its authors.
process.env.NODE_ENV ??= 'production';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = bundleFolder();
const SOURCES = ['bin', 'generator', 'server', 'theme', 'common'];
const ENTRIES = { cli: 'bin/cli.ts', api: 'bin/programmatic-api.ts', worker: 'generator/worker.ts' };
// How the generator is bundled for Node, shared with generator/bundle-module.ts: packages with
// native parts or files of their own to find stay imports (`external`), and CommonJS packages in
// an ES module bundle get a `require` of their own (`requireShim`).
const NODE_BUNDLE = JSON.parse(readFileSync(path.join(ROOT, 'generator/node-bundle.json'), 'utf8'));

/** The engine's .cache/ if this process may write there, else the current site's. */
function bundleFolder() {
  const own = path.join(ROOT, '.cache');
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
      const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'pinned' });
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

/** Bundles into a private folder and renames into place, the CLI last: another `site` starting at the
 * same moment sees either no bundle or a complete one. */
async function bundle(key) {
  const esbuild = await import('esbuild');
  mkdirSync(CACHE, { recursive: true });
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
    plugins: [pinnedExternals],
    // `require` resolves from the engine's folder, wherever the bundle is kept.
    banner: { js: NODE_BUNDLE.requireShim.replace('%ENGINE_PACKAGE_JSON%', JSON.stringify(path.join(ROOT, 'package.json'))) },
    // The worker pool finds its entry by this name (see generator/worker-pool.ts).
    // …and the engine's folder by this one (see generator/package-root.ts).
    define: { SITE_BUNDLED_WORKER: JSON.stringify(`./worker.${key}.mjs`), SITE_ENGINE_ROOT: JSON.stringify(ROOT) },
    logLevel: 'error',
  });
  // The entries last, the CLI after the API: whoever sees an entry's file sees all it imports.
  const rank = (file) => (file.startsWith('cli.') ? 2 : file.startsWith('api.') ? 1 : 0);
  const files = readdirSync(staging).sort((a, b) => rank(a) - rank(b));
  for (const file of files) renameSync(path.join(staging, file), path.join(CACHE, file));
  rmSync(staging, { recursive: true, force: true });
  // Bundles of earlier sources are of no further use.
  for (const file of readdirSync(CACHE)) {
    if (/^(cli|api|worker|chunk)\./.test(file) && !file.includes(`.${key}.`)) rmSync(path.join(CACHE, file), { force: true });
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

/** The bundled module of an entry (`cli`, `api`), made first if the sources changed since. */
export async function engineEntry(name) {
  removeStaleStaging();
  const key = fingerprint();
  // Parse results on disk are valid for this version of the code only (generator/parse-store.ts).
  process.env.SITE_BUNDLE_KEY = key;
  const file = path.join(CACHE, `${name}.${key}.mjs`);
  if (!existsSync(file)) await bundle(key);
  return pathToFileURL(file).href;
}
