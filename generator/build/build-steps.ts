// The steps of the build (build.ts lists them in order): each takes what it needs and returns
// what it makes, with the problems it found as `diagnostics`.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { messageOf } from '../../common/error-message.ts';
import { parseRedirectRules } from '../../common/redirect-rules.ts';
import { fileOf, notFoundPathOf } from '../../common/routes.ts';
import { HEADERS_FILE, headersFile } from '../../common/security-headers.ts';
import { cacheDirOf, PACKAGE_ROOT } from '../bundle/package-root.ts';
import { CONFIG_FILE, localePrefix, type SiteConfig } from '../config/config.ts';
import { bundleFailure, loadConfig } from '../config/config-file.ts';
import type { ConfigFile } from '../config/config-links.ts';
import { locateConfig } from '../config/config-locations.ts';
import { designCss } from '../config/design-css.ts';
import { type ResolvedFonts, resolveFonts } from '../config/design-fonts.ts';
import { parseAuthors, parseCategory, parseTags } from '../content/data-files.ts';
import { type ContentTree, loadContent, type SourceFile } from '../content/load.ts';
import { mergedText, PUBLIC_DIR, publicPart } from '../content/public-files.ts';
import { hashOf } from '../content-hash.ts';
import { closestKey } from '../diagnostics/closest-key.ts';
import { diagnosis, diagnostic, keptLastGood } from '../diagnostics/diagnostic-rules.ts';
import { scriptHash } from '../extras/csp.ts';
import { feedFiles } from '../extras/feeds.ts';
import { type LlmsPage, llmsFiles, llmsPaths } from '../extras/llms-txt.ts';
import { markdownTwins, twinPaths } from '../extras/markdown-twins.ts';
import { NGINX_FILE, nginxConfig } from '../extras/nginx-config.ts';
import { readBack } from '../extras/read-back.ts';
import { netlifyRedirects, nginxRedirects, redirectPage, servedRedirects } from '../extras/redirects.ts';
import { robotsTxt } from '../extras/robots.ts';
import { sitemapXml } from '../extras/sitemap.ts';
import type { GeneratedFile, ImageInfo } from '../images/images.ts';
import type { CardLook } from '../images/social-images.ts';
import type { ParseItem } from '../parse/parse.ts';
import { markdownLabels, parseAll } from '../parse/parse.ts';
import { ParseStore } from '../parse/parse-store.ts';
import { buildAssets, withAssetFiles } from '../render/assets.ts';
import { valueOfRead } from '../render/recorded-reads.ts';
import { alternatesOf, type RenderError, type RenderSetup } from '../render/render.ts';
import { loadMessages, type MessagesByLocale, mergeMessages } from '../theming/messages.ts';
import type { Assets, Theme } from '../theming/theme-contract.ts';
import { bundleTheme, type ResolvedTheme, resolveTheme, themeAt } from '../theming/theme-loader.ts';
import { themeOptionsOf } from '../theming/theme-options.ts';
import { checkUiStringKeys } from '../theming/ui-string-keys.ts';
import type {
  Author,
  Category,
  Diagnostic,
  OutdatedTranslation,
  Page,
  ParsedDocument,
  Route,
  SiteGraph,
  Tag,
} from '../types.ts';
import type { RenderedLinkCheck } from '../validate/links.ts';
import { ROUTE_MANIFEST, routeManifest } from '../validate/route-manifest.ts';
import {
  outdatedDiagnostics,
  outdatedNotices,
  type PageTranslations,
  type StructureDiagnostic,
  structureDiagnostics,
  translationStatus,
} from '../validate/translation-status.ts';
import { precompressed } from '../write/compress.ts';
import type { FileCalls } from '../write/file-calls.ts';
import type { OutputStore } from '../write/output-store.ts';
import { FreshOutput, IncrementalOutput, type Output, WriteError } from '../write/write.ts';
import type { BuildCache, BuildMode } from './build.ts';
import type { CheckStore } from './check-store.ts';
import type { Pool } from './worker-pool.ts';

/** The site's configuration and its UI strings (config/, i18n/): `messages` are the engine's strings
 * with the site's over them, what the engine writes itself (Markdown, the graph's titles); `own`
 * and `files` are the site's own, laid over the theme's too once it is loaded (`themedStrings`). */
