// Wide tables on a phone: each table sits in a scroll container that a keyboard can reach (it is
// focusable and named, so a screen reader says what it is) and that shows a shadow at the edge
// where more columns wait (theme/styles/markdown.css).
import { escapeHtml } from '../../common/escape.ts';

export function scrollableTables(html: string, label: string): string {
  return html.replace(
    /<table[\s>][\s\S]*?<\/table>/g,
    (table) => `<div class="table-scroll" role="region" tabindex="0" aria-label="${escapeHtml(label)}">${table}</div>`,
  );
}
