#!/usr/bin/env node
// The `site` command: the CLI's bundle (bin/engine-bundle.js), made first if the sources changed.
// V8's own young generation: a larger one (--max-semi-space-size=64) built the benchmark's sites
// no faster and took 117 MB more at the peak of a cold build of N = 500, 135 MB at N = 5,000.
import { engineEntry } from './engine-bundle.js';

await import(await engineEntry('cli'));
