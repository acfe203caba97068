// Parsing and rendering spread over all cores. Work goes out in small batches to lanes. Large jobs
// go to worker threads, each with two batches in flight so that it never waits for the main
// thread, which coordinates: it takes results, checks links, writes and hands compression to zlib's
// threads. Parsing takes a worker per core; rendering one fewer, as the main thread is as busy as a
// worker while the pages render. Social cards are drawn there too, in batches, while the pages
// render (on the main thread for a small site, beside them on the workers for a large one). Small render jobs (a watch rebuild of one page) stay on the main
// thread: a worker costs ~150 ms to start, more than rendering a page.
// Parsing is what content can make hang or run out of memory, so it always runs on parse workers
// with a memory limit, one file at a time under a deadline: a file that takes too long or too
// much loses its worker and gets an error naming it, and the build goes on. Parse workers stay
// for the next build of the process (watch mode), so they are started once.
import { rmSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { bundleModuleWithPackagesSync } from '../bundle/bundle-module.ts';
import { type Diagnosis, diagnosis } from '../diagnostics/diagnostic-rules.ts';
import { type CardTemplateInput, cardDrawer, type SocialCard } from '../images/social-images.ts';
import { type MarkdownLimits, type ParseItem, type ParseResult, unparsed } from '../parse/parse.ts';
import {
  RenderError,
  type RenderedPage,
  type RenderOptions,
  type RenderSetup,
  renderAndScan,
  sourceOf,
} from '../render/render.ts';
import { themeAt } from '../theming/theme-loader.ts';
import type { Page } from '../types.ts';
import { type SharedHtml, shareHtml, withSharedHtml } from './shared-html.ts';

type Job =
  | { type: 'parse'; items: ParseItem[] }
  | { type: 'render'; pages: Page[]; options: RenderOptions }
  /** `template` is sent with a worker's first batch of a template only; `key` names it after. */
  | { type: 'cards'; key: string; template?: CardTemplateInput; cards: SocialCard[] };

export type WorkerRequest =
  | { type: 'setup'; setup: RenderSetup; html: SharedHtml }
  | (Job & { id: number; limits?: MarkdownLimits });

export type WorkerReply =
  | { id: number; results: ParseResult[] | RenderedPage[] | Uint8Array[]; busyMs: number; error?: undefined }
  | { id: number; error: string; stack?: string; page?: { route: string; source?: string }; results?: undefined }
  /** Sent once the worker has loaded: deadlines count from then. */
  | { ready: true; id?: undefined; error?: undefined; results?: undefined };

/** Set by bin/engine-bundle.js when it bundles the CLI: the worker's file beside the bundle. */
declare const SITE_BUNDLED_WORKER: string | undefined;

const BATCH = 8;
/** Cards a batch: a worker draws them at once, so that text layout and encoding overlap. */
const CARD_BATCH = 4;
/** Below this many items, the main thread alone is faster than starting workers. */
export const MIN_PARALLEL_ITEMS = 500;

/** Whether a render of this many pages runs on worker threads rather than the main thread. */
export const rendersOnWorkers = (pages: number) => pages >= MIN_PARALLEL_ITEMS;

function workerCount(): number {
  const configured = process.env.SITE_WORKERS;
  if (configured !== undefined && /^\d+$/.test(configured)) return Number(configured);
  // One worker per core: more threads than cores only add memory (each holds the render setup)
  // and contention.
  return Math.max(1, Math.min(os.availableParallelism(), 4));
}

/** Render workers: a core fewer than parse workers. Through the render the main thread is as busy
 * as a worker (it takes each page, checks its links, stores it and hands its compression and files
 * to libuv), where it only waits while the content parses. At N = 5,000 on 2 cores, one render
 * worker built as fast as two (81.6 s and 81.4 s) with a peak RSS of 1,728 MB instead of 2,050 MB:
 * each worker holds the whole render setup. */
function renderWorkerCount(): number {
  return Math.max(1, workerCount() - 1);
}

/** How busy the workers were: the share of their time they spent waiting is what a build lost. */
export interface PoolStats {
  workers: number;
  /** Time the workers spent parsing and rendering, added up. */
  busyMs: number;
  /** Time from each worker's first batch to its last reply, added up. */
  spanMs: number;
}

interface Lane {
  /** Batches sent before the first comes back. */
  readonly depth: number;
  render(pages: Page[], options: RenderOptions): Promise<RenderedPage[]>;
}

class MainLane implements Lane {
  readonly depth = 1;
  constructor(private setup?: RenderSetup) {}
  setSetup(setup: RenderSetup) {
    this.setup = setup;
  }
  async render(pages: Page[], options: RenderOptions) {
    await new Promise((resolve) => setImmediate(resolve));
    const setup = this.setup;
    if (!setup) throw new Error('render before setup');
    const theme = await themeAt(setup.themeFile);
    return pages.map((page) => renderAndScan(setup, theme, page, options));
  }
}

class WorkerLane implements Lane {
  readonly depth = 2;
  busyMs = 0;
  private firstSent = 0;
  private lastReply = 0;
  private next = 0;
  private waiting = new Map<number, { resolve: (r: never[]) => void; reject: (e: Error) => void; job: Job }>();
  readonly worker: Worker;

  constructor() {
    this.worker = startWorker();
    this.worker.on('message', (reply: WorkerReply) => {
      if (reply.id === undefined) return;
      const job = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      this.lastReply = performance.now();
      holdWhileBusy(this.worker, this.waiting.size);
      if (reply.error === undefined) {
        this.busyMs += reply.busyMs;
        job?.resolve(reply.results as never[]);
      } else {
        const cause = Object.assign(new Error(reply.error), { stack: reply.stack });
        job?.reject(reply.page ? new RenderError(reply.page.route, reply.page.source, cause) : cause);
      }
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => code !== 0 && this.failAll(new Error(`worker exited with code ${code}`)));
    holdWhileBusy(this.worker, 0);
  }
  /** The worker died: every job it had fails, a render job naming its first page and keeping the cause. */
  private failAll(error: Error) {
    for (const { reject, job } of this.waiting.values()) {
      const page = job.type === 'render' ? job.pages[0] : undefined;
      reject(page ? new RenderError(page.route, sourceOf(page), error) : error);
    }
    this.waiting.clear();
  }
  private request<R>(message: Job): Promise<R[]> {
    const id = this.next++;
    if (!this.firstSent) this.firstSent = performance.now();
    return new Promise<R[]>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as never, reject, job: message });
      holdWhileBusy(this.worker, this.waiting.size);
      this.worker.postMessage({ ...message, id });
    });
  }
  /** The setup with its documents' HTML left out: the worker reads that from `html`. */
  setSetup(setup: RenderSetup, html: SharedHtml) {
    this.worker.postMessage({ type: 'setup', setup, html } satisfies WorkerRequest);
  }
  render(pages: Page[], options: RenderOptions) {
    return this.request<RenderedPage>({ type: 'render', pages, options });
  }
  private cardTemplate?: string;
  cards(key: string, template: CardTemplateInput, cards: SocialCard[]) {
    const first = this.cardTemplate !== key;
    this.cardTemplate = key;
    return this.request<Uint8Array>({ type: 'cards', key, template: first ? template : undefined, cards });
  }
  get spanMs() {
    return this.firstSent ? this.lastReply - this.firstSent : 0;
  }
}

