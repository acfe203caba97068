// Rules about the text an editor wrote rather than its syntax, checked on the Markdown tree (text
// in code is left alone). The engine changes none of it: each finding is reported with its place,
// and the editor decides.
//
// - `duplicate-title`: a `# ` heading inside the body. The page's title is its one level-one heading
//   (docs/content.md); the leading `# ` is reported by the parse stage, every later one here.
// - `number-unit`: an ordinary space between a number and its unit (`480 €`, `99,9 %`, `16 GB`), where
//   a line may break and leave the unit alone at the start of the next line. The fix is a no-break
//   space, which the editor types: the engine does not swap characters behind an editor's back.
// - `placeholder`: `TODO` or a sentence `site new` wrote, or a part of one left in a sentence an
//   editor otherwise rewrote, in a page that is no draft.
import type { Heading, Root, Text } from 'mdast';
import type { VFile } from 'vfile';
import { escapeRegExp } from '../../../common/escape.ts';
import { ENGINE_MESSAGES } from '../../../common/messages.ts';
import { diagnosis, type MarkdownProblem } from '../../diagnostics/diagnostic-rules.ts';
import { visit } from '../visit-tree.ts';

export interface ContentRuleOptions {
  /** The texts `site new` writes as placeholders, in every language. */
  placeholders: readonly string[];
}

/** Units that follow a number: currencies, per cent, data sizes and rates, times, temperatures, energy. */
const UNITS = [
  '€',
  'EUR',
  'CHF',
  'USD',
  '%',
  '‰',
  'KB',
  'kB',
  'MB',
  'GB',
  'TB',
  'PB',
  'KiB',
  'MiB',
  'GiB',
  'TiB',
  'Mbit/s',
  'Gbit/s',
  'MB/s',
  'GB/s',
  'ms',
  's',
  'min',
  'h',
  '°C',
  'W',
  'kW',
  'kWh',
  'MHz',
  'GHz',
];
/** A number (`480`, `1.200`, `99,9`) and then ordinary spaces or a line end before a unit that ends there. */
export const NUMBER_UNIT = new RegExp(
  `(?<![\\p{L}\\p{N}.,])(\\d+(?:[.,]\\d+)*)([ \\t]+|[ \\t]*\\n[ \\t]*)(${UNITS.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
  'gu',
);

/** Each number followed by its unit across an ordinary space, with the offset of the number. */
export function numberUnitGaps(text: string): { index: number; written: string; fixed: string }[] {
  // Most texts of a page have no digit, and the pattern needs one: not run on those.
  if (!/\d/.test(text)) return [];
  return [...text.matchAll(NUMBER_UNIT)].map((m) => ({
    index: m.index,
    written: m[0].replace(/\s+/, ' '),
    fixed: `${m[1]}\u00a0${m[3]}`,
  }));
}

/** A placeholder found in a text: where, what of it is there, and the whole placeholder when only a
 * part of it is (an editor rewrote the rest). */
export interface FoundPlaceholder {
  index: number;
  text: string;
  of?: string;
}

/** The parts of a placeholder an editor may leave when rewriting the rest of it: its clauses (cut
 * at `:`, `;`, `,` and `.`) of four words or more and 20 characters or more, long enough to be
 * nobody's own words ("Write the introduction here", "Heading of the first section"). */
function placeholderParts(placeholder: string): string[] {
  return placeholder
    .split(/[:;,.]/)
    .map((part) => part.trim())
    .filter((part) => part !== 'TODO' && part.length >= 20 && part.split(/\s+/).length >= 4);
}

type PartPattern = { of: string; pattern: RegExp };

/** The parts of each placeholder with their patterns, made once per list of placeholders: a parse
 * checks every text of every page against the same list. By the list, and by its words, as each
 * document comes to a parse worker with a copy of its own. */
const patternsByList = new WeakMap<readonly string[], PartPattern[]>();
const patternsByWords = new Map<string, PartPattern[]>();

function patternsOf(placeholders: readonly string[]): PartPattern[] {
  let patterns = patternsByList.get(placeholders);
  if (patterns) return patterns;
  const words = placeholders.join('\0');
  patterns = patternsByWords.get(words);
  if (!patterns) {
    patterns = placeholders.flatMap((p) =>
      placeholderParts(p).map((part) => ({
        of: p,
        pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(part)}(?![\\p{L}\\p{N}])`, 'giu'),
      })),
    );
    patternsByWords.set(words, patterns);
  }
  patternsByList.set(placeholders, patterns);
  return patterns;
}

