// What the importer could not carry over, one line per item as `path:line:col  message  [rule]`,
// the same form `site check` prints. Items kept in a written file point into that file; items left
// out point at the Docusaurus file that still holds them.

export interface ReportItem {
  /** The written file (relative to the target folder) or the Docusaurus file (prefixed with its folder). */
  file: string;
  line: number;
  column: number;
  message: string;
  rule: string;
  /** Set when `file` is a written file, relative to the target folder. */
  written?: boolean;
}

export function formatReportItem(item: ReportItem): string {
  return `${item.file}:${item.line}:${item.column}  ${item.message}  [${item.rule}]`;
}

/** 1-based line and column of an offset in a text. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Items in a stable order: by file, then position. */
export function sortReport(items: ReportItem[]): ReportItem[] {
  return [...items].sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column,
  );
}

/** `3 items not carried over: 1 mdx-import, 2 mdx-jsx` */
export function summarize(items: ReportItem[]): string {
  if (!items.length) return 'Everything was carried over.';
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.rule, (counts.get(item.rule) ?? 0) + 1);
  const parts = [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([rule, n]) => `${n} ${rule}`);
  return `${items.length} item${items.length === 1 ? '' : 's'} to look at: ${parts.join(', ')}.`;
}