export async function loadSite(root: string): Promise<{
  config?: SiteConfig;
  messages?: MessagesByLocale;
  own: Record<string, unknown>;
  files: Record<string, ConfigFile>;
  diagnostics: Diagnostic[];
}> {
  const loaded = await loadConfig(root);
  if (!loaded.config) return { own: {}, files: {}, diagnostics: loaded.diagnostics };
  const strings = await loadMessages(root, Object.keys(loaded.config.locales));
  return {
    config: loaded.config,
    messages: strings.messages,
    own: strings.own,
    files: strings.files,
    diagnostics: strings.diagnostics,
  };
}

/** Every locale's UI strings: the engine's, the theme's and the site's, each over the one before. A
 * key of the site's that neither the engine nor the theme has, nor a label of the config names, is
 * a misspelling the page would not show: an error at its line. */
export function themedStrings(
  config: SiteConfig,
  theme: LoadedTheme,
  own: Record<string, unknown>,
  files: Record<string, ConfigFile>,
): { messages: MessagesByLocale; diagnostics: Diagnostic[] } {
  const merged = mergeMessages(Object.keys(config.locales), own, theme.theme);
  return {
    messages: merged.messages,
    diagnostics: [...merged.diagnostics, ...checkUiStringKeys(config, own, files, theme.theme, theme.options)],
  };
}

/** The content tree. Watch mode re-reads it only when files were added, removed or changed;
 * reading is cheap next to parsing, and parsing is skipped for unchanged bytes anyway. */
export function readContent(
  root: string,
  locales: string[],
  cache: BuildCache,
  changed?: Set<string>,
): ContentTree & { diagnostics: Diagnostic[] } {
  if (!cache.content || !changed || changed.size > 0) cache.content = loadContent(root, locales);
  const content = cache.content;
  const diagnostics = [
    // What could not be read as a page: encodings, file names, links to nothing, pipes.
    ...content.diagnostics,
    ...content.mdxFiles.map(
      (file): Diagnostic =>
        diagnostic({ file, line: 1, column: 1 }, 'mdx', 'file', { name: path.posix.basename(file, '.mdx') }),
    ),
    ...content.strayDirs.map(
      (dir): Diagnostic => diagnostic({ file: dir }, 'unknown-locale', 'folder', { name: path.basename(dir), locales }),
    ),
  ];
  return { ...content, diagnostics };
}

/** Markdown, cached by content hash. The disk store serves a process's first build; watch
 * rebuilds have the results in memory. Results depend on the UI strings Markdown is rendered with
 * (admonition titles, anchor labels): other strings, other results. */
export async function parseContent(input: {
  root: string;
  config: SiteConfig;
  messages: MessagesByLocale;
  content: ContentTree;
  cache: BuildCache;
  pool: Pool;
  keepLastGood: boolean;
  lazy?: boolean;
}): Promise<{
  documents: ParsedDocument[];
  parsed: number;
  pending: ParseItem[];
  diagnostics: Diagnostic[];
  stored: Promise<void>;
}> {
  const { root, config, messages, content, cache, pool } = input;
  const labelsKey = hashOf(JSON.stringify(Object.keys(config.locales).map((l) => markdownLabels(messages[l])))).slice(
    0,
    12,
  );
  if (cache.labelsKey !== labelsKey) cache.parse.clear();
  cache.labelsKey = labelsKey;
  const store = cache.parse.size === 0 ? ParseStore.open(root, process.env.SITE_BUNDLE_KEY, labelsKey) : undefined;
  const { results, parsed, pending } = await parseAll(
    config,
    messages,
    content.sources,
    cache.parse,
    pool,
    store,
    content.partials,
    input.lazy,
  );
  const bodiless = new Set(pending.map((item) => item.source.id));
  // Front matter keys of other tools that the config accepts are no problem.
  const accepted = new Set(config.extraFrontMatterKeys);
  const documents: ParsedDocument[] = [];
  const diagnostics: Diagnostic[] = [];
  results.forEach((result, i) => {
    const id = content.sources[i].id;
    let found = result.diagnostics.filter((d) => !(d.key && accepted.has(d.key)));
    let doc = result.doc;
    if (input.keepLastGood) {
      // Watch mode: a file whose front matter no longer reads keeps its last good page until it
      // is fixed, so one mistake is one error (not also a missing translation and broken links to
      // the page), and visitors of the page see it as it was.
      const lastGood = cache.lastGood.get(id);
      if (doc && !bodiless.has(id) && !found.some((d) => d.severity === 'error')) cache.lastGood.set(id, doc);
      // (A file whose YAML fails still gives a page salvaged from it, for `check`; here the last good one wins.)
      else if (lastGood && (!doc || found.some((d) => d.rule === 'front-matter' && d.severity === 'error'))) {
        doc = lastGood;
        found = found.map(keptLastGood);
      }
    }
    if (doc) documents.push(doc);
    diagnostics.push(...found);
  });
  if (input.keepLastGood) {
    const live = new Set(content.sources.map((s) => s.id));
    for (const id of cache.lastGood.keys()) if (!live.has(id)) cache.lastGood.delete(id);
  }
  return { documents, parsed, pending, diagnostics, stored: store?.written() ?? Promise.resolve() };
}

