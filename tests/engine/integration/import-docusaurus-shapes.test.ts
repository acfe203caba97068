// Five Docusaurus projects of the shapes real ones have (tests/fixtures/docusaurus-*): each is
// imported into an empty folder and built there with no error, and its URL report
// (import-report.md) is held to the build: every URL Docusaurus served that the report says is
// kept or redirected answers, and every one it calls lost says why.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { matchRedirectRule, parseRedirectRules } from '../../../common/redirect-rules.ts';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import {
  formatReportItem,
  type ImportPlan,
  planImport,
  readDocusaurusProject,
  sortReport,
  type UrlOutcome,
  urlTotals,
  writePlan,
} from '../../../generator/import/docusaurus/index.ts';
import type { Diagnostic } from '../../../generator/types.ts';
import { FIXTURES, REPO } from '../../helpers.ts';

interface Imported {
  root: string;
  plan: ImportPlan;
  report: string[];
  diagnostics: Diagnostic[];
  ok: boolean;
}

async function importAndBuild(name: string): Promise<Imported> {
  const project = path.join(FIXTURES, name);
  const root = await mkdtemp(path.join(os.tmpdir(), `site-${name.replace(/\//g, '-')}-`));
  const plan = planImport(readDocusaurusProject(project));
  await writePlan(plan, project, root, false);
  const result = await runBuild({ root, mode: 'build', outDir: path.join(root, 'build') });
  const shorten = (file: string) => file.replace(`${project}/`, 'P/').replace(path.dirname(project), 'P/..');
  return {
    root,
    plan,
    report: sortReport(plan.report).map((item) => formatReportItem({ ...item, file: shorten(item.file) })),
    diagnostics: result.diagnostics,
    ok: result.ok,
  };
}

const errors = (site: Imported) => site.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
const reported = (site: Imported, rule: string) => site.report.filter((line) => line.endsWith(`[${rule}]`));
const page = (site: Imported, file: string) => readFileSync(path.join(site.root, file), 'utf8');

/** The page a URL answers with, following a redirect page once, or a rule of the build's
 * `_redirects` (placeholders, splats: site start, site serve, nginx.conf and Netlify-style hosts
 * answer them); undefined when nothing answers. */
function answer(build: string, url: string): { file: string; redirectedTo?: string } | undefined {
  const asFile = path.join(build, decodeURI(url));
  if (/\.xml$/.test(url) && existsSync(asFile)) return { file: asFile };
  const file = path.join(build, decodeURI(url).replace(/^\/|\/$/g, ''), 'index.html');
  if (!existsSync(file)) {
    const rules = existsSync(path.join(build, '_redirects'))
      ? parseRedirectRules(readFileSync(path.join(build, '_redirects'), 'utf8'))
      : [];
    const to = matchRedirectRule(rules, url);
    // The rule's target, and the redirect page there, if any, followed as a browser would.
    const then = to && existsSync(path.join(build, decodeURI(to))) ? answer(build, to) : undefined;
    return then && { file: then.file, redirectedTo: then.redirectedTo ?? to!.replace(/\/?$/, '/') };
  }
  const refresh = /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(readFileSync(file, 'utf8'));
  if (!refresh) return { file };
  const target = path.join(build, decodeURI(refresh[1]).replace(/^\/|\/$/g, ''), 'index.html');
  return existsSync(target) && !/http-equiv="refresh"/.test(readFileSync(target, 'utf8'))
    ? { file: target, redirectedTo: refresh[1] }
    : undefined;
}

