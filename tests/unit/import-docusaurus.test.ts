// The parts of `site import docusaurus`: admonitions, paths, the config read as text, and the
// conversion of pages of small Docusaurus projects written to a temporary folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rewriteAdmonitionLine } from '../../generator/import/docusaurus/admonitions.ts';
import { docPlace, postPlace, stripNumberPrefix } from '../../generator/import/docusaurus/paths.ts';
import { readDocusaurusSettings } from '../../generator/import/docusaurus/read-config.ts';
import { readDocusaurusProject } from '../../generator/import/docusaurus/read-project.ts';
import { planImport, type ImportPlan } from '../../generator/import/docusaurus/plan.ts';
import { formatReportItem, sortReport } from '../../generator/import/docusaurus/report.ts';

const apply = (line: string) => {
  const r = rewriteAdmonitionLine(line);
  return r && !r.unknown ? line.slice(0, r.from) + r.text : line;
};

test('admonitions: caution and the old aliases become the engine kinds, legacy titles the [title] form', () => {
  assert.equal(apply(':::caution'), ':::warning');
  assert.equal(apply(':::tip Before you start'), ':::tip[Before you start]');
  assert.equal(apply(':::caution Mind [the] gap'), ':::warning[Mind \\[the\\] gap]');
  assert.equal(apply(':::important'), ':::info');
  assert.equal(apply(':::success'), ':::tip');
  assert.equal(apply('> :::note Quoted'), '> :::note[Quoted]');
  assert.equal(rewriteAdmonitionLine(':::tip[Already]'), undefined);
  assert.equal(rewriteAdmonitionLine(':::'), undefined);
  assert.equal(rewriteAdmonitionLine('Time 10:30 :::tip'), undefined);
  assert.equal(rewriteAdmonitionLine(':::details Summary')?.unknown, 'details');
});

test('paths: number prefixes, index files, id and slug, dated posts as Docusaurus reads them', () => {
  assert.deepEqual(stripNumberPrefix('01-intro'), { name: 'intro', number: 1 });
  assert.deepEqual(stripNumberPrefix('3_dlna'), { name: 'dlna', number: 3 });
  assert.deepEqual(stripNumberPrefix('2024-01-05-release'), { name: '2024-01-05-release' }, 'a date is no prefix');
  assert.deepEqual(stripNumberPrefix('1.2-notes'), { name: '1.2-notes' }, 'a version is no prefix');
  assert.deepEqual(docPlace('02-guides/01-install.md', 'docs', {}), { target: 'guides/install', route: 'docs/guides/install', number: 1 });
  assert.equal(docPlace('guides/README.md', 'docs', {}).target, 'guides/index');
  assert.equal(docPlace('02-guides/guides.mdx', 'docs', {}).target, 'guides/index');
  assert.deepEqual(docPlace('intro.md', 'docs', { slug: '/' }), { target: 'index', route: 'docs', number: undefined });
  assert.equal(docPlace('a/b.md', 'docs', { id: 'renamed' }).target, 'a/renamed');
  assert.equal(docPlace('a/b.md', '', { slug: '/elsewhere/page' }).route, 'elsewhere/page');
  assert.deepEqual(postPlace('2024-01-05-first.md', 'blog', {}), { target: 'first', route: 'blog/2024/01/05/first', date: '2024-01-05' });
  assert.deepEqual(postPlace('2024-3-9-folder-post/index.md', 'news', {}), { target: 'folder-post', route: 'news/2024/03/09/folder-post', date: '2024-03-09' });
  assert.deepEqual(postPlace('2023/12/31/year-end.md', 'blog', {}), { target: 'year-end', route: 'blog/2023/12/31/year-end', date: '2023-12-31' });
  assert.deepEqual(postPlace('plain.md', 'blog', { slug: '/custom' }), { target: 'custom', route: 'blog/custom', date: undefined });
});

