// What tells that a file is unchanged since something was made of it, without reading it.
import { type Stats, statSync } from 'node:fs';

/** Whether every file still has the stamp noted for it (a file noted without one counts as changed). */
export function unchangedSince(stamps: Record<string, string | undefined>): boolean {
  return Object.entries(stamps).every(
    ([file, stamp]) => stamp !== undefined && stamp !== '' && stampOf(file) === stamp,
  );
}

/** A file's size and modification time; `undefined` when it is gone. */
export function stampOf(file: string): string | undefined {
  try {
    const info = statSync(file);
    return `${info.size}:${info.mtimeMs}`;
  } catch {
    return undefined;
  }
}

/** A stored file's inode, size and modification time: while they are those noted when its bytes
 * were last hashed or written, the bytes are (as git trusts its index). Any write moves the
 * modification time, and a file replaced by another has a new inode. */
export const inodeStampOf = (s: Stats) => `${s.ino}:${s.size}:${s.mtimeMs}`;

/** A stamp is taken only of a file modified longer ago than this: a file system keeps modification
 * times in ticks (a few milliseconds, a second on some), and a write in the tick of the stamp would
 * leave it unchanged. */
const SETTLED_MS = 2000;

/** The stamp to note for a stored file whose bytes were just found whole, from its stats taken
 * before they were read (a write during the read moves them); none while it may still be written
 * in the same tick. */
export function settledStampOf(before: Stats): string | undefined {
  return Date.now() - before.mtimeMs > SETTLED_MS ? inodeStampOf(before) : undefined;
}
