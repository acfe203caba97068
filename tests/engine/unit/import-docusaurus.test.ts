// The parts of `site import docusaurus`: admonitions, paths, the config read as text, and the
// conversion of pages of small Docusaurus projects written to a temporary folder.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { rewriteAdmonitionLine } from '../../../generator/import/docusaurus/admonitions.ts';
import { convertNpmLine } from '../../../generator/import/docusaurus/code-tabs.ts';
import { DEFAULT_EXCLUDE, globMatcher } from '../../../generator/import/docusaurus/glob.ts';
import { docPlace, postPlace, safeSegment, stripNumberPrefix } from '../../../generator/import/docusaurus/paths.ts';
import { type ImportPlan, planImport } from '../../../generator/import/docusaurus/plan.ts';
import { readDocusaurusSettings } from '../../../generator/import/docusaurus/read-config.ts';
import { readDocusaurusProject } from '../../../generator/import/docusaurus/read-project.ts';
import { formatReportItem, sortReport } from '../../../generator/import/docusaurus/report.ts';
import { kebabCase } from '../../../generator/import/docusaurus/slug.ts';
import { createMarkdownProcessor, renderMarkdown } from '../../../generator/markdown/markdown.ts';
import { messages } from './factories.ts';

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
  assert.deepEqual(docPlace('02-guides/01-install.md', 'docs', {}), {
    target: 'guides/install',
    route: 'docs/guides/install',
    number: 1,
  });
  assert.equal(docPlace('guides/README.md', 'docs', {}).target, 'guides/index');
  assert.equal(docPlace('02-guides/guides.mdx', 'docs', {}).target, 'guides/index');
  assert.deepEqual(docPlace('intro.md', 'docs', { slug: '/' }), {
    target: 'index',
    route: 'docs',
    number: undefined,
    trailingSlash: true,
  });
  assert.equal(
    docPlace('guides/index.md', 'docs', {}).trailingSlash,
    true,
    "Docusaurus serves a folder's index at /docs/guides/",
  );
  assert.equal(docPlace('guides/setup.md', 'docs', {}).trailingSlash, undefined);
  assert.equal(docPlace('a/b.md', 'docs', { id: 'renamed' }).target, 'a/renamed');
  assert.equal(docPlace('a/b.md', '', { slug: '/elsewhere/page' }).route, 'elsewhere/page');
  assert.deepEqual(postPlace('2024-01-05-first.md', 'blog', {}), {
    target: 'first',
    route: 'blog/2024/01/05/first',
    date: '2024-01-05',
  });
  assert.deepEqual(postPlace('2024-3-9-folder-post/index.md', 'news', {}), {
    target: 'folder-post',
    route: 'news/2024/03/09/folder-post',
    date: '2024-03-09',
  });
  assert.deepEqual(postPlace('2023/12/31/year-end.md', 'blog', {}), {
    target: 'year-end',
    route: 'blog/2023/12/31/year-end',
    date: '2023-12-31',
  });
  assert.deepEqual(postPlace('plain.md', 'blog', { slug: '/custom' }), {
    target: 'custom',
    route: 'blog/custom',
    date: undefined,
  });
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
    return {
      plan,
      report: sortReport(plan.report).map((item) =>
        formatReportItem({ ...item, file: item.file.replace(`${dir}/`, 'P/') }),
      ),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CONFIG = `export default { title: 'T', url: 'https://t.example', baseUrl: '/', i18n: { defaultLocale: 'en', locales: ['en'] } };`;

test('page bodies: links, truncate, expressions only outside code, JSX with expression attributes', () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': CONFIG,
    'docs/intro.md': '# Intro\n\nFirst words.\n',
    'docs/guides/README.md': '---\ntitle: Guides\nhide_title: true\n---\n\nAll guides, first [setup](setup).\n',
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
    'blog/2025-02-01-notes.mdx':
      '---\ntitle: Notes\nauthor: Kim Lee\nauthor_title: Writer\ntags: [ops]\n---\n\nShort.\n\n{/* truncate */}\n\nMore.\n',
    'blog/authors.yml': 'kim:\n  name: Kim Lee\n  title: Editor\n',
  });
  const setup = plan.files.get('content/en/docs/guides/setup.md')!;
  assert.match(
    setup,
    /\[the intro\]\(\/docs\/intro\/\) and \[guides\]\(\/docs\/guides\/\), the \[PDF\]\(\/files\/manual\.pdf\), \[ops posts\]\(\/blog\/tags\/ops\/\) and \[gone\]\(\/docs\/nowhere\/\)/,
  );
  assert.match(setup, /!\[Shot\]\(\/img\/docs\/guides\/img\/shot\.png\) !\[Logo\]\(\/img\/logo\.svg\)/);
  assert.match(
    setup,
    /\n\nexport the report as CSV when you need it\.\n$/,
    'prose that starts with "export" is no MDX export',
  );
  assert.equal(plan.copies.get('docs/guides/img/shot.png'), 'public/img/docs/guides/img/shot.png');
  assert.match(
    plan.files.get('content/en/docs/guides/index.md')!,
    /All guides, first \[setup\]\(\/docs\/guides\/setup\/\)\.\n$/,
    'README.md is the folder page; its relative links start from the folder',
  );
  assert.match(
    plan.files.get('content/en/docs/intro.md')!,
    /^---\ntitle: Intro\ndescription: First words\.\n---\n\nFirst words\.\n$/,
  );
  const notes = plan.files.get('content/en/blog/notes.md')!;
  assert.match(
    notes,
    /^---\ntitle: Notes\ndescription: Short\.\ndate: 2025-02-01\nauthors: \[kim\]\ntags: \[ops\]\n---\n\nShort\.\n\n<!-- truncate -->\n\nMore\.\n$/,
  );
  assert.deepEqual(
    report.filter((line) => !/\[(author|page|logo)\]$/.test(line)),
    [
      'P/docs/guides/README.md:3:1  front matter "hide_title" left out: a page here always shows its title, once; any other # heading became a ## section  [front-matter]',
      'P/docusaurus.config.js:1:1  1 URL of blog/ changed (such as /blog/2025/02/01/notes -> /blog/notes/); a redirect from each old URL is in config/site.config.ts  [redirect]',
      'content/en/docs/guides/setup.md:6:127  link target /docs/nowhere is not a page of the imported site; written as /docs/nowhere/  [broken-link]',
      'content/en/docs/guides/setup.md:10:48  MDX expression "{props.name}" kept as written: the page shows it as text; replace it with the text it stood for  [mdx-expression]',
      'content/en/docs/guides/setup.md:12:1  JSX "<Card title={"Hi"} />" kept as written: the engine has no components; rewrite it in Markdown  [mdx-jsx]',
    ],
  );
});

