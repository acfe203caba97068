// The worker pool: parsing on worker threads gives exactly what parsing on the main thread gives,
// in the order of the input, for large jobs and small ones; one file that takes too long or too
// much memory gets an error naming it and the others are parsed as usual. Social cards drawn on
// the workers are those the main thread draws.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { closeParseWorkers, MIN_PARALLEL_ITEMS, Pool } from '../../../generator/build/worker-pool.ts';
import { buildGraph } from '../../../generator/graph/graph.ts';
import type { ParseItem } from '../../../generator/parse/parse.ts';
import { parseSource } from '../../../generator/parse/parse.ts';
import { alternatesOf, RenderError, type RenderSetup } from '../../../generator/render/render.ts';
import { BUILT_IN_THEME, bundleTheme } from '../../../generator/theming/theme-loader.ts';
import type { Page } from '../../../generator/types.ts';

import { REPO } from '../../helpers.ts';

const themeFile = await bundleTheme(REPO, BUILT_IN_THEME);

import {
  cardLook,
  config,
  doc,
  labelsOf,
  makeConfig,
  markdownFile,
  messages,
  source,
  themeOptions,
} from './factories.ts';

const pools: Pool[] = [];
after(() => Promise.all([...pools.map((p) => p.close()), closeParseWorkers()]));

const limits = makeConfig().markdown;

function newPool(): Pool {
  const pool = new Pool();
  pools.push(pool);
  return pool;
}

/** How many worker threads the pool started (a private field: nothing else shows it). */
const workersOf = (pool: Pool) => (Reflect.get(pool, 'workers') as unknown[]).length;

/** Varied sources: docs and posts, both locales, and files with problems to report. */
function items(count: number): ParseItem[] {
  return Array.from({ length: count }, (_, i): ParseItem => {
    const locale = i % 2 ? 'en' : 'de';
    return { ...item(i, locale), labels: labelsOf(locale) };
  });
}

function item(i: number, locale: string): Omit<ParseItem, 'labels'> {
  switch (i % 6) {
    case 0:
      return {
        kind: 'doc',
        source: source(
          locale,
          `docs/page-${i}`,
          markdownFile(
            `## Part ${i}\n\nSee [next](./page-${i + 1}.md#part-${i + 1}) and ![x](/img/${i}.png).\n\n:::tip\nTip ${i}.\n:::\n`,
          ),
        ),
      };
    case 1:
      return {
        kind: 'post',
        source: source(
          locale,
          `news/post-${i}`,
          markdownFile(`Intro ${i}.\n\n<!-- truncate -->\n\n\`\`\`js\nconst n = ${i};\n\`\`\`\n`, {
            date: '2025-01-02',
            authors: ['anna'],
            tags: ['ops'],
          }),
        ),
      };
    case 2:
      return {
        kind: 'doc',
        source: source(locale, `docs/raw-${i}`, markdownFile(`Some <font>raw</font> HTML ${i}.\n`)),
      };
    case 3:
      // Every other one without any front matter: no document at all.
      return {
        kind: 'doc',
        source: source(
          locale,
          `docs/bad-${i}`,
          i % 4 === 1 ? `# No front matter ${i}\n` : `---\ntitle: Bad ${i}\nsidebar_positon: 2\n---\n\n# Text\n`,
        ),
      };
    case 4:
      return {
        kind: 'post',
        source: source(locale, `news/undated-${i}`, markdownFile(`Words ${i}[^n].\n\n[^n]: Note.\n`)),
      };
    default:
      return {
        kind: 'doc',
        source: source(
          locale,
          `docs/table-${i}`,
          markdownFile(`| a | b |\n| - | - |\n| ${i} | ~~x~~ |\n\n- [x] done\n\nhttps://example.org/${i}\n`),
        ),
      };
  }
}

test('a large job is parsed on worker threads with exactly the results of parseSource, in order', async () => {
  const previous = process.env.SITE_WORKERS;
  process.env.SITE_WORKERS = '1';
  try {
    const pool = newPool();
    const work = items(MIN_PARALLEL_ITEMS + 20);
    const results = await pool.parse(work, limits);
    assert.equal(results.length, work.length);
    assert.deepStrictEqual(
      results,
      work.map((item) => parseSource(item.source, item.kind, item.labels, limits)),
    );
    // The inputs are varied enough for the comparison to mean something.
    assert.ok(results.some((r) => r.doc?.excerptHtml));
    assert.ok(results.some((r) => r.diagnostics.some((d) => d.rule === 'raw-html')));
    assert.ok(results.some((r) => r.doc && r.diagnostics.some((d) => d.rule === 'front-matter')));
    assert.ok(results.some((r) => !r.doc));
    results.forEach((r, i) => {
      assert.ok(!r.doc || r.doc.source === work[i].source.id, `result ${i} belongs to its item`);
    });
  } finally {
    if (previous === undefined) delete process.env.SITE_WORKERS;
    else process.env.SITE_WORKERS = previous;
  }
});

