// `npm run bench`: first the real site's cold build, as a fresh clone makes it; then it builds
// synthetic sites with the `site` CLI cold (every social card drawn, and with
// the cards kept in .cache/social/), with nothing changed and after a one-file edit, and prints
// pages, seconds, pages per second and peak memory; with `hugo` on PATH it converts the same corpus
// to a Hugo site whose templates show what our theme shows, and runs both in turn, printing both
// outputs' sizes and the ratios ours/Hugo (Hugo has no incremental production build: it is always
// timed cold). Then it times the dev server until `/` answers (against `hugo server`), and a
// one-page edit under `site serve --watch` until it is on disk and until the open tab is told to
// reload. Each figure is printed with the machine's load.
//
// Beside them, for the real site and each N: the cold build's CPU (the process, its threads and
// the child processes it waited for) against the floor of the stack for the same tree
// (`npm run bench:floor`, scripts/floor.ts); a CI job's build, a fresh copy of the tree with the
// last build's .cache/ restored (its bytes copied: new inodes and mtimes) and one Markdown file
// changed; and the bytes per page: the HTML of a docs page and every file written (with the .br
// and .gz twins) per HTML page, ours against Hugo's.
//
// Each tree has N docs pages per locale in nested folders and N/5 blog posts per locale, 400 to
// 1,200 words each, with headings, lists, a table, a code block and links to other pages
// (bench-corpus.ts).
// Usage: npm run bench [-- 100 500 5000] [--runs=3] [--keep] [--serve] [--loop] [--scale]   (default: 100 500; --keep
// leaves the trees for profiling; --serve times only the dev server: first page and edits under --watch; --loop only the
// editor's loop: save to overlay, to content in the tab, to overlay cleared, rename to new route, warm check and check
// --changed; --scale builds each N cold once and nothing else, and prints its time and peak memory against N = 5,000's:
// `-- 5000 20000 --scale`)
//
// First, how long the CLI takes to start: `site --version` (answered without the engine) and `site --help` (the
// engine's CLI with no command run), whole process, wall and CPU.
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { docPath, generate, LOCALES, write } from './bench-corpus.ts';
import { editorLoop } from './bench-editor-loop.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CLI = path.join(REPO, 'bin', 'site.js');
/** The V8 flags the CLI runs with: those on the #! line of bin/site.js. */
const CLI_FLAGS = readFileSync(CLI, 'utf8')
  .split('\n', 1)[0]
  .split(' ')
  .filter((word) => word.startsWith('--'));

interface Run {
  code: number | null;
  output: string;
  ms: number;
}

/** Runs the CLI as a user's shell does, through its #! line (which sets its V8 flags). */
function run(args: string[], cwd: string): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(CLI, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output, ms: performance.now() - started }));
  });
}

/** Loaded into the CLI's process (`--import`): at its exit it writes the CPU seconds it used, in
 * the process and all its threads (`process.resourceUsage()`), and in the child processes it waited
 * for (Pagefind's, esbuild's: `cutime` and `cstime` of /proc/self/stat, in the kernel's 100 ticks a
 * second), to the file named by SITE_BENCH_CPU_FILE. Worker threads load it too and do nothing. */
const CPU_AT_EXIT = `data:text/javascript,${encodeURIComponent(`
import { readFileSync, writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
const file = process.env.SITE_BENCH_CPU_FILE;
if (isMainThread && file)
  process.on('exit', () => {
    const used = process.resourceUsage();
    let children = 0;
    try {
      const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
      children = (Number(fields[13]) + Number(fields[14])) / 100;
    } catch {}
    writeFileSync(file, JSON.stringify({ self: (used.userCPUTime + used.systemCPUTime) / 1e6, children }));
  });
`)}`;

interface CpuRun extends Run {
  /** CPU seconds of the process and its threads, and of the child processes it waited for. */
  cpu: { self: number; children: number };
}

/** `run`, with the CPU the build used (CPU_AT_EXIT). */
async function runWithCpu(args: string[], cwd: string): Promise<CpuRun> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'site-bench-cpu-')), 'cpu.json');
  const started = performance.now();
  const result = await new Promise<Run>((resolve) => {
    const child = spawn(process.execPath, [...CLI_FLAGS, '--import', CPU_AT_EXIT, CLI, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SITE_BENCH_CPU_FILE: file },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output, ms: performance.now() - started }));
  });
  let cpu = { self: Number.NaN, children: Number.NaN };
  try {
    cpu = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // The process died before its exit handlers ran: no figure.
  }
  rmSync(path.dirname(file), { recursive: true, force: true });
  return { ...result, cpu };
}

