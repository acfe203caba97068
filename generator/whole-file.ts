// Writing a file that readers see whole or not at all: under a temporary name, renamed into place.
// Another process reading the name, or this one after a crash mid-write, never finds half a file.
import { rename, writeFile } from 'node:fs/promises';

export async function writeWhole(file: string, contents: string | Uint8Array): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, contents);
  await rename(temp, file);
}
