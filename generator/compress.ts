// Precompressed twins for the production server: every compressible file the build writes gets a
// `.br` and a `.gz` beside it, made while the build runs (zlib works on the thread pool), so the
// server never compresses on a request. Brotli and gzip at their best for the hashed assets, which
// are few and cached for a year; fast levels for pages, which are many: on a 60 KB page, brotli 5
// and gzip 6 take 1.3 ms together and give 7.4 and 10.6 KB, where brotli 6 and gzip 9 took 2.7 ms
// for 7.4 and 10.1 KB.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { contentTypeOf, isCompressible } from '../common/content-types.ts';
import type { Output, WriteStats } from './write.ts';
import { hashOf } from './load.ts';
import type { OutputStore } from './output-store.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this, compression saves less than the header it costs. */
const MIN_BYTES = 1024;
/** Pages are rendered faster than they are compressed: without a bound, every page of a large
 * site would wait in memory for its turn. */
const MAX_PENDING = 32;

async function twins(file: string, contents: Uint8Array, store?: OutputStore): Promise<{ path: string; contents: Uint8Array }[]> {
  const asset = file.startsWith('assets/');
  const brLevel = asset ? 11 : 5;
  const gzLevel = asset ? 9 : 6;
  const source = store ? hashOf(contents) : '';
  // The same bytes at the same level compress to the same twin: a store keeps them between builds.
  const made = async (id: string, make: () => Promise<Uint8Array>) => {
    const kept = store?.get(id);
    if (kept) return kept.contents;
    const bytes = await make();
    store?.set(id, bytes);
    return bytes;
  };
  const [br, gz] = await Promise.all([
    made(`br${brLevel}:${source}`, () => brotli(contents, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brLevel, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: contents.length } })),
    made(`gz${gzLevel}:${source}`, () => gzip(contents, { level: gzLevel })),
  ]);
  const out = [];
  // A twin that is not smaller is left out; the server then sends the original.
  if (br.length < contents.length) out.push({ path: `${file}.br`, contents: br });
  if (gz.length < contents.length) out.push({ path: `${file}.gz`, contents: gz });
  return out;
}

/** An Output that also writes the compressed twins of what passes through it. */
export function precompressed(inner: Output, store?: OutputStore): Output {
  const pending = new Set<Promise<void>>();
  const failures: unknown[] = [];
  const compress = (file: string, contents: string | Uint8Array) => {
    if (!isCompressible(contentTypeOf(file))) return;
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    if (bytes.length < MIN_BYTES) return;
    const job = twins(file, bytes, store).then(async (files) => {
      for (const twin of files) await inner.write(twin.path, twin.contents);
    });
    pending.add(job);
    job.catch((error: unknown) => failures.push(error)).finally(() => pending.delete(job));
  };
  return {
    async write(file, contents) {
      await inner.write(file, contents);
      compress(file, contents);
      while (pending.size >= MAX_PENDING) await Promise.race(pending);
    },
    async copyDir(from) {
      await inner.copyDir(from);
      for (const file of await listFiles(from)) compress(path.relative(from, file).split(path.sep).join('/'), await readFile(file));
    },
    async finish(): Promise<WriteStats> {
      await Promise.allSettled(pending);
      // A missing twin would only cost bandwidth, but a failed write means the disk is in trouble.
      if (failures.length) throw failures[0];
      return inner.finish();
    },
    async abort() {
      await Promise.allSettled(pending);
      return inner.abort();
    },
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
