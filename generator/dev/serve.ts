// `site serve`: builds the site graph with drafts, serves it with the production URL rules and
// renders each page when it is first asked for (pages-on-demand.ts); with --watch it rebuilds what
// a change needs, one build at a time, and reloads open tabs. A content or theme error is shown in
// the terminal and as an overlay in the browser; the server keeps running.
import { readFileSync, statSync, watch } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import { count } from '../../common/count.ts';
import { contactRoute } from '../../common/locale-prefix.ts';
import type { RedirectRule } from '../../common/redirect-rules.ts';
import { fileOf } from '../../common/routes.ts';
import { type BuildResult, BuildStopped, createCache, formatDiagnostic, runBuild } from '../build/build.ts';
import { renderFailure } from '../build/build-steps.ts';
import { closeParseWorkers, startParseWorkers } from '../build/worker-pool.ts';
import type { SiteConfig } from '../config/config.ts';
import { localePrefix, MARKDOWN_DEFAULTS } from '../config/config.ts';
import { MERGED_PUBLIC_FILES, PUBLIC_DIR, publishedFromPublic } from '../content/public-files.ts';
import { hashOf } from '../content-hash.ts';
import { editorTemplate } from '../diagnostics/editor-links.ts';
import type { MessagesByLocale } from '../theming/messages.ts';
import type { ThemeAnalytics, ThemeForms } from '../theming/theme-contract.ts';
import { BUILT_IN_THEME_DIR } from '../theming/theme-loader.ts';
import { devClient } from './dev-overlay.ts';
import { hostRedirects } from './host-redirects.ts';
import { hotUpdate } from './hot-update.ts';
import { type Moves, movePages, type RecentlyGone } from './moved-pages.ts';
import { OverlayProblems } from './overlay-problems.ts';
import { renderOnDemand, slashedLocation } from './pages-on-demand.ts';
import { checkSavedFile, type SavedFileCheck } from './saved-file-check.ts';

export interface DevServerOptions {
  root: string;
  port: number;
  host: string;
  watch: boolean;
  out: string;
  hooks: DevServerHooks;
  /** Prints the steps of every build with their times, and how long each page a request had rendered took. */
  timings?: boolean;
  /** Called after every build, with its wall time: for tests and tools. */
  onBuild?: (result: BuildResult, ms: number) => void;
  /** Called once a saved file was checked (saved-file-check.ts), before any build. */
  onSavedCheck?: (check: SavedFileCheck, ms: number) => void;
  /** Called once the pages of files renamed or deleted have left their old routes (moved-pages.ts). */
  onMoved?: (moves: Moves) => void;
  /** Called after the fast path of hot-update.ts wrote pages, with their files. */
  onHotUpdate?: (files: string[], ms: number) => void;
  /** Called when a request had a page rendered (or a social card drawn), with its route. */
  onRender?: (route: string) => void;
}

/** The built files as served: the production URL rules need the redirects and locale prefixes. */
export interface ServedSite {
  dir: string;
  /** Redirect sources to targets, both routes. */
  redirects: Map<string, string>;
  /** Redirects with `:placeholders` or a `*` splat (common/redirect-rules.ts). */
  rules?: readonly RedirectRule[];
  localePrefixes: string[];
  transformHtml?: (html: string) => string;
  /** The site's public/, served from where it is kept rather than copied into the output. */
  sourceFiles?: { dir: string; skip: ReadonlySet<string>; serves?: (file: string) => boolean };
}

/** The site as the last build left it, for the handlers of its endpoints. */
export interface LiveSite {
  root: string;
  outDir: string;
  config: () => SiteConfig;
  messages: () => MessagesByLocale;
  /** The theme's forms as the last build loaded them (none before it, or for a theme without). */
  forms: () => ThemeForms | undefined;
  /** What the theme's runtime sends to the analytics endpoint, as the last build loaded it. */
  analytics: () => ThemeAnalytics | undefined;
}

/** Answers a request (true) or leaves it to the next handler (false). */
export type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

