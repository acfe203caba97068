// Precompressed twins for the production server, made while the build runs (zlib works on the
// thread pool), so the server never compresses on a request. Which file gets which twin is
// `twinsOf` (docs/outputs.md, "Precompressed files", says why): `.br` for what browsers read, since
// every browser asks for brotli over HTTPS; `.gz` for what programs read (feeds, the sitemap,
// Markdown twins, llms.txt, JSON), whose HTTP clients all take gzip and many nothing else; both
// for the hashed assets and the search index (few, and every visitor's); none for a page's gzip,
// which no browser is sent, nor for a Markdown twin's brotli, which made a third of a cold build's
// compressed copies for readers that take the gzip. Brotli and gzip at their best for the hashed
// assets, which are few and cached for a year; fast levels for the rest, which are many: on a
// 60 KB page, brotli 5 and gzip 6 take 1.3 ms together and give 7.4 and 10.6 KB, where brotli 6
// and gzip 9 took 2.7 ms for 7.4 and 10.1 KB.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { contentTypeOf, isCompressible } from '../../common/content-types.ts';
import { SEARCH_DIR } from '../../common/search-bundle.ts';
import { SERVER_DIR } from '../../common/server-files.ts';
import { hashOf } from '../content-hash.ts';
import type { OutputStore } from './output-store.ts';
import { Slots } from './slots.ts';
import type { KeptFile, Output, WriteStats } from './write.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this, compression saves less than the header it costs. */
export const MIN_BYTES = 1024;

export type Twin = 'br' | 'gz';

/**
 * The compressed twins the build writes beside `file` (a path relative to the output, `size`
 * bytes long). None for a file under MIN_BYTES, for images and fonts (compressed already), for
 * what no client is sent (`_server/`, which both servers refuse, and the nginx includes, which
 * nginx reads from disk). A page (HTML) gets `.br` only: browsers are its readers, and every one
 * in use asks for brotli over HTTPS, so a `.gz` would be written for nobody; a client that takes
 * gzip alone (a script, an old crawler) is sent the page as it is. What programs read (Markdown
 * twins, feeds, the sitemap, llms.txt, JSON outside the search index) gets `.gz` only: every HTTP
 * client that takes a compressed answer takes gzip, and both servers send the `.gz` to one that
 * would take brotli too. The rest (hashed assets, the search index, SVG) gets both: few files,
 * every visitor's (gzip for a browser on plain HTTP). A twin that comes out no smaller than its
 * file is left out when it is made.
 */
export function twinsOf(file: string, size: number): readonly Twin[] {
  const type = contentTypeOf(file);
  if (size < MIN_BYTES || !isCompressible(type)) return [];
  if (file.startsWith(`${SERVER_DIR}/`) || file.endsWith('.conf')) return [];
  if (type.startsWith('text/html')) return ['br'];
  if (PROGRAMS_READ.test(type) && !file.startsWith(`${SEARCH_DIR}/`)) return ['gz'];
  return ['br', 'gz'];
}

/** The types of the files programs read: Markdown, plain text, XML, JSON. */
const PROGRAMS_READ = /^(text\/(markdown|plain)|application\/(xml|json))/;
/** Pages are rendered faster than they are compressed: without a bound, every page of a large
 * site would wait in memory for its turn. */
const MAX_PENDING = 32;

type Bytes = string | Uint8Array;
const asBytes = (contents: Bytes): Uint8Array => (typeof contents === 'string' ? Buffer.from(contents) : contents);

/** Writes the `.br` and `.gz` of `file` (its bytes hash to `hash`, `size` long). With a store, a
 * twin kept there (by the hash of the bytes and the level) is linked, not read, and a twin made
 * now is stored and linked, so each twin is compressed once and written once. `read` gives the
 * bytes, and is called only when a twin has to be made. */
