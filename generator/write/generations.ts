// How a production build is published: `build` is a symbolic link to one complete generation in
// `build.generations/`, and a new build is published by renaming a new link over it, one
// rename(2), which a kill at any instant leaves either done or not done. There is always a
// complete site behind `build`, and the generation it replaced stays on disk as it is until the
// next build starts (a server still answering from it keeps its files) and takes it over.
//
// In `build.generations/`:
//   g-<ms>-<pid>   a complete generation (named when its build finished, the newest has the largest ms)
//   tmp-<pid>      a generation being written (most often the one before the published one, taken
//                  over); one whose build was killed is removed by the next build
//   link-<pid>     the new link, for the instant before it is renamed over `build`
//   lock           the pid of the build publishing into this folder: builds of one project take turns
//   old-<pid>-<name>  a generation set aside to be removed while the build runs (one a killed build
//                  left is removed by the next)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { escapeRegExp } from '../../common/escape.ts';
import { killPoint } from './kill-point.ts';

/** Where the generations of `outDir` live. */
export function generationsDir(outDir: string): string {
  return `${outDir.replace(/\/+$/, '')}.generations`;
}

const COMPLETE = /^g-(\d+)-\d+$/;
const POLL_MS = 100;

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Locks this process holds, so a second build in the same process waits like one in another. */
const held = new Set<string>();

/**
 * The lock of one output folder: a file created exclusively, holding its owner's pid. A lock whose
 * owner no longer runs (a killed build) is taken over. `onWait` hears once that the build waits,
 * and for whom.
 */
export class PublishLock {
  private constructor(private readonly file: string) {}

