// The build: a list of named steps over plain data. load -> parse -> graph -> validate -> render
// -> write. `check` stops before writing; watch mode keeps a BuildCache between runs so that
// unchanged files are not parsed again and unchanged pages are not rendered or written again.
import { accessSync, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { fileOf } from '../../common/routes.ts';
import type { SiteConfig } from '../config/config.ts';
import { checkConfigLinks } from '../config/config-links.ts';
import type { History } from '../content/git-history.ts';
import type { ContentTree } from '../content/load.ts';
import {
  listPublicFiles,
  MERGED_PUBLIC_FILES,
  PUBLIC_DIR,
  publicCollisions,
  publicPart,
} from '../content/public-files.ts';
import { type RuleSettings, withSiteSeverities } from '../diagnostics/diagnostic-rules.ts';
import { buildGraph } from '../graph/graph.ts';
import { unknownLayouts } from '../graph/standalone-pages.ts';
import { type GeneratedFile, processImages } from '../images/images.ts';
import { type CardLook, type SocialCard, socialImages } from '../images/social-images.ts';
import type { ParseCache } from '../parse/parse.ts';
import { RenderError, type RenderSetup } from '../render/render.ts';
import { checkConfigStrings } from '../theming/config-strings.ts';
import type { MessagesByLocale } from '../theming/messages.ts';
import type { Assets, ThemeAnalytics, ThemeForms } from '../theming/theme-contract.ts';
import { resolveTheme } from '../theming/theme-loader.ts';
import type { Diagnostic, Page, ParsedDocument, Route, SiteGraph } from '../types.ts';
import { RenderedLinkCheck, routeMap } from '../validate/links.ts';
import { type PageTranslations, type StructureDiagnostic, withoutErroneous } from '../validate/translation-status.ts';
import { validate } from '../validate/validate.ts';
import { buildFileCalls } from '../write/file-calls.ts';
import { killPoint } from '../write/kill-point.ts';
import { OutputStore, type StoreStats } from '../write/output-store.ts';
import { IncrementalOutput, WriteError, type WriteStats } from '../write/write.ts';
import {
  cardLook,
  checkTranslations,
  loadSite,
  openOutput,
  parseContent,
  readContent,
  readDataFiles,
  renderFailure,
  renderPages,
  renderSetup,
  servedFiles,
  themedStrings,
  withGenerated,
  withNotices,
  writeExtras,
  writeFailure,
  writeServerFiles,
  writeServerRules,
  writeTwins,
} from './build-steps.ts';
import { CheckStore } from './check-store.ts';
import { BuildRuntime } from './runtime.ts';
import { type BuildRecord, outsideInputs, recordBuild, unchangedBuild } from './up-to-date.ts';
import { Pool, type PoolStats, releaseParseWorkers } from './worker-pool.ts';

// The build's callers print what it reports; the one form of a line is the diagnostics' own.
export { formatDiagnostic } from '../diagnostics/diagnostic-formats.ts';

export type BuildMode = 'build' | 'check' | 'serve';

export interface BuildOptions {
  root: string;
  mode: BuildMode;
  /** Output directory for build and serve. */
  outDir?: string;
  /** Kept between runs in watch mode. */
  cache?: BuildCache;
  /** Absolute paths that changed since the last run; undefined means "read everything". */
  changed?: Set<string>;
  /** Outdated translations are errors, not warnings (`site check --strict-translations`). */
  strictTranslations?: boolean;
  /** `site build`: when no input changed since the last build and the site it published is as it
   * left it, do nothing and give that build's figures and warnings (up-to-date.ts). The result
   * then has no graph. */
  skipUnchanged?: boolean;
  /** `site serve`: called once what every page needs is written (assets, feeds, public files), so
   * the server can answer while the Markdown twins and the search index are still being made. */
  onReady?: (site: Required<Pick<BuildResult, 'graph' | 'config' | 'messages'>>) => void;
  /** `site serve`'s first build: bodies the parse store lacks are parsed when a request needs them
   * (bodies-on-demand.ts); a full build is to follow, which finds the problems. */
  lazyBodies?: boolean;
  /** `site serve`: what the feeds, sitemap, Markdown twins and search index wait for once the server
   * answers (the first page rendered), so that the first page has the cores to itself. */
  beforeExtras?: () => Promise<void>;
  /** `site serve` stopping: the build stops at its next step, its workers are terminated at once,
   * and it rejects with BuildStopped; what it wrote is discarded. */
  signal?: AbortSignal;
}

/** A build its caller stopped (BuildOptions.signal): not a crash, nothing to report. */
export class BuildStopped extends Error {
  constructor() {
    super('the build was stopped');
  }
}

export interface BuildCache {
  parse: ParseCache;
  content?: ContentTree;
  /** Hash of every output file, by path. */
  outputs: Map<string, string>;
  /** What each page was rendered from, by route; an equal key means an equal page. */
  renderKeys: Map<Route, string>;
  /** Which UI strings the parse results in memory were made with. */
  labelsKey?: string;
  /** Watch mode: the last page each file gave that parsed, shown while a mistake in it is fixed. */
  lastGood: Map<string, ParsedDocument>;
  /** The theme's bundle (theme-loader.ts), and the resolved theme it was made of. */
  theme?: { key: string; file: string };
  /** What the client assets were built of: the theme, its files and the design's CSS. */
  assetsKey?: string;
  /** `site serve`: the theme's forms (`files.forms`), for the contact backend's answers to a post
   * made with JavaScript off; none for a theme without them. */
  forms?: ThemeForms;
  /** `site serve`: what the theme's runtime sends to the analytics endpoint (its contract's `analytics`). */
  analytics?: ThemeAnalytics;
  /** `site serve`: loads this build's forms once (settles when `forms` is set); a form post awaits it. */
  formsReady?: () => Promise<void>;
  assets?: { assets: Omit<Assets, 'colorModeScript'>; files: { path: string; contents: Uint8Array }[] };
  /** The content's git history, read once per watching process (translation status). */
  history?: History | null;
  /** `site serve`: the render key of a page as the last build sees it (build-steps.ts). */
  pageKey?: (page: Page) => string;
  /** `site serve`: when the fast path of hot-update.ts last wrote each file (performance.now()). */
  hotWrites: Map<string, number>;
  /** `site serve`: the social cards of the site by output path, drawn when asked for. */
  socialCards?: Map<string, SocialCard>;
  /** `site serve`: the output of the build under way, which keeps what pages-on-demand.ts writes meanwhile. */
  building?: IncrementalOutput;
  /** Social cards by key (social-images.ts), kept between the rebuilds of watch mode. */
  cards: Map<string, Uint8Array>;
  /** What the last serve build rendered with: the fast path of hot-update.ts starts from it, and
   * the check of a saved file (dev/saved-file-check.ts) looks its links up in `files`, the files
   * the site serves besides its pages. */
  rendered?: {
    root: string;
    config: SiteConfig;
    setup: RenderSetup;
    outDir: string;
    cardLook: CardLook;
    files?: ReadonlySet<string>;
  };
  /** `site serve` after a build with lazy bodies: parses the bodies of these documents if they
   * are still pending, and renders from a graph that has them (bodies-on-demand.ts). */
  completeBodies?: (ids: string[]) => Promise<void>;
}

export function createCache(): BuildCache {
  return {
    parse: new Map(),
    outputs: new Map(),
    renderKeys: new Map(),
    lastGood: new Map(),
    cards: new Map(),
    hotWrites: new Map(),
  };
}

export interface BuildStats {
  pages: number;
  parsed: number;
  rendered: number;
  /** Image sizes encoded by sharp in this build. */
  resized: number;
  /** Social cards drawn in this build (not in memory or .cache/social/), of all the site has. */
  cards?: { drawn: number; total: number };
  /** `site serve` with lazy bodies: documents whose bodies the build left for later. */
  pendingBodies?: number;
  /** Production builds: what the output store under .cache/ had and had not (pages, twins, images). */
  reused?: StoreStats;
  /** `site check`: how many pages the check store under .cache/ had, so that they were not rendered. */
  checkStore?: { reused: number };
  /** Worker threads, when the build was large enough to start them, and how busy they were. */
  pool?: PoolStats;
  write?: WriteStats;
  /** When the build did nothing because nothing changed: the time the last build finished. */
  upToDateSince?: string;
  timings: Record<string, number>;
}

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  stats: BuildStats;
  graph?: SiteGraph;
  config?: SiteConfig;
  messages?: MessagesByLocale;
  /** Every page in every locale with its translation state (`site i18n status`). */
  translations?: PageTranslations[];
}

