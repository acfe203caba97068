// `npm run bench:floor [-- root ...] [--n=500] [--corpus=real|synthetic] [--runs=5] [--files] [--json]`: the floor of the
// stack, what a cold build could not go below with the libraries it is made of, in CPU seconds of
// one thread (`process.cpuUsage()`, this process: its GC threads count), on the real site's
// bodies (content/**/*.md, front matter stripped) and on the synthetic site of `npm run bench`
// (bench-corpus.ts, N = 500 unless --n says otherwise), or on the site folders given:
//
// - micromark and mdast alone (`mdast-util-from-markdown`), with no extension, with every syntax
//   extension the engine's pipeline has (GFM, directives), and with those each body needs (literal
//   autolinks only where a text may hold one, gfm.ts): the parse floor;
// - the engine's whole Markdown pipeline as a build runs it: `parseSource`, which the parse
//   workers call for each document (generator/parse/parse.ts), warm on this thread, and the parse
//   step of a cold build (every document on the pool's parse workers, started for it);
// - React's render alone: every page of the built graph (the pages and not-found pages, as the
//   render stage takes them) through `renderPage` (generator/render/render.ts), per MB of HTML
//   and per page.
//
// The floor of a cold build is the parse floor plus React's render, in CPU seconds for the whole
// corpus. Each figure is the median of --runs runs after one run to warm up. `--files` also times
// each file through micromark and mdast and through the pipeline and prints the slowest ten;
// `--json` prints one line of JSON per corpus (`npm run bench` reads it).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
import type { Extension as MicromarkExtension } from 'micromark-util-types';
import { generate } from './bench-corpus.ts';

// React's production build, as the CLI renders with it (bin/engine-bundle.js): set before the
// engine and React are imported below.
process.env.NODE_ENV ??= 'production';
const { fromMarkdown } = await import('mdast-util-from-markdown');
const { createCache, runBuild } = await import('../generator/build/build.ts');
const { assetsCached, loadSite, loadTheme, readContent, renderSetup } = await import(
  '../generator/build/build-steps.ts'
);
const { closeParseWorkers, Pool } = await import('../generator/build/worker-pool.ts');
const { readConfigFiles } = await import('../generator/config/config-file.ts');
const { splitFrontMatter } = await import('../generator/content/frontmatter.ts');
const { mayHoldLiteralAutolink, textMayHoldLiteralAutolink } = await import('../generator/markdown/gfm.ts');
const { createMarkdownProcessor } = await import('../generator/markdown/markdown.ts');
const { parseAll, parseSource } = await import('../generator/parse/parse.ts');
const { renderPage } = await import('../generator/render/render.ts');
type ParseItem = import('../generator/parse/parse.ts').ParseItem;

const REPO = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const runs = Number(option('runs') ?? 5);
const n = Number(option('n') ?? 500);
const perFile = args.includes('--files');
const only = option('corpus');
const json = args.includes('--json');
const roots = args.filter((a) => !a.startsWith('--')).map((a) => path.resolve(a));
const load = () =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];
const MB = 1e6;

/** CPU seconds (user and system, every thread of this process) of `work`: one run to warm up, then the median of `runs`. */
function cpuSeconds(work: () => void): number {
  work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    work();
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1e6);
  }
  return median(times);
}

/** What floor.ts measured on one site; `npm run bench` reads it as JSON. */
export interface Floor {
  corpus: string;
  files: number;
  /** Bytes of the bodies, front matter stripped, in MB. */
  bodiesMB: number;
  /** CPU seconds per MB of bodies. */
  /** `cold`: the parse step of a cold build, on the pool's workers started for it. */
  parse: { none: number; all: number; picked: number; pipeline: number; cold: number };
  render: { pages: number; htmlMB: number; cpuS: number; perMB: number; msPerPage: number };
  /** CPU seconds for the corpus: the parse floor (micromark and mdast, the extensions each
   * body needs), React's render and their sum; the pipeline's own for comparison. */
  parseFloorS: number;
  pipelineS: number;
  floorS: number;
}

/** A copy of the site to measure, so that the check below writes no .cache/ into the original:
 * the repository's site (its config, content, strings and public files, with the engine beside
 * it as the config imports it), or a site folder without its build/ and .cache/. */
function copyOf(root: string | undefined, work: string): string {
  const copy = path.join(work, 'site');
  if (!root) {
    for (const dir of ['config', 'content', 'i18n', 'public'])
      cpSync(path.join(REPO, dir), path.join(copy, dir), { recursive: true });
    for (const dir of ['generator', 'common']) symlinkSync(path.join(REPO, dir), path.join(copy, dir));
    return copy;
  }
  mkdirSync(copy);
  for (const entry of readdirSync(root)) {
    if (['build', '.cache', '.serve', 'node_modules'].includes(entry)) continue;
    cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true, verbatimSymlinks: true });
  }
  return copy;
}

