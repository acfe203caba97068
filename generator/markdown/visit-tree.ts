// A walk over a unist tree (mdast, hast) for the site's own Markdown plugins, called as
// unist-util-visit is and answering its visitors' results alike: SKIP, EXIT, an index to go on
// at. unist-util-visit names a new closure after every node it visits (Object.defineProperty,
// for readable stack traces) and copies the list of ancestors at every level; over the dozen
// walks a page gets, that was about a tenth of turning the site's Markdown into HTML. This walk
// allocates nothing per node. Only a node type is taken as a test: it is all the plugins ask.
import type { Node, Parent } from 'unist';
import { type BuildVisitor, CONTINUE, EXIT, SKIP } from 'unist-util-visit';

export { CONTINUE, EXIT, SKIP };

type AnyVisitor = (node: Node, index: number | undefined, parent: Parent | undefined) => unknown;

/** Calls `visitor` on every node of `tree` of the given type (every node without one), parents
 * before their children, in order. */
export function visit<Tree extends Node, Type extends string>(
  tree: Tree,
  type: Type,
  visitor: BuildVisitor<Tree, Type>,
): undefined;
export function visit<Tree extends Node>(tree: Tree, visitor: BuildVisitor<Tree>): undefined;
export function visit(tree: Node, typeOrVisitor: string | AnyVisitor, maybeVisitor?: AnyVisitor): undefined {
  const [type, visitor] =
    typeof typeOrVisitor === 'string' ? [typeOrVisitor, maybeVisitor!] : [undefined, typeOrVisitor];
  walk(tree, undefined, undefined, type, visitor);
  return undefined;
}

/** Visits `node` and what is under it. Gives false when the walk is to stop, or the index at which
 * the parent goes on (undefined: the next child). */
function walk(
  node: Node,
  index: number | undefined,
  parent: Parent | undefined,
  type: string | undefined,
  visitor: AnyVisitor,
): false | number | undefined {
  let action: unknown = CONTINUE;
  let next: number | undefined;
  if (type === undefined || node.type === type) {
    const result = visitor(node, index, parent);
    if (Array.isArray(result)) {
      action = result[0];
      if (typeof result[1] === 'number') next = result[1];
    } else if (typeof result === 'number') next = result;
    else if (result !== undefined && result !== null) action = result;
    if (action === EXIT) return false;
  }
  if (action === SKIP) return next;
  // The children are read again at every step: a visitor may remove or insert some and say where
  // to go on.
  const self = node as Partial<Parent>;
  for (let i = 0; self.children && i > -1 && i < self.children.length; ) {
    const after = walk(self.children[i], i, node as Parent, type, visitor);
    if (after === false) return false;
    i = after ?? i + 1;
  }
  return next;
}