export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const { root } = options;
  const outDir = path.resolve(root, options.outDir ?? 'build');
  const last = options.skipUnchanged && options.mode === 'build' ? unchangedBuild(root, outDir) : undefined;
  if (last?.record) return unchangedResult(last.record, performance.now() - started);
  const pool = new Pool(options.signal);
  // A parse or a render under way would hold the stop up until it ends: its workers go at once.
  const stop = () => void pool.close();
  options.signal?.addEventListener('abort', stop, { once: true });
  // Caches written while the build goes on; it ends when they are on disk.
  const background: Promise<unknown>[] = [];
  try {
    const result = await runSteps(options, pool, background).catch((error) => {
      throw options.signal?.aborted ? new BuildStopped() : error;
    });
    if (last?.inputs && result.ok && result.config) {
      const outside = outsideInputs(root, resolveTheme(root, result.config).theme?.dir);
      await recordBuild(root, outDir, {
        inputs: last.inputs,
        outside,
        pages: result.stats.pages,
        diagnostics: result.diagnostics,
      });
    }
    return { ...result, stats: { ...result.stats, pool: pool.stats() } };
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await Promise.all([pool.close(), ...background]);
    // A watching process keeps its parse workers; any other lets them go unless a build follows soon.
    if (!options.cache) releaseParseWorkers();
  }
}