/** The documents a cold build parses, as it hands them to its parse workers. */
async function parseItems(root: string) {
  const site = await loadSite(root);
  if (!site.config || !site.messages)
    throw new Error(`${root}: the config does not load:\n${site.diagnostics.map((d) => d.message).join('\n')}`);
  const { config, messages } = site;
  const content = readContent(root, Object.keys(config.locales), createCache());
  let items: ParseItem[] = [];
  await parseAll(config, messages, content.sources, new Map(), {
    parse: async (todo) => {
      items = todo;
      return todo.map(() => ({ diagnostics: [] }));
    },
  });
  const bodies = items.map((item) => splitFrontMatter(item.source.raw, item.source.id, item.kind).body);
  return { config, items, bodies };
}

async function measure(corpus: string, root: string): Promise<Floor> {
  const { config, items, bodies } = await parseItems(root);
  const bytes = bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0);
  const bodiesMB = bytes / MB;
  // The syntax the engine's pipeline parses with, taken from its processors.
  const labels = items[0].labels;
  const processor = createMarkdownProcessor({ titles: labels.admonition }, labels.docs, {
    placeholders: labels.placeholders,
  });
  const syntax = (unified: typeof processor.withLiteralAutolinks) => {
    const data = unified.freeze().data();
    return {
      extensions: (data.micromarkExtensions ?? []) as MicromarkExtension[],
      mdastExtensions: (data.fromMarkdownExtensions ?? []) as FromMarkdownExtension[],
    };
  };
  const all = syntax(processor.withLiteralAutolinks);
  const lean = syntax(processor.withoutLiteralAutolinks);
  // Literal autolinks only for a body that needs them: one whose tree without them has a text
  // that may hold one (gfm.ts), as the pipeline decides.
  const picked = bodies.map((body) =>
    mayHoldLiteralAutolink(body) && textMayHoldLiteralAutolink(fromMarkdown(body, lean)) ? all : lean,
  );
  const perMB = (seconds: number) => seconds / bodiesMB;
  const none = perMB(
    cpuSeconds(() => {
      for (const body of bodies) fromMarkdown(body);
    }),
  );
  const allS = cpuSeconds(() => {
    for (const body of bodies) fromMarkdown(body, all);
  });
  const pickedS = cpuSeconds(() => {
    for (const [i, body] of bodies.entries()) fromMarkdown(body, picked[i]);
  });
  const pipelineS = cpuSeconds(() => {
    for (const item of items) parseSource(item.source, item.kind, item.labels, config.markdown, item.includes);
  });
  // The parse step as a cold build runs it: on the pool's parse workers, started for it, so
  // each run pays for their start and their code's warming up, as a build does.
  const coldRuns: number[] = [];
  for (let i = 0; i < runs; i++) {
    const pool = new Pool();
    const before = process.cpuUsage();
    await pool.parse(items, config.markdown);
    const used = process.cpuUsage(before);
    await pool.close();
    await closeParseWorkers();
    coldRuns.push((used.user + used.system) / 1e6);
  }
  const coldS = median(coldRuns);
  if (perFile) slowestFiles(items, bodies, picked, config.markdown);

  // The graph as a build renders it, from a check of the site (which parses on the pool).
  const checked = await runBuild({ root, mode: 'check' });
  await closeParseWorkers();
  if (!checked.config || !checked.graph || !checked.messages)
    throw new Error(`${root}: the site does not load:\n${checked.diagnostics.map((d) => d.message).join('\n')}`);
  const cache = createCache();
  const { loaded } = await loadTheme(root, checked.config, readConfigFiles(root), cache);
  if (!loaded) throw new Error(`${root}: the theme does not load`);
  const assets = await assetsCached(root, checked.config, loaded, cache);
  const setup = renderSetup({
    config: checked.config,
    graph: checked.graph,
    messages: checked.messages,
    assets: assets.assets,
    loaded,
  });
  const pages = [...Object.values(checked.graph.pages), ...Object.values(checked.graph.notFound)];
  let html = 0;
  const renderS = cpuSeconds(() => {
    html = 0;
    for (const page of pages) html += Buffer.byteLength(renderPage(setup, loaded.theme, page));
  });
  const parseFloorS = pickedS;
  return {
    corpus,
    files: items.length,
    bodiesMB,
    parse: { none, all: perMB(allS), picked: perMB(pickedS), pipeline: perMB(pipelineS), cold: perMB(coldS) },
    render: {
      pages: pages.length,
      htmlMB: html / MB,
      cpuS: renderS,
      perMB: renderS / (html / MB),
      msPerPage: (renderS * 1000) / pages.length,
    },
    parseFloorS,
    pipelineS,
    floorS: parseFloorS + renderS,
  };
}

