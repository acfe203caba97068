#!/usr/bin/env node
// Runs the TypeScript CLI without a compile step.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
