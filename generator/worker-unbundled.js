// The worker's entry when the generator runs from its TypeScript sources (tests, tsx): a worker
// thread does not inherit the parent's module loader, so it registers its own.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
