// Kept apart from dom.ts so that only the scripts that use it carry it (the page's first load has a
// budget of bytes).
/** An element the theme's own markup always has inside `root`: missing, the markup and this
 * script are out of step, and the error names the selector. */
export function required<T extends Element = HTMLElement>(root: ParentNode, selector: string): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw Error(selector);
  return found;
}
