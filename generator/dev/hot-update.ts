// Watch mode's fast path. An edit to the body of one page, with its front matter and its links as
// they were, changes the HTML of that page and of the pages showing its excerpt, nothing else. So
// those are rendered and written straight away, in a few milliseconds, and the full incremental
// build that follows checks everything else (links, fragments, feeds) as usual.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileOf } from '../../common/routes.ts';
import type { BuildCache } from '../build/build.ts';
import { parseOnWorkers } from '../build/worker-pool.ts';
import { decodeText } from '../content/load.ts';
import { hashOf } from '../content-hash.ts';
import { kindOf, markdownLabels } from '../parse/parse.ts';
import { renderPage } from '../render/render.ts';
import { themeAt } from '../theming/theme-loader.ts';
import type { ParsedDocument } from '../types.ts';
import { IncrementalOutput } from '../write/write.ts';

/** The render key of a page this path wrote (BuildCache.renderKeys): equal to no build's key. */
export const HOT_RENDER_KEY = 'hot';

const sameShape = (a: ParsedDocument, b: ParsedDocument) =>
  JSON.stringify(a.frontMatter) === JSON.stringify(b.frontMatter) &&
  JSON.stringify(a.links.map((l) => [l.url, l.kind])) === JSON.stringify(b.links.map((l) => [l.url, l.kind]));

/** Writes the pages one changed file needs and returns their files, or undefined when the change
 * is more than a body edit and needs the full build. */
export async function hotUpdate(root: string, cache: BuildCache, changed: Set<string>): Promise<string[] | undefined> {
  const last = cache.rendered;
  // While bodies are still being parsed behind the first build, the full build takes the edit.
  if (!last || changed.size !== 1 || !cache.content || cache.completeBodies) return undefined;
  const [file] = changed;
  const id = path.relative(root, file).split(path.sep).join('/');
  const source = cache.content.sources.find((s) => s.id === id);
  const previous = last.setup.graph.documents[id];
  if (!source || !previous) return undefined;
  let raw: string;
  try {
    const decoded = decodeText(readFileSync(file));
    // Bytes that are not UTF-8 are an error: the full build reports it.
    if (decoded.invalid) return undefined;
    raw = decoded.text;
  } catch {
    return undefined;
  }
  const updated = { ...source, raw, hash: hashOf(raw) };
  // Unchanged since it was last rendered (by this path or a build). Not "as the last build read
  // it": an edit undone after the fast path showed it must be shown undone.
  if (updated.hash === previous.hash) return [];
  // A page with includes depends on other files too: the full build parses it with them.
  if (raw.includes('::include')) return undefined;
  const kind = kindOf(last.config, updated);
  if (typeof kind !== 'string') return undefined;
  // On a parse worker, as in the build: an edit cannot hang the server.
  const [result] = await parseOnWorkers(
    [{ source: updated, kind, labels: markdownLabels(last.setup.messages[updated.locale]) }],
    last.config.markdown,
  );
  if (!result.doc || result.diagnostics.some((d) => d.severity === 'error') || !sameShape(previous, result.doc))
    return undefined;

  const graph = { ...last.setup.graph, documents: { ...last.setup.graph.documents, [id]: result.doc } };
  const setup = { ...last.setup, graph };
  cache.rendered = { ...last, setup };
  cache.parse.set(`${id}\0${updated.hash}`, result);
  const output = new IncrementalOutput(last.outDir, cache.outputs);
  const theme = await themeAt(setup.themeFile);
  // Pages not served yet are rendered when asked for (pages-on-demand.ts), with the new body. Each
  // page shown here is marked as this path's: no build has rendered what it shows, so the next one
  // renders it again, even when the edit was undone and the page is as that build last saw it.
  for (const page of Object.values(graph.pages)) {
    if (!page.deps.includes(id)) continue;
    const file = fileOf(page.route);
    cache.renderKeys.set(page.route, HOT_RENDER_KEY);
    if (cache.outputs.has(file)) await output.write(file, renderPage(setup, theme, page));
  }
  const { files } = await output.flush();
  for (const file of files) cache.hotWrites.set(file, performance.now());
  return files;
}
