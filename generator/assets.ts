// The client bundle and the stylesheet, built by esbuild with content-hashed names.
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Assets } from '../theme/context.ts';
import { PACKAGE_ROOT } from './package-root.ts';


export const CLIENT_ENTRY = 'theme/client/index.ts';
export const STYLE_ENTRY = 'theme/styles/site.css';

export interface BuiltAssets {
  assets: Omit<Assets, 'colorModeScript'>;
  /** Output path (relative to the site root, no leading slash) and bytes. */
  files: { path: string; contents: Uint8Array }[];
}

export async function buildAssets(): Promise<BuiltAssets> {
  const root = PACKAGE_ROOT;
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { app: CLIENT_ENTRY, site: STYLE_ENTRY },
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
  return { assets: { js: find(CLIENT_ENTRY), css: find(STYLE_ENTRY), islands: {} }, files };
}
