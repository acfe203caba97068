// Docs sections: the sidebar from folders, _category.yml and sidebar_position, and what hangs off
// it: category pages, breadcrumbs, previous/next.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph, versionLabel } from '../../../generator/graph/graph.ts';
import { buildDocsSection, type DocsSectionInput, placesIn } from '../../../generator/graph/sidebar.ts';
import type { CategoryPage, DocPage, Page, SidebarItem } from '../../../generator/types.ts';
import { sidebarFor } from '../../../theme/docs/visible-sidebar.ts';
import { category, config, doc, heading, messages } from './factories.ts';

const docs = [
  doc({ path: 'docs/index', title: 'Overview' }),
  doc({ path: 'docs/intro', title: 'Zeta intro', fm: { sidebar_position: 1 } }),
  // No position: after every positioned entry, ordered by the label shown as the locale's
  // language sorts it (beta's "Alpha title" before alpha's "Zulu"), not by file name.
  doc({ path: 'docs/beta', title: 'Alpha title' }),
  doc({ path: 'docs/alpha', title: 'Zulu title', fm: { sidebar_label: 'Zulu' } }),
  doc({ path: 'docs/guides/upgrade', title: 'Upgrade', fm: { sidebar_position: 2 } }),
  doc({
    path: 'docs/guides/install',
    title: 'Install',
    fm: { sidebar_position: 1 },
    headings: [heading(2, 'Requirements'), heading(4, 'Deep')],
  }),
  doc({ path: 'docs/guides/index', title: 'Guides', fm: { sidebar_position: 2 } }),
  doc({ path: 'docs/reference/cli', title: 'CLI' }),
  doc({ path: 'docs/reference/hidden', title: 'Hidden', fm: { unlisted: true } }),
  doc({ path: 'docs/extras/tips', title: 'Tips' }),
];
const categories = new Map([
  [
    'docs/reference',
    category('docs/reference', { label: 'Reference', position: 3, collapsed: false, description: 'All commands.' }),
  ],
]);

function section(overrides: Partial<DocsSectionInput> = {}) {
  return buildDocsSection({
    config,
    locale: 'de',
    section: 'docs',
    sidebar: true,
    docs,
    categories,
    versionLabel: '1.19',
    ...overrides,
  });
}

const pageAt = (pages: Page[], route: string) => {
  const page = pages.find((p) => p.route === route);
  assert.ok(page, `no page at ${route}`);
  return page;
};

/** The sidebar as label paths, to compare order and nesting at a glance. */
function outline(items: SidebarItem[], depth = 0): string[] {
  return items.flatMap((item) => [
    `${'  '.repeat(depth)}${item.type === 'category' ? '+' : '-'} ${item.label} ${item.route ?? '(no page)'}`,
    ...(item.type === 'category' ? outline(item.items, depth + 1) : []),
  ]);
}

test('the sidebar: index first, then by sidebar_position, then by the label shown; folders are categories', () => {
  assert.deepEqual(outline(section().sidebar), [
    '- Overview /docs/',
    '- Zeta intro /docs/intro/',
    '+ Guides /docs/guides/',
    '  - Install /docs/guides/install/',
    '  - Upgrade /docs/guides/upgrade/',
    '+ Reference /docs/reference/',
    '  - CLI /docs/reference/cli/',
    '- Alpha title /docs/beta/',
    '+ Extras /docs/extras/',
    '  - Tips /docs/extras/tips/',
    '- Zulu /docs/alpha/',
  ]);
});

test("labels sort as the locale's language sorts them, not by file name or code point", () => {
  const german = section({
    docs: [
      doc({ path: 'docs/maintenance', title: 'Wartung' }),
      doc({ path: 'docs/monitoring', title: 'Überwachung' }),
      doc({ path: 'docs/on-premises', title: 'On-Premises' }),
      doc({ path: 'docs/zero-trust', title: 'Zero Trust' }),
      doc({ path: 'docs/ai', title: 'ärztliche Software' }),
      doc({ path: 'docs/backups', title: 'Backups' }),
    ],
  });
  assert.deepEqual(
    german.sidebar.map((item) => item.label),
    ['ärztliche Software', 'Backups', 'On-Premises', 'Überwachung', 'Wartung', 'Zero Trust'],
  );
});