test('the Docusaurus config is read as text: locales, routes, switched-off plugins, navbar labels', () => {
  const settings = readDocusaurusSettings(`
    import type { Config } from '@docusaurus/types';
    // title: 'Commented out'
    const config: Config = {
      title: "Harbour Docs",
      url: 'https://harbour.example',
      baseUrl: '/docs-site/',
      i18n: { defaultLocale: 'de', locales: ['de', 'en'], localeConfigs: { 'en': { label: 'English (EU)' } } },
      presets: [['classic', { docs: { routeBasePath: '/', path: 'manual' }, blog: false }]],
      themeConfig: { navbar: { logo: { src: '/img/harbour.svg' }, items: [{ type: 'doc', docId: 'intro', label: 'Handbuch' }] } },
    };
    export default config;`);
  assert.equal(settings.title, 'Harbour Docs');
  assert.equal(settings.baseUrl, '/docs-site/');
  assert.equal(settings.defaultLocale, 'de');
  assert.deepEqual(settings.locales, ['de', 'en']);
  assert.deepEqual(settings.localeLabels, { en: 'English (EU)' });
  assert.equal(settings.docsRoute, '');
  assert.equal(settings.docsPath, 'manual');
  assert.equal(settings.blogRoute, undefined);
  assert.equal(settings.logo, '/img/harbour.svg');
  assert.deepEqual(settings.navbarLabels, { docs: 'Handbuch' });
});

/** Plans the import of a project made of `files` (path -> text) in a temporary folder. */
function importOf(files: Record<string, string>): { plan: ImportPlan; report: string[] } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-docusaurus-'));
  try {
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
    }
    const plan = planImport(readDocusaurusProject(dir));
    return { plan, report: sortReport(plan.report).map((item) => formatReportItem({ ...item, file: item.file.replace(`${dir}/`, 'P/') })) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CONFIG = `export default { title: 'T', url: 'https://t.example', baseUrl: '/', i18n: { defaultLocale: 'en', locales: ['en'] } };`;

test('page bodies: links, truncate, expressions only outside code, JSX with expression attributes', () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': CONFIG,
    'docs/intro.md': '# Intro\n\nFirst words.\n',
    'docs/guides/README.md': '---\ntitle: Guides\nhide_title: true\n---\n\nAll guides.\n',
    'docs/guides/setup.md': [
      '---',
      'title: Setup',
      'description: Set it up.',
      '---',
      'Back to [the intro](../intro) and [guides](/docs/guides), the [PDF](pathname:///files/manual.pdf), [ops posts](/blog/tags/ops) and [gone](/docs/nowhere).',
      '',
      '![Shot](./img/shot.png) ![Logo](@site/static/img/logo.svg)',
      '',
      'Literal `{braces}` and \\{escaped\\} stay quiet; {props.name} does not.',
      '',
      '<Card title={"Hi"} />',
      '',
      '```js',
      'const x = {a: 1};',
      '```',
      '',
      'export the report as CSV when you need it.',
      '',
    ].join('\n'),
    'docs/guides/img/shot.png': 'png',
    'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'static/files/manual.pdf': 'pdf',
    'blog/2025-02-01-notes.mdx': '---\ntitle: Notes\nauthor: Kim Lee\nauthor_title: Writer\ntags: [ops]\n---\n\nShort.\n\n{/* truncate */}\n\nMore.\n',
    'blog/authors.yml': 'kim:\n  name: Kim Lee\n  title: Editor\n',
  });
  const setup = plan.files.get('content/en/docs/guides/setup.md')!;
  assert.match(setup, /\[the intro\]\(\/docs\/intro\/\) and \[guides\]\(\/docs\/guides\/\), the \[PDF\]\(\/files\/manual\.pdf\), \[ops posts\]\(\/blog\/tags\/ops\/\) and \[gone\]\(\/docs\/nowhere\/\)/);
  assert.match(setup, /!\[Shot\]\(\/img\/docs\/guides\/img\/shot\.png\) !\[Logo\]\(\/img\/logo\.svg\)/);
  assert.match(setup, /\n\nexport the report as CSV when you need it\.\n$/, 'prose that starts with "export" is no MDX export');
  assert.equal(plan.copies.get('docs/guides/img/shot.png'), 'public/img/docs/guides/img/shot.png');
  assert.ok(plan.files.has('content/en/docs/guides/index.md'), 'README.md is the folder page');
  assert.match(plan.files.get('content/en/docs/intro.md')!, /^---\ntitle: Intro\ndescription: First words\.\n---\n\nFirst words\.\n$/);
  const notes = plan.files.get('content/en/blog/notes.md')!;
  assert.match(notes, /^---\ntitle: Notes\ndescription: Short\.\ndate: 2025-02-01\nauthors: \[kim\]\ntags: \[ops\]\n---\n\nShort\.\n\n<!-- truncate -->\n\nMore\.\n$/);
  assert.deepEqual(
    report.filter((line) => !/\[(author|page)\]$/.test(line)),
    [
      'P/docs/guides/README.md:3:1  front matter "hide_title" left out: docs pages here have no such key  [front-matter]',
      'content/en/docs/guides/setup.md:6:127  link target /docs/nowhere is not a page of the imported site; written as /docs/nowhere/  [broken-link]',
      'content/en/docs/guides/setup.md:10:48  MDX expression "{props.name}" kept as written: the page shows it as text; replace it with the text it stood for  [mdx-expression]',
      'content/en/docs/guides/setup.md:12:1  JSX "<Card title={"Hi"} />" kept as written: the engine has no components; rewrite it in Markdown  [mdx-jsx]',
    ],
  );
});

