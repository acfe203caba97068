// The characters XML 1.0 forbids in a document (its `Char` production): C0 controls other than tab,
// line feed and carriage return, U+FFFE and U+FFFF, and a surrogate without its pair. No escape
// carries them (`&#1;` is as forbidden as the byte), so a feed or sitemap holding one is rejected
// by every XML parser, and the text they came from is where they must be removed.

const FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first character of `text` that XML forbids, as `U+0001`, with its offset; undefined when none. */
export function forbiddenXmlCharacter(text: string): { codePoint: string; index: number } | undefined {
  const match = FORBIDDEN.exec(text);
  if (!match) return undefined;
  return { codePoint: `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`, index: match.index };
}

/** Why `text` cannot go into the site's feeds, in an editor's words; undefined when it can. */
export function xmlCharacterProblem(text: string): string | undefined {
  const found = forbiddenXmlCharacter(text);
  if (!found) return undefined;
  const kind = /^U\+D/.test(found.codePoint)
    ? 'half of a surrogate pair'
    : /^U\+FFF/.test(found.codePoint)
      ? 'a noncharacter'
      : 'an invisible control character';
  const before = text.slice(Math.max(0, found.index - 20), found.index);
  return `holds ${found.codePoint} (${kind}) ${before ? `after "${before}"` : 'at its start'}, which XML forbids: the feeds could not be read with it; delete that character (an editor may show it as nothing or as a box)`;
}