test('_category.yml gives label, position and collapsed; without one a folder is collapsed and named after itself', () => {
  const { sidebar } = section();
  const byLabel = (label: string) =>
    sidebar.find((i) => i.label === label) as Extract<SidebarItem, { type: 'category' }>;
  assert.equal(byLabel('Reference').collapsed, false);
  assert.equal(byLabel('Guides').collapsed, true);
  assert.equal(byLabel('Extras').collapsed, true, '"extras" humanised');
  // A category's position beats its index page's sidebar_position.
  const moved = section({
    categories: new Map([['docs/guides', category('docs/guides', { label: 'Anleitungen', position: 0 })]]),
  });
  assert.deepEqual(
    moved.sidebar.slice(0, 3).map((i) => i.label),
    ['Overview', 'Anleitungen', 'Zeta intro'],
  );
});

test('a folder with index.md links to that page; the page lists nothing generated', () => {
  const { pages } = section();
  const guides = pageAt(pages, '/docs/guides/') as DocPage;
  assert.equal(guides.kind, 'doc');
  assert.equal(guides.doc, 'content/de/docs/guides/index.md');
  assert.equal(guides.title, 'Guides');
});

test('a folder without index.md gets a generated category page listing its listed items', () => {
  const { pages } = section();
  const reference = pageAt(pages, '/docs/reference/') as CategoryPage;
  assert.equal(reference.kind, 'category');
  assert.equal(reference.title, 'Reference');
  assert.equal(reference.description, 'All commands.');
  assert.deepEqual(reference.items, ['/docs/reference/cli/']);
  assert.deepEqual(reference.breadcrumbs, [{ label: 'Overview', route: '/docs/' }]);
  assert.equal(reference.key, '/docs/reference/');
  const extras = pageAt(pages, '/docs/extras/') as CategoryPage;
  assert.equal(extras.title, 'Extras');
  assert.deepEqual(extras.items, ['/docs/extras/tips/']);
});

test('breadcrumbs lead from the section index through the folders, without the page itself', () => {
  const { pages } = section();
  const crumbs = (route: string) => (pageAt(pages, route) as DocPage | CategoryPage).breadcrumbs;
  assert.deepEqual(crumbs('/docs/'), []);
  assert.deepEqual(crumbs('/docs/intro/'), [{ label: 'Overview', route: '/docs/' }]);
  assert.deepEqual(crumbs('/docs/guides/'), [{ label: 'Overview', route: '/docs/' }]);
  assert.deepEqual(crumbs('/docs/guides/install/'), [
    { label: 'Overview', route: '/docs/' },
    { label: 'Guides', route: '/docs/guides/' },
  ]);
  assert.deepEqual(crumbs('/docs/reference/cli/'), [
    { label: 'Overview', route: '/docs/' },
    { label: 'Reference', route: '/docs/reference/' },
  ]);
});

test('previous and next follow the sidebar, depth first, across categories', () => {
  const { pages } = section();
  const order = [
    '/docs/',
    '/docs/intro/',
    '/docs/guides/',
    '/docs/guides/install/',
    '/docs/guides/upgrade/',
    '/docs/reference/',
    '/docs/reference/cli/',
    '/docs/beta/',
    '/docs/extras/',
    '/docs/extras/tips/',
    '/docs/alpha/',
  ];
  order.forEach((route, i) => {
    const page = pageAt(pages, route) as DocPage | CategoryPage;
    assert.equal(page.previous, order[i - 1], `previous of ${route}`);
    assert.equal(page.next, order[i + 1], `next of ${route}`);
  });
});

test('an unlisted page is built (noindex) but left out of the sidebar, category lists and previous/next', () => {
  const { pages, sidebar } = section();
  const hidden = pageAt(pages, '/docs/reference/hidden/') as DocPage;
  assert.equal(hidden.unlisted, true);
  assert.equal(hidden.noindex, true);
  assert.equal(hidden.previous, undefined);
  assert.equal(hidden.next, undefined);
  assert.ok(!outline(sidebar).some((line) => line.includes('hidden')));
  // An unlisted folder index hides the whole folder from the sidebar.
  const unlistedFolder = section({
    docs: [
      ...docs.filter((d) => d.path !== 'docs/guides/index'),
      doc({ path: 'docs/guides/index', title: 'Guides', fm: { unlisted: true } }),
    ],
  });
  assert.ok(!outline(unlistedFolder.sidebar).some((line) => line.includes('guides')));
});