/** The YAML data files: authors, tags and the `_category.yml` of folders. */
export function readDataFiles(
  content: ContentTree,
  locales: string[],
): {
  authors: Record<string, Author>;
  tags: Record<string, Tag>;
  categories: Map<string, Category>;
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const authors = content.authors
    ? parseAuthors(content.authors.raw, content.authors.id, locales)
    : { authors: {}, diagnostics: [] };
  const tags = content.tags ? parseTags(content.tags.raw, content.tags.id, locales) : { tags: {}, diagnostics: [] };
  diagnostics.push(...authors.diagnostics, ...tags.diagnostics);
  const categories = new Map<string, Category>();
  for (const file of content.categories) {
    const r = parseCategory(file.raw, file.id, path.posix.basename(file.dir));
    const key = `${file.locale}:${file.dir}`;
    const other = categories.get(key);
    if (other && r.category) {
      diagnostics.push(
        diagnostic({ file: file.id, line: 1, column: 1 }, 'category', 'second', { other: other.source }),
      );
    } else if (r.category) categories.set(key, r.category);
    diagnostics.push(...r.diagnostics);
  }
  return { authors: authors.authors, tags: tags.tags, categories, diagnostics };
}

/** The config's theme, bundled and loaded (theme-loader.ts), with the design's font files. */
export interface LoadedTheme {
  resolved: ResolvedTheme;
  /** The theme's bundle: its name is the hash of its code. */
  file: string;
  theme: Theme;
  /** The config's `themeConfig` as the theme's schema checked and completed it. */
  options: unknown;
  fonts: ResolvedFonts;
}

/** Whether a change touches the theme: a file of its folder or a site's override of one of its components. */
function touchesTheme(resolved: ResolvedTheme, changed: Set<string> | undefined): boolean {
  if (!changed) return true;
  const overrides = new Set(Object.values(resolved.overrides));
  return [...changed].some((f) => f.startsWith(`${resolved.dir}${path.sep}`) || overrides.has(f));
}

/** The theme the config names. Watch mode bundles it again only after an edit to it, to an
 * override or to the config; code that does not compile is reported at its line, and pages go on
 * rendering with the last theme that did until the next save. */
export async function loadTheme(
  root: string,
  config: SiteConfig,
  files: ConfigFile[],
  cache: BuildCache,
  changed?: Set<string>,
): Promise<{ loaded?: LoadedTheme; diagnostics: Diagnostic[] }> {
  const { theme: resolved, diagnostics } = resolveTheme(root, config, files);
  const fonts = resolveFonts(root, config.design, files);
  diagnostics.push(...fonts.diagnostics);
  if (!resolved) return { diagnostics };
  const key = JSON.stringify([resolved.dir, resolved.entry, resolved.overrides]);
  let file = cache.theme?.key === key ? cache.theme.file : undefined;
  if (!file || touchesTheme(resolved, changed)) {
    try {
      file = await bundleTheme(root, resolved);
      cache.theme = { key, file };
    } catch (error) {
      diagnostics.push(
        bundleFailure(root, error, path.relative(root, resolved.entry), (cause) =>
          diagnosis('theme', 'server', { cause }),
        ),
      );
    }
  }
  if (!file) return { diagnostics };
  try {
    const theme = await themeAt(file);
    diagnostics.push(...paletteProblems(config, theme, files), ...artProblems(config, theme, files));
    const options = themeOptionsOf(config, theme, files);
    diagnostics.push(...options.diagnostics);
    if (options.diagnostics.length) return { diagnostics };
    return { loaded: { resolved, file, theme, options: options.options, fonts }, diagnostics };
  } catch (error) {
    diagnostics.push(
      diagnostic({ file: path.relative(root, resolved.entry).split(path.sep).join('/') }, 'theme', 'unusable', {
        cause: messageOf(error),
      }),
    );
    return { diagnostics };
  }
}

