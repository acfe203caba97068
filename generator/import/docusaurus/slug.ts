// Ids for authors and tags as the engine wants them: lower-case letters, digits and dashes.
export function slugId(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Words as lodash's `words` finds them (Docusaurus's tag URLs are lodash's `kebabCase` of the
 * label): `SQLite` is `SQ` and `Lite`, `Node.js` is `Node` and `js`, `CI2` is `CI` and `2`. */
const WORDS =
  /\p{Lu}?\p{Ll}+(?=[^\p{L}\p{N}]|\p{Lu}|\p{N}|$)|\p{Lu}+(?=[^\p{L}\p{N}]|\p{Lu}\p{Ll}|\p{N}|$)|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|\p{L}+/gu;

/** lodash's `kebabCase`, which Docusaurus makes tag and category URLs with. */
export function kebabCase(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['\u2019]/g, '');
  return (plain.match(WORDS) ?? []).map((w) => w.toLowerCase()).join('-');
}
