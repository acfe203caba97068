// The types of the engine's bundler (engine-bundle.js, plain JavaScript so that Node runs it
// before anything is bundled), for the tests that read what it says.

/** The engine's version by content: every source file's path and bytes, and the lockfile's. */
export function contentKey(root?: string): string;
/** The bundled module of an entry (`cli`, `api`), made first if the sources changed since. */
export function engineEntry(name: string): Promise<string>;
