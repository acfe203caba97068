// The site's own tree walk (generator/markdown/visit-tree.ts) stands in for unist-util-visit in the Markdown
// plugins: on real pages it must reach the same nodes in the same order, with the same index and
// parent, and obey what a visitor answers (SKIP, EXIT, an index to go on at) as the library does.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Node, Parent } from 'unist';
import * as library from 'unist-util-visit';
import * as ours from '../../../generator/markdown/visit-tree.ts';
import { REPO } from '../../helpers.ts';

type Walk = typeof ours;
const walks: [string, Walk][] = [
  ['unist-util-visit', library as unknown as Walk],
  ['visit-tree', ours],
];

/** The Markdown trees of the site's English pages. */
function trees(): Node[] {
  const dir = path.join(REPO, 'content', 'en');
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => fromMarkdown(readFileSync(path.join(e.parentPath, e.name), 'utf8')));
}

/** What a walk saw: each node's type, index and parent's type. */
function trace(walk: Walk, tree: Node, type?: string): string[] {
  const seen: string[] = [];
  const note = (node: Node, index: number | undefined, parent: Parent | undefined) =>
    void seen.push(`${node.type}@${index}<${parent?.type}`);
  if (type) walk.visit(tree, type, note as never);
  else walk.visit(tree, note as never);
  return seen;
}

test('on the site pages, the walk reaches the nodes unist-util-visit reaches, in its order, with the same index and parent', () => {
  const all = trees();
  assert.ok(all.length > 50, `${all.length} pages`);
  for (const tree of all) {
    assert.deepEqual(trace(ours, tree), trace(library as unknown as Walk, tree));
    assert.deepEqual(trace(ours, tree, 'text'), trace(library as unknown as Walk, tree, 'text'));
  }
});

test('SKIP leaves a node’s children out, EXIT ends the walk, a returned index is where the parent goes on', () => {
  const make = () => fromMarkdown('# Title\n\nOne *two* three.\n\n- a\n- b\n\nLast **bold** paragraph.\n');
  const removals: string[][] = [];
  for (const [name, walk] of walks) {
    const skipped: string[] = [];
    walk.visit(make(), (node) => {
      skipped.push(node.type);
      return node.type === 'list' ? walk.SKIP : undefined;
    });
    assert.ok(skipped.includes('list') && !skipped.includes('listItem'), `${name}: ${skipped.join(' ')}`);

    const exited: string[] = [];
    walk.visit(make(), (node) => {
      exited.push(node.type);
      return node.type === 'emphasis' ? walk.EXIT : undefined;
    });
    assert.equal(exited.at(-1), 'emphasis', name);
    assert.ok(!exited.includes('list'), name);

    // A visitor removes the paragraphs of the root and says to go on at the same index.
    const tree = make() as Parent;
    const visited: string[] = [];
    walk.visit(tree, (node, index, parent) => {
      visited.push(node.type);
      if (node.type === 'paragraph' && parent?.type === 'root' && index !== undefined) {
        parent.children.splice(index, 1);
        return index;
      }
      return undefined;
    });
    assert.deepEqual(
      tree.children.map((c) => c.type),
      ['heading', 'list'],
      name,
    );
    // The heading, the list and its items are each reached once.
    assert.deepEqual(
      visited.filter((t) => ['heading', 'list', 'listItem'].includes(t)),
      ['heading', 'list', 'listItem', 'listItem'],
      name,
    );
    removals.push(visited);
  }
  // What is under a removed node is walked as the library walks it.
  assert.deepEqual(removals[1], removals[0]);
  // And both walks agree on all three, node by node.
  const runs = walks.map(([, walk]) => {
    const seen: string[] = [];
    walk.visit(make(), (node, index) => {
      seen.push(`${node.type}@${index}`);
      return node.type === 'list' ? walk.SKIP : node.type === 'strong' ? walk.EXIT : undefined;
    });
    return seen;
  });
  assert.deepEqual(runs[1], runs[0]);
});