/** What `site build` reports when nothing changed since the last build: that build's figures and warnings. */
function unchangedResult(record: BuildRecord, ms: number): BuildResult {
  return {
    ok: true,
    diagnostics: record.diagnostics,
    stats: {
      pages: record.pages,
      parsed: 0,
      rendered: 0,
      resized: 0,
      upToDateSince: record.at,
      write: { written: 0, unchanged: record.files, removed: 0, unchangedSite: true, files: [] },
      timings: { 'up-to-date': ms },
    },
  };
}

/** The build as the list of its stages, each step a call with what it takes and what it gives;
 * what runs beside them (worker threads, esbuild, Pagefind, git, the cards, `site serve`'s state)
 * is the runtime's (runtime.ts), started and awaited where the list says. */
async function runSteps(options: BuildOptions, pool: Pool, background: Promise<unknown>[]): Promise<BuildResult> {
  const { root, mode } = options;
  const cache = options.cache ?? createCache();
  const run = new StepRunner(options.signal);
  const runtime = new BuildRuntime(options, pool, cache, background);

  // Config, then the content: load, parse, data files, graph.
  const site = await run.step('config', () => loadSite(root));
  if (!site.config || !site.messages) return run.result();
  const { config } = site;
  run.rules = config.rules;
  runtime.startBeside(config);
  // The engine's strings and the site's until the theme is loaded; the theme's join them then.
  let messages = site.messages;
  const locales = Object.keys(config.locales);
  const content = await run.step('load', () => readContent(root, locales, cache, options.changed));
  const sources = new Map(content.sources.map((s) => [s.id, s]));
  const lazy = mode === 'serve' && Boolean(options.lazyBodies);
  const { documents, parsed, pending, stored } = await run.step('parse', () =>
    parseContent({ root, config, messages, content, cache, pool, keepLastGood: mode === 'serve', lazy }),
  );
  runtime.inBackground(stored);
  run.stats.parsed = parsed;
  if (pending.length) run.stats.pendingBodies = pending.length;
  const data = await run.step('data', () => readDataFiles(content, locales));
  const { graph } = await run.step('graph', () =>
    buildGraph({ config, documents, ...data, messages, includeDrafts: mode === 'serve' }),
  );
  run.stats.pages = Object.keys(graph.pages).length;
  const bodyParses = runtime.afterGraph(config, graph, pending);

  // The theme, its strings and assets, then every rule over the whole site.
  const { loaded } = await run.step('theme', () => runtime.theme());
  if (!loaded) return run.result({ graph, config, messages });
  messages = (await run.step('strings', () => themedStrings(config, loaded, site.own, site.files))).messages;
  run.report(unknownLayouts(graph, loaded.theme));
  const assets = await run.step('assets', () => runtime.assets());
  const publicFiles = listPublicFiles(root, config.publicHidden);
  const social = socialImages(config, graph, messages);
  const files = withGenerated(servedFiles(config, graph, publicFiles.files, assets.files), social.routes);
  run.report(publicFiles.diagnostics);
  run.report(publicCollisions(publicFiles.files, writtenFiles(config, graph, assets.files, social.routes)));
  const { links } = await run.step('validate', () =>
    validate({ config, graph, sources, files, configFiles: runtime.configFiles }),
  );
  await run.step('config-links', () =>
    checkConfigLinks(config, graph, runtime.configFiles, loaded.theme, loaded.options),
  );
  const translations = await run.step('translations', async () => {
    await runtime.historyRead();
    return checkTranslations({ config, graph, links, cache, strict: options.strictTranslations });
  });
  run.translations = translations.pages;
  run.structure = translations.structure;
  await run.step('config-strings', () =>
    checkConfigStrings(config, messages, runtime.configFiles, loaded.theme, loaded.options),
  );
  // A build stops here; a check renders on, so that a broken link of the theme's pages (the navbar's
  // logo, a footer link) is reported with the other problems, not only once they are fixed. What
  // the render finds then is kept only where it cannot follow from them (run.keepIndependent).
  if (run.failed && mode === 'build') return run.result({ graph, config, messages });
  const validated = run.failed ? run.mark() : undefined;

  // Images and the pages, rendered into the output (a production build keeps what it made under
  // .cache/, so the next one makes only what changed), the cards drawn meanwhile.
  const calls = buildFileCalls(run.stats.pages);
  const store = mode === 'build' ? OutputStore.open(root, undefined, calls) : undefined;
  const server = runtime.serverFiles(config, messages, loaded);
  const images = await run.step('images', () =>
    processImages({ root, graph: { ...graph, links }, files, generate: mode !== 'check', store, config }),
  );
  run.stats.resized = images.resized;
  const ready = { ...graph, links, documents: images.documents, pages: withNotices(graph.pages, translations.notices) };
  const result = () => {
    if (validated !== undefined) run.keepIndependent(validated, ready);
    return run.result({ graph: ready, config, messages });
  };
  const setup = renderSetup({ config, graph: ready, messages, assets: assets.assets, loaded });
  const look = cardLook(root, config, loaded);
  const outDir = path.resolve(root, options.outDir ?? (mode === 'serve' ? '.serve' : 'build'));
  const shownOutDir = path.relative(root, outDir) || '.';
  let output: Awaited<ReturnType<typeof openOutput>>;
  try {
    output = await openOutput(mode, outDir, cache, store, calls);
  } catch (error) {
    // The output folder could not be made or read (read-only, not ours): a problem of the build.
    if (!(error as NodeJS.ErrnoException).code) throw error;
    run.report([writeFailure(shownOutDir, mode, new WriteError('', whyNotWritable(outDir) ?? error))]);
    return result();
  }
  const cards = runtime.drawCards(config, look, social.cards, output);
  if (output && !pending.length && mode !== 'serve') runtime.searchIndex(config, ready, store);
  runtime.keepForServe({
    output,
    config,
    setup,
    outDir,
    look,
    cards: social.cards,
    pending,
    bodyParses,
    graphInput: { ...data, messages, includeDrafts: true },
    documents,
    sources,
    files,
    notices: translations.notices,
  });
  // A check renders only the pages no check before rendered from the same inputs (check-store.ts).
  const checked = mode === 'check' ? CheckStore.open(root) : undefined;
  const linkCheck =
    mode === 'serve'
      ? undefined
      : new RenderedLinkCheck({
          config,
          graph: ready,
          files: withGenerated(files, images.served),
          routeOfSource: routeMap(config, ready),
          redirectSources: new Map(ready.redirects.map((r) => [r.from, r.to])),
        });
  try {
    run.stats.rendered = await run.step('render', () =>
      renderPages({
        setup,
        pool,
        cache,
        output,
        linkCheck,
        checked,
        store: store && { outputs: store, images: images.images },
      }),
    );
    if (checked) {
      checked.save();
      run.stats.checkStore = { reused: checked.reused };
    }
    if (linkCheck) await run.step('check-rendered-links', () => linkCheck.finish());
    if (run.failed && linkCheck) {
      await runtime.abort(output);
      return result();
    }
    if (!output) return result();

    // What the pages need (assets, image sizes), then every file beside the pages. The dev server
    // answers once what a page needs is written; feeds, sitemap and redirect pages follow.
    const extras = (generated: typeof assets.files) =>
      run.step('extras', () =>
        writeExtras(output, {
          config,
          graph: ready,
          messages,
          setup,
          files: generated,
          ownRedirects: publicPart(root, '_redirects'),
          outDir: shownOutDir,
        }),
      );
    if (mode === 'serve')
      await run.step('assets-out', async () => {
        for (const f of [...assets.files, ...images.files]) await output.write(f.path, f.contents);
      });
    else await extras([...assets.files, ...images.files]);
    await run.step('social-images', async () => {
      // The dev server draws a card when it is asked for (pages-on-demand.ts); those it drew stay.
      if (output instanceof IncrementalOutput)
        for (const c of social.cards) if (cache.outputs.has(c.file)) output.keep(c.file);
      if (!cards) return;
      await cards.done;
      run.stats.cards = { drawn: cards.drawn(), total: social.cards.length };
    });
    // Nothing renders or draws after this in a build: the workers' memory (each holds the site
    // graph) is given back before the twins and the search index are made.
    if (mode !== 'serve') await pool.close();
    if (mode === 'serve') {
      await runtime.handOver({ graph: ready, config, messages }, loaded);
      if (!pending.length) runtime.searchIndex(config, ready, store);
      await extras([]);
    }
    // Twins and the search index of pages without their bodies would be of no use: the full
    // build that follows makes them.
    if (pending.length && output instanceof IncrementalOutput) {
      run.stats.write = await run.step('finish', () => output.flush());
      return result();
    }
    await run.step('markdown-twins', () => writeTwins(output, { config, graph: ready, messages, sources }));
    await run.step('search-index', async () => {
      for (const f of await runtime.searchIndex(config, ready, store)) await output.write(f.path, f.contents);
    });
    if (mode !== 'serve')
      await run.step('public', () =>
        output.copyFiles(
          path.join(root, PUBLIC_DIR),
          publicFiles.files.map((f) => f.slice(1)).filter((f) => !MERGED_PUBLIC_FILES.has(f)),
        ),
      );
    if (mode === 'build') {
      await run.step('security-headers', () =>
        writeServerRules(output, { root, config, graph: ready, setup, outDir: shownOutDir }),
      );
      const unbundled = await run.step('server-manifest', () =>
        writeServerFiles(output, root, server!, loaded, shownOutDir),
      );
      // A file that did not read back was not written: the build before stays in place.
      if (unbundled || run.failed) {
        if (unbundled) run.report([unbundled]);
        await runtime.abort(output);
        return result();
      }
    }
    run.stats.write = await run.step('finish', () => output.finish());
    if (store) {
      await store.close();
      run.stats.reused = store.stats;
    }
  } catch (error) {
    await runtime.abort(output);
    if (options.signal?.aborted) throw error;
    if (error instanceof RenderError) run.report([renderFailure(error)]);
    else if (error instanceof WriteError) run.report([writeFailure(path.relative(root, outDir) || '.', mode, error)]);
    else throw error;
    return result();
  } finally {
    runtime.done(output);
  }
  return result();
}