test('a large render job goes to a worker per core but one (the main thread takes, checks and stores the pages), which say how busy they were', async () => {
  const previous = process.env.SITE_WORKERS;
  process.env.SITE_WORKERS = '3';
  try {
    const pool = newPool();
    const { setup, pages } = renderWork(MIN_PARALLEL_ITEMS + 20);
    const good = pages.filter((p) => p.route !== '/docs/page-7/');
    let rendered = 0;
    await pool.render(setup, good, { scan: false, record: false }, async () => void rendered++);
    assert.equal(rendered, good.length);
    const stats = pool.stats();
    assert.equal(stats.workers, 2);
    assert.ok(stats.busyMs > 0, 'the workers did the work');
    assert.ok(stats.busyMs <= stats.spanMs, `busy ${stats.busyMs} ms within their span of ${stats.spanMs} ms`);
  } finally {
    if (previous === undefined) delete process.env.SITE_WORKERS;
    else process.env.SITE_WORKERS = previous;
  }
});

test('a small job is parsed on a worker too, with the same results', async () => {
  const pool = newPool();
  const work = items(12);
  const results = await pool.parse(work, limits);
  assert.equal(workersOf(pool), 0, 'no render workers for a small job');
  assert.deepStrictEqual(
    results,
    work.map((item) => parseSource(item.source, item.kind, item.labels, limits)),
  );
  assert.deepEqual(await pool.parse([], limits), []);
});

test('a file that takes longer than the deadline gets an error naming it; the files after it are parsed', async () => {
  const pool = newPool();
  const slow: ParseItem = {
    kind: 'doc',
    source: source('en', 'docs/stars', markdownFile('a*'.repeat(50 * 1024))),
    labels: labelsOf('en'),
  };
  const work = [slow, ...items(6)];
  const started = performance.now();
  const results = await pool.parse(work, { ...limits, timeoutSeconds: 1 });
  const ms = performance.now() - started;
  assert.ok(ms < 30_000, 'the deadline held');
  assert.deepEqual(results[0].diagnostics, [
    {
      file: 'content/en/docs/stars.md',
      message: 'took longer than 1 s to parse',
      hint: 'simplify the page (long runs of * or _, huge tables), or raise markdown.timeoutSeconds in config/site.config.ts',
      rule: 'markdown-timeout',
      severity: 'error',
    },
  ]);
  assert.equal(results[0].doc?.html, '', 'the page keeps its front matter, without a body');
  assert.deepStrictEqual(
    results.slice(1),
    work.slice(1).map((item) => parseSource(item.source, item.kind, item.labels, limits)),
  );
});

/** A render setup of the unit site, and its pages with one broken (no breadcrumbs, as no graph makes it). */
function renderWork(count: number) {
  const docs = Array.from({ length: count }, (_, i) => doc({ path: `docs/page-${i}`, title: `Page ${i}` }));
  const { graph } = buildGraph({
    config,
    documents: docs,
    categories: new Map(),
    authors: {},
    tags: {},
    messages,
    includeDrafts: false,
  });
  const setup: RenderSetup = {
    config,
    graph,
    messages,
    themeConfig: themeOptions(),
    themeFile,
    alternates: alternatesOf(graph),
    assets: {
      css: '/a.css',
      js: '/a.js',
      jsImports: [],
      fonts: [],
      islands: {},
      assetFiles: { 'icons.svg': '/assets/icons.svg' },
      colorModeScript: '',
    },
  };
  const pages = Object.values(graph.pages);
  const broken = pages.findIndex((p) => p.route === '/docs/page-7/');
  pages[broken] = { ...pages[broken], breadcrumbs: undefined } as unknown as Page;
  return { setup, pages };
}

