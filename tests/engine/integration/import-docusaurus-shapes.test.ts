// Three Docusaurus projects of the shapes real ones have (tests/fixtures/docusaurus-*): each is
// imported into an empty folder, built there, and every URL the Docusaurus site served (its docs,
// its blog with tags and archive, its client redirects; listed by hand from Docusaurus's rules)
// answers in the build, as a page or as a redirect to one.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { formatDiagnostic, runBuild } from '../../../generator/build/build.ts';
import {
  formatReportItem,
  planImport,
  readDocusaurusProject,
  sortReport,
  writePlan,
} from '../../../generator/import/docusaurus/index.ts';
import type { Diagnostic } from '../../../generator/types.ts';
import { FIXTURES, REPO } from '../../helpers.ts';

interface Imported {
  root: string;
  report: string[];
  diagnostics: Diagnostic[];
  ok: boolean;
}

async function importAndBuild(name: string): Promise<Imported> {
  const project = path.join(FIXTURES, name);
  const root = await mkdtemp(path.join(os.tmpdir(), `site-${name}-`));
  const plan = planImport(readDocusaurusProject(project));
  await writePlan(plan, project, root, false);
  const result = await runBuild({ root, mode: 'build', outDir: path.join(root, 'build') });
  return {
    root,
    report: sortReport(plan.report).map((item) =>
      formatReportItem({ ...item, file: item.file.replace(`${project}/`, 'P/') }),
    ),
    diagnostics: result.diagnostics,
    ok: result.ok,
  };
}

const errors = (site: Imported) => site.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);

/** The page a route answers with, following a redirect page once; undefined when nothing answers. */
function answer(build: string, route: string): { file: string; redirectedTo?: string } | undefined {
  const file = path.join(build, route.replace(/^\/|\/$/g, ''), 'index.html');
  if (!existsSync(file)) return undefined;
  const refresh = /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(readFileSync(file, 'utf8'));
  if (!refresh) return { file };
  const target = path.join(build, refresh[1].replace(/^\/|\/$/g, ''), 'index.html');
  return existsSync(target) && !/http-equiv="refresh"/.test(readFileSync(target, 'utf8'))
    ? { file: target, redirectedTo: refresh[1] }
    : undefined;
}

function assertAllAnswer(site: Imported, routes: string[]) {
  const build = path.join(site.root, 'build');
  assert.ok(existsSync(path.join(build, 'index.html')), 'the build was written');
  const missing = routes.filter((r) => !answer(build, r));
  assert.deepEqual(missing, [], `routes of the Docusaurus site with no page and no redirect in the build`);
}