test('a page beside a folder of the same name becomes its page; a partial is written beside the pages and included', () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': CONFIG,
    'docs/guides.md':
      "---\ntitle: Guides\ndescription: All guides.\n---\n\nimport Shared from './_shared.mdx';\n\nStart here.\n\n<Shared />\n",
    'docs/guides/one.md': '---\ntitle: One\ndescription: The first.\n---\n\nSee [all guides](../guides.md).\n',
    'docs/_shared.mdx': 'Shared words, see [one](./guides/one.md).\n',
  });
  assert.deepEqual([...plan.files.keys()].filter((f) => f.startsWith('content/en/docs/')).sort(), [
    'content/en/docs/_shared.md',
    'content/en/docs/guides/index.md',
    'content/en/docs/guides/one.md',
    'content/en/docs/index.md',
  ]);
  assert.match(plan.files.get('content/en/docs/guides/one.md')!, /\[all guides\]\(index\.md\)/);
  assert.equal(
    plan.files.get('content/en/docs/guides/index.md'),
    '---\ntitle: Guides\ndescription: All guides.\n---\n\nStart here.\n\n::include{file="../_shared.md"}\n',
  );
  assert.equal(
    plan.files.get('content/en/docs/_shared.md'),
    'Shared words, see [one](guides/one.md).\n',
    'no front matter; links from its own folder',
  );
  assert.deepEqual(
    report.filter((line) => !/\[(page|logo)\]$/.test(line)),
    [],
  );
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
  assert.equal(
    plan.files.get('content/en/docs/start.md'),
    '---\ntitle: Start\ndescription: Where to begin.\n---\n\nBegin with [the setup](/docs/setup/).\n',
  );
  assert.deepEqual(
    report.filter((line) => !/\[(page|logo)\]$/.test(line)),
    [
      'P/docs/start.mdx:6:1  MDX export left out: "export const Box = ({children}) => ("; the engine has no components or variables  [mdx-export]',
    ],
  );
});

test('the config is parsed, never run: quoted keys, the plugins array, docs at the root, client redirects', () => {
  const settings = readDocusaurusSettings(`
    import type { Config } from '@docusaurus/types';
    const docsPath = './manual/';
    export default async function createConfig(): Promise<Config> {
      return {
        "title": "Pakkit",
        "url": "https://pakkit.example",
        "trailingSlash": false,
        "presets": [["@docusaurus/preset-classic", { "docs": { "path": docsPath, "routeBasePath": "/" }, "blog": false }]],
        "plugins": [
          ["content-docs", { "id": "community", "path": "./community", "routeBasePath": "community" }],
          ["@docusaurus/plugin-content-blog", { path: 'news', routeBasePath: 'posts', postsPerPage: 4 }],
          ["@docusaurus/plugin-client-redirects", { redirects: [{ from: ['/old', '/older'], to: '/new' }], createRedirects: (p) => (p.startsWith('/a') ? [p.replace('/a', '/b')] : undefined) }],
          require('./local-plugin'),
        ],
        "themeConfig": { "footer": { "links": [{ "title": "Docs", "items": [{ "label": "Start", "to": "/" }] }] } },
      } satisfies Config;
    }`);
  assert.equal(settings.title, 'Pakkit', "the title, not a footer group's");
  assert.equal(settings.trailingSlash, false);
  assert.deepEqual(
    settings.instances.map(({ kind, id, path, route, postsPerPage }) => ({ kind, id, path, route, postsPerPage })),
    [
      { kind: 'docs', id: 'default', path: 'manual', route: '', postsPerPage: undefined },
      { kind: 'docs', id: 'community', path: 'community', route: 'community', postsPerPage: undefined },
      { kind: 'blog', id: 'default', path: 'news', route: 'posts', postsPerPage: 4 },
    ],
  );
  assert.deepEqual(settings.redirects, [
    { from: '/old', to: '/new' },
    { from: '/older', to: '/new' },
  ]);
  assert.ok(settings.createRedirects?.fn, 'createRedirects is kept as a function to read');
  assert.deepEqual(settings.footer, [
    {
      title: 'Docs',
      items: [
        {
          label: 'Start',
          to: '/',
          href: undefined,
          type: undefined,
          docId: undefined,
          sidebarId: undefined,
          docsPluginId: undefined,
          items: [],
        },
      ],
    },
  ]);
  assert.deepEqual(settings.problems, [
    {
      file: 'docusaurus.config.js',
      line: 14,
      message: "plugin require('./local-plugin') left out: it is code, the engine runs no Docusaurus plugins",
    },
  ]);
  assert.deepEqual(
    readDocusaurusSettings('module.exports = {', false).problems.map((p) => p.line),
    [1],
    'a syntax error is named, not thrown',
  );
});

