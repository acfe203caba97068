// Watch mode's fast path. An edit to the body of one page, with its front matter as it was,
// changes the HTML of that page and of the pages showing its excerpt, nothing else a tab shows.
// So those are rendered and written straight away, in a few milliseconds, with the links the
// check of the saved file resolved, and the full incremental build that follows checks
// everything else (what links into the page, feeds, translations) as usual.
import { fileOf } from '../../common/routes.ts';
import type { BuildCache } from '../build/build.ts';
import { tocOf } from '../graph/toc.ts';
import { renderPage } from '../render/render.ts';
import { themeAt } from '../theming/theme-loader.ts';
import type { ParsedDocument, SiteGraph } from '../types.ts';
import { IncrementalOutput } from '../write/write.ts';
import type { SavedFileCheck } from './saved-file-check.ts';

/** The render key of a page this path wrote (BuildCache.renderKeys): equal to no build's key. */
export const HOT_RENDER_KEY = 'hot';

/** Front matter makes the page's route, title and place in lists and menus: other pages show it. */
const sameShape = (a: ParsedDocument, b: ParsedDocument) =>
  JSON.stringify(a.frontMatter) === JSON.stringify(b.frontMatter);

/** The pages of a document with the table of contents of its new headings. What a page's table
 * of contents adds after the headings (a listing's entries, sidebar.ts) stays as it was. */
function withToc(pages: SiteGraph['pages'], previous: ParsedDocument, doc: ParsedDocument): SiteGraph['pages'] {
  const was = tocOf(previous.headings, previous.frontMatter);
  const now = tocOf(doc.headings, doc.frontMatter);
  if (JSON.stringify(was) === JSON.stringify(now)) return pages;
  const updated = { ...pages };
  for (const page of Object.values(pages))
    if ('doc' in page && page.doc === doc.source && 'toc' in page && page.toc)
      updated[page.route] = { ...page, toc: [...now, ...page.toc.slice(was.length)] };
  return updated;
}

/** Writes the pages a saved file needs, as saved-file-check.ts read, parsed and resolved it, and
 * returns their files, or undefined when the change is more than a body edit and needs the full
 * build. */
export async function hotUpdate(cache: BuildCache, check: SavedFileCheck): Promise<string[] | undefined> {
  const last = cache.rendered;
  // While bodies are still being parsed behind the first build, the full build takes the edit.
  if (!last || cache.completeBodies) return undefined;
  const { id } = check;
  const previous = last.setup.graph.documents[id];
  if (!previous) return undefined;
  // Unchanged since it was last rendered (by this path or a build). Not "as the last build read
  // it": an edit undone after the fast path showed it must be shown undone.
  if (check.hash === previous.hash) return [];
  // A page with includes depends on other files too: the full build parses it with them.
  if (check.raw.includes('::include')) return undefined;
  const result = check.parsed;
  if (!result.doc || result.diagnostics.some((d) => d.severity === 'error') || !sameShape(previous, result.doc))
    return undefined;

  // Its links as the check resolved them, and its table of contents made of its headings as
  // they are now: the page is rendered as the build will, and the build has nothing new to show.
  const graph = {
    ...last.setup.graph,
    documents: { ...last.setup.graph.documents, [id]: result.doc },
    links: { ...last.setup.graph.links, [id]: check.links },
    pages: withToc(last.setup.graph.pages, previous, result.doc),
  };
  const setup = { ...last.setup, graph };
  cache.rendered = { ...last, setup };
  cache.parse.set(`${id}\0${check.hash}`, result);
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
