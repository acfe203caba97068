// Every fuzz surface of tests/fuzz/, a few dozen cases from a fixed seed: what `npm run fuzz` tries
// for minutes, kept in every test run, so a property broken by a change fails here with the same
// counterexample each time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fuzzSurfaces } from '../../fuzz/surfaces.ts';

const SEED = 51;
const RUNS = 40;

for (const surface of await fuzzSurfaces()) {
  test(`fuzz surface ${surface.name}: ${RUNS} generated cases hold its properties`, async () => {
    const { cases } = await surface.run({ runs: RUNS, seed: SEED });
    assert.ok(cases > 0, 'it tried cases');
  });
}
