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
import { decodeText, withoutNumberPrefixes } from '../content/load.ts';
import { hashOf } from '../content-hash.ts';
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

/** How long a page whose file is gone waits for the file's new name: a rename is a removal and an
 * addition to the file system, which a busy machine may report some time apart. */
const RENAME_MS = 3000;

/** The halves of renames seen lately, either first: pages whose file went, by source id, and
 * page files added that the graph does not have yet, with when. */
export interface RecentlyGone {
  gone: Map<string, { page: Page; at: number }>;
  added: Map<string, number>;
}

/** Takes the pages of files deleted or renamed among `changed` out of what the server renders
 * from, and puts a renamed file's page at its new route; undefined when no page's file is gone
 * and no file added is the new name of one. */
export async function movePages(
  root: string,
  cache: BuildCache,
  changed: Set<string>,
  recent: RecentlyGone,
): Promise<Moves | undefined> {
  const last = cache.rendered;
  if (!last || cache.completeBodies) return undefined;
  const { graph } = last.setup;
  const ids = [...changed].map((file) => path.relative(root, file).split(path.sep).join('/'));
  const gone = ids.filter((id) => graph.documents[id] && !existsSync(path.join(root, id)));
  const added = ids.filter(
    (id) => !graph.documents[id] && PAGE_FILE.test(id) && !/(^|\/)_/.test(id) && existsSync(path.join(root, id)),
  );
  const now = performance.now();
  for (const [id, entry] of recent.gone) if (now - entry.at > RENAME_MS) recent.gone.delete(id);
  for (const [id, at] of recent.added)
    if (now - at > RENAME_MS || graph.documents[id] || !existsSync(path.join(root, id))) recent.added.delete(id);
  for (const id of added) recent.added.set(id, now);
  const addedLately = [...recent.added.keys()];
  if (!gone.length && !(addedLately.length === 1 && recent.gone.size === 1)) return undefined;
  const pageOf = (id: string) => Object.values(graph.pages).find((p) => 'doc' in p && p.doc === id);
  const pages = { ...graph.pages };
  const documents = { ...graph.documents };
  const moves: Moves = { removed: [], moved: new Map() };
  for (const id of gone) {
    const page = pageOf(id);
    delete documents[id];
    if (!page) continue;
    delete pages[page.route];
    recent.gone.set(id, { page, at: now });
    const file = fileOf(page.route);
    rmSync(path.join(last.outDir, file), { force: true });
    cache.outputs.delete(file);
    cache.renderKeys.delete(page.route);
    moves.removed.push(page.route);
  }
  // One page file gone (in this change or just before) and one new one in the same language: a
  // rename, the page goes with it.
  const links = { ...graph.links };
  const [from, entry] = recent.gone.size === 1 ? [...recent.gone][0] : [];
  const page = entry?.page;
  const [, locale, rel] = PAGE_FILE.exec(addedLately[0] ?? '') ?? [];
  if (from && page && addedLately.length === 1 && locale === page.locale) {
    recent.gone.delete(from);
    const id = addedLately[0];
    recent.added.delete(id);
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
