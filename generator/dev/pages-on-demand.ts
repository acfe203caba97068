// `site serve` renders a page when it is asked for, not all of them before it answers: the build
// loads the content, builds and validates the graph and writes what every page needs (assets,
// feeds, redirects); a request for a page renders it with what that build left in the BuildCache
// (parsing first the bodies it shows that the first build left for later, bodies-on-demand.ts)
// and writes it, and a request for a page's social card draws the card. Rebuilds after an edit
// render again only the pages served so far (build-steps.ts), which an open tab may show.
import path from 'node:path';
import type { BuildCache } from '../build/build.ts';
import { pageFileOf } from '../build/build-steps.ts';
import { type CardFile, cardBytes, drawSocialImages } from '../images/social-images.ts';
import { type RenderError, renderAndScan } from '../render/render.ts';
import { themeAt } from '../theming/theme-loader.ts';
import type { Page } from '../types.ts';
import { IncrementalOutput } from '../write/write.ts';
import { HOT_RENDER_KEY } from './hot-update.ts';

export interface OnDemand {
  /** What was rendered or drawn for the request: nothing when the file was up to date. */
  rendered?: { route: string; file: string };
  /** The page could not be rendered. */
  error?: RenderError;
}

/** The page (or social card) a request path shows, written to the output if it is not there in its
 * current state. Unknown paths are left to the file server (public files, assets, 404). */
export async function renderOnDemand(cache: BuildCache, rawPath: string): Promise<OnDemand> {
  const last = cache.rendered;
  if (!last || !cache.pageKey) return {};
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath.split('?')[0]);
  } catch {
    return {};
  }
  const card = cache.socialCards?.get(pathname.slice(1));
  if (card) {
    if (cache.outputs.has(card.file)) return {};
    let drawn: CardFile | undefined;
    await drawSocialImages(last.root, last.config, last.cardLook, [card], {
      memory: cache.cards,
      onFile: (f) => void (drawn = f),
    }).done;
    if (!drawn) return {};
    await write(cache, last.outDir, drawn.path, await cardBytes(drawn));
    return { rendered: { route: pathname, file: drawn.path } };
  }
  let page = pageAt(cache, pathname);
  if (!page) return {};
  if (cache.completeBodies) {
    // The first build left bodies for later: those this page shows are parsed now.
    await cache.completeBodies(page.deps);
    page = pageAt(cache, pathname);
    if (!page) return {};
  }
  const site = cache.rendered!;
  const file = pageFileOf(page);
  const key = cache.pageKey!(page);
  // A page the fast path of an edit marked (hot-update.ts) is written as it shows now, and is
  // rendered with the edited body when it is not: the mark stays for the next build.
  const hot = cache.renderKeys.get(page.route) === HOT_RENDER_KEY;
  if ((hot || cache.renderKeys.get(page.route) === key) && cache.outputs.has(file)) return {};
  let html: string;
  try {
    ({ html } = renderAndScan(site.setup, await themeAt(site.setup.themeFile), page, { scan: false, record: false }));
  } catch (error) {
    return { error: error as RenderError };
  }
  if (!hot) cache.renderKeys.set(page.route, key);
  await write(cache, site.outDir, file, html);
  return { rendered: { route: page.route, file } };
}

/** Where a path that names a page without its trailing slash (`/blog/releases/10.14`) is sent, as
 * `site start` sends it from the built files: answered before any render, so a last segment with
 * a dot (which the URL rules would take for a file) finds its page too. The query goes along. */
export function slashedLocation(cache: BuildCache, rawPath: string): string | undefined {
  const graph = cache.rendered?.setup.graph;
  const q = rawPath.indexOf('?');
  const [raw, query] = q === -1 ? [rawPath, ''] : [rawPath.slice(0, q), rawPath.slice(q)];
  if (!graph || raw.endsWith('/')) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return graph.pages[`${pathname}/`] ? `${raw}/${query}` : undefined;
}

/** The page at a request path, as the production URL rules would find its file. */
function pageAt(cache: BuildCache, pathname: string): Page | undefined {
  const { graph } = cache.rendered!.setup;
  const route = pathname.endsWith('/index.html')
    ? pathname.slice(0, -'index.html'.length)
    : pathname.endsWith('/') || path.posix.extname(pathname)
      ? pathname
      : `${pathname}/`;
  return graph.pages[route];
}

async function write(cache: BuildCache, outDir: string, file: string, contents: string | Uint8Array): Promise<void> {
  const output = new IncrementalOutput(outDir, cache.outputs);
  await output.write(file, contents);
  await output.flush();
  // A build under way would take the file for a stale one and remove it when it finishes.
  cache.building?.keep(file);
}
