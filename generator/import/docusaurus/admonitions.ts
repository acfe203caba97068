// Docusaurus admonitions in this engine's form: `:::caution` is `:::warning`, the legacy title
// `:::tip Title` is `:::tip[Title]`. The keywords the engine knows are generator/markdown/plugins/admonitions.ts's.
import { ADMONITION_KINDS } from '../../markdown/plugins/admonitions.ts';

/** Docusaurus's aliases: `caution` today, `secondary`, `important` and `success` from version 1. */
const ALIASES: Record<string, (typeof ADMONITION_KINDS)[number]> = {
  caution: 'warning',
  secondary: 'note',
  important: 'info',
  success: 'tip',
};

// Any indentation: MDX has no indented code, and an admonition in a <TabItem> is often indented.
const OPENER = /^([ \t]*(?:>\s?)*)(:{3,})([A-Za-z][\w-]*)(.*)$/;

export interface AdmonitionRewrite {
  /** Offset of the keyword within the line, and the text that replaces keyword and rest. */
  from: number;
  text: string;
  /** Set when the keyword is not one the engine knows: kept, and the engine reports it. */
  unknown?: string;
}

/** The rewrite of one line that opens an admonition, or undefined when nothing changes. */
export function rewriteAdmonitionLine(line: string): AdmonitionRewrite | undefined {
  const m = OPENER.exec(line);
  if (!m) return undefined;
  const [, lead, colons, keyword, rest] = m;
  const from = lead.length + colons.length;
  const lower = keyword.toLowerCase();
  const kind = ALIASES[lower] ?? ((ADMONITION_KINDS as readonly string[]).includes(lower) ? lower : undefined);
  if (!kind) return { from, text: keyword + rest, unknown: keyword };
  const title = rest.trim();
  // `[Title]` and `{attributes}` are already the directive form; anything else is a legacy title.
  const label =
    !title || title.startsWith('[') || title.startsWith('{') ? rest : `[${title.replace(/([[\]\\])/g, '\\$1')}]`;
  const text = kind + label;
  return text === keyword + rest ? undefined : { from, text };
}