/** What `npm run bench:floor` measures for a site folder (scripts/floor.ts, which copies it first). */
interface Floor {
  bodiesMB: number;
  parse: { picked: number; pipeline: number; cold: number };
  render: { pages: number; cpuS: number };
  parseFloorS: number;
  floorS: number;
}

function floorOf(root: string): Promise<Floor | undefined> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO, 'scripts', 'floor.ts'), root, '--json', '--runs=3'],
      { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const line = output.split('\n').findLast((l) => l.startsWith('{'));
      if (code !== 0 || !line) console.error(`  bench:floor failed on ${root}:\n${output}`);
      resolve(code === 0 && line ? (JSON.parse(line) as Floor) : undefined);
    });
  });
}

/** The row "cold CPU / floor": the cold build's CPU beside the floor of the stack for the same tree. */
async function floorRow(root: string, cold: CpuRun): Promise<void> {
  const floor = await floorOf(root);
  const cpu = cold.cpu.self + cold.cpu.children;
  if (!floor) return;
  console.log(
    `  cold CPU / floor   cold build ${cpu.toFixed(2)} CPU s (${cold.cpu.self.toFixed(2)} in the process and its threads, ${cold.cpu.children.toFixed(2)} in child processes), floor ${floor.floorS.toFixed(2)} CPU s (parse ${floor.parseFloorS.toFixed(2)} for ${floor.bodiesMB.toFixed(2)} MB + React render ${floor.render.cpuS.toFixed(2)} for ${floor.render.pages} pages), ratio ${(cpu / floor.floorS).toFixed(2)}; the parse step alone ${((floor.parse.cold * floor.bodiesMB) / floor.parseFloorS).toFixed(2)}x its floor (${load()})`,
  );
}

/** A CI job's tree: a fresh checkout (`root` without build/ and .cache/) with the last build's
 * .cache/ restored as a cache action restores it, the bytes copied (new inodes, new mtimes), and
 * one Markdown file changed. Returns the copy. */
function restoredTree(root: string, into: string, edit: string): string {
  const copy = mkdtempSync(path.join(into, 'ci-'));
  for (const entry of readdirSync(root)) {
    if (['build', '.cache', '.serve'].includes(entry)) continue;
    cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true, verbatimSymlinks: true });
  }
  // cpSync copies each file's bytes into a new file (no hard links, no timestamps kept).
  cpSync(path.join(root, '.cache'), path.join(copy, '.cache'), { recursive: true, verbatimSymlinks: true });
  const file = path.join(copy, edit);
  writeFileSync(file, `${readFileSync(file, 'utf8')}\nOne more sentence, from the CI job.\n`);
  return copy;
}

