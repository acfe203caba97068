// A worker thread of the pool: parses sources and renders pages it is sent, nothing else. It keeps
// the render setup (config, graph, assets) it was sent once per build.
import { parentPort } from 'node:worker_threads';
import { parseSource } from './parse.ts';
import type { RenderSetup } from './render.ts';
import type { WorkerRequest, WorkerReply } from './worker-pool.ts';

let setup: RenderSetup | undefined;

// Parse workers never render: the theme is loaded on the first render request only, so a parse
// worker starts in a fraction of the time.
let render: typeof import('./render.ts') | undefined;

parentPort!.on('message', async (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    switch (request.type) {
      case 'setup':
        setup = request.setup;
        return;
      case 'parse':
        reply = { id: request.id, results: request.items.map((item) => parseSource(item.source, item.kind, request.limits)) };
        break;
      case 'render': {
        const current = setup;
        if (!current) throw new Error('render requested before setup');
        render ??= await import('./render.ts');
        const { renderAndScan } = render;
        reply = { id: request.id, results: request.pages.map((page) => renderAndScan(current, page, request.scan)) };
        break;
      }
    }
  } catch (error) {
    reply = { id: (request as { id: number }).id, error: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) };
  }
  parentPort!.postMessage(reply);
});

parentPort!.postMessage({ ready: true } satisfies WorkerReply);
