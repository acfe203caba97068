// `site serve` answers before every Markdown body is parsed: its first build reads the front matter
// of the files the parse store lacks, which is all the graph, the routes and the sidebars need, and
// a request for a page has the bodies that page shows parsed first, here, before it is rendered
// (pages-on-demand.ts). A full build follows at once (serve.ts): it parses the rest on the pool and
// checks links and fragments, and its problems reach the terminal and the overlay.
import type { SiteConfig } from '../config/config.ts';
import type { SourceFile } from '../content/load.ts';
import { buildGraph, type GraphInput } from '../graph/graph.ts';
import { processImages } from '../images/images.ts';
import type { MarkdownLimits, ParseItem, ParseResult } from '../parse/parse.ts';
import type { OutdatedTranslation, ParsedDocument, Route } from '../types.ts';
import { validate } from '../validate/validate.ts';
import { IncrementalOutput } from '../write/write.ts';
import type { BuildCache } from './build.ts';
import { renderKeyOf, withNotices } from './build-steps.ts';
import { parseOnWorkers, startParseWorkers } from './worker-pool.ts';

/** The pending bodies, each parsed once on the parse workers: when a request needs it, or ahead of
 * that for the page asked for first (`/`), while the server is still starting. */
export class BodyParses {
  private readonly items: Map<string, ParseItem>;
  private readonly parses = new Map<string, Promise<ParseResult>>();
  constructor(
    pending: ParseItem[],
    private readonly limits: MarkdownLimits,
  ) {
    this.items = new Map(pending.map((item) => [item.source.id, item]));
    startParseWorkers(1, limits);
  }
  /** Starts parsing those of these documents that are pending, in one batch. */
  start(ids: string[]): void {
    const items = ids.flatMap((id) => (this.parses.has(id) ? [] : (this.items.get(id) ?? [])));
    if (!items.length) return;
    // On parse workers, as every parse: content can make the parser hang or run out of memory.
    const batch = parseOnWorkers(items, this.limits);
    items.forEach((item, i) => {
      this.parses.set(
        item.source.id,
        batch.then((results) => results[i]),
      );
    });
  }
  /** The results of these documents that are pending, parsed first where need be. */
  async results(ids: string[]): Promise<Map<string, ParseResult>> {
    this.start(ids);
    const wanted = ids.flatMap((id) => {
      const parse = this.parses.get(id);
      return parse ? [[id, parse] as const] : [];
    });
    return new Map(await Promise.all(wanted.map(async ([id, parse]) => [id, await parse] as const)));
  }
}

export interface BodiesInput {
  root: string;
  config: SiteConfig;
  /** What the graph is built from besides the documents. */
  graphInput: Omit<GraphInput, 'documents' | 'config'>;
  /** The documents of the first build, those of `pending` without their bodies. */
  documents: ParsedDocument[];
  pending: ParseItem[];
  parses: BodyParses;
  sources: Map<string, SourceFile>;
  /** Every file the site serves, for the link check that resolves the parsed bodies' links. */
  files: ReadonlySet<string>;
  notices: Map<Route, OutdatedTranslation>;
  cache: BuildCache;
}

/** Parses the bodies of the given documents that are still pending and puts the site the dev
 * server renders from (cache.rendered) on a graph that has them. One call at a time: a request
 * that needs a body another is parsing waits for it. */
export function bodiesOnDemand(input: BodiesInput): (ids: string[]) => Promise<void> {
  const { root, config, cache } = input;
  const pending = new Map(input.pending.map((item) => [item.source.id, item]));
  const documents = new Map(input.documents.map((d) => [d.source, d]));
  let queue: Promise<void> = Promise.resolve();
  const complete = async (ids: string[]) => {
    const items = ids.flatMap((id) => pending.get(id) ?? []);
    if (!items.length) return;
    const site = cache.rendered;
    if (!site) return;
    for (const item of items) pending.delete(item.source.id);
    const results = await input.parses.results(items.map((item) => item.source.id));
    for (const [id, r] of results) if (r.doc) documents.set(id, r.doc);
    const { graph } = buildGraph({ ...input.graphInput, config, documents: [...documents.values()] });
    const { links } = validate({ config, graph, sources: input.sources, files: input.files });
    const parsed = new Set(items.map((item) => item.source.id));
    const images = await processImages({
      root,
      graph: {
        ...graph,
        links,
        documents: Object.fromEntries(Object.entries(graph.documents).filter(([id]) => parsed.has(id))),
      },
      files: input.files,
      generate: true,
      config,
    });
    // A full build that began meanwhile has the site as it is now.
    if (cache.rendered !== site) return;
    const output = new IncrementalOutput(site.outDir, cache.outputs);
    for (const f of images.files) await output.write(f.path, f.contents);
    await output.flush();
    for (const f of images.files) cache.building?.keep(f.path);
    const ready = {
      ...graph,
      links,
      documents: { ...graph.documents, ...images.documents },
      pages: withNotices(graph.pages, input.notices),
    };
    cache.rendered = { ...site, setup: { ...site.setup, graph: ready } };
    cache.pageKey = renderKeyOf(cache.rendered.setup);
  };
  return (ids) => {
    const next = queue.then(() => complete(ids));
    queue = next.catch(() => undefined);
    return next;
  };
}
