// How this theme lays out the `##` sections of its home page and landing pages: the engine gives
// each part of the body with its blocks' HTML and shape (BodySection in generator/types.ts), and
// the kind of each section comes from that shape, so writers change the copy without touching code:
//
//   text before the first `##`      -> intro
//   a section with a numbered list  -> steps (the engagement flow)
//   a section with a table          -> offers, one card per row (name | what it covers | price)
//   a section with `###` parts      -> columns, one card per part
//   the first section with a list   -> features; later ones -> checklist
//   the last section                -> cta (call to action)
//
// A section whose shape is none of these, the footnotes, and a body not split into sections are
// prose. In every section but the intro a list item written as `**Lead** – text` or `**Lead.** Text`
// has its lead as a title (no dash or full stop after it, the text capitalised), as
// `<strong class="item-title">`.
import type { BodySection, SectionBlock } from '../../generator/types.ts';

export type SectionKind = 'intro' | 'steps' | 'offers' | 'columns' | 'features' | 'checklist' | 'cta' | 'prose';

/** One section as the theme lays it out, its pieces as HTML. */
export type LaidOutSection =
  | {
      kind: Exclude<SectionKind, 'offers' | 'columns'>;
      /** Id of the section's heading (none for the intro), for aria-labelledby. */
      headingId?: string;
      html: string;
    }
  | {
      kind: 'offers';
      headingId?: string;
      /** The section around its table: the heading and lead-in before, anything after. */
      before: string;
      rows: OfferRow[];
      /** The table's header cells (name, text, price), empty where the table names no column:
       * every card carries them, so a value is never shown without the column it belongs to. */
      head: OfferHead;
      after: string;
    }
  | {
      kind: 'columns';
      headingId?: string;
      /** The heading and lead-in before the first `###`. */
      lead: string;
      /** One per `###` heading, up to the next. */
      columns: SectionColumn[];
    };

/** A row of a three-column table: the cells' HTML. */
export interface OfferRow {
  name: string;
  text: string;
  price: string;
  /** Targets of the links in the name cell, in order, without #fragment. */
  links: string[];
}

/** The HTML of the header cells of a three-column table, '' where a cell is empty. */
export interface OfferHead {
  name: string;
  text: string;
  price: string;
}

export interface SectionColumn {
  html: string;
  /** Targets of the links in the column, in order, without #fragment; in-page links left out. */
  links: string[];
}

/** A list item that starts with its bold lead, as the engine's serializer writes it: `<li>` and
 * `<strong>` without attributes, the lead's HTML, then the text up to the next tag. */
const LEAD = /<li><strong>((?:(?!<\/?strong[\s>]).)*?)<\/strong>([^<]*)/gs;

const capitalised = (text: string) => ` ${text.replace(/^\p{Ll}/u, (c) => c.toUpperCase())}`;

/** The list items' leads as titles. */
export function leadsAsTitles(html: string): string {
  return html.replace(LEAD, (item, lead: string, next: string) => {
    const stop = lead.endsWith('.');
    const dash = !stop && /^\s*[–—-]/.test(next);
    if (!stop && !dash) return item;
    const title = `<li><strong class="item-title">${stop ? lead.slice(0, -1) : lead}</strong>`;
    if (!next) return `${title} `;
    return title + capitalised(next.replace(stop ? /^\s*/ : /^\s*[–—-]\s*/, ''));
  });
}

const joined = (blocks: SectionBlock[]) => blocks.map((block) => leadsAsTitles(block.html)).join('');

/** The rows of the section's first table if it has three columns and stands in the section itself:
 * the table's index among the blocks and its rows. */
function offersOf(blocks: SectionBlock[]): { at: number; rows: OfferRow[]; head: OfferHead } | undefined {
  const at = blocks.findIndex((block) => block.contains.includes('table'));
  const rows = blocks[at]?.tag === 'table' ? blocks[at].rows : undefined;
  if (!rows || rows.length === 0 || rows.some((cells) => cells.length !== 3)) return undefined;
  const [name, text, price] = (blocks[at].head ?? []).map((cell) => cell.html);
  return {
    at,
    head: { name: name ?? '', text: text ?? '', price: price ?? '' },
    rows: rows.map(([name, text, price]) => ({
      name: leadsAsTitles(name.html),
      text: leadsAsTitles(text.html),
      price: leadsAsTitles(price.html),
      links: name.links,
    })),
  };
}

/** Each section's kind and pieces, in the body's order. */
export function layOut(sections: BodySection[]): LaidOutSection[] {
  const lastHeading = sections.findLastIndex((section) => section.part === 'section');
  let seenList = false;
  return sections.map((section, index): LaidOutSection => {
    const { blocks } = section;
    if (section.part !== 'section')
      return { kind: section.part === 'intro' ? 'intro' : 'prose', html: blocks.map((block) => block.html).join('') };
    const headingId = section.heading?.id;
    const holding = (tag: string) => blocks.some((block) => block.contains.includes(tag));
    if (holding('ol')) return { kind: 'steps', headingId, html: joined(blocks) };
    const offers = offersOf(blocks);
    if (offers)
      return {
        kind: 'offers',
        headingId,
        before: joined(blocks.slice(0, offers.at)),
        rows: offers.rows,
        head: offers.head,
        after: joined(blocks.slice(offers.at + 1)),
      };
    const starts = blocks.flatMap((block, i) => (block.tag === 'h3' ? [i] : []));
    if (starts.length) {
      const columns = starts.map((start, i) => blocks.slice(start, starts[i + 1]));
      return {
        kind: 'columns',
        headingId,
        lead: joined(blocks.slice(0, starts[0])),
        columns: columns.map((part) => ({ html: joined(part), links: part.flatMap((block) => block.links) })),
      };
    }
    let kind: SectionKind = 'prose';
    if (holding('ul')) {
      kind = seenList ? 'checklist' : 'features';
      seenList = true;
    } else if (index === lastHeading) kind = 'cta';
    return { kind, headingId, html: joined(blocks) };
  });
}