test('pages rendered on a worker, which reads the bodies from one shared buffer, are byte for byte those the main thread renders', async () => {
  const previous = process.env.SITE_WORKERS;
  process.env.SITE_WORKERS = '2';
  try {
    // Bodies of every width of UTF-8, and one empty: each is decoded from where the one before ends.
    const work = () => {
      const { setup, pages } = renderWork(MIN_PARALLEL_ITEMS + 4);
      Object.values(setup.graph.documents).forEach((d, i) => {
        d.html = i === 3 ? '' : `<p>Größe „${i}“ — 🚀 ${'ж'.repeat(i)}</p>`;
      });
      return { setup, pages: pages.filter((p) => p.route !== '/docs/page-7/') };
    };
    const onWorker = work();
    const fromWorker: string[] = [];
    const pool = newPool();
    await pool.render(
      onWorker.setup,
      onWorker.pages,
      { scan: false, record: false },
      async (i, page) => void (fromWorker[i] = page.html),
    );
    assert.equal(pool.stats().workers, 1, 'rendered on a worker');
    const onMain = work();
    const fromMain: string[] = [];
    // Fewer pages than a worker is started for: the main thread renders them, from its own strings.
    for (let start = 0; start < onMain.pages.length; start += 10) {
      await newPool().render(
        onMain.setup,
        onMain.pages.slice(start, start + 10),
        { scan: false, record: false },
        async (i, page) => void (fromMain[start + i] = page.html),
      );
    }
    assert.equal(fromWorker.length, onMain.pages.length);
    fromWorker.forEach((html, i) => {
      assert.ok(html === fromMain[i], `page ${onMain.pages[i].route} as the main thread renders it`);
    });
    assert.ok(
      fromWorker.some((html) => html.includes(`<p>Größe „12“ — 🚀 ${'ж'.repeat(12)}</p>`)),
      'the bodies are on the pages',
    );
    // The main thread reads the same buffer from now on: its documents say what they said.
    Object.values(onWorker.setup.graph.documents).forEach((d, i) => {
      assert.equal(d.html, i === 3 ? '' : `<p>Größe „${i}“ — 🚀 ${'ж'.repeat(i)}</p>`);
    });
  } finally {
    if (previous === undefined) delete process.env.SITE_WORKERS;
    else process.env.SITE_WORKERS = previous;
  }
});

test('a page that fails to render is named with its file and keeps its cause, on the main thread and on a worker', async () => {
  const previous = process.env.SITE_WORKERS;
  process.env.SITE_WORKERS = '1';
  try {
    for (const count of [20, MIN_PARALLEL_ITEMS]) {
      const { setup, pages } = renderWork(count);
      const failure = await newPool()
        .render(setup, pages, { scan: false, record: false }, async () => undefined)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      assert.ok(failure instanceof RenderError, `${count} pages: ${String(failure)}`);
      assert.equal(failure.route, '/docs/page-7/');
      assert.equal(failure.source, 'content/de/docs/page-7.md');
      assert.match(failure.message, /^the page \/docs\/page-7\/ could not be rendered: /);
      assert.ok(failure.cause instanceof Error && failure.cause.stack, 'the cause and its stack are kept');
    }
  } finally {
    if (previous === undefined) delete process.env.SITE_WORKERS;
    else process.env.SITE_WORKERS = previous;
  }
});

/** A card template in plain colours, its fonts set up in a folder removed after the tests. */
async function cardTemplate() {
  const { prepareFonts } = await import('../../../generator/images/social-images.ts');
  const root = mkdtempSync(path.join(os.tmpdir(), 'site-cards-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  return { config: makeConfig(), look: cardLook, fonts: prepareFonts(root, cardLook) };
}

test('social cards drawn on the workers are, byte for byte, the cards the calling thread draws, in the order asked', async () => {
  const { cardDrawer } = await import('../../../generator/images/social-images.ts');
  const template = await cardTemplate();
  const cards = Array.from({ length: 6 }, (_, i) => ({
    file: `p${i}/social.jpg`,
    eyebrow: i % 2 ? 'Docs' : 'Blog',
    title: `A title of card ${i}${' that wraps'.repeat(i)}`,
  }));
  const pool = newPool();
  const drawn: Uint8Array[] = new Array(cards.length);
  await pool.cards('k', template, cards, (start, batch) =>
    batch.forEach((bytes, i) => {
      drawn[start + i] = bytes;
    }),
  );
  assert.ok(workersOf(pool) > 0, 'drawn on worker threads');
  const draw = cardDrawer(template);
  for (const [i, card] of cards.entries()) assert.ok(Buffer.from(drawn[i]).equals(await draw(card)), `card ${i}`);
  assert.equal(
    new Set(drawn.map((b) => Buffer.from(b).toString('base64'))).size,
    cards.length,
    'every card shows its own title',
  );
});

test('a worker that renders pages while it draws cards counts the time once: busy within its span', async () => {
  const previous = process.env.SITE_WORKERS;
  process.env.SITE_WORKERS = '2';
  try {
    const template = await cardTemplate();
    const cards = Array.from({ length: 40 }, (_, i) => ({
      file: `p${i}/social.jpg`,
      eyebrow: 'Docs',
      title: `Card ${i} with a title that wraps onto a second line`,
    }));
    const pool = newPool();
    const { setup, pages } = renderWork(MIN_PARALLEL_ITEMS + 20);
    const good = pages.filter((p) => p.route !== '/docs/page-7/');
    await Promise.all([
      pool.render(setup, good, { scan: false, record: false }, async () => undefined),
      pool.cards('k', template, cards, () => undefined),
    ]);
    const stats = pool.stats();
    assert.equal(stats.workers, 1);
    assert.ok(
      stats.busyMs <= stats.spanMs,
      `busy ${Math.round(stats.busyMs)} ms within the worker's span of ${Math.round(stats.spanMs)} ms`,
    );
  } finally {
    if (previous === undefined) delete process.env.SITE_WORKERS;
    else process.env.SITE_WORKERS = previous;
  }
});