/** `site build` in a restored tree (restoredTree), timed; with the pages it rendered (`--timings`). */
async function restoredBuild(root: string, edit: string): Promise<{ seconds: number; rendered: string }> {
  const copy = restoredTree(root, work, edit);
  try {
    const result = await run(['build', '--timings'], copy);
    if (result.code !== 0) throw new Error(`the build with a restored .cache/ failed:\n${result.output}`);
    return { seconds: result.ms / 1000, rendered: /Rendered (\d+) pages/.exec(result.output)?.[1] ?? '?' };
  } finally {
    rmSync(copy, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

/** `runs` restored-cache builds (restoredBuild) in turn: their times, and the pages the last one rendered. */
async function restoredBuilds(
  root: string,
  edit: string,
  runs: number,
): Promise<{ times: number[]; rendered: string }> {
  const times: number[] = [];
  let rendered = '?';
  for (let i = 0; i < runs; i++) {
    const r = await restoredBuild(root, edit);
    times.push(r.seconds);
    rendered = r.rendered;
  }
  return { times, rendered };
}

/** Bytes per page of a built tree: the HTML of its docs pages (`isDocsPage`, by path in the tree)
 * and every file written (pages, compressed twins, assets, search index) per HTML page. */
function perPage(dir: string, isDocsPage: (file: string) => boolean): { docsHtml: number; written: number } {
  let pages = 0;
  let docs = 0;
  let docsBytes = 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    const size = statSync(file).size;
    bytes += size;
    if (!e.name.endsWith('.html')) continue;
    pages++;
    if (isDocsPage(path.relative(dir, file).split(path.sep).join('/'))) {
      docs++;
      docsBytes += size;
    }
  }
  return { docsHtml: docsBytes / Math.max(docs, 1), written: bytes / Math.max(pages, 1) };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** A child process whose output is collected; `stop` ends it and waits until it has exited, so
 * nothing writes into a tree that is removed next. */
function startChild(command: string, args: string[], cwd: string) {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitFor(test: () => boolean | Promise<boolean>, ms: number, what: () => string): Promise<void> {
  const until = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > until) throw new Error(`timed out; ${what()}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Seconds from starting a dev server until `/` answers 200. `portOf` finds the port in its output. */
async function firstPage(
  command: string,
  args: string[],
  cwd: string,
  portOf: (output: string) => string | undefined,
): Promise<number> {
  const started = performance.now();
  const child = startChild(command, args, cwd);
  try {
    await waitFor(
      async () => {
        const port = portOf(child.output());
        if (!port) return false;
        return fetch(`http://127.0.0.1:${port}/`).then(
          (r) => {
            void r.body?.cancel();
            return r.status === 200;
          },
          () => false,
        );
      },
      600_000,
      () => `server said:\n${child.output()}`,
    );
    return (performance.now() - started) / 1000;
  } finally {
    await child.stop();
  }
}

const ourPort = (output: string) => /serving on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1];

/** Starts `site serve --watch`, opens the edited page as a tab would (its page and the reload
 * events) and edits it several times: each edit is timed until its HTML is on disk and until the
 * tab is told to reload. */
async function watchEdit(root: string): Promise<{ disk: number[]; tab: number[] }> {
  const child = startChild(CLI, ['serve', '--watch', '--port', '0'], root);
  const events = new AbortController();
  try {
    await waitFor(
      () => Boolean(ourPort(child.output())),
      600_000,
      () => `server said:\n${child.output()}`,
    );
    const base = `http://127.0.0.1:${ourPort(child.output())}`;
    const route = `/${docPath(0)}/`;
    await (await fetch(`${base}${route}`)).text();
    let reloads = 0;
    const stream = await fetch(`${base}/__site/events`, { signal: events.signal });
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream.body!)
        reloads += (decoder.decode(chunk).match(/^event: reload$/gm) ?? []).length;
    })().catch(() => undefined);
    // The first build goes on after the server answers (the bodies it left for later, Markdown
    // twins, the search index): edits are timed once it has ended.
    await waitFor(
      () => /\[site\] \d+ parsed, /.test(child.output()),
      600_000,
      () => `server said:\n${child.output()}`,
    );
    const source = path.join(root, 'content', 'de', `${docPath(0)}.md`);
    const html = path.join(root, '.serve', docPath(0), 'index.html');
    const original = readFileSync(source, 'utf8');
    const disk: number[] = [];
    const tab: number[] = [];
    for (let k = 0; k < 5; k++) {
      const marker = `edited-${k}-${Date.now()}`;
      const before = reloads;
      const started = performance.now();
      writeFileSync(source, `${original}\n\nParagraph ${marker}.\n`);
      let onDisk = 0;
      await waitFor(
        () => {
          if (!onDisk) {
            try {
              if (readFileSync(html, 'utf8').includes(marker)) onDisk = performance.now() - started;
            } catch {
              // Being replaced: read again.
            }
          }
          return onDisk > 0 && reloads > before;
        },
        30_000,
        () => `server said:\n${child.output()}`,
      );
      disk.push(onDisk);
      tab.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 300));
    }
    writeFileSync(source, original);
    return { disk, tab };
  } finally {
    events.abort();
    await child.stop();
  }
}

/** `--serve`: the dev server's rows alone, ours only: the first page with no .cache/ and with it
 * warm, and a one-page edit under --watch. */
