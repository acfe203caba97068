// Text put into HTML that the generator writes as a string rather than through React: safe in
// element content and in double-quoted attributes alike.
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
