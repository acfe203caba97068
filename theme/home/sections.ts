// The home page is written in Markdown like every page (content/<locale>/index.md); its design
// comes from the shape of each `##` section, so writers change the copy without touching code:
//
//   text before the first `##`      -> intro
//   a section with a numbered list  -> steps (the engagement flow)
//   a section with a table          -> offer cards (name | what it covers | price)
//   a section with `###` parts      -> columns, one card per part
//   the first section with a list   -> feature cards; later ones -> checklists
//   the last section                -> call to action
//
// A section whose shape is none of these is shown as plain prose.

export type SectionKind = 'intro' | 'steps' | 'offers' | 'columns' | 'features' | 'checklist' | 'cta' | 'prose';

export interface HomeSection {
  kind: SectionKind;
  /** Id of the section's heading, for aria-labelledby. */
  headingId?: string;
  html: string;
}

export interface Offer {
  name: string;
  text: string;
  price: string;
}

export function splitSections(html: string): HomeSection[] {
  const parts = html.split(/(?=<h2[\s>])/);
  const sections: HomeSection[] = [];
  let seenList = false;
  parts.forEach((part, index) => {
    if (!part.trim()) return;
    if (!part.startsWith('<h2')) {
      sections.push({ kind: 'intro', html: part });
      return;
    }
    const headingId = /^<h2 id="([^"]+)"/.exec(part)?.[1];
    let kind: SectionKind = 'prose';
    if (/<ol[\s>]/.test(part)) kind = 'steps';
    else if (/<table[\s>]/.test(part) && offersOf(part)) kind = 'offers';
    else if (/<h3[\s>]/.test(part)) kind = 'columns';
    else if (/<ul[\s>]/.test(part)) kind = seenList ? 'checklist' : 'features';
    else if (index === parts.length - 1) kind = 'cta';
    if (kind === 'features' || kind === 'checklist') seenList = true;
    sections.push({ kind, headingId, html: leadsAsTitles(part) });
  });
  return sections;
}

/** List items written as `**Lead** – text` or `**Lead.** Text` get their lead as a title: no dash
 * or full stop after it, the text capitalised. */
function leadsAsTitles(html: string): string {
  return html.replace(/<li><strong>([\s\S]*?)(?:\.<\/strong>|<\/strong>\s*[–—-])\s*(\p{Ll})?/gu, (_, lead: string, first = '') => `<li><strong class="item-title">${lead}</strong> ${first.toUpperCase()}`);
}

/** The rows of a three-column table (name, what it covers, price), or undefined for any other table. */
export function offersOf(html: string): Offer[] | undefined {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1];
  if (!body) return undefined;
  const rows = [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1].trim()));
  if (rows.length === 0 || rows.some((cells) => cells.length !== 3)) return undefined;
  return rows.map(([name, text, price]) => ({ name, text, price }));
}

/** The hrefs of the links in a piece of HTML, in order. */
export function linksIn(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*?href="([^"#]*)[^"]*"/g)].map((m) => m[1]);
}

/** A section split at its table: what comes before and after it. */
export function aroundTable(html: string): [string, string] {
  const start = html.search(/<table[\s>]/);
  const end = html.indexOf('</table>') + '</table>'.length;
  return [html.slice(0, start), html.slice(end)];
}

/** A section split at its `###` headings: the lead-in, then one chunk per heading. */
export function columnsOf(html: string): [string, string[]] {
  const [lead, ...columns] = html.split(/(?=<h3[\s>])/);
  return [lead, columns];
}