test('draft pages are left out by `site build` and shown by `site serve`', () => {
  const documents = [...docs, doc({ path: 'docs/guides/draft', title: 'Draft', fm: { draft: true } })];
  const graphOf = (includeDrafts: boolean) =>
    buildGraph({ config, documents, categories: new Map(), authors: {}, tags: {}, messages, includeDrafts }).graph;
  const built = graphOf(false);
  assert.equal(built.pages['/docs/guides/draft/'], undefined);
  assert.ok(!outline(built.sidebars['de:docs']).some((line) => line.includes('Draft')));
  const served = graphOf(true);
  assert.equal(served.pages['/docs/guides/draft/'].draft, true);
  assert.equal(served.pages['/docs/guides/draft/'].noindex, true);
  assert.ok(
    served.versions['de:docs'][0].docs.some((d) => d.route === '/docs/guides/draft/'),
    'the version dropdown knows the draft page',
  );
});

test('doc pages carry their table of contents, sidebar id and source', () => {
  const install = pageAt(section().pages, '/docs/guides/install/') as DocPage;
  assert.deepEqual(install.toc, [{ id: 'requirements', text: 'Requirements', depth: 2 }]);
  assert.equal(install.sidebar, 'de:docs');
  assert.deepEqual(install.deps, ['content/de/docs/guides/install.md']);
  assert.equal(install.version, 'current');
});

test('other locales get their prefix and their own sidebar id; without a sidebar there is no previous/next', () => {
  const english = section({
    locale: 'en',
    docs: [
      doc({ locale: 'en', path: 'docs/index', title: 'Overview' }),
      doc({ locale: 'en', path: 'docs/a', title: 'A' }),
    ],
  });
  assert.equal(english.sidebarId, 'en:docs');
  assert.deepEqual(outline(english.sidebar), ['- Overview /en/docs/', '- A /en/docs/a/']);
  assert.equal(pageAt(english.pages, '/en/docs/a/').key, '/docs/a/');
  const bare = section({ sidebar: false });
  assert.equal(bare.sidebarId, undefined);
  const intro = pageAt(bare.pages, '/docs/intro/') as DocPage;
  assert.equal(intro.previous, undefined);
  assert.equal(intro.next, undefined);
});

test("the version model: one current version named by the site's version, with every doc", () => {
  const { version } = section();
  assert.equal(version.label, '1.19');
  assert.equal(
    versionLabel({ customFields: { version: 'v1.19.6' } }),
    '1.19',
    'readers name a version by major and minor',
  );
  assert.equal(versionLabel({ customFields: {} }), '', 'no version configured: none named');
  assert.equal(version.name, 'current');
  assert.equal(version.path, '/docs/');
  assert.equal(version.docs.length, docs.length);
});

/** The sidebar as the page at `route` shows it (the theme's sidebarFor, with the graph's places). */
const shown = (sidebar: SidebarItem[], route: string) => sidebarFor(sidebar, placesIn(sidebar)[route]);

test('a sidebar comes collapsed to the current page: a collapsed category away from it is sent without its items', () => {
  assert.deepEqual(outline(shown(section().sidebar, '/docs/guides/install/')), [
    '- Overview /docs/',
    '- Zeta intro /docs/intro/',
    '+ Guides /docs/guides/',
    '  - Install /docs/guides/install/',
    '  - Upgrade /docs/guides/upgrade/',
    '+ Reference /docs/reference/',
    '  - CLI /docs/reference/cli/',
    '- Alpha title /docs/beta/',
    '+ Extras /docs/extras/',
    '- Zulu /docs/alpha/',
  ]);
  assert.deepEqual(
    outline(shown(section().sidebar, '/docs/extras/')).filter((line) => line.startsWith('  ')),
    ['  - CLI /docs/reference/cli/', '  - Tips /docs/extras/tips/'],
    "a category's own page opens it; one the section keeps open (collapsed: false) stays open",
  );
  assert.deepEqual(
    outline(shown(section().sidebar, '/docs/reference/hidden/')).filter((line) => line.startsWith('  ')),
    ['  - CLI /docs/reference/cli/'],
    'a page the sidebar does not list opens no collapsed category',
  );
  // However large the section, a page away from a category carries its link, not its pages.
  const many = Array.from({ length: 300 }, (_, i) =>
    doc({ path: `docs/big/p${String(i).padStart(3, '0')}`, title: `P${i}` }),
  );
  const { sidebar } = section({ docs: [...docs, ...many] });
  const big = (items: SidebarItem[]) =>
    items.find((i) => i.label === 'Big') as Extract<SidebarItem, { type: 'category' }>;
  assert.equal(big(shown(sidebar, '/docs/intro/')).items.length, 0);
  assert.equal(big(shown(sidebar, '/docs/intro/')).route, '/docs/big/');
  assert.equal(big(shown(sidebar, '/docs/big/p007/')).items.length, 300);
});