/** The URL report against the build: what it keeps and redirects answers there, as it says. */
function assertReportHolds(site: Imported) {
  const build = path.join(site.root, 'build');
  assert.deepEqual(errors(site), []);
  assert.ok(site.ok);
  const wrong = site.plan.urls
    .filter((u) => u.fate !== 'lost')
    .filter((u) => {
      const found = answer(build, u.url);
      if (!found) return true;
      return u.fate === 'redirect' ? found.redirectedTo !== u.to : Boolean(found.redirectedTo);
    })
    .map((u) => `${u.url} (${u.fate} ${u.to})`);
  assert.deepEqual(wrong, [], 'URLs the report keeps or redirects that the build does not answer so');
  assert.match(page(site, 'import-report.md'), /^# URLs of the Docusaurus site\n/);
}

const lost = (site: Imported) => site.plan.urls.filter((u) => u.fate === 'lost').map((u) => `${u.url}: ${u.why}`);
const fate = (site: Imported, url: string): UrlOutcome | undefined => site.plan.urls.find((u) => u.url === url);

describe('shape a: docs and blog in the plugins array, blog at /posts, redirects from a module, partials', () => {
  let site: Imported;
  before(async () => {
    site = await importAndBuild('docusaurus-plugins');
  });
  after(() => rm(site.root, { recursive: true, force: true }));

  test('the import builds with no error, and every URL the report keeps or redirects answers', () => {
    assertReportHolds(site);
    assert.deepEqual(urlTotals(site.plan.urls), { kept: 14, redirected: 31, lost: 2 });
    assert.deepEqual(lost(site), [
      '/search: search here is a dialog on every page (Ctrl+K, the navbar button), with no page of its own',
      '/search.html: search here is a dialog on every page (Ctrl+K, the navbar button), with no page of its own',
    ]);
    assert.equal(answer(path.join(site.root, 'build'), '/docs/run/backups')?.redirectedTo, '/docs/operate/backups/');
  });

  test('the redirects of redirects.ts, createRedirects and fromExtensions (.html) answer', () => {
    const build = path.join(site.root, 'build');
    assert.equal(answer(build, '/docs/setup')?.redirectedTo, '/docs/install/');
    assert.equal(answer(build, '/changelog')?.redirectedTo, '/posts/');
    assert.equal(answer(build, '/docs/install.html')?.redirectedTo, '/docs/install/');
    assert.equal(fate(site, '/docs/intro.html')?.fate, 'redirect');
    // Every route Docusaurus served has its alias, not only the pages: the blog's list, a tag, the archive.
    for (const [url, to] of [
      ['/posts.html', '/posts/'],
      ['/posts/tags/alerts.html', '/posts/tags/alerts/'],
      ['/posts/archive.html', '/posts/archive/'],
    ]) {
      assert.deepEqual([fate(site, url)?.fate, fate(site, url)?.to], ['redirect', to], url);
      assert.equal(answer(build, url)?.redirectedTo, to, url);
    }
    // The blog's feeds are kept at their URLs.
    assert.equal(fate(site, '/posts/rss.xml')?.fate, 'page');
    assert.ok(existsSync(path.join(build, 'posts/rss.xml')));
    assert.equal(fate(site, '/posts/atom.xml')?.fate, 'page');
  });

  test('a partial imported by an escaped path is included; the partial is no page', () => {
    const html = readFileSync(path.join(site.root, 'build/docs/operate/alerts/index.html'), 'utf8');
    assert.match(html, /A two-minute video shows the status page/);
    assert.doesNotMatch(page(site, 'content/en/docs/operate/alerts.md'), /VideoHeader|import /);
    assert.ok(!existsSync(path.join(site.root, 'build/docs/operate/_video-header')));
    assert.match(readFileSync(path.join(site.root, 'build/docs/install/index.html'), 'utf8'), /docker run -d/);
  });

  test('a byte-order mark is removed and named; the front matter stays front matter', () => {
    const backups = page(site, 'content/en/docs/operate/backups.md');
    assert.match(backups, /^---\ntitle: Backups\ndescription: Copy the probe history/);
    assert.deepEqual(reported(site, 'encoding'), [
      'P/docs/operate/backups.md:1:1  a UTF-8 byte-order mark at the start of the file was removed: it hid the front matter from every reader but Docusaurus  [encoding]',
    ]);
  });

  test('posts the check would refuse are written so it takes them: # sections, names with numbers, two of one name', () => {
    const review = page(site, 'content/en/posts/2024-in-review.md');
    assert.match(review, /\nslug: 2024-in-review\n/, 'the engine would read 2024- as a number prefix');
    assert.match(review, /^## What changed$/m);
    assert.match(review, /the pricing page went away/, "a link to the site's own host that nothing answers is text");
    assert.match(review, /^!\[Ferrystat\]\(\/img\/logo\.svg\)$/m, 'an <img> with style is a Markdown image');
    assert.ok(existsSync(path.join(site.root, 'build/posts/2024-in-review/index.html')));
    assert.equal(fate(site, '/posts/2025/07/01/quiet-hours')?.to, '/posts/2025-07-01-quiet-hours/');
    assert.equal(fate(site, '/posts/2025/06/18/quiet-hours')?.to, '/posts/quiet-hours/');
  });

  test("tags keep Docusaurus's URLs; external images, src/pages and the search page are named, nothing else", () => {
    assert.equal(fate(site, '/posts/tags/sq-lite')?.fate, 'page');
    assert.deepEqual(
      site.report.filter((l) => !/\[(author|redirect|page|mdx-comment)\]$/.test(l)),
      [
        'P/docs/operate/backups.md:1:1  a UTF-8 byte-order mark at the start of the file was removed: it hid the front matter from every reader but Docusaurus  [encoding]',
        "content/en/posts/2024-in-review.md:16:60  link to https://ferrystat.example/pricing left out, its text kept: no page or file of the import is at /pricing, and the check takes the site's own host as the site; link a page, or add a redirect from there  [link]",
        "content/en/posts/2024-in-review.md:18:1  external image https://img.shields.io/badge/status-green-brightgreen.svg kept, but browsers will not show it: the site's Content-Security-Policy allows images of the site only (img-src 'self'); download it into public/ and link it as /img/…  [external-image]",
        'content/en/posts/2024-in-review.md:20:1  style of <img> left out: a Markdown image has none; the image is shown at its own size  [mdx-jsx]',
      ],
    );
    assert.deepEqual(
      reported(site, 'page').filter((l) => l.startsWith('P/')),
      [
        'P/src/pages/index.js:1:1  left out: pages in src/pages/ are React or MDX pages of their own; content/<locale>/index.md was written with the site title and tagline instead  [page]',
      ],
      'src/pages/_components/ and styles are no pages',
    );
  });
});

describe('shape b: docs at /, lastVersion current and an older version, a second docs instance, 13 locales from a module', () => {
  let site: Imported;
  before(async () => {
    site = await importAndBuild('docusaurus-root');
  });
  after(() => rm(site.root, { recursive: true, force: true }));

  test('the import builds with no error; every URL the report keeps or redirects answers, in all 13 locales', () => {
    assertReportHolds(site);
    assert.deepEqual(urlTotals(site.plan.urls), { kept: 36, redirected: 107, lost: 0 });
    assert.equal(site.plan.stats.locales.length, 13);
    // pt-BR is at /pt-br/ here: the rule the import writes into public/_redirects sends its old URLs on.
    assert.deepEqual(lost(site), []);
    assert.match(page(site, 'public/_redirects'), /^\/pt-BR\/\* {2}\/pt-br\/:splat {2}301$/m);
    assert.deepEqual(
      [fate(site, '/pt-BR/usage/filters')?.fate, fate(site, '/pt-BR/usage/filters')?.to],
      ['redirect', '/pt-br/docs/usage/filters/'],
    );
    assert.ok(existsSync(path.join(site.root, 'build/pt-br/docs/install/index.html')));
    const build = path.join(site.root, 'build');
    assert.equal(answer(build, '/usage/filters')?.redirectedTo, '/docs/usage/filters/');
    assert.equal(answer(build, '/fi/usage/filters')?.redirectedTo, '/fi/docs/usage/filters/');
  });

  test("locales and redirects come from the modules the config requires; the environment's branch is named", () => {
    assert.deepEqual(
      reported(site, 'config').filter((l) => l.includes('i18n.js')),
      ['P/i18n.js:7:1  process.env.LOCALE_CI assumed unset, as in a plain build: took LOCALES  [config]'],
    );
    assert.equal(answer(path.join(site.root, 'build'), '/filtering')?.redirectedTo, '/docs/usage/filters/');
  });

  test('the older version 1.x redirects to its nearest page, and says so', () => {
    assert.equal(fate(site, '/1.x/install')?.to, '/docs/install/');
    assert.equal(fate(site, '/1.x/store-layout')?.to, '/docs/');
    assert.equal(fate(site, '/1.x')?.to, '/docs/');
    assert.deepEqual(reported(site, 'versions'), [
      'P/versions.json:1:1  docs version "1.x" (at /1.x/) not imported: the engine builds one docs version, and the one Docusaurus served at / ("current") was; its 3 URLs redirect to the nearest page (2 to the same doc, 1 to the section); import-report.md lists each. To keep its text, copy its folder into a docs section of its own  [versions]',
    ]);
  });

  test('a favicon URL and a logo not in static/ are named, and a drawn logo stands in', () => {
    const config = page(site, 'config/site.config.ts');
    assert.match(config, /favicon: "\/img\/logo\.svg"/);
    assert.doesNotMatch(config, /\/https:/);
    assert.ok(existsSync(path.join(site.root, 'public/img/logo.svg')));
    assert.equal(reported(site, 'logo').length, 3);
  });

  test('the imported folder builds on its own with the site command, as docs/import-docusaurus.md says', () => {
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), 'build', '--out', 'build-cli'], {
      cwd: site.root,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(existsSync(path.join(site.root, 'build-cli/docs/usage/filters/index.html')));
  });

  test("site check names a broken link of the theme's pages together with the content's own errors", async () => {
    const config = path.join(site.root, 'config/site.config.ts');
    const install = path.join(site.root, 'content/en/docs/install.md');
    const before = [readFileSync(config, 'utf8'), readFileSync(install, 'utf8')];
    try {
      writeFileSync(config, before[0].replace('src: "/img/logo.svg"', 'src: "/img/gone.svg"'));
      writeFileSync(install, `${before[1]}\nSee [nothing](/nowhere/).\n`);
      const result = await runBuild({ root: site.root, mode: 'check' });
      assert.deepEqual(
        result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.rule),
        ['broken-link', 'broken-theme-link'],
      );
    } finally {
      writeFileSync(config, before[0]);
      writeFileSync(install, before[1]);
    }
  });
});

