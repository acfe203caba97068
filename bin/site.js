#!/usr/bin/env node
// Runs the TypeScript CLI without a compile step. Both hooks, with the generator's own tsconfig:
// a site's config may sit in a folder without `"type": "module"` or without a tsconfig of its own.
import { fileURLToPath } from 'node:url';
import { register as registerCommonJs } from 'tsx/cjs/api';
import { register as registerModules } from 'tsx/esm/api';

const tsconfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
registerCommonJs({ tsconfig });
registerModules({ tsconfig });
await import('./cli.ts');
