// What tells that a file is unchanged since something was made of it, without reading it.
import { statSync } from 'node:fs';

/** A file's size and modification time; `undefined` when it is gone. */
export function stampOf(file: string): string | undefined {
  try {
    const info = statSync(file);
    return `${info.size}:${info.mtimeMs}`;
  } catch {
    return undefined;
  }
}