describe('shape c: ../docs served at / with include and exclude globs, no navbar, a folder named C++', () => {
  let site: Imported;
  before(async () => {
    site = await importAndBuild('docusaurus-outside/website');
  });
  after(() => rm(site.root, { recursive: true, force: true }));

  test('the import builds with no error, and every URL the report keeps or redirects answers', () => {
    assertReportHolds(site);
    assert.deepEqual(urlTotals(site.plan.urls), { kept: 1, redirected: 6, lost: 0 });
    assert.equal(fate(site, '/integration/C++/build')?.to, '/docs/integration/Cpp/build/');
    assert.equal(page(site, 'content/en/docs/integration/Cpp/_category.yml'), 'label: C++\n');
  });

  test('only what the globs include is a page; a link resolves from the docs folder, as in Docusaurus', () => {
    assert.ok(!existsSync(path.join(site.root, 'content/en/docs/api/embed.md')));
    assert.ok(!existsSync(path.join(site.root, 'content/en/docs/drafts/tides.md')));
    assert.deepEqual(
      reported(site, 'page').map((l) => l.replace(/:1:1 .*/, '')),
      ['P/../docs/api/embed.mdx', 'P/../docs/drafts/tides.md'],
    );
    assert.match(page(site, 'content/en/docs/guide/setup.md'), /\[catalog\]: \.\.\/catalogs\.md/);
  });

  test('without a navbar the sections are linked by labels shown as written, with a drawn logo', () => {
    const config = page(site, 'config/site.config.ts');
    assert.match(config, /label: "Docs",\n\s+to: "\/docs\/"/);
    assert.match(config, /src: "\/img\/logo\.svg"/);
    assert.match(page(site, 'public/img/logo.svg'), /<text[^>]*>B<\/text>/);
  });
});