/** Palette tokens the theme does not read: a slip (`acent`) would otherwise change nothing, silently. */
function paletteProblems(config: SiteConfig, theme: Theme, files: ConfigFile[]): Diagnostic[] {
  const known = theme.tokens;
  if (!known) return [];
  return (['dark', 'light'] as const).flatMap((mode) =>
    Object.keys(config.design.palette[mode])
      .filter((token) => !known.includes(token))
      .map(
        (token): Diagnostic =>
          diagnostic(
            locateConfig(files, ['design', 'palette', mode, token]) ?? { file: CONFIG_FILE },
            'config',
            'paletteToken',
            { mode, token, known: [...known], suggestion: closestKey(token, known) },
          ),
      ),
  );
}

/** A `design.heroArt` name the theme does not draw (its `arts`); a file of public/ and `none` are the engine's. */
function artProblems(config: SiteConfig, theme: Theme, files: ConfigFile[]): Diagnostic[] {
  const art = config.design.heroArt;
  const known = theme.arts ?? [];
  if (art === 'none' || art.startsWith('/') || known.includes(art)) return [];
  return [
    diagnostic(locateConfig(files, ['design', 'heroArt']) ?? { file: CONFIG_FILE }, 'config', 'unknownArt', {
      art,
      known: [...known],
      suggestion: closestKey(art, known),
    }),
  ];
}

/** The client bundle and stylesheet. Watch mode builds them again after an edit to the theme, an
 * override or the design; code that does not compile is reported at its line and the last good
 * bundle stays. */
export async function assetsCached(
  root: string,
  config: SiteConfig,
  loaded: LoadedTheme,
  cache: BuildCache,
  changed?: Set<string>,
): Promise<NonNullable<BuildCache['assets']> & { diagnostics: Diagnostic[] }> {
  const css = designCss(config.design, loaded.fonts);
  const key = JSON.stringify([loaded.resolved, loaded.theme.files, css]);
  const stale = !cache.assets || cache.assetsKey !== key || touchesTheme(loaded.resolved, changed);
  try {
    if (stale) {
      cache.assets = withAssetFiles(
        await buildAssets(loaded.resolved, loaded.theme.files, css, cacheDirOf(root)),
        loaded.theme.assetFiles,
      );
      cache.assetsKey = key;
    }
  } catch (error) {
    if (!cache.assets) throw error;
    return {
      ...cache.assets,
      diagnostics: [
        bundleFailure(
          root,
          error,
          path.relative(root, path.join(loaded.resolved.dir, loaded.theme.files.client)),
          (cause) => diagnosis('theme', 'client', { cause }),
          PACKAGE_ROOT,
        ),
      ],
    };
  }
  if (!cache.assets) throw new Error('the client assets were neither built nor kept');
  return { ...cache.assets, diagnostics: [] };
}

/** How the social cards look: the config's colours and text face, and the art the theme draws
 * for the config's `heroArt` (or the site's own art file). */
export function cardLook(root: string, config: SiteConfig, loaded: LoadedTheme): CardLook {
  const { heroArt, socialCard } = config.design;
  let art = loaded.theme.socialCardArt?.(config, socialCard.accent) ?? '';
  if (!art && heroArt.startsWith('/')) {
    const file = path.join(root, PUBLIC_DIR, heroArt);
    if (existsSync(file)) {
      const type = heroArt.endsWith('.svg') ? 'image/svg+xml' : heroArt.endsWith('.png') ? 'image/png' : 'image/jpeg';
      const href = `data:${type};base64,${readFileSync(file).toString('base64')}`;
      art = `<image x="560" y="110" width="600" height="480" preserveAspectRatio="xMidYMid meet" href="${href}" xlink:href="${href}"/>`;
    }
  }
  return {
    colors: socialCard,
    fonts: { regular: loaded.fonts.card.regular ?? [], semibold: loaded.fonts.card.semibold ?? [] },
    art,
  };
}

/** Every file the built site serves besides its pages: public/, what the build generates, assets. */
export function servedFiles(
  config: SiteConfig,
  graph: SiteGraph,
  publicFiles: string[],
  assets: GeneratedFile[],
): ReadonlySet<string> {
  const generated = [
    '/sitemap.xml',
    '/robots.txt',
    '/_redirects',
    `/${ROUTE_MANIFEST}`,
    '/nginx-redirects.conf',
    ...graph.feeds.flatMap((f) => [f.rss, f.atom]),
    ...twinPaths(graph),
    ...llmsPaths(config, graph).map((p) => `/${p}`),
  ];
  return new Set([...publicFiles, ...generated, ...assets.map((f) => `/${f.path}`)]);
}

/** The served files plus the URLs of generated image sizes (known in `site check` too). */
export function withGenerated(files: ReadonlySet<string>, generated: string[]): Set<string> {
  return new Set([...files, ...generated]);
}