/** The placeholders in a text: `TODO` as a word, any sentence `site new` wrote, and a part of one
 * left in a sentence otherwise rewritten. */
export function placeholdersIn(text: string, placeholders: readonly string[]): FoundPlaceholder[] {
  const found: FoundPlaceholder[] = [];
  if (text.includes('TODO')) for (const m of text.matchAll(/\bTODO\b/g)) found.push({ index: m.index, text: 'TODO' });
  const whole: [number, number][] = [];
  for (const p of placeholders) {
    const index = p ? text.indexOf(p) : -1;
    if (index === -1) continue;
    whole.push([index, index + p.length]);
    // One that starts with TODO is reported as that word.
    if (!/^TODO\b/.test(p)) found.push({ index, text: p });
  }
  for (const { of, pattern } of patternsOf(placeholders)) {
    // The shared pattern is run from the start of this text (not through matchAll, which would
    // copy it for every text).
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      const index = m.index;
      if (whole.some(([from, to]) => index >= from && index < to)) continue;
      if (found.some((f) => f.index === index)) continue;
      found.push({ index, text: m[0], of });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** Line and column of `index` in a text node's value, from the node's start (exact unless the
 * text before it on its line had escapes or entities). */
function positionIn(node: Text, index: number): { line: number; column: number } {
  const start = node.position?.start ?? { line: 1, column: 1 };
  const before = node.value.slice(0, index).split('\n');
  return before.length > 1
    ? { line: start.line + before.length - 1, column: before[before.length - 1].length + 1 }
    : { line: start.line, column: start.column + index };
}

/** Remark: runs after the leading `# Title` was handled (leading-title.ts), and reports into `problems`. */
export default function remarkContentRules(options: ContentRuleOptions = { placeholders: [] }) {
  return (tree: Root, file: VFile) => {
    const problems = (file.data as { problems?: MarkdownProblem[] }).problems;
    if (!problems) return;
    const leading = (file.data as { leadingTitle?: unknown }).leadingTitle !== undefined ? tree.children[0] : undefined;
    visit(tree, (node) => {
      if (node.type === 'heading' && (node as Heading).depth === 1 && node !== leading) {
        const start = node.position?.start ?? { line: 1, column: 1 };
        problems.push({ line: start.line, column: start.column, ...diagnosis('duplicate-title', 'body') });
        return;
      }
      if (node.type !== 'text') return;
      const text = node as Text;
      for (const gap of numberUnitGaps(text.value)) {
        problems.push({
          ...positionIn(text, gap.index),
          ...diagnosis('number-unit', 'body', { written: gap.written }),
        });
      }
      for (const found of placeholdersIn(text.value, options.placeholders)) {
        problems.push({
          ...positionIn(text, found.index),
          ...(found.of
            ? diagnosis('placeholder', 'part', { text: found.text, of: found.of })
            : diagnosis('placeholder', 'body', { text: found.text })),
        });
      }
    });
  };
}

/** The sentences `site new` writes (common/messages/, `scaffold`): the site's own for a locale, and
 * the engine's in every language, so a page copied from another locale's scaffold is caught too. */
export function scaffoldPlaceholders(messages: { scaffold: Record<string, string> }): string[] {
  const all = [messages.scaffold, ...Object.values(ENGINE_MESSAGES).map((m) => m.scaffold)];
  return [...new Set(all.flatMap((s) => [s.title, s.description, s.intro, s.section]))];
}