test('a page beside a folder of the same name becomes its page; partials are reported, not made pages', () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': CONFIG,
    'docs/guides.md': '---\ntitle: Guides\ndescription: All guides.\n---\n\nStart here.\n',
    'docs/guides/one.md': '---\ntitle: One\ndescription: The first.\n---\n\nSee [all guides](../guides.md).\n',
    'docs/_shared.mdx': 'Shared words.\n',
  });
  assert.deepEqual([...plan.files.keys()].filter((f) => f.startsWith('content/en/docs/')).sort(), ['content/en/docs/guides/index.md', 'content/en/docs/guides/one.md']);
  assert.match(plan.files.get('content/en/docs/guides/one.md')!, /\[all guides\]\(index\.md\)/);
  assert.ok(report.includes('P/docs/_shared.mdx:1:1  left out: a partial that pages import (its name starts with _); the pages that use it show its JSX tag, put its text there  [mdx-partial]'), report.join('\n'));
});

test('an export that spans lines goes with everything in it; links to generated category pages find the folder', () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': CONFIG,
    'docs/setup/_category_.json': '{ "label": "Setup - First Steps", "link": { "type": "generated-index" } }',
    'docs/setup/one.md': '---\ntitle: One\ndescription: The first.\n---\n\nWords.\n',
    'docs/start.mdx': [
      '---',
      'title: Start',
      'description: Where to begin.',
      '---',
      '',
      'export const Box = ({children}) => (',
      '  <div className="box">',
      '    {children}',
      '  </div>',
      ');',
      '',
      'Begin with [the setup](/docs/category/setup---first-steps).',
      '',
    ].join('\n'),
  });
  assert.equal(plan.files.get('content/en/docs/start.md'), '---\ntitle: Start\ndescription: Where to begin.\n---\n\nBegin with [the setup](/docs/setup/).\n');
  assert.deepEqual(
    report.filter((line) => !/\[(page)\]$/.test(line)),
    ['P/docs/start.mdx:6:1  MDX export left out: "export const Box = ({children}) => ("; the engine has no components or variables  [mdx-export]'],
  );
});