/** What every page is rendered with. */
export function renderSetup(input: {
  config: SiteConfig;
  graph: SiteGraph;
  messages: MessagesByLocale;
  assets: Omit<Assets, 'colorModeScript'>;
  loaded: LoadedTheme;
}): RenderSetup {
  const { config, graph, messages, loaded } = input;
  return {
    config,
    graph,
    assets: { ...input.assets, colorModeScript: loaded.theme.colorModeScript(config) },
    messages,
    themeConfig: loaded.options,
    themeFile: loaded.file,
    alternates: alternatesOf(graph),
  };
}

/** `build` writes a fresh folder swapped in at the end, its files made by `calls`; `serve` writes
 * changed bytes in place; `check` writes nothing. */
export async function openOutput(
  mode: BuildMode,
  outDir: string,
  cache: BuildCache,
  store?: OutputStore,
  calls?: FileCalls,
): Promise<Output | undefined> {
  if (mode === 'build')
    return precompressed(
      await new FreshOutput(outDir, (message) => console.error(`site build: ${message}`), calls).start(),
      store,
    );
  if (mode === 'serve') return new IncrementalOutput(outDir, cache.outputs);
  return undefined;
}

/** Where a page is written, relative to the output. */
export const pageFileOf = (page: Page) =>
  page.kind === 'not-found' ? notFoundPathOf(page.route).slice(1) : fileOf(page.route);

/** Renders and writes page by page, so memory holds one rendered page at a time; watch mode skips
 * pages whose inputs are unchanged, a production build those the output store has (the same
 * page, when all its render read of the graph is the same). Returns how many pages were rendered. */
