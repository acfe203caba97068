// The content hash every stage keys its caches and outputs by: the parse store, the output store,
// the bundles, the social cards and the check that nothing changed all compare the same digest.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';

/** The content hash the pipeline keys its caches and outputs by. */
export function hashOf(text: string | Uint8Array): string {
  return digestOf(createHash('sha1').update(text));
}

const digestOf = (sha: ReturnType<typeof createHash>) => sha.digest('hex').slice(0, 16);
const HASH_BUFFER = Buffer.alloc(1 << 20);

/** `hashOf` of a file's bytes and their count, read through one buffer: checking many large files
 * allocates nothing per file. Throws when the file cannot be read. */
export function hashOfFile(file: string): { hash: string; size: number } {
  const fd = openSync(file, 'r');
  try {
    const sha = createHash('sha1');
    let size = 0;
    for (let n: number; (n = readSync(fd, HASH_BUFFER, 0, HASH_BUFFER.length, null)) > 0; size += n)
      sha.update(HASH_BUFFER.subarray(0, n));
    return { hash: digestOf(sha), size };
  } finally {
    closeSync(fd);
  }
}