async function serveRows(root: string, n: number): Promise<void> {
  console.log(`\nN=${n}, dev server only (${load()})`);
  for (const cold of [true, false]) {
    // A cold run is stopped once `/` answers, before its build has stored every parse.
    if (!cold) await run(['build'], root);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      if (cold) rmSync(path.join(root, '.cache'), { recursive: true, force: true });
      times.push(await firstPage(CLI, ['serve', '--port', '0'], root, ourPort));
    }
    console.log(
      `  serve, ${cold ? 'cold' : 'warm'} .cache   first page ${times.map((t) => t.toFixed(2)).join(', ')} s (median ${median(times).toFixed(2)} s; ${load()})`,
    );
  }
  const { disk, tab } = await watchEdit(root);
  console.log(
    `  watch, one-page edit: on disk after ${disk.map((t) => Math.round(t)).join(', ')} ms (median ${Math.round(median(disk))} ms); tab told to reload after median ${Math.round(median(tab))} ms (${load()})`,
  );
  if (!keep) rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}

/** The editor's loop (bench-editor-loop.ts), then a warm `site check` and `site check --changed`
 * after a one-file edit, with their CPU: the tree is made a git repository for `--changed`. */
async function loopRows(root: string, page: { source: string; route: string; file: string }): Promise<void> {
  const t = await editorLoop(CLI_FLAGS.concat(CLI), root, page, runs);
  const ms = (xs: number[]) => `${xs.map((x) => Math.round(x)).join(', ')} ms (median ${Math.round(median(xs))} ms)`;
  console.log(`  loop, save to overlay        ${ms(t.overlay)} (${load()})`);
  console.log(`  loop, save to content in tab ${ms(t.content)}`);
  console.log(`  loop, save to overlay clear  ${ms(t.cleared)}`);
  console.log(`  loop, rename to new route    ${ms(t.renamed)} (${load()})`);
  const git = (...args: string[]) =>
    new Promise<void>((resolve) =>
      spawn('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.org', ...args], { cwd: root }).once(
        'exit',
        () => resolve(),
      ),
    );
  await git('init', '-q', '-b', 'main');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'bench');
  await run(['check'], root);
  const source = path.join(root, page.source);
  writeFileSync(source, `${readFileSync(source, 'utf8')}\nOne more sentence.\n`);
  for (const [name, args] of [
    ['warm check', ['check']],
    ['check --changed main', ['check', '--changed', 'main']],
  ] as const) {
    const results: CpuRun[] = [];
    for (let i = 0; i < runs; i++) results.push(await runWithCpu([...args], root));
    console.log(
      `  ${name.padEnd(28)} ${results.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} s wall, CPU ${results.map((r) => (r.cpu.self + r.cpu.children).toFixed(2)).join(', ')} s (${load()})`,
    );
  }
}

