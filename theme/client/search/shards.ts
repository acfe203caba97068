// The whole index of a locale: the bundle's engine (engine.ts) with the bundle's further shards
// merged in (generator/extras/search-shards.ts). Part of the dialog's code, not of every page's
// runtime: the runtime starts the engine loading on intent, and the dialog, which loads with it,
// asks for the shards once it opens. A bundle of one shard lists none.
import { SEARCH_SHARDS_FILE } from '../../../common/search-bundle.ts';
import { engineFor, oncePerBundle, type Pagefind, searchOptions } from './engine.ts';

async function merge(bundle: string): Promise<Pagefind> {
  // Asked again of the server each time, as Pagefind asks for its entry: a new build may list others.
  const [engine, response] = await Promise.all([
    engineFor(bundle),
    fetch(`${bundle}${SEARCH_SHARDS_FILE}`, { cache: 'no-cache' }),
  ]);
  if (!response.ok) throw new Error(`${bundle}${SEARCH_SHARDS_FILE}: ${response.status}`);
  const shards = (await response.json()) as string[];
  // A shard is searched with the first's WebAssembly; its results are ranked with the others'.
  await Promise.all(shards.map((shard) => engine.mergeIndex(`${bundle}${shard}`, searchOptions())));
  return engine;
}

/** The engine with every shard of `bundle`, merged once. */
export const wholeIndex = oncePerBundle(merge);
