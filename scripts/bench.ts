// `npm run bench`: builds synthetic sites with the `site` CLI cold, with nothing changed and after a
// one-file edit, and prints pages, seconds, pages per second and peak memory; with `hugo` on PATH
// it converts the same corpus to a minimal Hugo site and runs both in turn, printing the ratios
// ours/Hugo (Hugo has no incremental production build: it is always timed cold). Then it times a
// one-page edit under `site serve --watch`.
//
// Each tree has N docs pages per locale in nested folders and N/5 blog posts per locale, 400 to
// 1,200 words each, with headings, lists, a table, a code block and links to other pages.
// Usage: npm run bench [-- 500 5000] [--runs=3] [--keep]   (default: 500 5000; --keep leaves the trees for profiling)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CLI = path.join(REPO, 'bin', 'site.js');
const LOCALES = ['de', 'en'] as const;
const TAGS = Array.from({ length: 20 }, (_, i) => `topic-${i}`);
const AUTHORS = ['ada', 'grace', 'linus'];
const WORDS = (
  'server cluster backup restore network storage volume container image registry pipeline deploy release rollback ' +
  'monitoring alert metric log trace latency throughput capacity database replica primary index query schema ' +
  'migration upgrade patch kernel firewall tunnel certificate domain record cache proxy balancer bucket object ' +
  'team customer agency project budget contract support incident review runbook handover documentation the a ' +
  'and of to in for with on by from that this is are was be will can should must when while after before each'
).split(' ');

/** A small deterministic generator, so every run builds the same tree. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function docPath(i: number): string {
  return `docs/g${Math.floor(i / 100)}/s${Math.floor(i / 10) % 10}/p${i}`;
}

function sentence(rnd: () => number, words: number): string {
  const out = Array.from({ length: words }, () => WORDS[Math.floor(rnd() * WORDS.length)]);
  out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return `${out.join(' ')}.`;
}

/** A body of about `words` words with every construct the issue asks for. */
function body(rnd: () => number, words: number, links: string[]): string {
  const parts: string[] = [];
  let count = 0;
  const paragraph = () => {
    const n = 40 + Math.floor(rnd() * 40);
    count += n;
    let text = Array.from({ length: Math.ceil(n / 10) }, () => sentence(rnd, 10)).join(' ');
    if (links.length && rnd() < 0.5) text += ` See [the related page](${links[Math.floor(rnd() * links.length)]}).`;
    parts.push(text);
  };
  parts.push('## Overview');
  paragraph();
  parts.push('- first point of the list\n- second point with `inline code`\n- third point, **important**');
  parts.push('| Setting | Default | Note |\n| --- | --- | --- |\n| replicas | 2 | one per zone |\n| backups | daily | kept 30 days |');
  parts.push('```ts\nexport function retry(times: number): number {\n  return Math.min(times * 2, 60);\n}\n```');
  let section = 1;
  while (count < words) {
    parts.push(section % 3 === 0 ? `### Detail ${section}` : `## Section ${section}`);
    paragraph();
    paragraph();
    section++;
  }
  parts.push(`Further reading: ${links.map((l, i) => `[link ${i + 1}](${l})`).join(', ')}.`);
  return parts.join('\n\n');
}