/** The same corpus as a minimal Hugo site: one template for pages, one for lists, tags as a taxonomy. */
function hugoSite(root: string, hugoRoot: string): void {
  write(
    path.join(hugoRoot, 'hugo.toml'),
    `baseURL = "https://bench.example/"
defaultContentLanguage = "de"
disableKinds = ["RSS"]
[taxonomies]
tag = "tags"
[languages.de]
contentDir = "content/de"
weight = 1
[languages.en]
contentDir = "content/en"
weight = 2
`,
  );
  // What our theme shows, no more and no less: a navbar with the language switch; on docs pages
  // the sidebar pruned as ours is (the section's groups, the open path's parts and pages),
  // breadcrumbs, the table of contents and previous/next links; on posts the recent posts, tags
  // and authors; lists paginated by 10 with excerpts. Not every page of a section on every page.
  const head =
    '<!DOCTYPE html><html lang="{{ .Lang }}"><head><meta charset="utf-8"><title>{{ .Title }} | {{ .Site.Title }}</title><meta name="description" content="{{ .Description }}">' +
    '{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Lang }}" href="{{ .Permalink }}">{{ end }}</head><body>' +
    '<nav><a href="{{ "docs/" | relLangURL }}">Docs</a> <a href="{{ "blog/" | relLangURL }}">Blog</a>{{ range .AllTranslations }} <a href="{{ .RelPermalink }}">{{ .Lang }}</a>{{ end }}</nav>';
  const docsSidebar =
    '{{ $page := . }}<aside><ul>{{ range .FirstSection.Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ if or (eq . $page) (.IsAncestor $page) }}<ul>' +
    '{{ range .Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ if or (eq . $page) (.IsAncestor $page) }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}</li>{{ end }}' +
    '</ul>{{ end }}</li>{{ end }}</ul></aside><nav>{{ range .Ancestors.Reverse }}<a href="{{ .RelPermalink }}">{{ .Title }}</a> / {{ end }}</nav>';
  const blogSidebar =
    '<aside><ul>{{ range first 5 (where .Site.RegularPages "Section" "blog") }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></aside>';
  const sidebar = `{{ if eq .Section "docs" }}${docsSidebar}{{ else if eq .Section "blog" }}${blogSidebar}{{ end }}`;
  const footer =
    '<footer><a href="{{ "docs/" | relLangURL }}">Docs</a> <a href="{{ "blog/" | relLangURL }}">Blog</a></footer></body></html>';
  write(
    path.join(hugoRoot, 'layouts', '_default', 'single.html'),
    `${head}${sidebar}<main><h1>{{ .Title }}</h1>{{ with .Params.authors }}<p>{{ delimit . ", " }}</p>{{ end }}{{ range .Params.tags }}<a href="{{ printf "tags/%s/" (urlize .) | relLangURL }}">{{ . }}</a> {{ end }}{{ .Content }}` +
      '<nav>{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }} {{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav></main><aside>{{ .TableOfContents }}</aside>' +
      footer,
  );
  write(
    path.join(hugoRoot, 'layouts', '_default', 'list.html'),
    `${head}${sidebar}<main><h1>{{ .Title }}</h1>{{ .Content }}{{ $pager := .Paginate .Pages 10 }}{{ range $pager.Pages }}<article><a href="{{ .RelPermalink }}">{{ .Title }}</a><p>{{ .Summary }}</p></article>{{ end }}{{ template "_internal/pagination.html" . }}</main>${footer}`,
  );
  for (const locale of LOCALES) {
    const from = path.join(root, 'content', locale);
    for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
      const rel = path.relative(from, path.join(entry.parentPath, entry.name));
      // Hugo names a folder's own page _index.md.
      const target = path.basename(rel) === 'index.md' ? path.join(path.dirname(rel), '_index.md') : rel;
      write(
        path.join(hugoRoot, 'content', locale, target),
        readFileSync(path.join(entry.parentPath, entry.name), 'utf8'),
      );
    }
  }
}

/** Runs two commands in turn, A B A B ..., and gives each one's median and the median of the ratios A/B. */
async function pair(
  runs: number,
  a: () => Promise<number>,
  b: () => Promise<number>,
): Promise<{ a: number; b: number; ratio: number }> {
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    const x = await a();
    const y = await b();
    as.push(x);
    bs.push(y);
    ratios.push(x / y);
  }
  const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];
  return { a: median(as), b: median(bs), ratio: median(ratios) };
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => existsSync(path.join(dir, command)));
}

