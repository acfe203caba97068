// A worker thread of the pool: parses sources and renders pages it is sent, nothing else. It keeps
// the render setup (config, graph, assets) it was sent once per build.
import { parentPort } from 'node:worker_threads';
import { parseSource } from './parse.ts';
import { renderAndScan, RenderError, type RenderSetup } from './render.ts';
import { themeAt } from './theme-loader.ts';
import type { WorkerRequest, WorkerReply } from './worker-pool.ts';

let setup: RenderSetup | undefined;

parentPort!.on('message', async (request: WorkerRequest) => {
  const started = performance.now();
  let reply: WorkerReply;
  try {
    switch (request.type) {
      case 'setup':
        setup = request.setup;
        return;
      case 'parse':
        reply = { id: request.id, results: request.items.map((item) => parseSource(item.source, item.kind, item.labels)), busyMs: 0 };
        break;
      case 'render': {
        const current = setup;
        if (!current) throw new Error('render requested before setup');
        const theme = await themeAt(current.themeFile);
        reply = { id: request.id, results: request.pages.map((page) => renderAndScan(current, theme, page, request.options)), busyMs: 0 };
        break;
      }
    }
  } catch (error) {
    const cause = error instanceof RenderError ? (error.cause as Error) : error;
    reply = {
      id: (request as { id: number }).id,
      error: cause instanceof Error ? cause.message : String(cause),
      stack: cause instanceof Error ? cause.stack : undefined,
      page: error instanceof RenderError ? { route: error.route, source: error.source } : undefined,
    };
  }
  if (reply.results) reply.busyMs = performance.now() - started;
  parentPort!.postMessage(reply);
});