/** Why the folder the output goes in cannot be written (a read-only file system, permissions):
 * Node's recursive mkdir says ENOENT for either. */
function whyNotWritable(outDir: string): Error | undefined {
  try {
    accessSync(path.dirname(outDir), fsConstants.W_OK);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/** Every file the build writes itself, which a file of public/ at the same path would collide with. */
function writtenFiles(config: SiteConfig, graph: SiteGraph, assets: GeneratedFile[], social: string[]): Set<string> {
  const routes = [...Object.keys(graph.pages), ...graph.redirects.map((r) => r.from)];
  return new Set([...servedFiles(config, graph, [], assets), ...social, ...routes.map((r) => `/${fileOf(r)}`)]);
}

/** Runs steps, times them and gathers what they report: a step's `diagnostics` are taken from
 * its result, everything else is handed back. */
class StepRunner {
  readonly stats: BuildStats = { pages: 0, parsed: 0, rendered: 0, resized: 0, timings: {} };
  translations?: PageTranslations[];
  structure: StructureDiagnostic[] = [];
  /** The site's severities of rules (config `rules`), once the config is read. */
  rules: RuleSettings = {};
  private readonly reported: Diagnostic[] = [];

  constructor(private readonly signal?: AbortSignal) {}

  /** What was reported, as the site's config wants it (a rule it turned off is left out). */
  private get diagnostics(): Diagnostic[] {
    return withSiteSeverities(this.reported, this.rules);
  }

  async step<T>(name: string, fn: () => T | Promise<T>): Promise<T> {
    killPoint(`before:${name}`);
    this.signal?.throwIfAborted();
    const start = performance.now();
    try {
      const value = await fn();
      // What a step did with its workers terminated under it is not the site's problem.
      this.signal?.throwIfAborted();
      if (Array.isArray(value)) this.report(value as Diagnostic[]);
      else if (value && typeof value === 'object' && 'diagnostics' in value)
        this.report((value as { diagnostics: Diagnostic[] }).diagnostics);
      return value;
    } finally {
      this.stats.timings[name] = Math.round((performance.now() - start) * 10) / 10;
    }
  }

  report(diagnostics: Diagnostic[]): void {
    this.reported.push(...diagnostics);
  }

  /** How many problems were reported so far. */
  mark(): number {
    return this.reported.length;
  }

  /** Of the problems reported since `mark`, when the ones before it include errors, keeps only a
   * broken link of the theme on a page none of whose sources has an error, and only when every
   * error is in a page's Markdown: an error of the config, the strings or the data files touches
   * every page, and a page rendered from a file with an error (or that crashed) shows its effects. */
  keepIndependent(mark: number, graph: SiteGraph): void {
    const before = withSiteSeverities(this.reported.slice(0, mark), this.rules).filter((d) => d.severity === 'error');
    const erring = new Set(before.map((d) => d.file));
    const local = before.every((d) => d.file.startsWith('content/') && d.file.endsWith('.md'));
    const after = this.reported.splice(mark).filter((d) => {
      const route = /^theme \(rendered on (.+)\)$/.exec(d.file)?.[1];
      const page = route ? graph.pages[route] : undefined;
      return local && d.rule === 'broken-theme-link' && page && !page.deps.some((dep) => erring.has(dep));
    });
    this.reported.push(...after);
  }

  get failed(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error');
  }

  result(site: Pick<BuildResult, 'graph' | 'config' | 'messages'> = {}): BuildResult {
    const reported = this.diagnostics;
    const diagnostics = [...reported, ...withSiteSeverities(withoutErroneous(this.structure, reported), this.rules)];
    return {
      ok: !this.failed,
      diagnostics: sortDiagnostics(diagnostics),
      stats: this.stats,
      translations: this.translations,
      ...site,
    };
  }
}

/** Problems in the order they are printed: by file, then line and column. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}
