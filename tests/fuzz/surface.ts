// What `npm run fuzz` runs: each module of tests/fuzz/ that fuzzes a part of the engine exports a
// `surface`. `run` tries `runs` generated cases from `seed` and throws, with the smallest case that
// broke a property, when one does.
export interface FuzzSurface {
  name: string;
  run(options: { runs: number; seed: number }): Promise<{ cases: number }>;
}
