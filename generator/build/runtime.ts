// What runs beside the build's stages, so that build.ts reads as the list of the stages: the
// worker threads, esbuild's, Pagefind's and git's processes started early to overlap with reading
// and parsing, the social cards drawn while the pages render, and what `site serve` keeps between
// builds. Each part is started where the stage list says and awaited by the step that needs it;
// a failure before then is not left unhandled.
import type { SiteConfig } from '../config/config.ts';
import { readConfigFiles } from '../config/config-file.ts';
import { readHistory } from '../content/git-history.ts';
import type { SourceFile } from '../content/load.ts';
import { searchIndexFiles } from '../extras/search-index.ts';
import { type FormsSource, loadForms, serverFiles } from '../extras/server-manifest.ts';
import type { GraphInput } from '../graph/graph.ts';
import { type CardLook, drawSocialImages, type SocialCard } from '../images/social-images.ts';
import type { ParseItem } from '../parse/parse.ts';
import type { RenderSetup } from '../render/render.ts';
import type { MessagesByLocale } from '../theming/messages.ts';
import type { ParsedDocument, SiteGraph } from '../types.ts';
import type { OutputStore } from '../write/output-store.ts';
import { IncrementalOutput, type Output } from '../write/write.ts';
import { type BodiesInput, BodyParses, bodiesOnDemand } from './bodies-on-demand.ts';
import type { BuildCache, BuildOptions } from './build.ts';
import { assetsCached, type LoadedTheme, loadTheme } from './build-steps.ts';
import { closeParseWorkers, type Pool, rendersOnWorkers, startParseWorkers } from './worker-pool.ts';

type ThemeAndAssets = {
  theme: Awaited<ReturnType<typeof loadTheme>>;
  assets?: Awaited<ReturnType<typeof assetsCached>>;
};

/** A promise awaited later by its step: a rejection before then must not count as unhandled. */
function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

export class BuildRuntime {
  /** The config's files as written, for problems at their lines (read once the config loaded). */
  configFiles: ReturnType<typeof readConfigFiles> = [];
  private themeAndAssets?: Promise<ThemeAndAssets>;
  private history?: Promise<void>;
  private search?: ReturnType<typeof searchIndexFiles>;
  private aborted = false;

  constructor(
    private readonly options: BuildOptions,
    readonly pool: Pool,
    readonly cache: BuildCache,
    /** Caches written while the build goes on; the build ends when they are on disk. */
    private readonly background: Promise<unknown>[],
  ) {}

  /** Once the config is read: what depends on it alone starts beside the reading of the content. A
   * file the parse store lacks is parsed on a worker, so one starts loading now (some 150 ms to
   * the first parse of an edit; the dev server starts its own with the process). The theme's
   * bundle and the client assets are made in esbuild's own process, and the content's git history
   * (translation status, once per watching process) in git's. */
  startBeside(config: SiteConfig): void {
    const { root, mode, changed } = this.options;
    const { cache } = this;
    if (mode !== 'serve') startParseWorkers(1, config.markdown);
    this.configFiles = readConfigFiles(root);
    this.themeAndAssets = awaitedLater(
      loadTheme(root, config, this.configFiles, cache, changed).then(async (theme) => ({
        theme,
        assets: theme.loaded ? await assetsCached(root, config, theme.loaded, cache, changed) : undefined,
      })),
    );
    if (Object.keys(config.locales).length > 1 && cache.history === undefined)
      this.history = readHistory(root).then((read) => void (cache.history = read ?? null));
  }

  private started(): Promise<ThemeAndAssets> {
    if (!this.themeAndAssets) throw new Error('the theme was asked for before the config was read (startBeside)');
    return this.themeAndAssets;
  }

  /** The theme, as the config named it, bundled and checked. */
  async theme(): Promise<ThemeAndAssets['theme']> {
    return (await this.started()).theme;
  }

  async assets(): Promise<NonNullable<ThemeAndAssets['assets']>> {
    const { assets } = await this.started();
    if (!assets) throw new Error('the client assets were asked for before the theme loaded');
    return assets;
  }

  /** The content's git history, read (into the cache) when the translation status needs it. */
  async historyRead(): Promise<void> {
    await this.history;
  }

  /** A cache the parse step writes to disk while the build goes on. */
  inBackground(work: Promise<unknown>): void {
    this.background.push(work);
  }

  /** After the graph: a site large enough to render on workers of its own gives the parse
   * workers' memory back first (nothing parses after this but a watching process, which keeps
   * them); a dev server parses the bodies of the page it is asked for first (its home page) while
   * the theme is bundled. */
  afterGraph(config: SiteConfig, graph: SiteGraph, pending: ParseItem[]): BodyParses | undefined {
    const pages = Object.keys(graph.pages).length + Object.keys(graph.notFound).length;
    if (!this.options.cache && rendersOnWorkers(pages)) void closeParseWorkers();
    const bodyParses = pending.length ? new BodyParses(pending, config.markdown) : undefined;
    bodyParses?.start(graph.pages['/']?.deps ?? []);
    return bodyParses;
  }