/**
 * What the dev server serves besides its live-reload events, given by the caller (bin/cli.ts takes
 * it from server/dev-hooks.ts), so the generator does not depend on the server: the built files
 * with the production URL rules, and, as VitePress's configureServer, the handlers of the site's
 * endpoints (contact, analytics), set up once the first build has a config.
 */
export interface DevServerHooks {
  serveFile: (site: ServedSite, req: http.IncomingMessage, res: http.ServerResponse) => void;
  configureServer?: (site: LiveSite) => { handle: RequestHandler; close: () => Promise<void> | void };
  /** Takes the site's baseUrl off the request's path, or answers a request outside it (false). */
  enterBase?: (config: SiteConfig, req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

const RELOAD_PATH = '/__site/events';
/** The site's folders, its own theme and component overrides where they are kept by convention
 * (`theme: './theme'`, `components: { Footer: './components/Footer.tsx' }`); the engine's
 * built-in theme is watched too. */
const WATCHED = ['content', 'public', 'config', 'i18n', 'theme', 'components'];
/** How long the tree must be quiet before a build: one saved file builds at once, a burst of
 * changes (a checkout, a copy, a search-and-replace) is built once it is over. */
const QUIET_MS = { one: 25, many: 500 };
/** How long the full build after an edit the fast path has shown waits for the writer to pause:
 * while edits follow each other, each is shown at once, and no build holds up the next one. */
const CHECK_AFTER_MS = 1000;
/** How long the full build that follows a start with bodies left for later waits for a first request. */
const FIRST_REQUEST_MS = 300;

export async function startDevServer(
  options: DevServerOptions,
): Promise<{ server: http.Server; close: () => Promise<void>; firstBuild: Promise<BuildResult> }> {
  const outDir = path.resolve(options.root, options.out);
  // The first page's Markdown is parsed on a parse worker: one starts now, while the config loads,
  // so that it is ready when the bodies are (with the default limits, which most sites keep).
  startParseWorkers(1, MARKDOWN_DEFAULTS);
  const cache = createCache();
  // A SIGTERM or SIGINT stops the build under way (the first one's full build may run for
  // minutes on a busy machine) instead of waiting for it.
  const stopping = new AbortController();
  const clients = new Set<http.ServerResponse>();
  let siteConfig: SiteConfig | undefined;
  let siteMessages: MessagesByLocale | undefined;
  let staticOptions: ServedSite = {
    dir: outDir,
    redirects: new Map(),
    localePrefixes: [],
    sourceFiles: {
      dir: path.join(options.root, PUBLIC_DIR),
      skip: MERGED_PUBLIC_FILES,
      // What a build would copy: nothing a link out of public/ leads to, no dot-folder it does not publish.
      serves: (file) => publishedFromPublic(options.root, file, siteConfig?.publicHidden),
    },
    transformHtml: options.watch
      ? (html) =>
          html.replace('</body>', `${devClient(siteConfig?.baseUrl ?? '/', RELOAD_PATH, pageVersion(html))}</body>`)
      : undefined,
  };
  const broadcast = (event: string, data: unknown) => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  /** The page each open tab shows and its version, as the tab said when it connected. */
  const shownIn = new Map<http.ServerResponse, { page: string; version: string }>();
  /** Tabs that show an older version of their page than the one on disk are told to reload: one
   * that loaded the page just before it was rewritten and listened only after the reload was told
   * (a save during a reload), or after a build that wrote nothing new. */
  /** Listeners that did not say which page they show (a script of their own): told of every
   * page written for a change. */
  const unplaced = new Set<http.ServerResponse>();
  const toldOfWrites = (files: string[]) => {
    for (const client of unplaced) client.write(`event: reload\ndata: ${JSON.stringify(files.slice(0, 20))}\n\n`);
  };
  const reloadStale = (only?: http.ServerResponse) => {
    for (const [client, shown] of shownIn) {
      if (only && client !== only) continue;
      const now = versionOnDisk(outDir, shown.page);
      if (now === undefined || now === shown.version) continue;
      shownIn.delete(client);
      client.write(`event: reload\ndata: ${JSON.stringify([shown.page])}\n\n`);
    }
  };
  // What the overlay shows, by the version of each file its problems were found in.
  const problems = new OverlayProblems(options.root, () => editorTemplate(siteConfig?.editor));
  const showProblems = (result: Pick<BuildResult, 'diagnostics' | 'graph'>) => {
    const versions = new Map((cache.content?.sources ?? []).map((s) => [s.id, s.hash]));
    if (problems.built(result.diagnostics, versions, result.graph)) broadcast('problems', problems.state);
  };

  /** The site as a build sees it: its config for the endpoints, its redirects for the URL rules. */
  const adopt = (site: Pick<BuildResult, 'graph' | 'config' | 'messages'>) => {
    if (!site.config || !site.graph) return;
    const config = site.config;
    siteConfig = config;
    siteMessages = site.messages;
    // The site's own host rules (public/_redirects) come first, as in the build's _redirects.
    const own = hostRedirects(options.root, config);
    staticOptions = {
      ...staticOptions,
      redirects: new Map([...site.graph.redirects.map((r): [string, string] => [r.from, r.to]), ...own.redirects]),
      rules: own.rules,
      localePrefixes: Object.keys(config.locales)
        .map((l) => localePrefix(config, l))
        .filter(Boolean),
    };
  };

  const build = async (
    changed?: Set<string>,
    onReady?: () => void,
    lazyBodies = false,
    beforeExtras?: () => Promise<void>,
  ): Promise<BuildResult> => {
    const started = performance.now();
    const result = await runBuild({
      root: options.root,
      mode: 'serve',
      outDir,
      cache,
      changed,
      lazyBodies,
      beforeExtras,
      signal: stopping.signal,
      onReady: (site) => {
        adopt(site);
        onReady?.();
      },
    });
    const ms = Math.round(performance.now() - started);
    if (options.timings)
      console.log(
        `[site] steps: ${Object.entries(result.stats.timings)
          .map(([name, ms]) => `${name} ${Math.round(ms)} ms`)
          .join(', ')}; the process started ${Math.round(started)} ms before the build`,
      );
    if (result.stats.pendingBodies) {
      // Its problems are those of pages without their bodies: the full build that follows reports.
      adopt(result);
      console.log(
        `[site] ready in ${ms} ms; parsing the bodies of ${count(result.stats.pendingBodies, 'page')}, those a request needs first`,
      );
      return result;
    }
    for (const d of result.diagnostics) console.error(formatDiagnostic(d));
    adopt(result);
    const w = result.stats.write;
    const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
    console.log(
      `[site] ${errors ? `${count(errors, 'error')}; ` : ''}${result.stats.parsed} parsed, ${result.stats.rendered} rendered, ${w ? `${w.written} written, ${w.removed} removed` : 'nothing written'} in ${ms} ms`,
    );
    options.onBuild?.(result, ms);
    showProblems(result);
    // Markdown twins, llms files and the search index change nothing a tab shows; nor does the
    // first build, which wrote only what pages need before any tab was open.
    // Files of public/ are served from there: an edit to one is shown as it is.
    const publicDir = path.join(options.root, PUBLIC_DIR);
    const edited = [...(changed ?? [])]
      .filter((f) => f.startsWith(`${publicDir}${path.sep}`))
      .map((f) => path.relative(publicDir, f).split(path.sep).join('/'));
    if (changed && edited.length) broadcast('reload', edited.slice(0, 20));
    const pages = (w?.files ?? []).filter((f) => !/\.md$|^pagefind\/|(^|\/)llms[^/]*\.txt$/.test(f));
    if (changed && (pages.length || w?.removed)) toldOfWrites(pages);
    // A tab reloads when the page it shows is not the one on disk: once per change of it, however
    // many times it was written (by the fast path, then by this build, as the same HTML).
    reloadStale();
    return result;
  };

  // The server listens once what every page needs is written; the first build goes on with the
  // Markdown twins and the search index, and its problems reach the terminal and the overlay when
  // it ends. Pages are written when they are asked for (pages-on-demand.ts); one an earlier run
  // left in the folder is rendered again then too, as nothing of this run rendered it yet.
  // Bodies the parse store lacks are parsed when a request needs them, and all of them by a
  // full build that follows at once (bodies-on-demand.ts).
  // The full build waits until the first page has been served (or a moment without a request),
  // so that the bodies that page needs have the cores to themselves.
  let ready!: () => void;
  let served!: () => void;
  const firstPageServed = new Promise<void>((resolve) => (served = resolve));
  const firstRequest = () =>
    Promise.race([firstPageServed, new Promise<void>((resolve) => setTimeout(resolve, FIRST_REQUEST_MS))]);
  // The first build's feeds, twins and search index wait for the first page too.
  const first = build(undefined, () => ready(), true, firstRequest).then(async (result) => {
    if (!result.stats.pendingBodies) return result;
    await firstRequest();
    // Read from the parse store again, so that it keeps what it had and stores what is parsed now.
    cache.parse.clear();
    return build();
  });
  await Promise.race([new Promise<void>((resolve) => (ready = resolve)), first]);
  first.catch(crashed);

  // The site's endpoints (contact, analytics) as in production.
  // The config and strings as the last build read them, those of the first until there is another.
  const [firstConfig, firstMessages] = [siteConfig, siteMessages];
  const endpoints =
    firstConfig && firstMessages
      ? options.hooks.configureServer?.({
          root: options.root,
          outDir,
          config: () => siteConfig ?? firstConfig,
          messages: () => siteMessages ?? firstMessages,
          forms: () => cache.forms,
          analytics: () => cache.analytics,
        })
      : undefined;

  /** A body edit is on disk and in the browser at once, even while the build of the edit before
   * is still running; the full build then checks the rest. */
  const recentlyGone: RecentlyGone = { gone: new Map(), added: new Map() };
  /** Where the pages renamed while serving went, by their old routes. */
  const movedTo = new Map<string, string>();
  const hot = async (changed: Set<string>): Promise<boolean> => {
    const started = performance.now();
    const [file] = changed;
    // A page's file renamed or deleted: its old route goes at once, a tab on it follows the page.
    const moves = await movePages(options.root, cache, changed, recentlyGone);
    if (moves) {
      for (const [from, to] of moves.moved) movedTo.set(from, to);
      for (const [client, shown] of shownIn) {
        const route = shown.page.replace(/index\.html$/, '');
        const to = moves.moved.get(route);
        if (!to && !moves.removed.includes(route)) continue;
        shownIn.delete(client);
        if (to) client.write(`event: navigate\ndata: ${JSON.stringify(to)}\n\n`);
        else client.write(`event: reload\ndata: ${JSON.stringify([shown.page])}\n\n`);
      }
      options.onMoved?.(moves);
      // A file removed alone may be the first half of a rename: the build waits for the writer to
      // pause, as after an edit shown, so that it reads the new name too.
      return moves.moved.size === 0;
    }
    // The saved file is checked first, and its problems go out with its new text.
    const check = changed.size === 1 ? await checkSavedFile(options.root, cache, file) : undefined;
    // A new page file may be the first half of a rename: the build waits for the writer to pause,
    // so that the removal of the old name, if it follows, moves the page first.
    const idOf = (f: string) => path.relative(options.root, f).split(path.sep).join('/');
    if (!check) return [...changed].every((f) => recentlyGone.added.has(idOf(f)));
    if (problems.savedFile(check)) broadcast('problems', problems.state);
    options.onSavedCheck?.(check, Math.round(performance.now() - started));
    const files = await hotUpdate(cache, check);
    if (files?.length) {
      const ms = Math.round(performance.now() - started);
      console.log(`[site] ${count(files.length, 'page')} updated in ${ms} ms`);
      options.onHotUpdate?.(files, ms);
      toldOfWrites(files);
    }
    reloadStale();
    return files !== undefined;
  };

  /** Renders the page (or draws the card) a request asks for, if it is not on disk as it is now. */
  const onDemand = async (url: string) => {
    const started = performance.now();
    const result = await renderOnDemand(cache, url);
    if (result.rendered) options.onRender?.(result.rendered.route);
    if (result.rendered && options.timings)
      console.log(`[site] ${result.rendered.route} rendered in ${Math.round(performance.now() - started)} ms`);
    if (result.error) {
      const failure = renderFailure(result.error);
      console.error(formatDiagnostic(failure));
      if (problems.renderFailed(failure)) broadcast('problems', problems.state);
    }
  };

  /** The contact page in each locale: what the contact endpoint answers a plain form post with. */
  const contactPages = () => {
    const config = siteConfig;
    return config ? Object.keys(config.locales).flatMap((locale) => contactRoute(config, locale) ?? []) : [];
  };

  /** A request for a page being rendered waits for that render rather than starting another. */
  const rendering = new Map<string, Promise<void>>();
  const renderOnce = (route: string) => {
    let render = rendering.get(route);
    if (!render) {
      render = onDemand(route)
        .catch((error) => console.error(`[site] ${route}: ${(error as Error).message}`))
        .finally(() => rendering.delete(route));
      rendering.set(route, render);
    }
    return render;
  };

  const server = http.createServer(async (req, res) => {
    // Under a baseUrl the site answers at its subpath; from here on the request names a route.
    if (siteConfig && options.hooks.enterBase && !options.hooks.enterBase(siteConfig, req, res)) return;
    if (req.url?.split('?')[0] === RELOAD_PATH) {
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      res.write(`event: problems\ndata: ${JSON.stringify(problems.state)}\n\n`);
      clients.add(res);
      const query = new URL(req.url, 'http://x').searchParams;
      const [page, version] = [query.get('page'), query.get('version')];
      const route = page?.replace(/index\.html$/, '');
      const to = route && movedTo.get(route);
      // A tab that was reloading when its page was renamed goes to the new route as it connects.
      if (to && !cache.rendered?.setup.graph.pages[route])
        res.write(`event: navigate\ndata: ${JSON.stringify(to)}\n\n`);
      else if (page && version) {
        shownIn.set(res, { page, version });
        reloadStale(res);
      } else unplaced.add(res);
      req.on('close', () => {
        clients.delete(res);
        shownIn.delete(res);
        unplaced.delete(res);
      });
      return;
    }
    const route = req.url ?? '/';
    const reading = req.method === 'GET' || req.method === 'HEAD';
    // A form posted without JavaScript and its answer (`?result=`) get the contact page back with
    // the theme's forms in it: both are made first if this is the first request to need them (the
    // post's body waits unread meanwhile). A script's post (JSON, a beacon) needs neither.
    const plainForm =
      req.method === 'POST' &&
      /^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(req.headers['content-type'] ?? '');
    if (plainForm || (reading && /[?&]result=/.test(route)))
      await Promise.all([cache.formsReady?.(), ...contactPages().map(renderOnce)]);
    if (endpoints?.handle(req, res)) return;
    const slashed = reading ? slashedLocation(cache, route) : undefined;
    if (slashed) {
      res.writeHead(301, { location: slashed, 'cache-control': 'no-cache' });
      res.end();
      return;
    }
    if (reading) await renderOnce(route);
    // The first page is served once its answer is sent, not when it is rendered (the page a browser
    // opens first is rendered before it is asked for): the first build's next steps wait for that.
    if (reading && /(\/|\.html)(\?.*)?$/.test(route)) res.once('finish', () => res.statusCode === 200 && served());
    options.hooks.serveFile(staticOptions, req, res);
  });

  let watcher: { close: () => Promise<void> } | undefined;
  if (options.watch) watcher = await watchProject(options.root, hot, build, first);

  // The page a browser opens first is rendered while the server starts listening.
  void renderOnce('/');
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  console.log(
    `[site] serving on http://${options.host}:${port}${siteConfig?.baseUrl ?? '/'}${options.watch ? ' (watching for changes)' : ''}`,
  );
  const onSignal = (signal: NodeJS.Signals) => {
    console.log(`[site] ${signal}: stopping the build under way, then the server`);
    stopping.abort();
    void close().then(() => process.exit(0));
  };
  const close = async () => {
    // A server closed by its caller (a test, the programmatic API) leaves the process's signals as
    // they were: the next SIGTERM ends the process, instead of closing this server again.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, onSignal);
    await watcher?.close();
    // The first build may still be writing its Markdown twins and search index (or stopping).
    await first.catch(() => undefined);
    await Promise.all(rendering.values());
    for (const client of clients) client.end();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await endpoints?.close();
    // The parse workers kept for the next rebuild would keep the process alive.
    await closeParseWorkers();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, onSignal);
  return { server, close, firstBuild: first };
}

/** A build that failed for a reason of the engine's; one its stop ended is no news. */
function crashed(error: unknown): void {
  if (error instanceof BuildStopped) return;
  console.error(`[site] build crashed: ${(error as Error).stack ?? error}`);
}

/** Watches the project's source folders and calls `rebuild` with what changed, one build at a
 * time. A folder that is removed and created again (`rm -rf content && cp -a backup content`, a
 * branch switch) is a new folder to the file system and the watches on the old one are dead, so
 * the project root is watched too, for its entries: a source folder that comes back is watched
 * afresh and built whole. While a folder that was there is missing, nothing is built. */
async function watchProject(
  root: string,
  hot: (changed: Set<string>) => Promise<boolean>,
  rebuild: (changed: Set<string>) => Promise<unknown>,
  initial: Promise<unknown>,
): Promise<{ close: () => Promise<void> }> {
  const exists = (dir: string) => {
    try {
      return statSync(dir).isDirectory();
    } catch {
      return false;
    }
  };
  const folders = [...new Set([...WATCHED.map((dir) => path.join(root, dir)), BUILT_IN_THEME_DIR])].filter(exists);
  const missing = new Set<string>();
  let closed = false;
  // Removing and creating a folder are several events of the root; act once they have settled.
  const settling = new Map<string, NodeJS.Timeout>();
  const name = (dir: string) => `${path.relative(root, dir)}/`;

  // One build at a time: changes that arrive during a build are collected for the next one.
  // The fast path of a body edit does not wait for the build: the edit before may still be in it.
  // After an edit the fast path has shown, the build that checks the rest waits until the writer
  // pauses (CHECK_AFTER_MS); any other change is built at once.
  let running: Promise<unknown> | undefined = initial
    .catch(() => undefined)
    .then(() => {
      running = undefined;
      if (pending.size) startBuild();
    });
  let hotRunning: Promise<unknown> = Promise.resolve();
  /** Changes no build has taken yet, and those the fast path has not seen yet. */
  let pending = new Set<string>();
  let fresh = new Set<string>();
  /** A change among `pending` that the fast path could not show: the build is not put off. */
  let urgent = false;
  let timer: NodeJS.Timeout | undefined;
  let buildTimer: NodeJS.Timeout | undefined;
  const schedule = (quiet = fresh.size > 1 ? QUIET_MS.many : QUIET_MS.one) => {
    clearTimeout(timer);
    clearTimeout(buildTimer);
    if (missing.size || settling.size) return;
    timer = setTimeout(() => {
      const batch = fresh;
      fresh = new Set();
      hotRunning = hotRunning
        .then(() => hot(batch))
        .catch((error) => {
          console.error(`[site] ${(error as Error).message}`);
          return false;
        })
        .then((shown) => {
          if (!shown) urgent = true;
          // A later edit has started its own wait.
          if (fresh.size) return;
          clearTimeout(buildTimer);
          buildTimer = setTimeout(startBuild, urgent ? 0 : CHECK_AFTER_MS);
        });
    }, quiet);
  };
  const startBuild = async () => {
    if (running || !pending.size || closed || missing.size || settling.size) return;
    const changed = pending;
    pending = new Set();
    urgent = false;
    running = rebuild(changed).catch(crashed);
    await running;
    running = undefined;
    if (pending.size && !fresh.size) {
      clearTimeout(buildTimer);
      buildTimer = setTimeout(startBuild, urgent ? 0 : CHECK_AFTER_MS);
    }
  };
  const changedFile = (file: string) => {
    pending.add(file);
    fresh.add(file);
    schedule();
  };

  // One watcher per folder, so a replaced folder gets a new one of its own.
  const watchers = new Map<string, FSWatcher>();
  // Imported here: a server that does not watch does not load it.
  const chokidar = (await import('chokidar')).default;
  const watchFolder = async (dir: string) => {
    const watcher = chokidar.watch(dir, { ignoreInitial: true });
    watcher.on('all', (_event: string, file: string) => changedFile(file));
    watcher.on('error', (error) => console.error(`[site] watching ${name(dir)}: ${(error as Error).message}`));
    watchers.set(dir, watcher);
    await new Promise<void>((resolve) => watcher.on('ready', () => resolve()));
  };
  await Promise.all(folders.map(watchFolder));

  let rewatching = Promise.resolve();
  const settled = async (dir: string) => {
    settling.delete(dir);
    if (closed) return;
    if (!exists(dir)) {
      if (!missing.has(dir))
        console.log(`[site] ${name(dir)} disappeared; waiting for it to come back before building`);
      missing.add(dir);
      clearTimeout(timer);
      return;
    }
    // Closed first: chokidar shares its file system watches between watchers of one path.
    await watchers.get(dir)?.close();
    await watchFolder(dir);
    console.log(
      missing.delete(dir)
        ? `[site] ${name(dir)} is back; building it whole`
        : `[site] ${name(dir)} was removed and created again; building it whole`,
    );
    // Everything in it may have changed, and edits made before the new watcher was ready are
    // only in the files: the build reads the whole tree again.
    pending.add(dir);
    fresh.add(dir);
    schedule(QUIET_MS.many);
  };
  const rootWatch = watch(root, (event, entry) => {
    const dir = entry && path.join(root, entry.toString());
    // `rename` is a folder removed or created; `change` only its times, as `cp -a` sets them.
    if (event !== 'rename' || !dir || !folders.includes(dir)) return;
    clearTimeout(settling.get(dir));
    clearTimeout(timer);
    // One folder change at a time: two watchers of one path must not overlap (see settled).
    settling.set(
      dir,
      setTimeout(() => (rewatching = rewatching.then(() => settled(dir))), QUIET_MS.many),
    );
  });
  rootWatch.on('error', (error) => console.error(`[site] watching ${root}: ${error.message}`));

  return {
    close: async () => {
      closed = true;
      rootWatch.close();
      for (const pending of settling.values()) clearTimeout(pending);
      clearTimeout(timer);
      clearTimeout(buildTimer);
      await hotRunning;
      await rewatching;
      await Promise.all([...watchers.values()].map((w) => w.close()));
      // A build under way finishes before the caller removes what it writes to.
      await running;
    },
  };
}

/** A page's version: the hash of its HTML as it is written (before the live-reload script goes in). */
function pageVersion(html: string): string {
  return hashOf(html).slice(0, 16);
}

/** The version of the page at a path as it is on disk now, if the build wrote it. */
function versionOnDisk(outDir: string, page: string): string | undefined {
  const route = page.endsWith('/index.html') ? page.slice(0, -'index.html'.length) : page;
  if (!route.endsWith('/') || route.includes('..')) return undefined;
  try {
    return pageVersion(readFileSync(path.join(outDir, fileOf(route)), 'utf8'));
  } catch {
    return undefined;
  }
}
