// The build: a list of named steps over plain data. load -> parse -> graph -> validate -> render
// -> write. `check` stops before writing; watch mode keeps a BuildCache between runs so that
// unchanged files are not parsed again and unchanged pages are not rendered or written again.
import path from 'node:path';
import { localePrefix, type SiteConfig } from './config.ts';
import { loadConfig } from './config-file.ts';
import { hashOf, loadContent, type ContentTree } from './load.ts';
import { parseAll, type ParseCache } from './parse.ts';
import { ParseStore } from './parse-store.ts';
import { parseAuthors, parseCategory, parseTags } from './data-files.ts';
import { buildGraph } from './graph.ts';
import { validate } from './validate.ts';
import { RenderedLinkCheck, routeMap } from './links.ts';
import { alternatesOf, type RenderSetup } from './render.ts';
import { Pool, closeParseWorkers } from './worker-pool.ts';
import { buildAssets } from './assets.ts';
import { processImages } from './images.ts';
import { sitemapXml } from './sitemap.ts';
import { feedFiles } from './feeds.ts';
import { robotsTxt } from './robots.ts';
import { netlifyRedirects, nginxRedirects, redirectPage } from './redirects.ts';
import { fileOf, notFoundPathOf } from './routes.ts';
import { listPublicFiles, PUBLIC_DIR } from './public-files.ts';
import { FreshOutput, IncrementalOutput, type Output, type WriteStats } from './write.ts';
import { precompressed } from './compress.ts';
import { HEADERS_FILE, headersFile } from './csp.ts';
import { colorModeScript } from '../theme/color-mode-script.ts';
import { messagesFor, hasMessages } from '../i18n/index.ts';
import type { Author, Category, Diagnostic, Route, SiteGraph, Tag } from './types.ts';
import type { Assets } from '../theme/context.ts';

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
}

export interface BuildCache {
  parse: ParseCache;
  content?: ContentTree;
  /** Hash of every output file, by path. */
  outputs: Map<string, string>;
  /** What each page was rendered from, by route; an equal key means an equal page. */
  renderKeys: Map<Route, string>;
  assets?: { assets: Omit<Assets, 'colorModeScript'>; files: { path: string; contents: Uint8Array }[] };
  /** What the last serve build rendered with: the fast path of hot-update.ts starts from it. */
  rendered?: { config: SiteConfig; setup: RenderSetup; outDir: string };
}

export function createCache(): BuildCache {
  return { parse: new Map(), outputs: new Map(), renderKeys: new Map() };
}

export interface BuildStats {
  pages: number;
  parsed: number;
  rendered: number;
  write?: WriteStats;
  timings: Record<string, number>;
}

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  stats: BuildStats;
  graph?: SiteGraph;
  config?: SiteConfig;
}

const errorsIn = (d: Diagnostic[]) => d.some((x) => x.severity === 'error');

export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const pool = new Pool();
  try {
    return await runSteps(options, pool);
  } finally {
    await pool.close();
    // Parse workers are kept for the next build of a watching process only.
    if (!options.cache) await closeParseWorkers();
  }
}

