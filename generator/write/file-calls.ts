// How a build makes its files: through libuv's threads, or with synchronous calls on the thread
// that asks. A cold build is short of CPU on every core, not of threads to wait on the disk, and
// each call through libuv costs the main thread, the busiest of the render, about twice what the
// system call does. With synchronous calls a cold build took 0.90 of the time at N = 500 (1,406
// pages), 0.84 at 4,766 pages and 0.93 for the real site, its peak memory some 10 % higher. But a
// main thread that never waits collects its heap less often: at 13,916 pages the peak rose from
// about 1.3 GB to 1.5 to 1.9 GB, over the 1.5 GB budget. So a site of more pages than
// DIRECT_MAX_PAGES, and the dev server, which answers requests while it writes, make their files
// through libuv.
import { linkSync, mkdirSync, type Stats, statSync } from 'node:fs';
import { link, mkdir, stat } from 'node:fs/promises';
import { writeWhole, writeWholeSync } from './whole-file.ts';

/** The file system calls of the output store and the output's writer. Each gives a promise either
 * way, so that a failure reaches the caller as a rejection. */
export interface FileCalls {
  /** Writes a file that readers see whole or not at all (whole-file.ts). */
  writeWhole(file: string, contents: string | Uint8Array): Promise<void>;
  link(existing: string, file: string): Promise<void>;
  /** Makes a folder and those on its way. */
  mkdir(dir: string): Promise<void>;
  stat(file: string): Promise<Stats>;
}

export const threadedCalls: FileCalls = {
  writeWhole,
  link,
  mkdir: async (dir) => void (await mkdir(dir, { recursive: true })),
  stat: (file) => stat(file),
};

export const directCalls: FileCalls = {
  writeWhole: async (file, contents) => writeWholeSync(file, contents),
  link: async (existing, file) => linkSync(existing, file),
  mkdir: async (dir) => void mkdirSync(dir, { recursive: true }),
  stat: async (file) => statSync(file),
};

/** The largest site, in pages, whose production build makes its files with synchronous calls. */
export const DIRECT_MAX_PAGES = 5000;

/** The calls a production build of `pages` pages makes its files with. */
export const buildFileCalls = (pages: number): FileCalls => (pages <= DIRECT_MAX_PAGES ? directCalls : threadedCalls);