test("client redirects and a static createRedirects become redirects to the pages' new routes; docs at the root move under /docs/", () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', presets: [['classic', { docs: { routeBasePath: '/' }, blog: false }]],
      plugins: [['@docusaurus/plugin-client-redirects', { redirects: [{ from: '/setup', to: '/install' }, { from: '/gone', to: '/nowhere' }],
        createRedirects(existingPath) { if (existingPath.includes('/guide')) { return [existingPath.replace('/guide', '/manual')]; } return undefined; } }]] };`,
    'docs/intro.md': '---\nslug: /\ntitle: Start\ndescription: Start here.\n---\n\nSee [install](install.md).\n',
    'docs/install.md': '---\ntitle: Install\ndescription: Install it.\n---\n\nWords.\n',
    'docs/guide/one.md': '---\ntitle: One\ndescription: The first.\n---\n\nWords.\n',
  });
  const config = plan.config.replace(/\s+/g, ' ');
  for (const [from, to] of [
    ['/install/', '/docs/install/'],
    ['/guide/one/', '/docs/guide/one/'],
    ['/setup/', '/docs/install/'],
    ['/manual/one/', '/docs/guide/one/'],
  ]) {
    assert.ok(config.includes(`{ from: "${from}", to: "${to}" }`), `${from} -> ${to} in ${config}`);
  }
  assert.doesNotMatch(config, /"\/gone\/"/);
  assert.ok(
    report.includes(
      'P/docusaurus.config.js:1:1  2 URLs of docs/ changed (such as /guide/one -> /docs/guide/one/); a redirect from each old URL is in config/site.config.ts  [redirect]',
    ),
    report.join('\n'),
  );
  assert.ok(
    report.includes(
      'P/docusaurus.config.js:1:1  client redirect from /gone left out: its target /nowhere is no page of the import  [redirect]',
    ),
    report.join('\n'),
  );
  assert.match(plan.files.get('content/en/docs/index.md')!, /See \[install\]\(install\.md\)/);
});

test('a hand-written sidebar gives the order and the categories, with their translated labels', () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', i18n: { defaultLocale: 'en', locales: ['en', 'de'] }, presets: [['classic', { docs: { sidebarPath: './sidebars.json' }, blog: false }]] };`,
    'sidebars.json': JSON.stringify({
      main: [
        'zeta',
        { type: 'category', label: 'Setup', collapsed: false, items: ['setup/b', 'setup/a'] },
        { type: 'category', label: 'Mixed', items: ['alpha', 'setup/c'] },
        'missing',
      ],
    }),
    'docs/zeta.md': '---\ntitle: Zeta\ndescription: Z.\n---\n\nZ.\n',
    'docs/alpha.md': '---\ntitle: Alpha\ndescription: A.\n---\n\nA.\n',
    'docs/setup/a.md': '---\ntitle: A\ndescription: A.\n---\n\nA.\n',
    'docs/setup/b.md': '---\ntitle: B\ndescription: B.\n---\n\nB.\n',
    'docs/setup/c.md': '---\ntitle: C\ndescription: C.\n---\n\nC.\n',
    'i18n/de/docusaurus-plugin-content-docs/current.json': JSON.stringify({
      'sidebar.main.category.Setup': { message: 'Einrichtung' },
    }),
  });
  const position = (file: string) =>
    Number(/sidebar_position: (\d+)/.exec(plan.files.get(`content/en/docs/${file}.md`)!)?.[1]);
  assert.deepEqual(['zeta', 'setup/b', 'setup/a', 'alpha', 'setup/c'].map(position), [1, 1, 2, 1, 2]);
  assert.equal(plan.files.get('content/en/docs/setup/_category.yml'), 'label: Setup\nposition: 2\ncollapsed: false\n');
  assert.equal(
    plan.files.get('content/de/docs/setup/_category.yml'),
    'label: Einrichtung\nposition: 2\ncollapsed: false\n',
  );
  assert.deepEqual(
    report.filter((l) => l.endsWith('[sidebar]')),
    [
      'P/sidebars.json:1:1  category "Mixed" holds pages of 2 folders (., setup): here a category is a folder; its pages keep their folders  [sidebar]',
      'P/sidebars.json:1:1  doc "missing" is no page of docs/; left out of the order  [sidebar]',
    ],
  );
});