  /** The server's files (`_server/`), bundled by esbuild's own process while the pages render. */
  serverFiles(
    config: SiteConfig,
    messages: MessagesByLocale,
    loaded: LoadedTheme,
  ): ReturnType<typeof serverFiles> | undefined {
    if (this.options.mode !== 'build') return undefined;
    return awaitedLater(serverFiles(this.options.root, config, messages, formsOf(loaded), loaded.theme.analytics));
  }

  /** Social cards, drawn on the pool's workers while the pages render and written as they come (a
   * production build; the dev server draws a card when it is asked for). A build that stops
   * writes no card into the output it discards. */
  drawCards(config: SiteConfig, look: CardLook, cards: SocialCard[], output: Output | undefined) {
    if (this.options.mode !== 'build' || !output) return undefined;
    return drawSocialImages(this.options.root, config, look, cards, {
      painter: (key, template, batch, onBatch) => this.pool.cards(key, template, batch, onBatch),
      onFile: (f) => {
        if (this.aborted) return undefined;
        if (f.contents === undefined) return output.link(f.path, f.kept);
        return f.kept ? output.link(f.path, f.kept, f.contents) : output.write(f.path, f.contents);
      },
      ...(this.options.cache ? { memory: this.cache.cards } : {}),
    });
  }

  /** The output is being discarded: what is still drawn is not written into it. */
  async abort(output: Output | undefined): Promise<void> {
    this.aborted = true;
    await output?.abort();
  }

  /** Pagefind's index, in a process of its own: started once the pages' text is final, it runs on
   * the other core while the pages render (a build), or after the first page is served (the dev
   * server: handing Pagefind every page costs the main thread time the first answer waits for). */
  searchIndex(
    config: SiteConfig,
    graph: SiteGraph,
    store: OutputStore | undefined,
  ): ReturnType<typeof searchIndexFiles> {
    this.search ??= awaitedLater(searchIndexFiles(config, graph, store));
    return this.search;
  }

  /** `site serve`: what the next build, the fast path of an edit and the pages rendered when asked
   * for start from. */
  keepForServe(input: {
    output: Output | undefined;
    config: SiteConfig;
    setup: RenderSetup;
    outDir: string;
    look: CardLook;
    cards: SocialCard[];
    pending: ParseItem[];
    bodyParses: BodyParses | undefined;
    graphInput: Omit<GraphInput, 'config' | 'documents'>;
    documents: ParsedDocument[];
    sources: Map<string, SourceFile>;
    files: ReadonlySet<string>;
    notices: BodiesInput['notices'];
  }): void {
    const { output, config, setup, outDir, look, pending } = input;
    if (!(output instanceof IncrementalOutput)) return;
    const { cache } = this;
    const { root } = this.options;
    cache.rendered = { root, config, setup, outDir, cardLook: look, files: input.files };
    cache.building = output;
    cache.socialCards = new Map(input.cards.map((c) => [c.file, c]));
    const parses = input.bodyParses;
    cache.completeBodies = parses
      ? bodiesOnDemand({
          root,
          config,
          graphInput: input.graphInput,
          documents: input.documents,
          pending,
          parses,
          sources: input.sources,
          files: input.files,
          notices: input.notices,
          cache,
        })
      : undefined;
  }

  /** `site serve` hands the site over before the feeds, the sitemap and the redirect pages are
   * made: the server starts listening. It answers a form posted without JavaScript with the same
   * forms as `site start`, bundled after the first page (which needs none) or when a form is
   * posted first; forms that do not bundle are the theme's, which reported it: the plain answer
   * page. The dev server serves public/ from where it is (dev/serve.ts): nothing is copied. */
  async handOver(site: { graph: SiteGraph; config: SiteConfig; messages: MessagesByLocale }, loaded: LoadedTheme) {
    const { cache, options } = this;
    const forms = formsOf(loaded);
    cache.analytics = loaded.theme.analytics;
    let forming: Promise<void> | undefined;
    cache.formsReady = () =>
      (forming ??=
        site.config.contact && forms
          ? loadForms(options.root, forms).then(
              (made) => void (cache.forms = made),
              () => void (cache.forms = undefined),
            )
          : Promise.resolve(void (cache.forms = undefined)));
    options.onReady?.(site);
    await new Promise((resolve) => setImmediate(resolve));
    await options.beforeExtras?.();
    void cache.formsReady();
  }

  /** The output of this build is no longer the one pages rendered on demand are kept in. */
  done(output: Output | undefined): void {
    if (this.cache.building === output) this.cache.building = undefined;
  }
}

/** The theme's forms module, when it has one. */
export function formsOf(loaded: LoadedTheme): FormsSource | undefined {
  return loaded.theme.files.forms ? { theme: loaded.resolved, forms: loaded.theme.files.forms } : undefined;
}