/** The worker's code when the generator runs from its TypeScript sources (tests, tsx): worker.ts
 * and its packages bundled by esbuild once per process, as bin/engine-bundle.js bundles them for the CLI. A
 * worker thread does not inherit the parent's TypeScript loader, and one registered in each worker
 * transpiled the generator again there, seconds a worker. */
let unbundledWorker: string | undefined;

function startWorker(resourceLimits?: ResourceLimits): Worker {
  let url: URL;
  if (typeof SITE_BUNDLED_WORKER === 'string') url = new URL(SITE_BUNDLED_WORKER, import.meta.url);
  else {
    if (!unbundledWorker) {
      // A file of this process only, removed at its exit: the system's temporary folder, not a cache.
      const file = bundleModuleWithPackagesSync(
        fileURLToPath(new URL('./worker.ts', import.meta.url)),
        'site-worker',
        os.tmpdir(),
      );
      process.once('exit', () => rmSync(file, { force: true }));
      unbundledWorker = file;
    }
    url = pathToFileURL(unbundledWorker);
  }
  // A parent started as `node --input-type=module -e …` (a script calling the programmatic API) would
  // pass that flag on, and a worker given a file fails to load with it. Flags given explicitly are
  // checked (a V8 flag such as --max-semi-space-size is refused), so only then are they given.
  const inherited = process.execArgv.filter((arg) => !arg.startsWith('--input-type'));
  return new Worker(
    url,
    inherited.length === process.execArgv.length ? { resourceLimits } : { resourceLimits, execArgv: inherited },
  );
}

/** A worker keeps the process alive only while it has work: a finished build must not wait for
 * idle workers kept for the next one. Called after the worker's listeners are attached, since
 * attaching a 'message' listener refs the worker again. */
function holdWhileBusy(worker: Worker, jobs: number): void {
  if (jobs > 0) worker.ref();
  else worker.unref();
}