function relativeLink(from: string, to: string): string {
  return path.posix.relative(path.posix.dirname(from), to) + '.md';
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function generate(root: string, n: number): void {
  const posts = Math.floor(n / 5);
  write(
    path.join(root, 'config', 'site.config.ts'),
    `export default {
  title: 'Bench', url: 'https://bench.example', baseUrl: '/', defaultLocale: 'de',
  locales: { de: { label: 'Deutsch', htmlLang: 'de', path: '' }, en: { label: 'English', htmlLang: 'en', path: 'en' } },
  sections: [{ id: 'docs', kind: 'docs' }, { id: 'blog', kind: 'blog', postsPerPage: 10 }],
  navbar: { logo: { src: '/img/logo.svg', width: 34, height: 34 }, items: [{ label: 'services', to: '/docs/' }, { label: 'blog', to: '/blog/' }] },
  footer: { groups: [{ title: 'company', items: [{ to: '/docs/' }, { to: '/blog/' }] }] },
  redirects: [],
  contact: { email: 'hello@bench.example', phone: '+43 1 000', endpoint: '/api/contact', terms: '/docs/', privacy: '/docs/' },
  favicon: '/img/logo.svg',
  customFields: { version: 'v0.0.0' },
};
`,
  );
  write(path.join(root, 'public', 'img', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="34" height="34"><rect width="34" height="34"/></svg>');
  write(
    path.join(root, 'content', 'authors.yml'),
    AUTHORS.map((a) => `${a}:\n  name: ${a[0].toUpperCase()}${a.slice(1)}\n  title: { de: Technik, en: Engineering }\n  bio: { de: Schreibt über Betrieb., en: Writes about operations. }\n`).join(''),
  );
  write(path.join(root, 'content', 'tags.yml'), TAGS.map((t) => `${t}:\n  label: { de: ${t}, en: ${t} }\n  description: { de: Beiträge zu ${t}., en: Posts about ${t}. }\n`).join(''));
  for (const locale of LOCALES) {
    const dir = path.join(root, 'content', locale);
    const rnd = random(n);
    write(path.join(dir, 'index.md'), '---\ntitle: Bench\ndescription: A synthetic site for the benchmark.\n---\n\nWelcome. Read the [docs](/docs/).\n');
    write(path.join(dir, 'contact.md'), '---\ntitle: Contact\ndescription: Write to us.\n---\n\nWrite to us.\n');
    write(path.join(dir, 'docs', 'index.md'), '---\ntitle: Docs\ndescription: All pages.\n---\n\nStart with [the first page](g0/s0/p0.md).\n');
    for (let g = 0; g * 100 < n; g++) {
      write(path.join(dir, 'docs', `g${g}`, '_category.yml'), `label: Group ${g}\nposition: ${g + 1}\ncollapsed: true\n`);
      for (let s = 0; s < 10 && g * 100 + s * 10 < n; s++) {
        write(path.join(dir, 'docs', `g${g}`, `s${s}`, '_category.yml'), `label: Part ${g}.${s}\nposition: ${s + 1}\ncollapsed: true\n`);
      }
    }
    for (let i = 0; i < n; i++) {
      const self = docPath(i);
      const targets = [docPath((i + 1) % n), docPath((i * 7 + 3) % n), docPath((i * 13 + 11) % n)];
      const links = targets.map((t) => relativeLink(self, t));
      links.push(`${relativeLink(self, docPath((i + 2) % n))}#overview`);
      const words = 400 + Math.floor(rnd() * 800);
      write(
        path.join(dir, `${self}.md`),
        `---\ntitle: Page ${i}\ndescription: Synthetic page ${i} of the benchmark site.\nsidebar_position: ${(i % 10) + 1}\n---\n\n${body(rnd, words, links)}\n`,
      );
    }
    for (let j = 0; j < posts; j++) {
      const date = new Date(Date.UTC(2020, 0, 1) + j * 86_400_000).toISOString().slice(0, 10);
      const tags = [TAGS[j % TAGS.length], TAGS[(j * 3 + 1) % TAGS.length]].filter((t, k, all) => all.indexOf(t) === k);
      const links = [`/docs/${docPath(j % n).slice('docs/'.length)}/`, relativeLink(`blog/post-${j}`, `blog/post-${(j + 1) % posts}`)];
      const words = 400 + Math.floor(rnd() * 800);
      write(
        path.join(dir, 'blog', `post-${j}.md`),
        `---\ntitle: Post ${j}\ndescription: Synthetic post ${j}.\ndate: ${date}\nauthors: [${AUTHORS[j % AUTHORS.length]}]\ntags: [${tags.join(', ')}]\n---\n\n${body(rnd, words, links)}\n`,
      );
    }
  }
}

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

/** Starts `site serve --watch`, edits one page several times and times each until its HTML changed on disk. */
async function watchEdit(root: string): Promise<number[]> {
  // Port 0: any free one; the edits are timed on disk, not over HTTP.
  const child = spawn(CLI, ['serve', '--watch', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const waitFor = async (test: () => boolean, ms: number) => {
    const until = Date.now() + ms;
    while (!test()) {
      if (Date.now() > until) throw new Error(`timed out; server said:\n${output}`);
      await new Promise((r) => setTimeout(r, 2));
    }
  };
  try {
    await waitFor(() => output.includes('[site]'), 120_000);
    await new Promise((r) => setTimeout(r, 300));
    const source = path.join(root, 'content', 'de', `${docPath(0)}.md`);
    const html = path.join(root, '.serve', docPath(0), 'index.html');
    const original = readFileSync(source, 'utf8');
    const times: number[] = [];
    for (let k = 0; k < 5; k++) {
      const marker = `edited-${k}-${Date.now()}`;
      const started = performance.now();
      writeFileSync(source, `${original}\n\nParagraph ${marker}.\n`);
      await waitFor(() => {
        try {
          return readFileSync(html, 'utf8').includes(marker);
        } catch {
          return false;
        }
      }, 10_000);
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 200));
    }
    return times;
  } finally {
    child.kill('SIGTERM');
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
  const head = '<!DOCTYPE html><html lang="{{ .Lang }}"><head><meta charset="utf-8"><title>{{ .Title }} | {{ .Site.Title }}</title><meta name="description" content="{{ .Description }}"></head><body>';
  const nav = '<nav>{{ range .CurrentSection.Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ end }}</nav>';
  write(path.join(hugoRoot, 'layouts', '_default', 'single.html'), `${head}${nav}<main><h1>{{ .Title }}</h1>{{ .Content }}</main></body></html>`);
  write(path.join(hugoRoot, 'layouts', '_default', 'list.html'), `${head}<main><h1>{{ .Title }}</h1>{{ .Content }}{{ range .Paginator.Pages }}<article><a href="{{ .RelPermalink }}">{{ .Title }}</a><p>{{ .Summary }}</p></article>{{ end }}</main></body></html>`);
  for (const locale of LOCALES) {
    const from = path.join(root, 'content', locale);
    for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
      const rel = path.relative(from, path.join(entry.parentPath, entry.name));
      // Hugo names a folder's own page _index.md.
      const target = path.basename(rel) === 'index.md' ? path.join(path.dirname(rel), '_index.md') : rel;
      write(path.join(hugoRoot, 'content', locale, target), readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    }
  }
}

/** Runs two commands in turn, A B A B ..., and gives each one's median and the median of the ratios A/B. */
async function pair(runs: number, a: () => Promise<number>, b: () => Promise<number>): Promise<{ a: number; b: number; ratio: number }> {
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

const args = process.argv.slice(2);
const sizes = args.map(Number).filter((n) => n > 0);
const keep = args.includes('--keep');
const runsArg = args.find((a) => a.startsWith('--runs='));
const runs = runsArg ? Number(runsArg.slice('--runs='.length)) : 3;
const hugo = onPath('hugo');
const work = mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
console.log(`site benchmark on ${os.cpus().length} cores, Node ${process.version}; ${hugo ? 'Hugo on PATH: ratios are ours/Hugo, run in turn' : 'no hugo on PATH: no ratios'}`);
try {
  for (const n of sizes.length ? sizes : [500, 5000]) {
    const root = path.join(work, `n${n}`);
    generate(root, n);
    // The CLI bundles itself on first start; start it once so the build below measures a build.
    await run(['--help'], root);
    rmSync(path.join(root, '.cache'), { recursive: true, force: true });
    const result = await run(['build', '--timings'], root);
    if (result.code !== 0) {
      console.error(`N=${n}: the build failed:\n${result.output}`);
      process.exitCode = 1;
      continue;
    }
    const pages = Number(/(\d+) pages/.exec(result.output)?.[1] ?? 0);
    const files = Number(/(\d+) files written/.exec(result.output)?.[1] ?? 0);
    const rss = /peak RSS (\d+) MB/.exec(result.output)?.[1] ?? '?';
    const seconds = result.ms / 1000;
    console.log(`\nN=${n}: ${pages} pages (${files} files), cold in ${seconds.toFixed(2)} s, ${Math.round(pages / seconds)} pages/s, peak RSS ${rss} MB`);
    console.log(`  ${/Steps: .*/.exec(result.output)?.[0] ?? ''}`);

    const site = (args: string[]) => timed(process.execPath, ['--max-semi-space-size=64', CLI, ...args], root);
    const cold = () => {
      rmSync(path.join(root, '.cache', 'parse'), { recursive: true, force: true });
      rmSync(path.join(root, '.cache', 'outputs'), { recursive: true, force: true });
      return site(['build']);
    };
    const edited = path.join(root, 'content', 'en', `${docPath(Math.floor(n / 2))}.md`);
    let edits = 0;
    const afterEdit = () => {
      writeFileSync(edited, `${readFileSync(edited, 'utf8')}\nOne more sentence, number ${++edits}.\n`);
      return site(['build']);
    };
    const lines: [string, () => Promise<number>][] = [
      ['cold', cold],
      ['nothing changed', () => site(['build'])],
      ['one file edited', afterEdit],
    ];
    if (hugo) {
      const hugoRoot = path.join(work, `hugo-n${n}`);
      hugoSite(root, hugoRoot);
      const hugoCold = () => {
        rmSync(path.join(hugoRoot, 'public'), { recursive: true, force: true });
        rmSync(path.join(hugoRoot, 'resources'), { recursive: true, force: true });
        return timed('hugo', ['--quiet'], hugoRoot);
      };
      await hugoCold();
      for (const [name, ours] of lines) {
        // Warm builds start from a warm cache: one build of ours before the pairs.
        if (name !== 'cold') await site(['build']);
        const r = await pair(runs, ours, hugoCold);
        console.log(`  ${name.padEnd(16)} ours ${r.a.toFixed(2)} s, Hugo cold ${r.b.toFixed(2)} s, ratio ${r.ratio.toFixed(2)}`);
      }
    } else {
      for (const [name, ours] of lines) {
        if (name !== 'cold') await site(['build']);
        const times: number[] = [];
        for (let i = 0; i < runs; i++) times.push(await ours());
        console.log(`  ${name.padEnd(16)} ${[...times].sort((p, q) => p - q)[Math.floor(runs / 2)].toFixed(2)} s (median of ${runs})`);
      }
    }
    if (n === (sizes[0] ?? 500)) {
      const times = await watchEdit(root);
      const sorted = [...times].sort((a, b) => a - b);
      console.log(`  watch: one-page edit on disk after ${sorted.map((t) => Math.round(t)).join(', ')} ms (median ${Math.round(sorted[2])} ms)`);
    }
    if (keep) console.log(`  kept: ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true });
}
