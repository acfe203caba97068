// `node --import tsx scripts/cards-bench.ts [site root] [--runs=3] [--out=dir]`: draws every social card of a
// site (the repository's own by default) as a cold build does, none kept in .cache/social/, on the
// build's worker pool, and prints the wall and CPU time of each run with the machine's load. A
// build draws its cards while the pages render, so its `social-images` step shows only what is
// left of them; this shows what they cost. `--out` writes the cards of the last run there, to
// compare them with another version's.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCache, runBuild } from '../generator/build/build.ts';
import { cardLook, loadTheme } from '../generator/build/build-steps.ts';
import { Pool } from '../generator/build/worker-pool.ts';
import { readConfigFiles } from '../generator/config/config-file.ts';
import { cardBytes, drawSocialImages, SOCIAL_CACHE_DIR, socialImages } from '../generator/images/social-images.ts';

const args = process.argv.slice(2);
const root = path.resolve(args.find((a) => !a.startsWith('--')) ?? fileURLToPath(new URL('..', import.meta.url)));
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const out = args.find((a) => a.startsWith('--out='))?.slice('--out='.length);
const load = () =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

const checked = await runBuild({ root, mode: 'check' });
const { config, graph, messages } = checked;
if (!config || !graph || !messages)
  throw new Error(`${root}: the site does not load:\n${checked.diagnostics.map((d) => d.message).join('\n')}`);
const { loaded } = await loadTheme(root, config, readConfigFiles(root), createCache());
if (!loaded) throw new Error(`${root}: the theme does not load`);
const look = cardLook(root, config, loaded);
const { cards } = socialImages(config, graph, messages);

console.log(`${cards.length} cards of ${root} on ${os.availableParallelism()} cores (${load()})`);
for (let run = 0; run < runs; run++) {
  rmSync(path.join(root, SOCIAL_CACHE_DIR), { recursive: true, force: true });
  // A fresh pool, as a build of a site too small for parallel rendering starts its workers for the cards.
  const pool = new Pool();
  const cpu = process.cpuUsage();
  const started = performance.now();
  let bytes = 0;
  const drawing = drawSocialImages(root, config, look, cards, {
    painter: (key, template, batch, onBatch) => pool.cards(key, template, batch, onBatch),
    onFile: async (f) => {
      const contents = await cardBytes(f);
      bytes += contents.length;
      if (!out || run < runs - 1) return;
      mkdirSync(path.dirname(path.join(out, f.path)), { recursive: true });
      writeFileSync(path.join(out, f.path), contents);
    },
  });
  await drawing.done;
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  await pool.close();
  const cpuMs = (used.user + used.system) / 1000;
  console.log(
    `run ${run + 1}: ${drawing.drawn()} drawn in ${(ms / 1000).toFixed(2)} s wall, ${(cpuMs / 1000).toFixed(2)} s CPU (${(cpuMs / drawing.drawn()).toFixed(1)} ms a card), ${Math.round(bytes / cards.length / 1000)} KB a card (${load()})`,
  );
}
