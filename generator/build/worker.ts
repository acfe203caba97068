// A worker thread of the pool: parses sources, renders pages and draws social cards it is sent,
// nothing else. It keeps the render setup (config, graph, assets) it was sent once per build, and
// the card template (the background drawn once) by the key it was sent with.
import { parentPort } from 'node:worker_threads';
import { parseSource } from '../parse/parse.ts';
import type { RenderSetup } from '../render/render.ts';
import { withSharedHtml } from './shared-html.ts';
import type { WorkerReply, WorkerRequest } from './worker-pool.ts';

let setup: RenderSetup | undefined;

// Parse workers never render: the theme is loaded on the first render request only, so a parse
// worker starts in a fraction of the time.
if (!parentPort) throw new Error('worker.ts runs as a worker thread of the build');
const port = parentPort;

let render:
  | { module: typeof import('../render/render.ts'); themes: typeof import('../theming/theme-loader.ts') }
  | undefined;
/** The card template of the build under way: one at a time. */
let cards:
  | { key: string; draw: (card: import('../images/social-images.ts').SocialCard) => Promise<Uint8Array> }
  | undefined;
/** Card batches overlap (one lays out text while another encodes): a reply counts as busy only the
 * time since the last reply of a batch that overlapped it, so their times add up to the union. */
let cardsInFlight = 0;
let cardsSince = 0;

port.on('message', async (request: WorkerRequest) => {
  let started = performance.now();
  let reply: WorkerReply;
  try {
    switch (request.type) {
      case 'setup':
        withSharedHtml(request.setup.graph.documents, request.html);
        setup = request.setup;
        return;
      case 'parse':
        reply = {
          id: request.id,
          results: request.items.map((item) =>
            parseSource(item.source, item.kind, item.labels, request.limits, item.includes),
          ),
          busyMs: 0,
        };
        break;
      case 'render': {
        const current = setup;
        if (!current) throw new Error('render requested before setup');
        render ??= { module: await import('../render/render.ts'), themes: await import('../theming/theme-loader.ts') };
        const { module, themes } = render;
        const theme = await themes.themeAt(current.themeFile);
        // Loading is once per worker, and the two batches in flight wait for it together: it
        // counts as busy for neither, or the worker would claim more busy time than it had.
        started = performance.now();
        reply = {
          id: request.id,
          results: request.pages.map((page) => module.renderAndScan(current, theme, page, request.options)),
          busyMs: 0,
        };
        break;
      }
      case 'cards': {
        // Set before the first await: the next batch may arrive while this one draws.
        const template = request.template;
        if (template) {
          const drawer = import('../images/social-images.ts').then((m) => m.cardDrawer(template));
          cards = { key: request.key, draw: async (card) => (await drawer)(card) };
        }
        if (cards?.key !== request.key) throw new Error('cards requested before their template');
        if (cardsInFlight++ === 0) cardsSince = started;
        let drawn: Uint8Array[];
        try {
          drawn = await Promise.all(request.cards.map(cards.draw));
        } finally {
          cardsInFlight--;
        }
        const now = performance.now();
        port.postMessage({ id: request.id, results: drawn, busyMs: now - cardsSince } satisfies WorkerReply);
        cardsSince = now;
        return;
      }
    }
  } catch (error) {
    const failed = render && error instanceof render.module.RenderError ? error : undefined;
    const cause = failed ? (failed.cause as Error) : error;
    reply = {
      id: (request as { id: number }).id,
      error: cause instanceof Error ? cause.message : String(cause),
      stack: cause instanceof Error ? cause.stack : undefined,
      page: failed ? { route: failed.route, source: failed.source } : undefined,
    };
  }
  if (reply.results) {
    reply.busyMs = performance.now() - started;
    // Cards drawn meanwhile count from here: this time is the render's.
    if (cardsInFlight) cardsSince = performance.now();
  }
  port.postMessage(reply);
});

port.postMessage({ ready: true } satisfies WorkerReply);
