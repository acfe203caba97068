// What tells that a file is unchanged since something was made of it, without reading it.
import { statSync } from 'node:fs';

/** Whether every file still has the stamp noted for it (a file noted without one counts as changed). */
export function unchangedSince(stamps: Record<string, string | undefined>): boolean {
  return Object.entries(stamps).every(([file, stamp]) => stamp !== undefined && stamp !== '' && stampOf(file) === stamp);
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