test("a page's sidebar is made by visiting what it shows, not every item of its section", () => {
  /** How many sidebar items the page at `route` visits, in a section of `groups` collapsed
   * folders of 100 pages each. */
  const visited = (groups: number, route: string) => {
    const many = Array.from({ length: groups * 100 }, (_, i) =>
      doc({ path: `docs/g${Math.floor(i / 100)}/p${String(i % 100).padStart(3, '0')}`, title: `P${i}` }),
    );
    const { sidebar } = section({ docs: [...docs, ...many] });
    const places = placesIn(sidebar);
    let reads = 0;
    const counted = (items: SidebarItem[]): SidebarItem[] =>
      items.map(
        (item) =>
          new Proxy(item, {
            get(t, key, receiver) {
              reads++;
              const value = Reflect.get(t, key, receiver);
              return key === 'items' && Array.isArray(value) ? counted(value) : value;
            },
          }),
      );
    const items = sidebarFor(counted(sidebar), places[route]);
    assert.ok(outline(items).includes(`  - P${groups * 100 - 50} ${route}`), 'the page is shown in its folder');
    return reads;
  };
  const small = visited(5, '/docs/g4/p050/');
  const large = visited(50, '/docs/g49/p050/');
  // Fifty folders instead of five: each collapsed folder is looked at, its 100 pages are not.
  assert.ok(large - small <= 45 * 10, `${small} reads with 5 folders, ${large} with 50`);
});

test('an index.md with list_pages lists its folder from the section itself: groups in sidebar order, entries by title as the language sorts', () => {
  const glossary = [
    doc({ path: 'glossary/index', title: 'Glossar', fm: { list_pages: true }, headings: [heading(2, 'Betrieb')] }),
    doc({ path: 'glossary/about', title: 'Über dieses Glossar' }),
    doc({ path: 'glossary/infra/maintainance', title: 'Wartung', fm: { sidebar_label: 'A maintenance' } }),
    doc({ path: 'glossary/infra/monitoring', title: 'Überwachung (Monitoring)', fm: { sidebar_label: 'Monitoring' } }),
    doc({
      path: 'glossary/infra/on-premises-hosting',
      title: 'On-Premises-Hosting',
      fm: { sidebar_label: 'B on-premises' },
    }),
    doc({ path: 'glossary/infra/hidden', title: 'Aaa hidden', fm: { unlisted: true } }),
    doc({ path: 'glossary/ops/vm', title: 'Virtuelle Maschine (VM)' }),
    doc({ path: 'glossary/ops/cluster', title: 'Cluster' }),
  ];
  const groups = new Map([
    [
      'glossary/infra',
      category('glossary/infra', { label: 'Infrastruktur', position: 1, description: 'Server und Pflege.' }),
    ],
    ['glossary/ops', category('glossary/ops', { label: 'Betrieb', position: 2 })],
  ]);
  const build = (list: typeof glossary) =>
    pageAt(section({ section: 'glossary', docs: list, categories: groups }).pages, '/glossary/') as DocPage;
  const index = build(glossary);
  assert.deepEqual(index.listing, [
    { items: ['/glossary/about/'] },
    {
      heading: { id: 'infrastruktur', text: 'Infrastruktur' },
      description: 'Server und Pflege.',
      items: ['/glossary/infra/on-premises-hosting/', '/glossary/infra/monitoring/', '/glossary/infra/maintainance/'],
    },
    // The body has a heading "Betrieb" already: the group's id stays unique on the page.
    { heading: { id: 'betrieb-1', text: 'Betrieb' }, items: ['/glossary/ops/cluster/', '/glossary/ops/vm/'] },
  ]);
  assert.deepEqual(
    index.toc.map((i) => i.id),
    ['betrieb', 'infrastruktur', 'betrieb-1'],
    'the groups are in the table of contents',
  );
  assert.ok(index.deps.includes('content/de/glossary/ops/vm.md'), 'an edit of a listed page renders the index again');
  const added = build([...glossary, doc({ path: 'glossary/ops/kubernetes', title: 'Kubernetes' })]);
  assert.deepEqual(
    added.listing?.at(-1)?.items,
    ['/glossary/ops/cluster/', '/glossary/ops/kubernetes/', '/glossary/ops/vm/'],
    'a new term appears without editing the index',
  );
  const plain = pageAt(section().pages, '/docs/') as DocPage;
  assert.equal(plain.listing, undefined, 'without list_pages an index lists nothing');
});