test('MDX with a Markdown meaning is converted: tabs, mdx-code-block, images by require and import, DocCardList, details', () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': CONFIG,
    'docs/guides/index.mdx': [
      '---',
      'title: Guides',
      'description: All guides.',
      '---',
      '',
      '```mdx-code-block',
      "import DocCardList from '@theme/DocCardList';",
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      "import Shot from './shot.png';",
      "import Chart from '@site/src/components/Chart';",
      '```',
      '',
      '<DocCardList />',
      '',
      "<Tabs values={[{label: 'Linux', value: 'linux'}, {label: 'macOS', value: 'mac'}]}>",
      '  <TabItem value="linux">',
      '',
      '  ```bash',
      '  apt install x',
      '  ```',
      '',
      '  </TabItem>',
      '  <TabItem value="mac">',
      '',
      '  Use the installer.',
      '',
      '  </TabItem>',
      '</Tabs>',
      '',
      '<img src={Shot} alt="A shot" />',
      '',
      '<img src={require(\'./shot.png\').default} alt="Again" />',
      '',
      '<details>',
      '<summary>More</summary>',
      '',
      'Hidden words, see [home](https://t.example/docs/guides/b).',
      '',
      '</details>',
      '',
      '<Chart />',
      '',
    ].join('\n'),
    'docs/guides/b.md': '---\ntitle: Second\ndescription: The second guide.\nsidebar_position: 2\n---\n\nB.\n',
    'docs/guides/a.md': '---\ntitle: First\nsidebar_position: 1\n---\n\nThe first guide, in short.\n',
    'docs/guides/shot.png': 'png',
  });
  assert.equal(
    plan.files.get('content/en/docs/guides/index.md'),
    [
      '---',
      'title: Guides',
      'description: All guides.',
      '---',
      '',
      '- [First](a.md): The first guide, in short.',
      '- [Second](b.md): The second guide.',
      '',
      '::::tabs',
      ':::tab[Linux]',
      '',
      '```bash',
      'apt install x',
      '```',
      '',
      ':::',
      ':::tab[macOS]',
      '',
      'Use the installer.',
      '',
      ':::',
      '::::',
      '',
      '![A shot](/img/docs/guides/shot.png)',
      '',
      '![Again](/img/docs/guides/shot.png)',
      '',
      '<details>',
      '<summary>More</summary>',
      '',
      'Hidden words, see [home](/docs/guides/b/).',
      '',
      '</details>',
      '',
      '<Chart />',
      '',
    ].join('\n'),
  );
  assert.equal(plan.copies.get('docs/guides/shot.png'), 'public/img/docs/guides/shot.png');
  assert.deepEqual(
    report.filter((line) => !/\[(page|logo)\]$/.test(line)),
    [
      `P/docs/guides/index.mdx:11:1  MDX import left out: "import Chart from '@site/src/components/Chart';"; the engine has no components or variables  [mdx-import]`,
      'content/en/docs/guides/index.md:35:1  JSX <Chart> kept as written: the engine has no components; rewrite it in Markdown  [mdx-jsx]',
    ],
  );
});

test('navbar and footer links are carried, with the translations of navbar.json, footer.json and code.json', () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', i18n: { defaultLocale: 'en', locales: ['en', 'zh'] }, presets: [['classic', { blog: false }]],
      themeConfig: { navbar: { items: [{ type: 'docSidebar', sidebarId: 's', label: 'Docs' }, { href: 'https://code.example/t', label: 'Code' }, { type: 'localeDropdown' }] },
        footer: { links: [{ title: 'More', items: [{ label: 'Start', to: '/docs/start' }, { label: 'Home page', href: 'https://t.example/docs/start' }] }] } } };`,
    'docs/start.md': '---\ntitle: Start\ndescription: S.\n---\n\nS.\n',
    'i18n/zh/docusaurus-theme-classic/navbar.json': JSON.stringify({
      'item.label.Docs': { message: '文档' },
      title: { message: 'T' },
    }),
    'i18n/zh/docusaurus-theme-classic/footer.json': JSON.stringify({ 'link.title.More': { message: '更多' } }),
    'i18n/zh/code.json': JSON.stringify({
      'theme.docs.paginator.next': { message: '下一页' },
      'theme.blog.post.readingTime.plurals': { message: '{readingTime} 分钟' },
    }),
  });
  const config = plan.config.replace(/\s+/g, ' ');
  assert.match(config, /items: \[ \{ label: "Docs", to: "\/docs\/start\/" \} \]/);
  assert.match(
    config,
    /groups: \[ \{ title: "More", items: \[ \{ to: "\/docs\/start\/", label: "Start" \}, \{ to: "\/docs\/start\/", label: "Home page" \} \] \}, \{ title: "T", items: \[ \{ href: "https:\/\/code\.example\/t", label: "Code" \} \] \} \]/,
  );
  assert.equal(
    plan.files
      .get('i18n/zh.ts')!
      .replace(/^\/\/.*\n/gm, '')
      .replace(/\s+/g, ' '),
    'export default { "nav": { "Docs": "文档" }, "footer": { "More": "更多" }, "docs": { "next": "下一页" } }; ',
  );
  assert.ok(
    report.includes(
      'P/docusaurus.config.js:1:1  navbar link "Code" (https://code.example/t) moved to the footer: the navbar here links to pages of the site  [navbar]',
    ),
    report.join('\n'),
  );
});

test('a createRedirects that is more than paths and conditions is reported, not guessed', () => {
  const { report } = importOf({
    'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', presets: [['classic', { blog: false }]],
      plugins: [['@docusaurus/plugin-client-redirects', { createRedirects(existingPath) { return lookup(existingPath); } }]] };`,
    'docs/a.md': '---\ntitle: A\ndescription: A.\n---\n\nA.\n',
  });
  assert.ok(
    report.includes(
      'P/docusaurus.config.js:2:1  createRedirects left out: it uses a call, which the importer does not read; write its redirects into config/site.config.ts  [redirect]',
    ),
    report.join('\n'),
  );
});

