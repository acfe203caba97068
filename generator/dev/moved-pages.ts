// A page's file renamed or deleted while `site serve --watch` runs. The whole-site build that
// follows takes a while on a large site; until it ends, the old route would still answer and the
// new one would not. So, at once: the deleted file's page leaves the graph the server renders
// from and its HTML leaves the output (its route answers 404, or the redirect the build adds), and
// a file renamed gets the old page at its new route, with its new text, to render when it is asked
// for. The build then makes both right everywhere else (menus, links to it, its redirects).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileOf, keyOf, routeOf } from '../../common/routes.ts';
import type { BuildCache } from '../build/build.ts';
import { parseOnWorkers } from '../build/worker-pool.ts';
import { decodeText, hashOf, withoutNumberPrefixes } from '../content/load.ts';
import { kindOf, markdownLabels } from '../parse/parse.ts';
import type { Page, Route } from '../types.ts';
import { resolvedLinks } from './saved-file-check.ts';

export interface Moves {
  /** Routes whose page's file is gone. */
  removed: Route[];
  /** Old route to new route, for a file renamed. */
  moved: Map<Route, Route>;
}

const PAGE_FILE = /^content\/([^/]+)\/(.+)\.md$/;

/** Takes the pages of files deleted or renamed among `changed` out of what the server renders
 * from, and puts a renamed file's page at its new route; undefined when no page's file is gone. */
export async function movePages(root: string, cache: BuildCache, changed: Set<string>): Promise<Moves | undefined> {
  const last = cache.rendered;
  if (!last || cache.completeBodies) return undefined;
  const { graph } = last.setup;
  const ids = [...changed].map((file) => path.relative(root, file).split(path.sep).join('/'));
  const gone = ids.filter((id) => graph.documents[id] && !existsSync(path.join(root, id)));
  if (!gone.length) return undefined;
  const pageOf = (id: string) => Object.values(graph.pages).find((p) => 'doc' in p && p.doc === id);
  const pages = { ...graph.pages };
  const documents = { ...graph.documents };
  const moves: Moves = { removed: [], moved: new Map() };
  for (const id of gone) {
    const page = pageOf(id);
    delete documents[id];
    if (!page) continue;
    delete pages[page.route];
    const file = fileOf(page.route);
    rmSync(path.join(last.outDir, file), { force: true });
    cache.outputs.delete(file);
    cache.renderKeys.delete(page.route);
    moves.removed.push(page.route);
  }
  // One page file gone and one new one in the same language: a rename, the page goes with it.
  const added = ids.filter(
    (id) => !graph.documents[id] && PAGE_FILE.test(id) && !/(^|\/)_/.test(id) && existsSync(path.join(root, id)),
  );
  const links = { ...graph.links };
  const [from] = gone;
  const page = pageOf(from);
  const [, locale, rel] = PAGE_FILE.exec(added[0] ?? '') ?? [];
  if (gone.length === 1 && added.length === 1 && page && locale === graph.documents[from].locale) {
    const id = added[0];
    const decoded = decodeText(readFileSync(path.join(root, id)));
    const source = { id, locale, path: withoutNumberPrefixes(rel), raw: decoded.text, hash: hashOf(decoded.text) };
    const kind = kindOf(last.config, source);
    if (!decoded.invalid && typeof kind === 'string') {
      const [parsed] = await parseOnWorkers(
        [{ source, kind, labels: markdownLabels(last.setup.messages[locale]) }],
        last.config.markdown,
      );
      const route = parsed.doc ? routeOf(last.config, parsed.doc) : undefined;
      if (parsed.doc && route && !pages[route]) {
        documents[id] = parsed.doc;
        pages[route] = {
          ...page,
          route,
          key: keyOf(last.config, route),
          doc: id,
          deps: page.deps.map((d) => (d === from ? id : d)),
        } as Page;
        const moved = { ...graph, pages, documents };
        links[id] = resolvedLinks({ config: last.config, files: last.files ?? new Set() }, moved, parsed.doc, route);
        moves.moved.set(page.route, route);
      }
    }
  }
  cache.rendered = { ...last, setup: { ...last.setup, graph: { ...graph, pages, documents, links } } };
  return moves;
}
