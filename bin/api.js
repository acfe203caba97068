// `import { build, check } from 'sitesmith/api'` in plain Node: the programmatic API's bundle
// (bin/engine-bundle.js), so no TypeScript loader is needed. Its types are bin/programmatic-api.ts.
import { engineEntry } from './engine-bundle.js';

export const { build, check, formatDiagnostic } = await import(await engineEntry('api'));
