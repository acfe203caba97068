#!/usr/bin/env -S node --max-semi-space-size=64
// The `site` command: the CLI's bundle (bin/engine-bundle.js), made first if the sources changed.
import { engineEntry } from './engine-bundle.js';

await import(await engineEntry('cli'));