export async function renderPages(input: {
  setup: RenderSetup;
  pool: Pool;
  cache: BuildCache;
  output?: Output;
  linkCheck?: RenderedLinkCheck;
  store?: { outputs: OutputStore; images: Map<string, ImageInfo> };
  /** `site check`: what earlier checks found rendering the pages (check-store.ts). */
  checked?: CheckStore;
}): Promise<number> {
  const { setup, pool, cache, output, linkCheck, checked } = input;
  const checkKey = checked && linkCheck ? checkKeyOf(setup) : undefined;
  const store = input.store && output ? { ...input.store, key: storedPageKey(setup, input.store.images) } : undefined;
  const { graph } = setup;
  const incremental = output instanceof IncrementalOutput ? output : undefined;
  const started = performance.now();
  const keyOf = renderKeyOf(setup);
  // The dev server renders a page when it is asked for (pages-on-demand.ts): a build renders again
  // only the pages it served before, which an open tab may show.
  if (incremental) cache.pageKey = keyOf;
  const pages = [...Object.values(graph.pages), ...Object.values(graph.notFound)];
  const todo: { page: (typeof pages)[number]; file: string; key?: string; checkKey?: string }[] = [];
  // Kept pages are linked without waiting for each link: their links queue on libuv's threads
  // (behind the cards') while this loop checks the next pages' entries, yielding now and then so
  // the links go on. Waiting for each one left the main thread idle for a third of a second at the
  // start of a no-change build of 1,400 pages.
  const linking: Promise<void>[] = [];
  let linkFailure: { error: unknown } | undefined;
  for (const page of pages) {
    const file = pageFileOf(page);
    let key: string | undefined;
    if (incremental) {
      if (page.kind !== 'not-found' && !cache.outputs.has(file)) continue;
      key = keyOf(page);
      if (cache.renderKeys.get(page.route) === key && cache.outputs.has(file)) {
        incremental.keep(file);
        continue;
      }
    }
    // A check takes what a check before found rendering the page from the same inputs.
    const factsKey = checkKey?.(page);
    const facts = factsKey ? checked?.get(factsKey) : undefined;
    if (facts) {
      addToLinkCheck(page, facts.hrefs, facts.ids);
      continue;
    }
    const kept = store && keptPage(store.outputs, store.key, page, file);
    if (kept && output) {
      addToLinkCheck(page, kept.hrefs, kept.ids);
      // Linked from the store, its twins too: the page's bytes are not read.
      linking.push(output.link(file, kept).catch((error: unknown) => void (linkFailure ??= { error })));
      if (linking.length % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
      continue;
    }
    todo.push({ page, file, key, checkKey: factsKey });
  }
  await Promise.all(linking);
  if (linkFailure) throw linkFailure.error;
  let rendered = 0;
  // Every page repeats the navbar's, sidebar's and footer's links and ids, and each comes from the
  // worker as a string of its own: one copy each is what the link check and the store's index keep
  // (at N = 5,000 two million strings, of which a few tens of thousands differ).
  const strings = new Map<string, string>();
  const interned = (s: string) => {
    const known = strings.get(s);
    if (known !== undefined) return known;
    strings.set(s, s);
    return s;
  };
  await pool.render(
    setup,
    todo.map((t) => t.page),
    { scan: Boolean(linkCheck), record: Boolean(store) },
    async (index, { html, hrefs: sentHrefs, ids: sentIds, reads }) => {
      const { page, file, key, checkKey: factsKey } = todo[index];
      const hrefs = sentHrefs?.map(interned);
      const ids = sentIds?.map(interned);
      rendered++;
      if (factsKey && hrefs && ids) checked?.set(factsKey, { hrefs, ids });
      const kept =
        store && reads ? await keepPage(store.outputs, store.key, page, file, { html, hrefs, ids, reads }) : undefined;
      if (hrefs && ids) addToLinkCheck(page, hrefs, ids);
      // The edit that started this build may have been overtaken by the next one's fast path
      // (hot-update.ts) while the page rendered: what that wrote is newer and stays, and so does
      // its mark, so that the next build renders the page again rather than take it for this one.
      if (incremental && (cache.hotWrites.get(file) ?? -1) > started) return incremental.keep(file);
      if (key) cache.renderKeys.set(page.route, key);
      // A page just stored is linked from the store: written once, not twice.
      if (output) await (kept ? output.link(file, kept, html) : output.write(file, html));
    },
  );
  return rendered;

  function addToLinkCheck(page: Page, hrefs: string[], ids: string[]) {
    if (!linkCheck) return;
    const markdownHrefs = new Set(page.deps.flatMap((d) => Object.values(graph.links[d] ?? {})));
    linkCheck.add(page.kind === 'not-found' ? notFoundPathOf(page.route) : page.route, {
      hrefs,
      ids: new Set(ids),
      markdownHrefs,
    });
  }
}

/** What a page is rendered from, as a key: an equal key means an equal page. */
/** The theme's bundle by its code, without the folder the engine is installed in (its packages are
 * imported by absolute path): a fresh clone with last run's .cache/ restored, as a CI job has it,
 * renders nothing again that the restored output store has. Read once per bundle. */
const themeVersions = new Map<string, string>();
function themeVersionOf(setup: RenderSetup): string {
  let version = themeVersions.get(setup.themeFile);
  if (version === undefined) {
    version = hashOf(readFileSync(setup.themeFile, 'utf8').split(PACKAGE_ROOT).join('<engine>/'));
    themeVersions.set(setup.themeFile, version);
  }
  return version;
}

export function renderKeyOf(setup: RenderSetup): (page: Page) => string {
  const { config, graph, messages } = setup;
  const globalKey = hashOf(
    JSON.stringify([
      config,
      themeVersionOf(setup),
      graph.sidebars,
      graph.versions,
      graph.authors,
      graph.tags,
      graph.feeds,
      setup.assets,
      Object.values(graph.pages).map((p) => [p.route, p.title, p.description, p.key]),
    ]),
  );
  // A page shows the UI strings of its own locale only.
  const messagesKeys = Object.fromEntries(Object.keys(messages).map((l) => [l, hashOf(JSON.stringify(messages[l]))]));
  return (page) =>
    hashOf(
      globalKey +
        messagesKeys[page.locale] +
        JSON.stringify(page) +
        page.deps.map((d) => `${graph.documents[d]?.hash}${JSON.stringify(graph.links[d])}`).join(),
    );
}

/** The key of a page in the check store (check-store.ts): its render key, and the parts of the
 * graph that key leaves to the pages' own fields (the blog sections' titles, the redirects). */
function checkKeyOf(setup: RenderSetup): (page: Page) => string {
  const renderKey = renderKeyOf(setup);
  const rest = hashOf(JSON.stringify([setup.graph.sectionTitles, setup.graph.redirects, setup.themeConfig]));
  return (page) => hashOf(renderKey(page) + rest);
}

/** The key of a page in the output store, from what its render read (recorded-reads.ts) and what
 * every page is rendered with. */
function storedPageKey(setup: RenderSetup, images: Map<string, ImageInfo>): (page: Page, reads: string[]) => string {
  const { config, graph, messages } = setup;
  const readHashes = new Map<string, string>();
  const hashOfRead = (read: string) => {
    let hash = readHashes.get(read);
    if (hash === undefined) readHashes.set(read, (hash = hashOf(valueOfRead(graph, read))));
    return hash;
  };
  // The theme's code is part of the store's version (the CLI's bundle key); a theme bundled in
  // watch mode is named after its build. The footer shows the year.
  const base = hashOf(
    JSON.stringify([config, themeVersionOf(setup), setup.assets, [...images], new Date().getFullYear()]),
  );
  const messagesKeys = new Map(Object.keys(messages).map((l) => [l, hashOf(JSON.stringify(messages[l]))]));
  return (page, reads) =>
    hashOf(
      base +
        messagesKeys.get(page.locale) +
        JSON.stringify([page, setup.alternates.get(page.key) ?? []]) +
        reads.map(hashOfRead).join(),
    );
}

function keptPage(store: OutputStore, keyOf: (page: Page, reads: string[]) => string, page: Page, file: string) {
  const reads = store.noted(`reads:${file}`);
  if (!Array.isArray(reads) || !reads.every((r) => typeof r === 'string')) return undefined;
  const kept = store.keep(`page:${keyOf(page, reads)}`);
  return kept && { ...kept, ...(kept.meta as { hrefs: string[]; ids: string[] }) };
}

function keepPage(
  store: OutputStore,
  keyOf: (page: Page, reads: string[]) => string,
  page: Page,
  file: string,
  r: { html: string; hrefs?: string[]; ids?: string[]; reads: string[] },
) {
  store.note(`reads:${file}`, r.reads);
  return store.set(`page:${keyOf(page, r.reads)}`, r.html, { hrefs: r.hrefs, ids: r.ids });
}

/** Everything besides the pages: assets and image sizes, feeds, sitemap, robots.txt, redirects. */
export async function writeExtras(
  out: Output,
  input: {
    config: SiteConfig;
    graph: SiteGraph;
    messages: MessagesByLocale;
    setup: RenderSetup;
    files: GeneratedFile[];
    ownRedirects?: string;
    /** The output folder relative to the site, where a file that does not read back is reported. */
    outDir: string;
  },
): Promise<Diagnostic[]> {
  const { config, graph, messages, setup } = input;
  const problems: Diagnostic[] = [];
  const write = readingBack(out, input.outDir, problems);
  for (const f of input.files) await write(f.path, f.contents);
  for (const feed of graph.feeds) {
    const { rss, atom } = feedFiles(config, graph, feed, messages[feed.locale].meta.siteDescription);
    await write(feed.rss.slice(1), rss);
    await write(feed.atom.slice(1), atom);
  }
  await write('sitemap.xml', await sitemapXml(config, graph, setup.alternates));
  await out.write('robots.txt', robotsTxt(config));
  const locales = Object.keys(config.locales);
  for (const redirect of graph.redirects) {
    const locale =
      locales.find((l) => localePrefix(config, l) && redirect.from.startsWith(`${localePrefix(config, l)}/`)) ??
      config.defaultLocale;
    await out.write(
      fileOf(redirect.from),
      redirectPage(config, redirect, config.locales[locale].htmlLang, messages[locale].redirect.text),
    );
  }
  // The site's own rules (public/_redirects) first: the first rule that matches wins.
  await out.write(
    '_redirects',
    input.ownRedirects?.trim()
      ? `${input.ownRedirects.replace(/\n*$/, '\n')}${netlifyRedirects(servedRedirects(config, graph.redirects))}`
      : netlifyRedirects(servedRedirects(config, graph.redirects)),
  );
  // For `site check --baseline` of the next deploy: every URL this one serves.
  await write(ROUTE_MANIFEST, `${JSON.stringify(routeManifest(graph), null, 1)}\n`);
  await write('nginx-redirects.conf', nginxRedirects(servedRedirects(config, graph.redirects)));
  return problems;
}

/** `out.write` for a file read back first (generator/extras/read-back.ts): one that does not parse
 * as its format is added to `problems` and not written. */
function readingBack(out: Output, outDir: string, problems: Diagnostic[]) {
  return async (file: string, contents: string | Uint8Array) => {
    const problem = readBack(outDir, file, contents);
    if (problem) problems.push(problem);
    else await out.write(file, contents);
  };
}

/** A file that could not be written, as a problem of the build; `outDir` relative to the site. */
export function writeFailure(outDir: string, mode: BuildMode, error: WriteError): Diagnostic {
  return diagnostic({ file: `${outDir}/${error.file}` }, 'write', 'failed', {
    reason: error.message,
    build: mode === 'build',
    outDir,
  });
}

/** A page whose rendering threw: named by its Markdown file (or its route), with the cause. */
export function renderFailure(error: RenderError): Diagnostic {
  return diagnostic({ file: error.source ?? error.route }, 'render', 'failed', { reason: error.message });
}

/** Translation status, from the content's history (`cache.history`, read once per watching
 * process): report outdated and structurally incomplete translations, and say which pages show
 * visitors a notice. */
export function checkTranslations(input: {
  config: SiteConfig;
  graph: SiteGraph;
  links: SiteGraph['links'];
  cache: BuildCache;
  strict?: boolean;
}): {
  pages: PageTranslations[];
  notices: Map<Route, OutdatedTranslation>;
  diagnostics: Diagnostic[];
  structure: StructureDiagnostic[];
} {
  const { config, graph, links, cache } = input;
  if (Object.keys(config.locales).length < 2) return { pages: [], notices: new Map(), diagnostics: [], structure: [] };
  const pages = translationStatus(config, graph.documents, cache.history ?? undefined);
  return {
    pages,
    notices: outdatedNotices(config, pages, graph.documents),
    diagnostics: outdatedDiagnostics(pages, input.strict ?? false),
    // Reported at the end of the build, when it is known which files have errors.
    structure: structureDiagnostics(config, pages, graph.documents, links),
  };
}

/** The graph's pages with their translation notices (only the pages that have one are new objects). */
export function withNotices(pages: SiteGraph['pages'], notices: Map<Route, OutdatedTranslation>): SiteGraph['pages'] {
  if (!notices.size) return pages;
  const out = { ...pages };
  for (const [route, translation] of notices) if (out[route]) out[route] = { ...out[route], translation };
  return out;
}

/** Markdown twins and `llms.txt`, a locale at a time, each twin written as it is made: only a
 * locale's bodies wait for its `llms-full.txt`. */
export async function writeTwins(
  out: Output,
  input: { config: SiteConfig; graph: SiteGraph; messages: MessagesByLocale; sources: Map<string, SourceFile> },
): Promise<void> {
  const { config, graph, messages, sources } = input;
  for (const locale of graph.locales) {
    const pages: LlmsPage[] = [];
    for (const twin of markdownTwins(config, graph, sources, locale)) {
      await out.write(twin.path, twin.markdown);
      pages.push({ page: twin.page, body: twin.body });
    }
    for (const f of llmsFiles(config, graph, messages, locale, pages)) await out.write(f.path, f.contents);
  }
}

/** For the production server and static hosts: `_headers` with the CSP that allows the
 * colour-mode script by its hash, and the nginx include. */
export async function writeServerRules(
  out: Output,
  input: { root: string; config: SiteConfig; graph: SiteGraph; setup: RenderSetup; outDir: string },
): Promise<Diagnostic[]> {
  const { root, config, graph, setup } = input;
  const problems: Diagnostic[] = [];
  const write = readingBack(out, input.outDir, problems);
  const scriptHashes = [scriptHash(setup.assets.colorModeScript)];
  await out.write(HEADERS_FILE, mergedText(headersFile(scriptHashes, config), publicPart(root, HEADERS_FILE)));
  await write(
    NGINX_FILE,
    nginxConfig({
      scriptHashes,
      redirects: graph.redirects,
      rules: parseRedirectRules(publicPart(root, '_redirects') ?? ''),
      localePrefixes: Object.keys(config.locales).map((l) => localePrefix(config, l)),
      base: config,
      own: { headers: publicPart(root, HEADERS_FILE), redirects: publicPart(root, '_redirects') },
    }),
  );
  return problems;
}

/** `_server/` for `site start` from the build alone: settings, strings, the theme's forms. A forms
 * module that does not bundle is the theme's code, reported at its line as the theme's is. */
export async function writeServerFiles(
  out: Output,
  root: string,
  files: Promise<{ path: string; contents: string | Uint8Array }[]>,
  loaded: LoadedTheme,
  outDir: string,
): Promise<Diagnostic | undefined> {
  try {
    for (const f of await files) {
      const problem = readBack(outDir, f.path, f.contents);
      if (problem) return problem;
      await out.write(f.path, f.contents);
    }
    return undefined;
  } catch (error) {
    if (error instanceof WriteError) throw error;
    const forms = path.resolve(loaded.resolved.dir, loaded.theme.files.forms ?? '');
    return bundleFailure(
      root,
      error,
      path.relative(root, forms).split(path.sep).join('/'),
      (cause) => diagnosis('theme', 'server', { cause }),
      PACKAGE_ROOT,
    );
  }
}