  static async acquire(outDir: string, onWait: (message: string) => void): Promise<PublishLock> {
    const dir = generationsDir(outDir);
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'lock');
    let told = false;
    for (;;) {
      if (!held.has(file)) {
        try {
          await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
          held.add(file);
          return new PublishLock(file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
        const holder = await lockHolder(file);
        if (holder === 'stale') {
          await rm(file, { force: true });
          continue;
        }
        if (!told)
          onWait(
            `waiting for the build in process ${holder} to finish: it is publishing ${path.basename(outDir)}/ (lock ${path.relative(process.cwd(), file) || file})`,
          );
      } else if (!told)
        onWait(`waiting for the other build of this process to finish publishing ${path.basename(outDir)}/`);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async release(): Promise<void> {
    held.delete(this.file);
    await rm(this.file, { force: true });
  }
}

/** The pid in a lock file, or 'stale' when its process is gone (or it is empty and not new). */
async function lockHolder(file: string): Promise<number | 'stale'> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return 'stale';
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0) {
    // Created and not yet written: give its owner a moment before calling it dead.
    const age = Date.now() - ((await stat(file).catch(() => undefined))?.mtimeMs ?? 0);
    return age > 2000 ? 'stale' : 0;
  }
  // The pid of this process, in a lock this process does not hold: a container restarted with the same pid.
  if (pid === process.pid) return 'stale';
  return isAlive(pid) ? pid : 'stale';
}

/** The generation `outDir` links to now (its name in the generations folder), if it is such a link. */
async function currentGeneration(outDir: string): Promise<string | undefined> {
  const target = await readlink(outDir).catch(() => undefined);
  if (!target) return undefined;
  const resolved = path.resolve(path.dirname(outDir), target);
  return path.dirname(resolved) === generationsDir(outDir) ? path.basename(resolved) : undefined;
}

/** The folder a build writes its generation into. `recycled`: the name of the complete generation
 * it was before this build took it (its files may be the new site's already), or undefined for a
 * new, empty folder. */
export interface Staging {
  staging: string;
  recycled?: string;
  /** The removal of what killed builds left, which runs while the build does: the caller waits
   * for it before it lets go of the lock. */
  removed: Promise<void>;
}

/**
 * Under the lock, before a build writes: puts `outDir` back on the newest complete generation when
 * it points nowhere (a build of an older version killed in the middle of its two-rename swap left
 * `<out>.old-<pid>`, or one killed while moving a plain folder aside), removes what killed builds
 * left, and returns the folder to write into. That is the newest complete generation before the
 * published one, taken over whole: a generation of a 1,400-page site is 1,400 folders and 10,000
 * links, and making them anew (and removing as many) took a build that changed one page a second
 * of its three; the writer keeps what is the new site's already and replaces the rest.
 */
export async function prepareGeneration(outDir: string): Promise<Staging> {
  const dir = generationsDir(outDir);
  if (!(await stat(outDir).catch(() => undefined))) await recover(outDir);
  await removeStaleFolders(outDir);
  const current = await currentGeneration(outDir);
  // A generation of a large site is thousands of files: removing them took a no-change build of
  // 1,400 pages 0.6 s before it could start. One rename sets each aside at once.
  const names = (await readdir(dir)).filter((name) => name !== 'lock' && name !== current);
  const recycled = names
    .filter((name) => COMPLETE.test(name))
    .sort((a, b) => Number(COMPLETE.exec(b)?.[1]) - Number(COMPLETE.exec(a)?.[1]))[0];
  const staging = path.join(dir, `tmp-${process.pid}`);
  if (recycled) await rename(path.join(dir, recycled), staging);
  const aside: string[] = [];
  for (const name of names) {
    if (name === recycled) continue;
    const away = name.startsWith('old-') ? name : `old-${process.pid}-${name}`;
    await rename(path.join(dir, name), path.join(dir, away));
    aside.push(path.join(dir, away));
  }
  killPoint('publish:set-aside');
  if (!recycled) await mkdir(staging, { recursive: true });
  return { staging, recycled, removed: removeFolders(aside) };
}

/** Gives a recycled generation that nothing was written into its name back: the next build takes
 * it over again. */
export async function restoreGeneration(outDir: string, staging: string, name: string): Promise<void> {
  await rename(staging, path.join(generationsDir(outDir), name));
}

/** Removes folders in a process of its own where there is `rm` (the file system's work, none of
 * this process's JavaScript), else with Node's `rm`. Never fails: what stays is removed next time. */
function removeFolders(folders: string[]): Promise<void> {
  if (!folders.length) return Promise.resolve();
  const inNode = () =>
    Promise.all(folders.map((f) => rm(f, { recursive: true, force: true }).catch(() => undefined))).then(
      () => undefined,
    );
  if (process.platform === 'win32') return inNode();
  return new Promise((resolve) => {
    const child = spawn('rm', ['-rf', '--', ...folders], { stdio: 'ignore' });
    child.on('error', () => resolve(inNode()));
    child.on('exit', () => resolve());
  });
}

/** The folder of the generation `outDir` links to now, if it is such a link. */
export async function publishedGeneration(outDir: string): Promise<string | undefined> {
  const name = await currentGeneration(outDir);
  return name && path.join(generationsDir(outDir), name);
}

/** Links `outDir` to the newest complete generation, or to a folder an older version's swap left. */
async function recover(outDir: string): Promise<void> {
  const dir = generationsDir(outDir);
  const parent = path.dirname(outDir);
  // An older version's swap, killed between its two renames, left the last good site here.
  const legacy = new RegExp(`^${escapeRegExp(path.basename(outDir))}\\.old-(\\d+)$`);
  for (const name of await readdir(parent)) {
    const pid = legacy.exec(name)?.[1];
    if (pid && !isAlive(Number(pid)))
      await rename(
        path.join(parent, name),
        path.join(dir, `g-${Math.floor((await stat(path.join(parent, name))).mtimeMs)}-${pid}`),
      );
  }
  const newest = (await readdir(dir))
    .map((name) => ({ name, ms: Number(COMPLETE.exec(name)?.[1]) }))
    .filter((g) => g.ms)
    .sort((a, b) => b.ms - a.ms)[0];
  if (newest) await pointAt(outDir, newest.name);
}

/** Renames a new link to generation `name` over `outDir`: one step, the old link or the new. */
async function pointAt(outDir: string, name: string): Promise<void> {
  const dir = generationsDir(outDir);
  const link = path.join(dir, `link-${process.pid}`);
  await rm(link, { force: true });
  await symlink(path.relative(path.dirname(outDir), path.join(dir, name)), link);
  killPoint('publish:linked');
  // A plain folder (the layout before generations, or a fresh temporary folder) cannot be renamed
  // over: it becomes a generation itself first. Only here, once, is there an instant without `build`.
  const existing = await lstat(outDir).catch(() => undefined);
  if (existing?.isDirectory()) {
    await rename(outDir, path.join(dir, `g-${Math.floor(existing.mtimeMs)}-0`));
    killPoint('publish:folder-moved');
  }
  await rename(link, outDir);
}

/** Publishes the finished folder `staging` as the newest generation of `outDir`. */
export async function publishGeneration(outDir: string, staging: string): Promise<void> {
  const name = `g-${Date.now()}-${process.pid}`;
  await rename(staging, path.join(generationsDir(outDir), name));
  killPoint('publish:named');
  await pointAt(outDir, name);
  killPoint('publish:swapped');
}

/** Removes a generation being written (a failed build): the published one is not touched. */
export async function discardGeneration(staging: string): Promise<void> {
  if (existsSync(staging)) await rm(staging, { recursive: true, force: true });
}

/** Removes `<out>.tmp-<pid>` and `<out>.old-<pid>` folders that builds of the version before
 * generations left when they were killed: those whose process no longer runs. */
async function removeStaleFolders(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const stale = new RegExp(`^${escapeRegExp(path.basename(outDir))}\\.(?:tmp|old)-(\\d+)$`);
  const entries = await readdir(parent).catch(() => []);
  for (const name of entries) {
    const pid = Number(stale.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid))
      await rm(path.join(parent, name), { recursive: true, force: true });
  }
}