/** A worker that parses one file at a time under a deadline and a memory limit. */
class ParseWorker {
  private readonly worker: Worker;
  private readonly ready: Promise<void>;
  private next = 0;
  private current?: { id: number; resolve: (r: ParseResult) => void; item: ParseItem; timer?: NodeJS.Timeout };
  /** False once it timed out or crashed: it is not used again. */
  alive = true;

  constructor(readonly memoryMB: number) {
    this.worker = startWorker({
      maxOldGenerationSizeMb: memoryMB,
      maxYoungGenerationSizeMb: Math.min(64, memoryMB / 4),
    });
    this.ready = new Promise((resolve) => {
      this.worker.on('message', (reply: WorkerReply) => {
        if ('ready' in reply) return resolve();
        const job = this.current;
        if (!job || reply.id !== job.id) return;
        this.finish(
          reply.error === undefined
            ? (reply.results as ParseResult[])[0]
            : failure(job.item, diagnosis('markdown', 'notParsed', { reason: reply.error.split('\n')[0] })),
        );
      });
    });
    this.worker.on('error', (error: NodeJS.ErrnoException) => {
      const item = this.current?.item;
      if (!item) return;
      this.finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? failure(item, diagnosis('markdown-memory', 'memory', { mb: memoryMB }))
          : failure(item, diagnosis('markdown', 'notParsed', { reason: error.message })),
      );
    });
    this.worker.on('exit', () => {
      this.alive = false;
      const item = this.current?.item;
      if (item) this.finish(failure(item, diagnosis('markdown', 'parserStopped')));
    });
    holdWhileBusy(this.worker, 0);
  }

  private finish(result: ParseResult) {
    const job = this.current;
    if (!job) return;
    this.current = undefined;
    holdWhileBusy(this.worker, 0);
    clearTimeout(job.timer);
    job.resolve(result);
  }

  async parse(item: ParseItem, limits: MarkdownLimits): Promise<ParseResult> {
    holdWhileBusy(this.worker, 1);
    await this.ready;
    const id = this.next++;
    return new Promise<ParseResult>((resolve) => {
      this.current = { id, resolve, item };
      this.current.timer = setTimeout(() => {
        this.alive = false;
        void this.worker.terminate();
        const seconds = limits.timeoutSeconds;
        this.finish(failure(item, diagnosis('markdown-timeout', 'slow', { seconds })));
      }, limits.timeoutSeconds * 1000);
      this.worker.postMessage({ type: 'parse', items: [item], id, limits } satisfies WorkerRequest);
    });
  }

  close() {
    this.alive = false;
    return this.worker.terminate();
  }
}

const failure = (item: ParseItem, says: Diagnosis): ParseResult =>
  unparsed(item.source, item.kind, { file: item.source.id, ...says });

/** Parse workers that are free, kept between builds; they do not keep the process alive. */
const idle: ParseWorker[] = [];

/** Parses every item on parse workers, as many at once as there are cores to spare. */
export async function parseOnWorkers(
  items: ParseItem[],
  limits: MarkdownLimits,
  signal?: AbortSignal,
): Promise<ParseResult[]> {
  clearTimeout(lingering);
  const results: ParseResult[] = new Array(items.length);
  const lanes = Math.max(1, Math.min(items.length, workerCount()));
  let cursor = 0;
  const same = (w: ParseWorker) => w.memoryMB === limits.memoryMB;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      let worker: ParseWorker | undefined;
      // A stopped build's parse ends with the item under way: its worker is terminated.
      const stop = () => void worker?.close();
      signal?.addEventListener('abort', stop, { once: true });
      while (cursor < items.length && !signal?.aborted) {
        const index = cursor++;
        if (!worker?.alive) {
          const found = idle.findIndex(same);
          worker = found === -1 ? new ParseWorker(limits.memoryMB) : idle.splice(found, 1)[0];
        }
        results[index] = await worker.parse(items[index], limits);
      }
      signal?.removeEventListener('abort', stop);
      if (worker?.alive) idle.push(worker);
    }),
  );
  return results;
}

/** Starts parse workers before the parses that will need them: the dev server's first request
 * then does not wait for one to load. */
export function startParseWorkers(count: number, limits: MarkdownLimits): void {
  const have = idle.filter((w) => w.memoryMB === limits.memoryMB).length;
  for (let i = have; i < Math.min(count, workerCount()); i++) idle.push(new ParseWorker(limits.memoryMB));
}

/** Stops the parse workers kept between builds. */
export async function closeParseWorkers(): Promise<void> {
  clearTimeout(lingering);
  await Promise.all(idle.splice(0).map((w) => w.close()));
}