describe('shape d: ../docs, three versions, nine locales from i18n.mjs, npm2yarn and tab blocks', () => {
  let site: Imported;
  before(async () => {
    site = await importAndBuild('docusaurus-versions/website');
  });
  after(() => rm(site.root, { recursive: true, force: true }));

  test('the import builds with no error, and every URL the report keeps or redirects answers', () => {
    assertReportHolds(site);
    assert.deepEqual(urlTotals(site.plan.urls), { kept: 27, redirected: 81, lost: 0 });
    assert.equal(site.plan.stats.locales.length, 9);
  });

  test('/docs/ serves the last version (3.0), not the unreleased docs; next and 2.1 redirect to their nearest page', () => {
    const build = path.join(site.root, 'build');
    assert.match(readFileSync(path.join(build, 'docs/index.html'), 'utf8'), /berths, cranes and customs/);
    assert.match(readFileSync(path.join(build, 'fr/docs/index.html'), 'utf8'), /quais, grues et douane/);
    assert.equal(answer(build, '/docs/next/getting-started')?.redirectedTo, '/docs/getting-started/');
    assert.equal(answer(build, '/docs/next/guides/streams')?.redirectedTo, '/docs/guides/');
    assert.equal(answer(build, '/ja/docs/2.1/legacy-queues')?.redirectedTo, '/ja/docs/');
    assert.equal(answer(build, '/docs/category/guides')?.redirectedTo, '/docs/guides/');
    assert.deepEqual(
      reported(site, 'versions').map((l) => l.replace(/ not imported.*/, '')),
      [
        'P/../docs:1:1  docs version "current" (at /docs/next/)',
        'P/versions.json:1:1  docs version "2.1" (at /docs/2.1/)',
      ],
    );
  });

  test('npm2yarn blocks and tab blocks are tabs; no code meta is left that the engine does not know', () => {
    const start = page(site, 'content/en/docs/getting-started.md');
    assert.match(
      start,
      /::::tabs\{group="npm2yarn"\}\n:::tab\[npm\]\n\n```bash\nnpm install --save quayside\n```\n\n:::\n:::tab\[Yarn\]\n\n```bash\nyarn add quayside\n```\n\n:::\n:::tab\[pnpm\]\n\n```bash\npnpm add quayside\n```\n\n:::\n::::/,
    );
    assert.match(
      start,
      /::::tabs\{group="code-tabs"\}\n:::tab\[JavaScript\]\n\n```js\n[\s\S]*:::tab\[TypeScript\]\n\n```ts\n/,
    );
    assert.deepEqual(
      site.diagnostics.filter((d) => d.rule === 'code-meta'),
      [],
    );
  });

  test('the locales are read from i18n.mjs; the CI branch of the environment is named at its line', () => {
    assert.deepEqual(
      reported(site, 'config').filter((l) => l.includes('i18n.mjs')),
      ['P/i18n.mjs:17:1  process.env.LOCALE_CI assumed unset, as in a plain build: took LOCALES  [config]'],
    );
    assert.match(page(site, 'config/site.config.ts'), /ja: \{\n\s+label: "日本語"/);
  });
});

describe('shape e: eleven locales, generated-index categories in a hand-written sidebar, mdx-code-block fences', () => {
  let site: Imported;
  before(async () => {
    site = await importAndBuild('docusaurus-i18n');
  });
  after(() => rm(site.root, { recursive: true, force: true }));

  test('the import builds with no error, and every URL the report keeps or redirects answers, in every locale', () => {
    assertReportHolds(site);
    assert.deepEqual(urlTotals(site.plan.urls), { kept: 132, redirected: 44, lost: 0 });
  });

  test('generated-index pages redirect to the folder that lists their pages, in every locale', () => {
    const build = path.join(site.root, 'build');
    assert.equal(answer(build, '/docs/category/setup')?.redirectedTo, '/docs/setup/');
    assert.equal(answer(build, '/nl/docs/category/operate')?.redirectedTo, '/nl/docs/operate/');
    assert.equal(answer(build, '/zh/docs/reference')?.redirectedTo, '/zh/docs/');
    assert.equal(
      page(site, 'content/en/docs/setup/_category.yml'),
      'label: Setup\nposition: 2\ncollapsed: false\ndescription: Run the collector and the agents.\n',
    );
  });

  test('mdx-code-block fences are unwrapped into tabs; translated labels and theme strings show on the Chinese pages', () => {
    const agents = page(site, 'content/zh/docs/setup/agents.md');
    assert.doesNotMatch(agents, /mdx-code-block|import |<Tabs|<TabItem/);
    assert.match(agents, /^::::tabs\{group="language"\}\n:::tab\[Go\]\n\n```go\n/m);
    assert.equal(page(site, 'content/zh/docs/setup/_category.yml').split('\n')[0], 'label: 部署');
    const html = readFileSync(path.join(site.root, 'build/zh/docs/setup/collector/index.html'), 'utf8');
    for (const text of ['指南', '部署', '上一页', '快速入门']) assert.ok(html.includes(text), `"${text}" on the page`);
  });
});