async function timed(command: string, args: string[], cwd: string): Promise<number> {
  const started = performance.now();
  const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.output}`);
  return (performance.now() - started) / 1000;
}

/** Pages (HTML files) and bytes of every file in a built tree, to show both sides made as much. */
function outputSize(dir: string): string {
  let pages = 0;
  let html = 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const size = statSync(path.join(e.parentPath, e.name)).size;
    if (e.name.endsWith('.html')) {
      pages++;
      html += size;
    }
    bytes += size;
  }
  return `${pages} pages, ${(html / 1e6).toFixed(1)} MB of HTML, ${(bytes / 1e6).toFixed(1)} MB in all`;
}

const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];
const load = () =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

const args = process.argv.slice(2);
const sizes = args.map(Number).filter((n) => n > 0);
const keep = args.includes('--keep');
const serveOnly = args.includes('--serve');
const loopOnly = args.includes('--loop');
const scaleOnly = args.includes('--scale');
const runsArg = args.find((a) => a.startsWith('--runs='));
const runs = runsArg ? Number(runsArg.slice('--runs='.length)) : 3;
const hugo = onPath('hugo');
const work = mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
console.log(
  `site benchmark on ${os.cpus().length} cores, Node ${process.version}, ${load()}; ${hugo ? 'Hugo on PATH: ratios are ours/Hugo, run in turn' : 'no hugo on PATH: no ratios'}`,
);
/** The real site, as a fresh clone builds it: nothing in .cache/. Measured first, on a file system
 * that has not just removed the benchmark's trees: ext4 without a journal skips over every inode
 * freed in the last minute when it makes a file, and the tens of thousands the trees leave made this
 * build about two seconds slower than a fresh clone of the repository. */
async function realSiteRows(): Promise<void> {
  const real = path.join(work, 'real-site');
  for (const dir of ['config', 'content', 'i18n', 'public'])
    cpSync(path.join(REPO, dir), path.join(real, dir), { recursive: true });
  // The config imports its types and helpers from the engine beside it.
  for (const dir of ['generator', 'common']) symlinkSync(path.join(REPO, dir), path.join(real, dir));
  // The CLI bundles itself on first start; start it once so the build below measures a build.
  await run(['--help'], real);
  if (loopOnly) {
    console.log(`\nReal site, the editor's loop (${load()})`);
    return loopRows(real, {
      source: 'content/en/services/backups/velero.md',
      route: '/en/services/backups/velero/',
      file: 'en/services/backups/velero/index.html',
    });
  }
  if (serveOnly) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      rmSync(path.join(real, '.cache'), { recursive: true, force: true });
      times.push(await firstPage(CLI, ['serve', '--port', '0'], real, ourPort));
    }
    console.log(
      `\nReal site, serve, cold .cache: first page after ${times.map((t) => t.toFixed(2)).join(', ')} s (median ${median(times).toFixed(2)} s; ${load()})`,
    );
    return;
  }
  const built = await runWithCpu(['build', '--timings'], real);
  if (built.code !== 0) {
    console.error(`the real site did not build:\n${built.output}`);
    process.exitCode = 1;
    return;
  }
  console.log(
    `\nReal site: ${/(\d+) pages/.exec(built.output)?.[1]} pages cold (every card drawn) in ${(built.ms / 1000).toFixed(2)} s, peak RSS ${/peak RSS (\d+) MB/.exec(built.output)?.[1]} MB (${load()})`,
  );
  console.log(`  ${/Steps: .*/.exec(built.output)?.[0] ?? ''}`);
  // The real site has no docs section of that name: the HTML of all its pages.
  const size = perPage(path.join(real, 'build'), () => true);
  console.log(`  output per page    HTML ${kb(size.docsHtml)} a page; ${kb(size.written)} written per page`);
  // A Markdown file in the middle of the English content, the same in every run.
  const english = readdirSync(path.join(real, 'content', 'en'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md') && path.basename(f) !== 'index.md')
    .sort();
  const edit = path.join('content', 'en', english[Math.floor(english.length / 2)]);
  const ci = await restoredBuilds(real, edit, runs);
  console.log(
    `  CI, restored cache ${ci.times.map((t) => t.toFixed(2)).join(', ')} s (median ${median(ci.times).toFixed(2)} s), pages rendered: ${ci.rendered}, after an edit of ${edit} (${load()})`,
  );
  await floorRow(real, built);
  rmSync(path.join(real, '.cache'), { recursive: true, force: true });
  console.log(
    `  serve, cold .cache: first page after ${(await firstPage(CLI, ['serve', '--port', '0'], real, ourPort)).toFixed(2)} s`,
  );
}

/** The CLI's start: a process that answers at once, wall and CPU seconds, medians of `runs`. */
async function processStartRows(): Promise<void> {
  for (const args of [['--version'], ['--help']]) {
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < Math.max(runs, 3); i++) {
      const r = await runWithCpu(args, REPO);
      walls.push(r.ms / 1000);
      cpus.push(r.cpu.self);
    }
    console.log(
      `Process start, site ${args.join(' ').padEnd(9)} ${median(walls).toFixed(2)} s, ${median(cpus).toFixed(2)} CPU s (median of ${walls.length}; ${load()})`,
    );
  }
}

/** Each N's cold build, for the comparison of a large N with N = 5,000. */
const coldBuilds = new Map<number, { pages: number; seconds: number; cpu: number; rssMB: number }>();

/** Time and peak memory of each N above 5,000 against N = 5,000's, when both were built. */
function scaleRows(): void {
  const base = coldBuilds.get(5000);
  for (const [n, r] of coldBuilds) {
    if (n <= 5000 || !base) continue;
    console.log(
      `\nN=${n} against N=5000: ${r.pages} pages against ${base.pages} (${(r.pages / base.pages).toFixed(2)}x), cold ${r.seconds.toFixed(1)} s against ${base.seconds.toFixed(1)} s (${(r.seconds / base.seconds).toFixed(2)}x; target ≤ 4.5x), ${r.cpu.toFixed(1)} CPU s against ${base.cpu.toFixed(1)} (${(r.cpu / base.cpu).toFixed(2)}x), peak RSS ${r.rssMB} MB against ${base.rssMB} MB (target ≤ 4,096 MB)`,
    );
  }
}