/** How long idle parse workers wait for another build before they stop. A process that builds one
 * site after another (a test file, a script over several sites) keeps them warm; one that builds
 * once and goes on with other work gets their memory back soon. */
const LINGER_MS = 5000;
let lingering: NodeJS.Timeout | undefined;

/** Stops the idle parse workers unless another build takes them within LINGER_MS. */
export function releaseParseWorkers(): void {
  clearTimeout(lingering);
  lingering = setTimeout(() => void closeParseWorkers(), LINGER_MS);
  lingering.unref();
}

/** Runs batches of items on every lane until none are left; results are handed on in batches. */
async function distribute<T, R>(
  items: T[],
  lanes: { depth: number; run: (batch: T[]) => Promise<R[]> }[],
  onBatch: (start: number, results: R[]) => Promise<void> | void,
  size = BATCH,
): Promise<void> {
  let cursor = 0;
  await Promise.all(
    lanes
      .flatMap(({ depth, run }) => Array.from({ length: depth }, () => run))
      .map(async (run) => {
        while (cursor < items.length) {
          const start = cursor;
          cursor += size;
          const results = await run(items.slice(start, start + size));
          await onBatch(start, results);
        }
      }),
  );
}

export class Pool {
  /** A build that is stopped (BuildOptions.signal) parses no further item. */
  constructor(private readonly signal?: AbortSignal) {}

  private main = new MainLane();
  private workers: WorkerLane[] = [];
  /** What the workers stopped by close() did. */
  private closed: PoolStats = { workers: 0, busyMs: 0, spanMs: 0 };

  /** Starts the workers if there is enough work for them; the main thread then only coordinates. */
  private lanes(items: number): Lane[] {
    if (!rendersOnWorkers(items)) return [this.main];
    return this.started().length ? this.workers : [this.main];
  }

  private started(): WorkerLane[] {
    if (this.workers.length === 0) for (let i = 0; i < renderWorkerCount(); i++) this.workers.push(new WorkerLane());
    return this.workers;
  }

  stats(): PoolStats {
    const { closed, workers } = this;
    return {
      workers: closed.workers + workers.length,
      busyMs: closed.busyMs + sum(workers.map((w) => w.busyMs)),
      spanMs: closed.spanMs + sum(workers.map((w) => w.spanMs)),
    };
  }

  parse(items: ParseItem[], limits: MarkdownLimits): Promise<ParseResult[]> {
    return parseOnWorkers(items, limits, this.signal);
  }

  /** Renders pages and hands each to `onPage` as it is done, so written pages need not be kept. */
  async render(
    setup: RenderSetup,
    pages: Page[],
    options: RenderOptions,
    onPage: (index: number, page: RenderedPage) => Promise<void>,
  ): Promise<void> {
    const lanes = this.lanes(pages.length);
    this.main.setSetup(setup);
    if (!lanes.includes(this.main)) {
      // The workers read the documents' HTML from one shared buffer, and so does this thread from
      // now on: its own strings are let go (at N = 500 the live heap mid-render went from 89 to
      // 71 MB).
      const { documents, html } = shareHtml(setup.graph.documents);
      withSharedHtml(setup.graph.documents, html);
      const shared = { ...setup, graph: { ...setup.graph, documents } };
      for (const worker of this.workers) worker.setSetup(shared, html);
    }
    await distribute(
      pages,
      lanes.map((lane) => ({ depth: lane.depth, run: (batch: Page[]) => lane.render(batch, options) })),
      async (start, batch) => {
        for (let i = 0; i < batch.length; i++) await onPage(start + i, batch[i]);
      },
    );
  }

  /** Draws social cards on the workers (social-images.ts), a batch at a time on each, and hands on
   * each batch's bytes as it comes back. With no workers (SITE_WORKERS=0) the cards are drawn here. */
  async cards(
    key: string,
    template: CardTemplateInput,
    cards: SocialCard[],
    onBatch: (start: number, drawn: Uint8Array[]) => void,
  ): Promise<void> {
    // The template's fonts were set up for the whole process (prepareFonts) before any worker's
    // sharp first lays out text.
    const workers = this.started();
    if (!workers.length) {
      const draw = cardDrawer(template);
      return distribute(cards, [{ depth: 4, run: (batch: SocialCard[]) => Promise.all(batch.map(draw)) }], onBatch, 1);
    }
    await distribute(
      cards,
      workers.map((w) => ({ depth: w.depth, run: (batch: SocialCard[]) => w.cards(key, template, batch) })),
      onBatch,
      CARD_BATCH,
    );
  }

  /** Stops the workers, and with them their copies of the render setup. */
  async close(): Promise<void> {
    this.closed = this.stats();
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    this.workers = [];
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
