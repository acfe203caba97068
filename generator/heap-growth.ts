// How far V8 lets a heap grow past what its last full collection kept. By default that is up to
// four times: at N = 5,000 the main thread's heap kept about 370 MB and grew to 800 MB before the
// next collection. Held to 30 % from the start, the build's peak RSS was 1.43 GB instead of
// 1.55 GB. On a small site the extra collections cost more than the memory they save (6 % of a
// build of N = 500 that changes nothing), so only a large site's build holds it. The setting is
// V8's, for the whole process: it is held while any build that asked for it runs.
import v8 from 'node:v8';

/** Source files from which a build holds its heap's growth (N = 5,000 has 10,000). */
const LARGE_SITE = 4000;

let holds = 0;

/** Holds the heap's growth to 30 % for a site of this many source files, if that is large; the
 * call it returns lets it go. */
export function holdHeapGrowth(sources: number): () => void {
  if (sources < LARGE_SITE) return () => undefined;
  if (holds++ === 0) v8.setFlagsFromString('--heap-growing-percent=30');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holds === 0) v8.setFlagsFromString('--heap-growing-percent=0');
  };
}
