// What a page's render read of the site graph, as the output store keeps it: a sidebar is read as
// its shape and the labels the page shows, so that a title edit changes what the pages that show
// the title read, and nothing that the others read.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recordingGraph, valueOfRead } from '../../../generator/render/recorded-reads.ts';
import type { SidebarItem, SiteGraph } from '../../../generator/types.ts';

function graphWith(sidebar: SidebarItem[]): SiteGraph {
  return {
    locales: ['en'],
    pages: {},
    notFound: {},
    documents: {},
    sidebars: { 'en:docs': sidebar },
    categoryLabels: {},
    versions: {},
    authors: {},
    tags: {},
    redirects: [],
    feeds: [],
    sectionTitles: {},
    links: {},
    titleUses: {},
    sidebarPlaces: {},
  };
}

const sidebar = (title: string): SidebarItem[] => [
  { type: 'link', label: 'Start', route: '/en/docs/' },
  {
    type: 'category',
    label: 'Guides',
    route: '/en/docs/guides/',
    collapsed: true,
    items: [
      { type: 'link', label: title, route: '/en/docs/guides/a/' },
      { type: 'link', label: 'Other', route: '/en/docs/guides/b/' },
    ],
  },
];

/** A page's render in small: the top level's labels, and the open category's first item. */
function render(graph: SiteGraph): string[] {
  const items = graph.sidebars['en:docs'];
  const shown = items.map((i) => i.label);
  const guides = items[1];
  if (guides.type === 'category') shown.push(guides.items[0].label);
  return shown;
}

test('a sidebar is read as its shape and the labels shown, each label at its place', () => {
  const { graph, reads } = recordingGraph(graphWith(sidebar('Install')));
  assert.deepEqual(render(graph), ['Start', 'Guides', 'Install']);
  const labels = [...reads].filter((r) => r.includes('\0label\0')).map((r) => r.split('\0').at(-1));
  assert.deepEqual(labels.sort(), ['0', '1', '1.0']);
  assert.ok(reads.has('sidebars:en:docs\0shape'));
  assert.ok(![...reads].some((r) => r.endsWith('\0label\x001.1')), 'a label not shown is not read');
  const item = graph.sidebars['en:docs'][1];
  assert.equal(item, graph.sidebars['en:docs'][1], 'an item read twice is one object');
});

test('a title edit changes the value of the label that shows it, not the shape or other labels', () => {
  const before = graphWith(sidebar('Install'));
  const after = graphWith(sidebar('Installation'));
  const value = (graph: SiteGraph, read: string) => valueOfRead(graph, read);
  assert.notEqual(value(before, 'sidebars:en:docs\0label\x001.0'), value(after, 'sidebars:en:docs\0label\x001.0'));
  assert.equal(value(after, 'sidebars:en:docs\0label\x001.0'), '"Installation"');
  assert.equal(value(before, 'sidebars:en:docs\0shape'), value(after, 'sidebars:en:docs\0shape'));
  assert.equal(value(before, 'sidebars:en:docs\0label\x001.1'), value(after, 'sidebars:en:docs\0label\x001.1'));
  const moved = graphWith([...sidebar('Install')].reverse());
  assert.notEqual(
    value(before, 'sidebars:en:docs\0shape'),
    value(moved, 'sidebars:en:docs\0shape'),
    'an order change is a shape change',
  );
});