describe('shape 1: docs and blog in the plugins array, blog at /posts, partials, MDX, client redirects', () => {
  let site: Imported;
  before(async () => {
    site = await importAndBuild('docusaurus-plugins');
  });
  after(() => rm(site.root, { recursive: true, force: true }));

  test('the import builds with no error; the partial is included, not a page', () => {
    assert.deepEqual(errors(site), []);
    assert.ok(site.ok);
    const html = readFileSync(path.join(site.root, 'build/docs/install/index.html'), 'utf8');
    assert.match(html, /docker run -d --name ferrystat/);
    assert.ok(!existsSync(path.join(site.root, 'build/docs/_docker')));
  });

  test('every URL of the Docusaurus site answers: docs, posts at /posts, tags, archive, client redirects and createRedirects', () => {
    assertAllAnswer(site, [
      ...['/docs/intro', '/docs/install', '/docs/operate/', '/docs/operate/backups', '/docs/operate/alerts'],
      ...[
        '/posts',
        '/posts/2025/04/02/first-probe',
        '/posts/2025/06/18/quiet-hours',
        '/posts/tags',
        '/posts/tags/release',
        '/posts/tags/alerts',
        '/posts/archive',
      ],
      ...['/docs/setup', '/release-notes', '/changelog', '/docs/run/', '/docs/run/backups', '/docs/run/alerts'],
    ]);
    assert.equal(
      answer(path.join(site.root, 'build'), '/posts/2025/04/02/first-probe')?.redirectedTo,
      '/posts/first-probe/',
    );
    assert.equal(answer(path.join(site.root, 'build'), '/docs/run/backups')?.redirectedTo, '/docs/operate/backups/');
  });

  test('partials are included, tabs, images and the category list are Markdown, and nothing else is reported', async () => {
    const install = readFileSync(path.join(site.root, 'content/en/docs/install.md'), 'utf8');
    assert.match(install, /^::::tabs\{group="install"\}\n:::tab\[npm\]\n\n```bash\nnpm install --global ferrystat\n/m);
    assert.match(install, /:::tab\[Docker\]\n\n::include\{file="\.\/_docker\.md"\}\n\n:::\n::::/);
    assert.match(install, /!\[A probe goes from Ferrystat to a server and back\]\(\/img\/docs\/img\/probe-flow\.svg\)/);
    assert.match(readFileSync(path.join(site.root, 'content/en/docs/_docker.md'), 'utf8'), /^Pull the image/);
    const operate = readFileSync(path.join(site.root, 'content/en/docs/operate/index.md'), 'utf8');
    assert.match(
      operate,
      /- \[Backups\]\(backups\.md\): Copy the probe history to another machine every night\.\n- \[Alerts\]\(alerts\.md\): Send an alert/,
    );
    assert.match(
      operate,
      /\(then \[alerts\]\(\/docs\/operate\/alerts\/\)\)/,
      "a relative link of a folder's index page starts from the folder",
    );
    assert.match(operate, /\[status page\]\(\/docs\/operate\/alerts\/\)/, "a link to the site's own host is internal");
    assert.deepEqual(site.report, [
      'P/docs/operate/alerts.mdx:12:1  MDX comment left out: "The team list moves to its own page in 1.4."  [mdx-comment]',
      'P/docusaurus.config.ts:1:1  2 URLs of blog/ changed (such as /posts/2025/04/02/first-probe -> /posts/first-probe/); a redirect from each old URL is in config/site.config.ts  [redirect]',
      'content/authors.yml:1:1  author "ines" has no bio in Docusaurus; its title was written as bio; write one per locale  [author]',
      'content/en/docs/index.md:1:1  docs/ had no page at its root; this one lists its pages (the breadcrumbs and the sidebar link here), one per locale  [page]',
    ]);
  });
});

describe('shape 2: docs at /, quoted keys, path ./docs, a JSON sidebar, a second docs instance, static/_headers', () => {
  let site: Imported;
  before(async () => {
    site = await importAndBuild('docusaurus-root');
  });
  after(() => rm(site.root, { recursive: true, force: true }));

  test('the import builds with no error, titled by the config, not by a footer group', () => {
    assert.deepEqual(errors(site), []);
    assert.match(readFileSync(path.join(site.root, 'build/index.html'), 'utf8'), /<title>[^<]*Pakkit[^<]*<\/title>/);
    assert.match(readFileSync(path.join(site.root, 'config/site.config.ts'), 'utf8'), /^ {2}title: "Pakkit",$/m);
  });

  test('every URL of the Docusaurus site answers: the docs at the root by redirect, the second instance as its own section', () => {
    assertAllAnswer(site, [
      '/',
      '/install',
      '/usage/workspaces',
      '/usage/filters',
      '/community/contributing',
      '/community/support',
    ]);
    assert.equal(answer(path.join(site.root, 'build'), '/usage/filters')?.redirectedTo, '/docs/usage/filters/');
  });

  test("the JSON sidebar orders the pages and names the category; static/_headers and _redirects join the build's own", () => {
    assert.equal(
      readFileSync(path.join(site.root, 'content/en/docs/usage/_category.yml'), 'utf8'),
      'label: Everyday use\nposition: 3\n',
    );
    assert.match(
      readFileSync(path.join(site.root, 'content/en/docs/usage/workspaces.md'), 'utf8'),
      /\nsidebar_position: 1\n/,
    );
    assert.match(
      readFileSync(path.join(site.root, 'content/en/docs/usage/filters.md'), 'utf8'),
      /\nsidebar_position: 2\n/,
    );
    const headers = readFileSync(path.join(site.root, 'build/_headers'), 'utf8');
    assert.match(headers, /Content-Security-Policy: default-src 'self'/);
    assert.match(headers, /\n# From public\/\n\/\*\n {2}X-Robots-Tag: noarchive\n$/);
    assert.match(
      readFileSync(path.join(site.root, 'build/_redirects'), 'utf8'),
      /^\/old-docs\/\* \/:splat 301\n\/install\/ \/docs\/install\/ 301\n/,
    );
    assert.deepEqual(site.report, [
      'P/docusaurus.config.js:1:1  3 URLs of docs/ changed (such as /install -> /docs/install/); a redirect from each old URL is in config/site.config.ts  [redirect]',
      'P/docusaurus.config.js:1:1  trailingSlash: false: every route here ends with a slash; links were rewritten, and servers answer /x with the page at /x/  [config]',
      'P/docusaurus.config.js:1:1  navbar logo /img/pakkit.svg is not in static/: the pages would show a missing image; put the file at static/img/pakkit.svg  [config]',
      'content/en/community/index.md:1:1  community/ had no page at its root; this one lists its pages (the breadcrumbs and the sidebar link here), one per locale  [page]',
    ]);
  });

  test('the imported folder builds on its own with the site command, as the README says', () => {
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin', 'site.js'), 'build', '--out', 'build-cli'], {
      cwd: site.root,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(existsSync(path.join(site.root, 'build-cli/docs/usage/filters/index.html')));
  });
});

describe('shape 3: committed translations under i18n/zh, a locale without them, mdx-code-block fences, a hand-written sidebar', () => {
  let site: Imported;
  before(async () => {
    site = await importAndBuild('docusaurus-i18n');
  });
  after(() => rm(site.root, { recursive: true, force: true }));

  test('the import builds with no error; each locale without engine strings is one warning listing them', () => {
    assert.deepEqual(errors(site), []);
    const warnings = site.diagnostics
      .filter((d) => d.rule === 'missing-messages')
      .map((d) => `${d.file}  ${d.message.split(':')[0]}`);
    assert.deepEqual(
      warnings.map((w) => w.replace(/shows \d+/, 'shows N')),
      [
        'config/site.config.ts  locale "ko" shows N UI strings in English, which the engine and its theme have in no other language here',
        'i18n/zh.ts  locale "zh" shows N UI strings in English, which the engine and its theme have in no other language here',
      ],
    );
    const [ko, zh] = warnings.map((w) => Number(/shows (\d+)/.exec(w)![1]));
    assert.equal(ko - zh, 4, 'the four theme strings of code.json that have a counterpart are Chinese');
    // The engine's strings first, then the theme's.
    assert.match(
      site.diagnostics.find((d) => d.file === 'i18n/zh.ts')!.message,
      /: docs\.anchor, .*, dates\.locale, nav\.language, nav\.mainMenu, .*, docs\.breadcrumbs, .*search\.keyClose$/,
      'the keys, the translated ones not among them',
    );
    assert.doesNotMatch(
      site.diagnostics.find((d) => d.file === 'i18n/zh.ts')!.message,
      /docs\.previous|docs\.next|docs\.onThisPage|blog\.readMore/,
    );
  });

  test('every URL of the Docusaurus site answers in every locale', () => {
    const routes = [
      '/docs/quick-start',
      '/docs/setup/collector',
      '/docs/setup/agents',
      '/docs/glossary',
      '/blog',
      '/blog/2025/09/01/welcome',
      '/blog/tags',
      '/blog/tags/news',
      '/blog/archive',
    ];
    assertAllAnswer(
      site,
      ['', '/zh', '/ko'].flatMap((prefix) => routes.map((r) => `${prefix}${r}`)),
    );
  });

  test('mdx-code-block fences are unwrapped into tabs; translated labels and theme strings show on the Chinese pages', () => {
    const agents = readFileSync(path.join(site.root, 'content/zh/docs/setup/agents.md'), 'utf8');
    assert.doesNotMatch(agents, /mdx-code-block|import |<Tabs|<TabItem/);
    assert.match(agents, /^::::tabs\{group="language"\}\n:::tab\[Go\]\n\n```go\n/m);
    assert.equal(
      readFileSync(path.join(site.root, 'content/zh/docs/setup/_category.yml'), 'utf8'),
      'label: 部署\nposition: 2\ncollapsed: false\n',
    );
    assert.match(
      readFileSync(path.join(site.root, 'content/en/docs/glossary.md'), 'utf8'),
      /\nsidebar_position: 3\n/,
      "the sidebar's order, not the alphabet",
    );
    assert.equal(
      readFileSync(path.join(site.root, 'content/zh/docs/index.md'), 'utf8'),
      '---\ntitle: 指南\ndescription: Lightweight tracing for message queues\n---\n\n- [快速入门](quick-start.md): 用十分钟追踪第一条消息从生产者到消费者的全过程。\n- [部署](/docs/setup/)\n- [Glossary](glossary.md): The words Lanternfish uses for the parts of a trace.\n',
      "the docs had no page of their own: one lists the pages, in the sidebar's order",
    );
  });

  test('the Chinese pages show the translated navbar, sidebar, footer and theme strings', (t) => {
    const html = readFileSync(path.join(site.root, 'build/zh/docs/setup/collector/index.html'), 'utf8');
    for (const text of ['指南', '部署', '上一页', '快速入门']) assert.ok(html.includes(text), `"${text}" on the page`);
  });
});
