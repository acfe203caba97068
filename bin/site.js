#!/usr/bin/env node
// The `site` command: the CLI's bundle (bin/engine-bundle.js), made first if the sources changed.
// V8's own young generation: a larger one (--max-semi-space-size=64) built the benchmark's sites
// no faster and took 117 MB more at the peak of a cold build of N = 500, 135 MB at N = 5,000.
//
// `site --version` is answered from package.json alone: the bundle's freshness check states every
// source file of the engine, which a question about the version does not need.
const [flag, ...rest] = process.argv.slice(2);
if ((flag === '--version' || flag === '-v') && rest.length === 0) {
  const { readFileSync } = await import('node:fs');
  console.log(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version);
} else {
  const { engineEntry } = await import('./engine-bundle.js');
  await import(await engineEntry('cli'));
}