/** Each file through micromark and mdast (the extensions it needs) and through the
 * pipeline, the median of `runs` after a warm-up; the ten slowest of each, by MB/s. */
function slowestFiles(
  items: ParseItem[],
  bodies: string[],
  picked: { extensions: MicromarkExtension[]; mdastExtensions: FromMarkdownExtension[] }[],
  limits: Parameters<typeof parseSource>[3],
): void {
  // A file takes a few milliseconds: each sample repeats it for some 20 ms of CPU.
  const time = (work: () => void) => {
    const before = process.cpuUsage();
    work();
    const used = process.cpuUsage(before);
    const once = Math.max((used.user + used.system) / 1e6, 1e-4);
    const repeat = Math.max(1, Math.round(0.02 / once));
    return (
      cpuSeconds(() => {
        for (let k = 0; k < repeat; k++) work();
      }) / repeat
    );
  };
  const rows = items.map((item, i) => {
    const mb = Buffer.byteLength(bodies[i]) / MB;
    const parse = time(() => fromMarkdown(bodies[i], picked[i]));
    const pipeline = time(() => parseSource(item.source, item.kind, item.labels, limits, item.includes));
    return { file: item.source.id, kb: mb * 1000, parse: mb / parse, pipeline: mb / pipeline, ratio: pipeline / parse };
  });
  for (const [what, key] of [
    ['micromark and mdast', 'parse'],
    ['the whole pipeline', 'pipeline'],
  ] as const) {
    console.log(`  slowest 10 through ${what} (MB/s; KB of body; pipeline/parser time):`);
    for (const row of [...rows].sort((a, b) => a[key] - b[key]).slice(0, 10))
      console.log(
        `    ${row[key].toFixed(2).padStart(6)} MB/s  ${row.kb.toFixed(1).padStart(6)} KB  ${row.ratio.toFixed(1).padStart(4)}x  ${row.file}`,
      );
  }
}

function print(f: Floor): void {
  const rate = (perMB: number) => `${perMB.toFixed(3)} CPU s/MB (${(1 / perMB).toFixed(2)} MB/s)`;
  console.log(
    `\n${f.corpus}: ${f.files} files, ${f.bodiesMB.toFixed(2)} MB of bodies, ${f.render.pages} pages (${load()})`,
  );
  console.log(`  micromark+mdast, no extension         ${rate(f.parse.none)}`);
  console.log(`  micromark+mdast, every extension      ${rate(f.parse.all)}`);
  console.log(`  micromark+mdast, what each body needs ${rate(f.parse.picked)}  <- parse floor`);
  console.log(
    `  whole Markdown pipeline (parseSource) ${rate(f.parse.pipeline)}, ${(f.parse.pipeline / f.parse.picked).toFixed(2)}x the parse floor`,
  );
  console.log(
    `  parse step of a cold build (workers)  ${rate(f.parse.cold)}, ${(f.parse.cold / f.parse.picked).toFixed(2)}x the parse floor`,
  );
  console.log(
    `  React render (renderPage)             ${f.render.perMB.toFixed(3)} CPU s/MB of HTML, ${f.render.msPerPage.toFixed(2)} ms a page (${f.render.htmlMB.toFixed(1)} MB of HTML)`,
  );
  console.log(
    `  floor of a cold build: parse ${f.parseFloorS.toFixed(2)} s + render ${f.render.cpuS.toFixed(2)} s = ${f.floorS.toFixed(2)} CPU s (the pipeline itself: ${f.pipelineS.toFixed(2)} s)`,
  );
}

if (!json)
  console.log(
    `floor of the stack on ${os.cpus().length} cores, Node ${process.version}, ${runs} runs after a warm-up (${load()})`,
  );
const work = mkdtempSync(path.join(os.tmpdir(), 'site-floor-'));
try {
  const corpora: [string, string | undefined][] = roots.length
    ? roots.map((root) => [path.basename(root), root])
    : (
        [
          ['real site', undefined],
          [`synthetic N=${n}`, ''],
        ] as [string, string | undefined][]
      ).filter(([, root]) => !only || (only === 'real') === (root === undefined));
  for (const [corpus, root] of corpora) {
    const dir = mkdtempSync(path.join(work, 'corpus-'));
    let copy: string;
    if (root === '') {
      copy = path.join(dir, 'site');
      generate(copy, n);
    } else copy = copyOf(root, dir);
    const floor = await measure(corpus, copy);
    if (json) console.log(JSON.stringify(floor));
    else print(floor);
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
