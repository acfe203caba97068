// Writing a file that readers see whole or not at all: under a temporary name, renamed into place.
// Another process reading the name, or this one after a crash mid-write, never finds half a file.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { threadId } from 'node:worker_threads';

/** Temporary names are unique per process, thread and write: two writes of one file at once each
 * rename a whole file of their own. */
let writes = 0;

const tempNameOf = (file: string) => `${file}.tmp-${process.pid}-${threadId}-${writes++}`;

export async function writeWhole(file: string, contents: string | Uint8Array): Promise<void> {
  const temp = tempNameOf(file);
  try {
    await writeFile(temp, contents);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The same with synchronous calls (file-calls.ts). */
export function writeWholeSync(file: string, contents: string | Uint8Array): void {
  const temp = tempNameOf(file);
  try {
    writeFileSync(temp, contents);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
