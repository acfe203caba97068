// `npm run fuzz`: every fuzz surface of tests/fuzz/ (tests/fuzz/surfaces.ts) in turns, each turn a
// batch of cases from the next seed, until the time is up; prints the cases tried per surface.
// A failed property stops the run with its counterexample and the seed that replays it.
// Usage: npm run fuzz [-- --minutes 10] [--seed N]
import { parseArgs } from 'node:util';
import { fuzzSurfaces } from '../tests/fuzz/surfaces.ts';

const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '1' }, seed: { type: 'string' }, batch: { type: 'string' } },
});
const minutes = Number(values.minutes);
const firstSeed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const batch = Number(values.batch ?? 50);
if (!(minutes > 0) || !Number.isInteger(firstSeed) || !(batch > 0)) {
  console.error('usage: npm run fuzz [-- --minutes 10] [--seed N] [--batch 50]');
  process.exit(2);
}

const surfaces = await fuzzSurfaces();
const cases = new Map(surfaces.map((s) => [s.name, 0]));
const ends = Date.now() + minutes * 60_000;
console.log(`fuzzing ${surfaces.length} surfaces for ${minutes} min from seed ${firstSeed}`);
let seed = firstSeed;
let failed = false;
while (Date.now() < ends && !failed) {
  for (const surface of surfaces) {
    try {
      const { cases: tried } = await surface.run({ runs: batch, seed });
      cases.set(surface.name, cases.get(surface.name)! + tried);
    } catch (error) {
      console.error(`\n${surface.name} failed with seed ${seed} (replay: npm run fuzz -- --seed ${seed}):`);
      console.error(error instanceof Error ? error.message : error);
      failed = true;
      break;
    }
    if (Date.now() >= ends) break;
  }
  seed++;
}
for (const [name, tried] of cases) console.log(`${name.padEnd(24)} ${tried} cases`);
process.exit(failed ? 1 : 0);
