// Text put into a syntax as itself, never read as the syntax's own characters.

/** Text in HTML (or XML) that the generator writes as a string rather than through React: safe in
 * element content and in double-quoted attributes alike. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Text in a regular expression, matching itself: a key, a file name, a word of a content rule. */
export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