async function runSteps(options: BuildOptions, pool: Pool): Promise<BuildResult> {
  const { root, mode } = options;
  const cache = options.cache ?? createCache();
  const timings: Record<string, number> = {};
  const stats: BuildStats = { pages: 0, parsed: 0, rendered: 0, timings };
  const diagnostics: Diagnostic[] = [];
  const step = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      timings[name] = Math.round((performance.now() - start) * 10) / 10;
    }
  };
  const fail = () => ({ ok: false, diagnostics: sortDiagnostics(diagnostics), stats });

  // 1. Load: configuration and the content tree.
  const loaded = await step('config', () => loadConfig(root));
  if (!loaded.config) {
    diagnostics.push(...loaded.diagnostics);
    return fail();
  }
  const config = loaded.config;
  const locales = Object.keys(config.locales);
  for (const locale of locales) {
    if (!hasMessages(locale)) {
      diagnostics.push({ file: 'config/site.config.ts', message: `locale "${locale}" has no UI strings`, hint: `add i18n/${locale}.ts and register it in i18n/index.ts`, rule: 'config', severity: 'error' });
    }
  }
  if (errorsIn(diagnostics)) return fail();
  const content = await step('load', () => loadContentCached(root, locales, cache, options.changed));
  diagnostics.push(...content.diagnostics);
  for (const dir of content.strayDirs) {
    diagnostics.push({ file: dir, message: `"${path.basename(dir)}" is not a configured locale`, hint: `locales are ${locales.join(', ')}; move the folder or add the locale in config/site.config.ts`, rule: 'unknown-locale', severity: 'error' });
  }

  // 2. Parse: Markdown (cached by content hash) and the YAML data files.
  // The disk store serves a process's first build; watch rebuilds have the results in memory.
  const store = cache.parse.size === 0 ? ParseStore.open(root) : undefined;
  const parsed = await step('parse', () => parseAll(config, content.sources, cache.parse, pool, store));
  stats.parsed = parsed.parsed;
  for (const r of parsed.results) diagnostics.push(...r.diagnostics);
  const documents = parsed.results.flatMap((r) => (r.doc ? [r.doc] : []));
  let authors: Record<string, Author> = {};
  let tags: Record<string, Tag> = {};
  const categories = new Map<string, Category>();
  await step('data', () => {
    if (content.authors) {
      const r = parseAuthors(content.authors.raw, content.authors.id, locales);
      authors = r.authors;
      diagnostics.push(...r.diagnostics);
    }
    if (content.tags) {
      const r = parseTags(content.tags.raw, content.tags.id, locales);
      tags = r.tags;
      diagnostics.push(...r.diagnostics);
    }
    for (const file of content.categories) {
      const r = parseCategory(file.raw, file.id);
      if (r.category) categories.set(`${file.locale}:${file.dir}`, r.category);
      diagnostics.push(...r.diagnostics);
    }
  });

  // 3. Graph.
  const built = await step('graph', () => buildGraph({ config, documents, categories, authors, tags, includeDrafts: mode === 'serve' }));
  diagnostics.push(...built.diagnostics);
  const graph = built.graph;
  stats.pages = Object.keys(graph.pages).length;

  // 4. Validate.
  const publicFiles = listPublicFiles(root);
  const generatedFiles = ['/sitemap.xml', '/robots.txt', '/_redirects', '/nginx-redirects.conf', ...graph.feeds.flatMap((f) => [f.rss, f.atom])];
  const assets = await step('assets', () => assetsCached(cache, options.changed));
  const files = new Set([...publicFiles, ...generatedFiles, ...assets.files.map((f) => `/${f.path}`)]);
  const sourcesById = new Map(content.sources.map((s) => [s.id, s]));
  await step('validate', () => diagnostics.push(...validate({ config, graph, sources: sourcesById, files })));
  if (errorsIn(diagnostics) && mode !== 'serve') return { ...fail(), graph, config };

  // Markdown images: responsive sizes, width and height (generator/images.ts).
  const images = await step('images', () => processImages({ root, graph, files, generate: mode !== 'check' }));

  // 5. Render and 6. write, page by page, so memory holds one rendered page at a time.
  const setup: RenderSetup = {
    config,
    graph,
    assets: { ...assets.assets, colorModeScript: colorModeScript(config) },
    dev: mode === 'serve',
    alternates: alternatesOf(graph),
  };
  let output: Output | undefined;
  if (mode === 'build') output = precompressed(await new FreshOutput(path.resolve(root, options.outDir ?? 'build')).start());
  if (mode === 'serve') output = new IncrementalOutput(path.resolve(root, options.outDir ?? '.serve'), cache.outputs);
  const incremental = output instanceof IncrementalOutput ? output : undefined;
  if (incremental) cache.rendered = { config, setup, outDir: path.resolve(root, options.outDir ?? '.serve') };
  const scanned = mode !== 'serve';
  const linkCheck = scanned ? new RenderedLinkCheck({ config, graph, files, routeOfSource: routeMap(config, graph), redirectSources: new Map(graph.redirects.map((r) => [r.from, r.to])) }) : undefined;
  try {
    const globalKey = hashOf(
      JSON.stringify([config, graph.sidebars, graph.versions, graph.authors, graph.tags, graph.feeds, setup.assets, Object.values(graph.pages).map((p) => [p.route, p.title, p.description, p.key])]),
    );
    await step('render', async () => {
      const pages = [...Object.values(graph.pages), ...Object.values(graph.notFound)];
      const todo: { page: (typeof pages)[number]; file: string; key?: string }[] = [];
      for (const page of pages) {
        const file = page.kind === 'not-found' ? notFoundPathOf(page.route).slice(1) : fileOf(page.route);
        let key: string | undefined;
        if (incremental) {
          key = hashOf(globalKey + JSON.stringify(page) + page.deps.map((d) => `${graph.documents[d]?.hash}${JSON.stringify(graph.links[d])}`).join());
          if (cache.renderKeys.get(page.route) === key && cache.outputs.has(file)) {
            incremental.keep(file);
            continue;
          }
        }
        todo.push({ page, file, key });
      }
      await pool.render(
        setup,
        todo.map((t) => t.page),
        scanned,
        async (index, { html, hrefs, ids }) => {
          const { page, file, key } = todo[index];
          stats.rendered++;
          if (key) cache.renderKeys.set(page.route, key);
          if (linkCheck && hrefs && ids) {
            const markdownHrefs = new Set(page.deps.flatMap((d) => Object.values(graph.links[d] ?? {})));
            linkCheck.add(page.kind === 'not-found' ? notFoundPathOf(page.route) : page.route, { hrefs, ids: new Set(ids), markdownHrefs });
          }
          if (output) await output.write(file, html);
        },
      );
    });
    if (linkCheck) {
      await step('check-rendered-links', () => diagnostics.push(...linkCheck.finish()));
      if (errorsIn(diagnostics)) {
        await output?.abort();
        return { ...fail(), graph, config };
      }
    }
    if (output) {
      const out = output;
      await step('extras', async () => {
        for (const f of assets.files) await out.write(f.path, f.contents);
        for (const f of images.files) await out.write(f.path, f.contents);
        for (const feed of graph.feeds) {
          const { rss, atom } = feedFiles(config, graph, feed);
          await out.write(feed.rss.slice(1), rss);
          await out.write(feed.atom.slice(1), atom);
        }
        await out.write('sitemap.xml', await sitemapXml(config, graph, setup.alternates));
        await out.write('robots.txt', robotsTxt(config));
        for (const redirect of graph.redirects) {
          const locale = locales.find((l) => localePrefix(config, l) && redirect.from.startsWith(`${localePrefix(config, l)}/`)) ?? config.defaultLocale;
          await out.write(fileOf(redirect.from), redirectPage(config, redirect, config.locales[locale].htmlLang, messagesFor(locale).redirect.text));
        }
        await out.write('_redirects', netlifyRedirects(graph.redirects));
        await out.write('nginx-redirects.conf', nginxRedirects(graph.redirects));
      });
      await step('public', () => out.copyDir(path.join(root, PUBLIC_DIR)));
      // For the production server and static hosts: the CSP with the colour-mode script's hash.
      if (mode === 'build') await step('security-headers', () => out.write(HEADERS_FILE, headersFile([setup.assets.colorModeScript])));
      if (incremental) for (const f of publicFiles) incremental.keep(f.slice(1));
      stats.write = await step('finish', () => out.finish());
    }
  } catch (error) {
    await output?.abort();
    throw error;
  }
  return { ok: !errorsIn(diagnostics), diagnostics: sortDiagnostics(diagnostics), stats, graph, config };
}

function loadContentCached(root: string, locales: string[], cache: BuildCache, changed?: Set<string>): ContentTree {
  // Watch mode re-reads the tree only when files were added, removed or changed; reading is
  // cheap next to parsing, and parsing is skipped for unchanged bytes anyway.
  if (!cache.content || !changed || changed.size > 0) cache.content = loadContent(root, locales);
  return cache.content;
}

async function assetsCached(cache: BuildCache, changed?: Set<string>) {
  const stale = !cache.assets || !changed || [...changed].some((f) => f.includes(`${path.sep}theme${path.sep}`));
  if (stale) cache.assets = await buildAssets();
  return cache.assets!;
}

function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line ? `${d.file}:${d.line}:${d.column ?? 1}` : d.file;
  const hint = d.hint ? ` (${d.hint})` : '';
  const level = d.severity === 'warning' ? 'warning: ' : '';
  return `${where}  ${level}${d.message}${hint}  [${d.rule}]`;
}
