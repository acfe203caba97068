// The client bundle and the stylesheet, built by esbuild with content-hashed names.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { THEME_FILES, type Assets } from '../theme/index.ts';
import { PACKAGE_ROOT } from './package-root.ts';


export const CLIENT_ENTRY = THEME_FILES.client;
export const STYLE_ENTRY = THEME_FILES.styles;
export const ISLANDS_DIR = THEME_FILES.islands;
/** Every face the stylesheet declares is on every page above the fold (text, headings, the mono
 * eyebrows and sidebar titles), and with `font-display: optional` one that misses the first paint
 * is not used on that page: all are preloaded. */
const PRELOADED_FONT = /\.woff2$/;

function islandEntries(root: string): Record<string, string> {
  const files = readdirSync(path.join(root, ISLANDS_DIR)).filter((f) => f.endsWith('.tsx'));
  return Object.fromEntries(files.map((f) => [`islands/${f.slice(0, -'.tsx'.length)}`, `${ISLANDS_DIR}/${f}`]));
}

export interface BuiltAssets {
  assets: Omit<Assets, 'colorModeScript'>;
  /** Output path (relative to the site root, no leading slash) and bytes. */
  files: { path: string; contents: Uint8Array }[];
}

export async function buildAssets(): Promise<BuiltAssets> {
  const root = PACKAGE_ROOT;
  const islands = islandEntries(root);
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { app: CLIENT_ENTRY, site: STYLE_ENTRY, ...islands },
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    target: ['es2022', 'chrome110', 'firefox115', 'safari16'],
    outdir: 'assets',
    entryNames: '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    assetNames: '[name].[hash]',
    loader: { '.woff2': 'file', '.woff': 'file', '.svg': 'file' },
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const files = result.outputFiles.map((f) => ({ path: path.relative(root, f.path).split(path.sep).join('/'), contents: f.contents }));
  const find = (entry: string) => {
    const out = Object.entries(result.metafile.outputs).find(([, meta]) => meta.entryPoint === entry);
    if (!out) throw new Error(`esbuild produced no output for ${entry}`);
    return `/${out[0]}`;
  };
  const islandAssets = Object.fromEntries(Object.entries(islands).map(([name, entry]) => [name.slice('islands/'.length), find(entry)]));
  const fonts = Object.keys(result.metafile.outputs).filter((out) => PRELOADED_FONT.test(path.basename(out))).map((out) => `/${out}`);
  const js = find(CLIENT_ENTRY);
  const jsImports = result.metafile.outputs[js.slice(1)].imports.filter((i) => i.kind === 'import-statement').map((i) => `/${i.path}`);
  return { assets: { js, jsImports, css: find(STYLE_ENTRY), fonts, islands: islandAssets }, files };
}
