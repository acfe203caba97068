// Tables that fit the room they have (theme/styles/markdown.css). Each table sits in a container a
// keyboard can reach (focusable and named, so a screen reader says what it is) that scrolls where
// the table is still wider than the screen, with a shadow at the edge where more columns wait.
//
// A table of three columns or more becomes stacked rows on a phone: each row a block, each cell
// under its column's header, which every cell carries as `data-label` (the header row itself stays
// in the HTML, hidden but read). A table of four columns or more is wide: on a desktop it takes the
// whole width of the content column, not the reading measure of the prose, and its page shows the
// table of contents folded above the text rather than in a side column (hasWideTable), so that
// the table has that column's room too.
//
// The tables are read as the engine's serializer writes them: `<table>`, `<thead>`, `<tr>`, `<th>`
// and `<td>`, the cells with at most an `align` or `style` attribute.
import { escapeHtml } from '../../common/escape.ts';

const TABLE = /<table[\s>][\s\S]*?<\/table>/g;
const HEADER_CELL = /<th(?:\s[^>]*)?>([\s\S]*?)<\/th>/g;
const ROW = /<tr(?:\s[^>]*)?>[\s\S]*?<\/tr>/g;
const DATA_CELL = /<td(?=[\s>])/g;

/** A table is stacked on a phone from this many columns on. */
const STACKED = 3;
/** A table is wide from this many columns on. */
const WIDE = 4;

/** The text of a header cell, for an attribute: its tags left out, its entities kept as written. */
const labelOf = (cellHtml: string) =>
  cellHtml
    .replace(/<[^>]*>/g, '')
    .replace(/"/g, '&quot;')
    .replace(/\s+/g, ' ')
    .trim();

function headersOf(table: string): string[] {
  const head = /<thead[\s>][\s\S]*?<\/thead>/.exec(table)?.[0] ?? '';
  return [...head.matchAll(HEADER_CELL)].map((match) => labelOf(match[1]));
}

/** Each data cell with the header of its column as `data-label`. */
function labelled(table: string, headers: string[]): string {
  return table.replace(ROW, (row) => {
    let column = 0;
    return row.replace(DATA_CELL, (cell) => {
      const label = headers[column++];
      return label ? `${cell} data-label="${label}"` : cell;
    });
  });
}

export function scrollableTables(html: string, label: string): string {
  return html.replace(TABLE, (table) => {
    const headers = headersOf(table);
    const classes = ['table-scroll'];
    if (headers.length >= STACKED) classes.push('table-stack');
    if (headers.length >= WIDE) classes.push('table-wide');
    const laidOut = headers.length >= STACKED ? labelled(table, headers) : table;
    return `<div class="${classes.join(' ')}" role="region" tabindex="0" aria-label="${escapeHtml(label)}">${laidOut}</div>`;
  });
}

/** Whether the body holds a wide table, which takes the room of the table of contents' side column. */
export function hasWideTable(html: string): boolean {
  for (const [table] of html.matchAll(TABLE)) if (headersOf(table).length >= WIDE) return true;
  return false;
}