async function writeTwins(
  inner: Output,
  file: string,
  twins: readonly Twin[],
  size: number,
  hash: string,
  read: () => Promise<Uint8Array>,
  store?: OutputStore,
): Promise<void> {
  const asset = file.startsWith('assets/');
  const brLevel = asset ? 11 : 5;
  const gzLevel = asset ? 9 : 6;
  let bytes: Promise<Uint8Array> | undefined;
  const source = () => (bytes ??= read());
  const twin = async (ext: string, id: string, make: (contents: Uint8Array) => Promise<Uint8Array>) => {
    const kept = store?.keep(id);
    // A twin that is not smaller is left out; the server then sends the original.
    if (kept) {
      if (kept.size < size) await inner.link(`${file}.${ext}`, kept);
      return;
    }
    const made = await make(await source());
    const stored = await store?.set(id, made);
    if (made.length >= size) return;
    if (stored) await inner.link(`${file}.${ext}`, stored, made);
    else await inner.write(`${file}.${ext}`, made);
  };
  await Promise.all([
    twins.includes('br') &&
      twin('br', `br${brLevel}:${hash}`, (contents) =>
        brotli(contents, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: brLevel,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: contents.length,
          },
        }),
      ),
    twins.includes('gz') && twin('gz', `gz${gzLevel}:${hash}`, (contents) => gzip(contents, { level: gzLevel })),
  ]);
}

/** An Output that also writes the compressed twins of what passes through it. With an output
 * store, every file it writes is kept there by the hash of its bytes (`file:<hash>`) and linked
 * into the output: a file made again with the same bytes (a Markdown twin, a feed, the sitemap)
 * costs a hash and a link, its twins two links. */
export function precompressed(inner: Output, store?: OutputStore): Output {
  const slots = new Slots(MAX_PENDING);
  const failures: unknown[] = [];
  /** Runs `job` beside the build, at most MAX_PENDING at once. */
  const start = (job: () => Promise<void>) =>
    slots.start(() => job().catch((error: unknown) => void failures.push(error)));
  const write = async (file: string, contents: Bytes) => {
    if (!store) {
      await inner.write(file, contents);
      const bytes = asBytes(contents);
      const twins = twinsOf(file, bytes.length);
      if (twins.length) await start(() => writeTwins(inner, file, twins, bytes.length, '', async () => bytes));
      return;
    }
    const bytes = asBytes(contents);
    const hash = hashOf(bytes);
    const kept = store.keep(`file:${hash}`) ?? (await store.set(`file:${hash}`, bytes, undefined, hash));
    if (kept) await link(file, kept, bytes);
    else {
      await inner.write(file, bytes);
      const twins = twinsOf(file, bytes.length);
      if (twins.length) await start(() => writeTwins(inner, file, twins, bytes.length, hash, async () => bytes, store));
    }
  };
  const link = async (file: string, kept: KeptFile, contents?: Bytes) => {
    await inner.link(file, kept, contents);
    const twins = twinsOf(file, kept.size);
    if (!twins.length) return;
    // The twins of a kept file are found by its hash; its bytes are read only to make a missing one.
    await start(() =>
      writeTwins(
        inner,
        file,
        twins,
        kept.size,
        kept.hash,
        async () => (contents === undefined ? readFile(kept.path) : asBytes(contents)),
        store,
      ),
    );
  };
  return {
    write,
    link,
    async copyFiles(from, files) {
      // With a store, the site's own files are kept and linked like everything the build makes: a
      // build that changed nothing then writes nothing at all (write.ts).
      if (store) {
        for (const rel of files) await write(rel, await readFile(path.join(from, rel)));
        return;
      }
      await inner.copyFiles(from, files);
      for (const rel of files) {
        const bytes = await readFile(path.join(from, rel));
        const twins = twinsOf(rel, bytes.length);
        if (twins.length) await start(() => writeTwins(inner, rel, twins, bytes.length, '', async () => bytes));
      }
    },
    async finish(): Promise<WriteStats> {
      await slots.settled();
      // A missing twin would only cost bandwidth, but a failed write means the disk is in trouble.
      if (failures.length) throw failures[0];
      return inner.finish();
    },
    async abort() {
      await slots.settled();
      return inner.abort();
    },
  };
}