try {
  if (!serveOnly) await processStartRows();
  if (!scaleOnly) await realSiteRows();
  for (const n of sizes.length ? sizes : [100, 500]) {
    const root = path.join(work, `n${n}`);
    generate(root, n);
    // The CLI bundles itself on first start; start it once so the build below measures a build.
    await run(['--help'], root);
    if (loopOnly) {
      console.log(`\nN=${n}, the editor's loop (${load()})`);
      await loopRows(root, {
        source: path.join('content', 'de', `${docPath(0)}.md`),
        route: `/${docPath(0)}/`,
        file: path.join(docPath(0), 'index.html'),
      });
      continue;
    }
    if (serveOnly) {
      await serveRows(root, n);
      continue;
    }
    rmSync(path.join(root, '.cache'), { recursive: true, force: true });
    const result = await runWithCpu(['build', '--timings'], root);
    if (result.code !== 0) {
      console.error(`N=${n}: the build failed:\n${result.output}`);
      process.exitCode = 1;
      continue;
    }
    const pages = Number(/(\d+) pages/.exec(result.output)?.[1] ?? 0);
    const files = Number(/(\d+) files written/.exec(result.output)?.[1] ?? 0);
    const rss = /peak RSS (\d+) MB/.exec(result.output)?.[1] ?? '?';
    const seconds = result.ms / 1000;
    console.log(
      `\nN=${n}: ${pages} pages (${files} files), cold with every card drawn in ${seconds.toFixed(2)} s, ${Math.round(pages / seconds)} pages/s, peak RSS ${rss} MB (${load()})`,
    );
    console.log(`  ${/Steps: .*/.exec(result.output)?.[0] ?? ''}`);
    coldBuilds.set(n, { pages, seconds, cpu: result.cpu.self + result.cpu.children, rssMB: Number(rss) });
    if (scaleOnly) {
      if (!keep) rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      continue;
    }
    await floorRow(root, result);
    const ours = outputSize(path.join(root, 'build'));
    const docsPage = (file: string) => /^(?:en\/)?docs\/g\d+\/s\d+\/p\d+\/index\.html$/.test(file);
    const oursPerPage = perPage(path.join(root, 'build'), docsPage);

    const site = (args: string[]) => timed(process.execPath, [...CLI_FLAGS, CLI, ...args], root);
    const cold = (cards: boolean) => () => {
      // `builds`: the last build's record, with which a build of unchanged inputs does nothing.
      for (const dir of ['parse', 'outputs', 'builds', ...(cards ? ['social'] : [])])
        rmSync(path.join(root, '.cache', dir), { recursive: true, force: true });
      return site(['build']);
    };
    const editedSource = path.join('content', 'en', `${docPath(Math.floor(n / 2))}.md`);
    const edited = path.join(root, editedSource);
    let edits = 0;
    const afterEdit = () => {
      writeFileSync(edited, `${readFileSync(edited, 'utf8')}\nOne more sentence, number ${++edits}.\n`);
      return site(['build']);
    };
    const lines: [string, () => Promise<number>][] = [
      ['cold, cards drawn', cold(true)],
      // The cards taken from .cache/social/: what a build with cards turned off costs.
      ['cold, cards off', cold(false)],
      ['nothing changed', () => site(['build'])],
      // Every step run on the unchanged site: what the output store saves without the shortcut.
      ['nothing, --force', () => site(['build', '--force'])],
      ['one file edited', afterEdit],
    ];
    const serveCold = () => {
      rmSync(path.join(root, '.cache'), { recursive: true, force: true });
      return firstPage(CLI, ['serve', '--port', '0'], root, ourPort);
    };
    // A cold run is stopped once `/` answers, before its build has stored every parse: a build
    // fills the parse store first.
    const serveWarm = async () => {
      await run(['build'], root);
      return firstPage(CLI, ['serve', '--port', '0'], root, ourPort);
    };
    if (hugo) {
      const hugoRoot = path.join(work, `hugo-n${n}`);
      hugoSite(root, hugoRoot);
      const hugoCold = () => {
        rmSync(path.join(hugoRoot, 'public'), { recursive: true, force: true });
        rmSync(path.join(hugoRoot, 'resources'), { recursive: true, force: true });
        return timed('hugo', ['--quiet'], hugoRoot);
      };
      await hugoCold();
      const theirs = outputSize(path.join(hugoRoot, 'public'));
      console.log(`  output: ours ${ours}; Hugo ${theirs}`);
      const hugoPerPage = perPage(path.join(hugoRoot, 'public'), docsPage);
      console.log(
        `  output per page    HTML per docs page ours ${kb(oursPerPage.docsHtml)}, Hugo ${kb(hugoPerPage.docsHtml)}, ratio ${(oursPerPage.docsHtml / hugoPerPage.docsHtml).toFixed(2)} (target ≤ 2); written per page ours ${kb(oursPerPage.written)}, Hugo ${kb(hugoPerPage.written)}, ratio ${(oursPerPage.written / hugoPerPage.written).toFixed(2)} (target ≤ 3)`,
      );
      for (const [name, ours] of lines) {
        // Warm builds start from a warm cache: one build of ours before the pairs.
        if (!name.startsWith('cold')) await site(['build']);
        const r = await pair(runs, ours, hugoCold);
        console.log(
          `  ${name.padEnd(18)} ours ${r.a.toFixed(2)} s, Hugo cold ${r.b.toFixed(2)} s, ratio ${r.ratio.toFixed(2)} (${load()})`,
        );
      }
      let rendered = '?';
      const ci = await pair(
        runs,
        async () => {
          const r = await restoredBuild(root, editedSource);
          rendered = r.rendered;
          return r.seconds;
        },
        hugoCold,
      );
      console.log(
        `  CI, restored cache ours ${ci.a.toFixed(2)} s, Hugo cold ${ci.b.toFixed(2)} s, ratio ${ci.ratio.toFixed(2)}; pages rendered: ${rendered} (${load()})`,
      );
      let hugoPort = 0;
      const hugoServe = () =>
        firstPage(
          'hugo',
          [
            'server',
            '--port',
            String((hugoPort = 20000 + Math.floor(Math.random() * 20000))),
            '--bind',
            '127.0.0.1',
            '--disableLiveReload',
          ],
          hugoRoot,
          () => String(hugoPort),
        );
      for (const [name, serve] of [
        ['serve, cold .cache', serveCold],
        ['serve, warm .cache', serveWarm],
      ] as const) {
        const r = await pair(runs, serve, hugoServe);
        console.log(
          `  ${name.padEnd(18)} first page: ours ${r.a.toFixed(2)} s, hugo server ${r.b.toFixed(2)} s, ratio ${r.ratio.toFixed(2)} (${load()})`,
        );
      }
    } else {
      for (const [name, ours] of lines) {
        if (!name.startsWith('cold')) await site(['build']);
        const times: number[] = [];
        for (let i = 0; i < runs; i++) times.push(await ours());
        console.log(`  ${name.padEnd(18)} ${median(times).toFixed(2)} s (median of ${runs})`);
      }
      console.log(
        `  output per page    HTML per docs page ${kb(oursPerPage.docsHtml)}; written per page ${kb(oursPerPage.written)}`,
      );
      const ci = await restoredBuilds(root, editedSource, runs);
      console.log(
        `  CI, restored cache ${median(ci.times).toFixed(2)} s (median of ${runs}); pages rendered: ${ci.rendered}`,
      );
      for (const [name, serve] of [
        ['serve, cold .cache', serveCold],
        ['serve, warm .cache', serveWarm],
      ] as const) {
        const times: number[] = [];
        for (let i = 0; i < runs; i++) times.push(await serve());
        console.log(`  ${name.padEnd(18)} first page ${median(times).toFixed(2)} s (median of ${runs})`);
      }
    }
    const { disk, tab } = await watchEdit(root);
    console.log(
      `  watch, one-page edit: on disk after ${disk.map((t) => Math.round(t)).join(', ')} ms (median ${Math.round(median(disk))} ms); tab told to reload after median ${Math.round(median(tab))} ms (${load()})`,
    );
    if (keep) console.log(`  kept: ${root}`);
    else rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
  scaleRows();
} finally {
  // Retried: a server's last writes may still be landing as its process exits.
  if (!keep) rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
