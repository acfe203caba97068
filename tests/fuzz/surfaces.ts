// The fuzz surfaces: every module of this folder that exports `surface`. Each one generates its
// inputs with fast-check from a seed and throws with the counterexample when a property fails, so
// a failure found by `npm run fuzz` is replayed by its seed. `npm test` runs each one briefly with
// a fixed seed (tests/engine/integration/fuzz.test.ts), `npm run fuzz` for minutes (scripts/fuzz.ts).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface FuzzSurface {
  name: string;
  /** Tries `runs` generated cases from `seed`; throws with the counterexample on a failed property. */
  run(opts: { runs: number; seed: number }): Promise<{ cases: number }>;
}

const FOLDER = path.dirname(fileURLToPath(import.meta.url));

/** Every surface of tests/fuzz/, in file name order. */
export async function fuzzSurfaces(): Promise<FuzzSurface[]> {
  const surfaces: FuzzSurface[] = [];
  for (const file of readdirSync(FOLDER).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const module = (await import(pathToFileURL(path.join(FOLDER, file)).href)) as { surface?: FuzzSurface };
    if (module.surface) surfaces.push(module.surface);
  }
  return surfaces;
}