test('modules the config imports are read with it: require, import, .ts, .json, functions over lists, the environment', () => {
  const files: Record<string, string> = {
    'i18n.js': `const NAMES = { en: 'English', de: 'Deutsch', 'pt-br': 'Português' };
      const LOCALES = Object.keys(NAMES);
      module.exports = {
        defaultLocale: 'en',
        locales: process.env.LOCALE_CI ? ['en'] : LOCALES,
        localeConfigs: Object.fromEntries(LOCALES.map((l) => [l, { label: NAMES[l] }])),
      };`,
    'redirects.json': '[{ "from": "/old", "to": "/docs/intro" }]',
    'lib/routes.ts': `export const docsBase: string = 'manual';\nexport default { blog: 'news' };`,
  };
  const settings = readDocusaurusSettings(
    `import routes, { docsBase } from './lib/routes';
     const i18n = require('./i18n');
     const redirects = require('./redirects.json');
     const url = process.env.SITE_URL || 'https://t.example';
     export default {
       title: 'T', url, i18n,
       presets: [['classic', { docs: { routeBasePath: docsBase }, blog: { routeBasePath: routes.blog } }]],
       plugins: [['@docusaurus/plugin-client-redirects', { redirects: [...redirects, ...computeMore()] }]],
     };`,
    true,
    'docusaurus.config.ts',
    (rel) => files[rel],
  );
  assert.deepEqual(settings.locales, ['en', 'de', 'pt-br']);
  assert.deepEqual(settings.localeLabels, { en: 'English', de: 'Deutsch', 'pt-br': 'Português' });
  assert.equal(settings.url, 'https://t.example');
  assert.deepEqual(
    settings.instances.map((i) => i.route),
    ['manual', 'news'],
  );
  assert.deepEqual(settings.redirects, [{ from: '/old', to: '/docs/intro' }]);
  assert.deepEqual(settings.modules.sort(), ['i18n.js', 'lib/routes.ts', 'redirects.json']);
  assert.deepEqual(settings.problems, [
    {
      file: 'docusaurus.config.ts',
      line: 4,
      message: "process.env.SITE_URL assumed unset, as in a plain build: took the fallback 'https://t.example'",
    },
    {
      file: 'i18n.js',
      line: 5,
      message: 'process.env.LOCALE_CI assumed unset, as in a plain build: took LOCALES',
    },
    {
      file: 'docusaurus.config.ts',
      line: 8,
      message:
        'a client redirect is computed (...computeMore()), which the importer reads but never runs; left out; write it into config/site.config.ts',
    },
  ]);
  const computed = readDocusaurusSettings(
    "module.exports = { title: 'T', i18n: { defaultLocale: 'en', locales: require('./gen').locales() } };",
    false,
  );
  assert.deepEqual(computed.locales, ['en']);
  assert.match(
    computed.problems[0].message,
    /^i18n\.locales is computed \(require\('\.\/gen'\)\.locales\(\)\), which the importer reads but never runs; assumed the default locale only/,
  );
});

test('npm commands in Yarn and pnpm words, as npm2yarn writes them', () => {
  const both = (line: string) => [convertNpmLine(line, 'yarn'), convertNpmLine(line, 'pnpm')];
  assert.deepEqual(both('npm install'), ['yarn install', 'pnpm install']);
  assert.deepEqual(both('npm install --save-dev quayside'), [
    'yarn add quayside --dev',
    'pnpm add quayside --save-dev',
  ]);
  assert.deepEqual(both('npm i -g quayside'), ['yarn global add quayside', 'pnpm add quayside --global']);
  assert.deepEqual(both('npm run build -- --watch'), ['yarn run build -- --watch', 'pnpm run build -- --watch']);
  assert.deepEqual(both('npx quayside init'), ['yarn dlx quayside init', 'pnpm dlx quayside init']);
  assert.deepEqual(both('echo done'), ['echo done', 'echo done']);
});

