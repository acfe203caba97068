// A worker thread of the pool: parses sources and renders pages it is sent, nothing else. It keeps
// the render setup (config, graph, assets) it was sent once per build.
import { parentPort } from 'node:worker_threads';
import { parseSource } from './parse.ts';
import type { RenderSetup } from './render.ts';
import type { WorkerRequest, WorkerReply } from './worker-pool.ts';

let setup: RenderSetup | undefined;

// Parse workers never render: the theme is loaded on the first render request only, so a parse
// worker starts in a fraction of the time.
let render: { module: typeof import('./render.ts'); themes: typeof import('./theme-loader.ts') } | undefined;

parentPort!.on('message', async (request: WorkerRequest) => {
  let started = performance.now();
  let reply: WorkerReply;
  try {
    switch (request.type) {
      case 'setup':
        setup = request.setup;
        return;
      case 'parse':
        reply = { id: request.id, results: request.items.map((item) => parseSource(item.source, item.kind, item.labels, request.limits, item.includes)), busyMs: 0 };
        break;
      case 'render': {
        const current = setup;
        if (!current) throw new Error('render requested before setup');
        render ??= { module: await import('./render.ts'), themes: await import('./theme-loader.ts') };
        const theme = await render.themes.themeAt(current.themeFile);
        // Loading is once per worker, and the two batches in flight wait for it together: it
        // counts as busy for neither, or the worker would claim more busy time than it had.
        started = performance.now();
        reply = { id: request.id, results: request.pages.map((page) => render!.module.renderAndScan(current, theme, page, request.options)), busyMs: 0 };
        break;
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
  if (reply.results) reply.busyMs = performance.now() - started;
  parentPort!.postMessage(reply);
});

parentPort!.postMessage({ ready: true } satisfies WorkerReply);