test("Docusaurus's names: lodash's kebab case for tags, include globs, safe file names", () => {
  assert.deepEqual(['SQLite', 'Node.js', 'CI/CD', 'Getting Started', 'Überblick'].map(kebabCase), [
    'sq-lite',
    'node-js',
    'ci-cd',
    'getting-started',
    'uberblick',
  ]);
  const excluded = globMatcher(DEFAULT_EXCLUDE);
  assert.deepEqual(['a.md', '_a.md', 'x/_y/z.md', 'a/__tests__/b.md', 'a_b.md'].map(excluded), [
    false,
    true,
    true,
    true,
    false,
  ]);
  const included = globMatcher(['*.md', 'guide/**/*.md']);
  assert.deepEqual(['a.md', 'x/a.md', 'guide/x/a.md', 'a.mdx'].map(included), [true, false, true, false]);
  assert.deepEqual(['C++', 'C#', 'Über uns', 'plain-name.v2'].map(safeSegment), [
    'Cpp',
    'Csharp',
    'Uber-uns',
    'plain-name.v2',
  ]);
});

test('a default TabItem opens first; queryString, several-line images and code titles are handled, each as it should', () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': CONFIG,
    'docs/setup.mdx': [
      '---',
      'title: Setup',
      'description: Set it up.',
      '---',
      '',
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      '<Tabs queryString="os">',
      '<TabItem value="linux" label="Linux">',
      '',
      'Linux words.',
      '',
      '</TabItem>',
      '<TabItem value="mac" label="macOS" default>',
      '',
      'Mac words.',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      '<img',
      "  src={require('./shot.png').default}",
      '  alt="Shot"',
      '/>',
      '',
      '```js title="app.js"',
      'run();',
      '```',
      '',
    ].join('\n'),
    'docs/shot.png': 'png',
  });
  const written = plan.files.get('content/en/docs/setup.md')!;
  assert.match(
    written,
    /::::tabs\n:::tab\[macOS\]\n\nMac words\.\n\n:::\n:::tab\[Linux\]\n\nLinux words\.\n\n:::\n::::/,
  );
  assert.match(written, /\n!\[Shot\]\(\/img\/docs\/shot\.png\)\n/);
  assert.match(written, /```js title="app\.js"/);
  assert.deepEqual(
    report.filter((line) => !/\[(page|logo)\]$/.test(line)),
    [
      'content/en/docs/setup.md:6:1  queryString of <Tabs> left out: the tab chosen is not put into the URL here; tabs of one group keep the same choice across pages  [mdx-jsx]',
    ],
  );
});

test('a hide_title page whose # title follows a banner keeps one level-one heading: the others become ## sections', () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': CONFIG,
    'docs/welcome.md': [
      '---',
      'title: Welcome',
      'hide_title: true',
      '---',
      '',
      '![Banner](/img/banner.svg)',
      '',
      '# Welcome to T',
      '',
      'Words.',
      '',
      '# Next steps',
      '',
      'More words.',
      '',
    ].join('\n'),
    'static/img/banner.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
  const written = plan.files.get('content/en/docs/welcome.md')!;
  assert.match(written, /^title: Welcome$/m);
  assert.match(written, /^## Welcome to T$/m);
  assert.match(written, /^## Next steps$/m);
  assert.doesNotMatch(written, /^# /m);
  assert.deepEqual(
    report.filter((line) => !/\[(page|logo)\]$/.test(line)),
    [
      'P/docs/welcome.md:3:1  front matter "hide_title" left out: a page here always shows its title, once; any other # heading became a ## section  [front-matter]',
    ],
  );
});

test('containers nested at any depth get one colon more per level outside, and the engine reads them as Docusaurus nests them', async () => {
  const page = [
    '---',
    'title: Nested',
    '---',
    '',
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    '<Tabs>',
    '  <TabItem value="linux" label="Linux">',
    '',
    '  :::caution',
    '',
    '  Mind the version.',
    '',
    '  <Tabs>',
    '    <TabItem value="apt" label="apt">',
    '',
    '    :::note',
    '',
    '    <Tabs>',
    '      <TabItem value="a" label="Stable">',
    '',
    '      Stable words.',
    '',
    '      </TabItem>',
    '      <TabItem value="b" label="Beta">',
    '',
    '      Beta words.',
    '',
    '      </TabItem>',
    '    </Tabs>',
    '',
    '    :::',
    '',
    '    </TabItem>',
    '    <TabItem value="dnf" label="dnf">',
    '',
    '    Use dnf.',
    '',
    '    </TabItem>',
    '  </Tabs>',
    '',
    '  :::',
    '',
    '  </TabItem>',
    '  <TabItem value="mac" label="macOS">',
    '',
    '  :::tip',
    '',
    '  Mac words.',
    '',
    '  :::',
    '',
    '  </TabItem>',
    '</Tabs>',
    '',
  ].join('\n');
  const { plan, report } = importOf({ 'docusaurus.config.js': CONFIG, 'docs/nested.mdx': page });
  const written = plan.files.get('content/en/docs/nested.md')!;
  const body = written.slice(written.indexOf('\n---\n') + 5);
  assert.equal(
    body,
    [
      '',
      '::::::::::tabs',
      ':::::::::tab[Linux]',
      '',
      '::::::::warning',
      '',
      'Mind the version.',
      '',
      ':::::::tabs',
      '::::::tab[apt]',
      '',
      ':::::note',
      '',
      '::::tabs',
      ':::tab[Stable]',
      '',
      'Stable words.',
      '',
      ':::',
      ':::tab[Beta]',
      '',
      'Beta words.',
      '',
      ':::',
      '::::',
      '',
      ':::::',
      '',
      '::::::',
      '::::::tab[dnf]',
      '',
      'Use dnf.',
      '',
      '::::::',
      ':::::::',
      '',
      '::::::::',
      '',
      ':::::::::',
      ':::::::::tab[macOS]',
      '',
      ':::tip',
      '',
      'Mac words.',
      '',
      ':::',
      '',
      ':::::::::',
      '::::::::::',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    report.filter((line) => !/\[(page|logo)\]$/.test(line)),
    [],
  );
  // The engine reads the same tree: tabs > warning > tabs > note > tabs, no fence left as text.
  const rendered = renderMarkdown(createMarkdownProcessor({ titles: messages.en.admonition }, messages.en.docs), body);
  assert.deepEqual(rendered.messages, []);
  assert.doesNotMatch(rendered.html, /:::/);
  const outline = [
    ...rendered.html.matchAll(
      /<(?:div|aside) class="(?:admonition )?([^"]+)"(?: data-tab="([^"]+)")?|<\/(?:div|aside)>/g,
    ),
  ]
    .map((m) => (m[0].startsWith('</') ? ')' : `${m[1]}${m[2] ? `[${m[2]}]` : ''}(`))
    .join('');
  assert.equal(
    outline,
    'tabs(tab-panel[Linux](admonition-warning(tabs(tab-panel[apt](admonition-note(tabs(tab-panel[Stable]()tab-panel[Beta]())))tab-panel[dnf]())))tab-panel[macOS](admonition-tip()))',
  );
});

test('custom heading ids are kept as the engine takes them; one it cannot take becomes the slug, links follow', () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': CONFIG,
    'docs/setup.md': '---\ntitle: Setup\n---\n\n## Open the ports {#ports}\n\n## Version 2.x {#v2.x}\n\nText.\n',
    'docs/other.md': '---\ntitle: Other\n---\n\nSee [ports](setup.md#ports) and [2.x](./setup.md#v2.x).\n',
  });
  const setup = plan.files.get('content/en/docs/setup.md')!;
  assert.match(setup, /^## Open the ports \{#ports\}$/m);
  assert.match(setup, /^## Version 2\.x$/m);
  assert.match(
    plan.files.get('content/en/docs/other.md')!,
    /\[ports\]\(setup\.md#ports\) and \[2\.x\]\(setup\.md#version-2x\)/,
  );
  const rendered = renderMarkdown(
    createMarkdownProcessor({ titles: messages.en.admonition }, messages.en.docs),
    setup.slice(setup.indexOf('\n---\n') + 5),
  );
  assert.deepEqual(rendered.ids, ['ports', 'version-2x']);
  assert.deepEqual(
    report.filter((line) => /\[heading-id\]$/.test(line)),
    [
      "content/en/docs/setup.md:8:15  custom heading id {#v2.x} left out: the engine's ids are letters, digits, _ and -, so the heading's id is #version-2x, and links in the imported pages now use it  [heading-id]",
    ],
  );
});

test("the host's redirects (static/_redirects, vercel.json) come over: one URL's into the config, rules into public/_redirects, and the report counts them", () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': `export default { title: 'T', url: 'https://t.example', baseUrl: '/', i18n: { defaultLocale: 'en', locales: ['en', 'zh-TW'] } };`,
    'docs/intro.md': '---\ntitle: Intro\n---\n\nWords.\n',
    'docs/guides/install.md': '---\ntitle: Install\n---\n\nSteps.\n',
    'i18n/zh-TW/docusaurus-plugin-content-docs/current/intro.md': '---\ntitle: 介紹\n---\n\n文字。\n',
    'i18n/zh-TW/docusaurus-plugin-content-docs/current/guides/install.md': '---\ntitle: 安裝\n---\n\n步驟。\n',
    'static/_redirects': [
      '# moved pages',
      '/start  /docs/intro  301',
      '/manual/:chapter/:page  /docs/guides/:page  301',
      '/app/*  /index.html  200',
      '/gone  /docs/nowhere  301',
    ].join('\n'),
    'vercel.json': JSON.stringify(
      {
        redirects: [
          { source: '/setup', destination: '/docs/guides/install', permanent: true },
          { source: '/old-docs/:path*', destination: '/docs/:path*', permanent: true },
          { source: '/(.*)\\.php', destination: '/', permanent: true },
        ],
      },
      null,
      2,
    ),
  });
  assert.equal(
    plan.files.get('public/_redirects'),
    [
      '/app/*  /index.html  200',
      '/manual/:chapter/:page  /docs/guides/:page  301',
      '/old-docs/*  /docs/:splat  308',
      '/zh-TW/*  /zh-tw/:splat  301',
      '',
    ].join('\n'),
  );
  assert.match(plan.config, /from: "\/start\/",\n\s+to: "\/docs\/intro\/"/);
  assert.match(plan.config, /from: "\/setup\/",\n\s+to: "\/docs\/guides\/install\/"/);
  assert.deepEqual(
    report.filter((line) => /\[redirect\]$/.test(line) && !/URLs? of docs\/ changed/.test(line)),
    [
      'P/static/_redirects:5:1  host redirect from /gone left out: its target /docs/nowhere is no page of the import  [redirect]',
      'P/vercel.json:14:1  redirect of /(.*)\\.php left out: its pattern is more than placeholders and a trailing splat; write it into public/_redirects by hand  [redirect]',
    ],
  );
  const fate = (url: string) => {
    const o = plan.urls.find((u) => u.url === url);
    return o && [o.fate, o.to];
  };
  assert.deepEqual(fate('/start'), ['redirect', '/docs/intro/']);
  assert.deepEqual(fate('/setup'), ['redirect', '/docs/guides/install/']);
  assert.deepEqual(fate('/gone'), ['lost', undefined]);
  // The locale with a capital is answered by its rule, page by page.
  assert.deepEqual(fate('/zh-TW/docs/guides/install'), ['redirect', '/zh-tw/docs/guides/install/']);
});

test('a last version whose folder a build script makes is named loudly, and the current docs answer its URLs', () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': `export default { title: 'T', url: 'https://t.example', baseUrl: '/', i18n: { defaultLocale: 'en', locales: ['en'] },
      presets: [['classic', { docs: { lastVersion: '11.x', versions: { current: { label: 'Next', path: 'next' } } } }]] };`,
    'versions.json': '["11.x", "10.x"]',
    'docs/intro.md': '---\ntitle: Intro\n---\n\nNext words.\n',
    'docs/guide.md': '---\ntitle: Guide\n---\n\nNext guide.\n',
    'versioned_docs/version-10.x/intro.md': '---\ntitle: Intro\n---\n\nOld words.\n',
  });
  assert.match(plan.files.get('content/en/docs/intro.md')!, /Next words\./);
  assert.deepEqual(
    report.filter((line) => /DOCS VERSION/.test(line)),
    [
      'P/versions.json:1:1  DOCS VERSION "11.x" IS NOT IN THE PROJECT: Docusaurus served it at /docs/ (lastVersion), from versioned_docs/version-11.x/, which a build script makes. Its 2 URLs under /docs/ now show the current docs (docs/) in its place, whose text may differ; run the script that makes versioned_docs/version-11.x/ and import again to take "11.x" as written  [versions]',
    ],
  );
  const fate = (url: string) => plan.urls.find((u) => u.url === url)?.fate;
  assert.deepEqual(
    ['/docs/intro', '/docs/guide', '/docs/next/intro', '/docs/next/guide', '/docs/10.x/intro'].map(fate),
    ['page', 'page', 'redirect', 'redirect', 'redirect'],
  );
});

test('a client redirect to a heading of a page leads to that page and heading', () => {
  const { plan } = importOf({
    'docusaurus.config.js': `export default { title: 'T', url: 'https://t.example', baseUrl: '/', i18n: { defaultLocale: 'en', locales: ['en'] },
      presets: [['classic', {}]], plugins: [['@docusaurus/plugin-client-redirects', { redirects: [{ from: '/subtitles', to: '/docs/movies#external-subtitles' }] }]] };`,
    'docs/movies.md': '---\ntitle: Movies\n---\n\n## External subtitles\n\nWords.\n',
  });
  assert.match(plan.config, /from: "\/subtitles\/",\n\s+to: "\/docs\/movies\/#external-subtitles"/);
  const outcome = plan.urls.find((u) => u.url === '/subtitles');
  assert.deepEqual([outcome?.fate, outcome?.to], ['redirect', '/docs/movies/#external-subtitles']);
});

test('an admonition Docusaurus never saw closed holds the rest of the page here too, closed at its end and named', () => {
  const { plan, report } = importOf({
    'docusaurus.config.js': CONFIG,
    'docs/limits.md':
      '---\ntitle: Limits\n---\n\nIntro.\n\n:::caution Known limits\nOnly arrays.\n\n```ts\nconst a = [1]\n```\n',
  });
  const written = plan.files.get('content/en/docs/limits.md')!;
  assert.equal(
    written.slice(written.indexOf('\n---\n') + 5),
    '\nIntro.\n\n:::warning[Known limits]\nOnly arrays.\n\n```ts\nconst a = [1]\n```\n\n:::\n',
  );
  assert.deepEqual(
    report.filter((line) => /\[admonition\]$/.test(line)),
    [
      'content/en/docs/limits.md:8:1  this admonition is never closed: Docusaurus showed the rest of the page inside it, and so does this page, closed at its end; close it where it ends  [admonition]',
    ],
  );
  const rendered = renderMarkdown(
    createMarkdownProcessor({ titles: messages.en.admonition }, messages.en.docs),
    written.slice(written.indexOf('\n---\n') + 5),
  );
  assert.deepEqual(rendered.messages, []);
});
