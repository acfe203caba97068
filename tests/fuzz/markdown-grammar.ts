// Markdown as an editor of this site may write it, from a grammar of every construct the engine
// reads: paragraphs with inline marks, links, images and footnote references, headings with ids,
// lists and block quotes, GitHub alerts, fenced code with its meta and highlight comments, `:::`
// admonitions (closed or not, nested, with code showing `:::` inside), tabs, tables, footnote and
// link definitions, raw HTML (allowed, refused, left open, comments), `<!-- truncate -->`, and the
// mistakes each invites. Every word of text is the token WORD, numbered once the document is made
// (w1, w2, …), so a property can look for each in the page.
import fc from 'fast-check';

/** A word of text; `numberWords` makes each one unique. */
export const WORD = 'WORD';

type Lines = string[];

const word = fc.constant(WORD);
const words = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((w) => w.join(' '));

/** Text inside a line: words, marks, links, images, footnote references, inline HTML, odd characters. */
const inline: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: words(1, 4) },
  fc.constantFrom(`*${WORD}*`, `**${WORD}**`, `~~${WORD}~~`, `\`${WORD}\``, `_${WORD}_`),
  fc.constantFrom(
    `[${WORD}](/docs/x/)`,
    `[${WORD}](./other.md)`,
    `[${WORD}](https://example.org/a?b=c#d)`,
    `[${WORD}]()`,
    `[${WORD}](<>)`,
    `[${WORD}][r1]`,
    `[${WORD}]`,
    `![${WORD}](/img/a.png)`,
    '![](/img/b.png)',
    `![${WORD}](https://example.org/c.png "${WORD}")`,
  ),
  fc.constantFrom('[^n1]', '[^n2]', '[^my note]', '[^]'),
  fc.constantFrom(
    `<kbd>${WORD}</kbd>`,
    `<span style="color:red">${WORD}</span>`,
    `<font color="red">${WORD}</font>`,
    `<a name="a1">${WORD}</a>`,
    `<img src="/img/d.png">`,
    '<br>',
    `<abbr title="${WORD}">${WORD}</abbr>`,
    `<noscript>${WORD}</noscript>`,
    '<!-- note -->',
  ),
  fc.constantFrom('10:30', 'std::vector', 'a:hover{color:red}', '{ a: 1 }', '\\{', '&amp;', '&#x1F600;', '480 €'),
  fc.constantFrom('https://example.org/page', 'www.example.org', 'mail@example.org'),
  fc.constantFrom('\u00a0', '\t', '\u200b', '\u2028', '\uFFFD', '<', '>', '&', '"', "'", '\\', '|', '*', '_', '`'),
);

const line = fc.array(inline, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' '));

const paragraph: fc.Arbitrary<Lines> = fc.array(line, { minLength: 1, maxLength: 3 });

const heading: fc.Arbitrary<Lines> = fc
  .tuple(fc.integer({ min: 1, max: 6 }), line, fc.constantFrom('', ' {#same}', ' {#other-id}', ' {#}'))
  .map(([depth, text, id]) => [`${'#'.repeat(depth)} ${text}${id}`]);

const codeLines = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: words(1, 3) },
    fc.constantFrom(
      ':::',
      '::::',
      ':::tip',
      '```',
      '~~~',
      '// highlight-next-line',
      '// highlight-start',
      '// highlight-end',
      '# highlight-start',
      '<!-- truncate -->',
      '<noscript>',
      `<script>${WORD}</script>`,
      '',
      '    indented',
      '[^n1]: not a footnote',
    ),
  ),
  { maxLength: 6 },
);

const codeMeta = fc
  .array(
    fc.constantFrom(
      `title="${WORD}"`,
      `title='${WORD} ${WORD}'`,
      '{1,3-4}',
      '{2}',
      '{x}',
      '{9}',
      'showLineNumbers',
      'showLineNumbers=5',
      'live',
      'title=',
    ),
    { maxLength: 3 },
  )
  .map((m) => m.join(' '));

const fencedCode: fc.Arbitrary<Lines> = fc
  .tuple(
    fc.constantFrom('```', '````', '~~~'),
    fc.constantFrom('', 'js', 'sh', 'md', 'yaml', 'diff', 'mermaid', 'nonsense-lang'),
    codeMeta,
    codeLines,
    fc.boolean(),
  )
  .map(([fence, lang, meta, body, closed]) => [
    `${fence}${lang}${meta ? ` ${meta}` : ''}`,
    ...body,
    ...(closed ? [fence] : []),
  ]);

const table: fc.Arbitrary<Lines> = fc
  .tuple(fc.integer({ min: 1, max: 3 }), fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }))
  .map(([columns, rows]) => [
    `| ${Array(columns).fill(WORD).join(' | ')} |`,
    `| ${Array(columns).fill('---').join(' | ')} |`,
    ...rows.map((cells) => `| ${Array(cells).fill(WORD).join(' | ')} |`),
  ]);

const rawHtml: fc.Arbitrary<Lines> = fc.constantFrom(
  [`<div align="center">${WORD}</div>`],
  [`<div class="x">${WORD}</div>`],
  ['<details>', `<summary>${WORD}</summary>`, '', WORD, '', '</details>'],
  [`<p align="center">`, `  <b>${WORD}</b>`, '</p>'],
  [`<script>alert(1)</script>`],
  [`<style>p{}</style>`],
  [`<!-- ${WORD} -->`],
  ['<noscript>'],
  ['<plaintext>'],
  ['<xmp>'],
  ['<textarea>'],
  ['<title>'],
  ['<iframe src="https://example.org/">'],
  ['<div>'],
  ['</div>'],
  [`<table><tr><td>${WORD}</td></tr></table>`],
  ['<a name="a1"></a>'],
  [`<img src="/img/e.png" alt="${WORD}">`],
  ['<!DOCTYPE html>'],
  ['<custom-card>'],
  [`<svg><text>${WORD}</text></svg>`],
);

const definition: fc.Arbitrary<Lines> = fc.constantFrom(
  [`[^n1]: ${WORD} ${WORD}`],
  [`[^n2]: ${WORD}`],
  [`[^my note]: ${WORD} ${WORD}`],
  ['[r1]: /docs/y/'],
  ['[r1]: /docs/z/ "Title"'],
  [`[${WORD}]: /docs/w/`],
  ['[::]:443'],
);

const single: fc.Arbitrary<Lines> = fc.constantFrom(
  ['---'],
  ['***'],
  ['<!-- truncate -->'],
  ['  <!-- truncate -->'],
  ['::include{file="./_part.md"}'],
  ['::unknown-leaf'],
  [`import x from './x'`],
  [`export const year = 2024`],
  [`{new Date().getFullYear()}`],
  ['TODO'],
);

const admonitionOpen = fc.constantFrom(
  'tip',
  'note',
  'info',
  'warning',
  'danger',
  'caution',
  'important',
  `tip[${WORD}]`,
  `note{title="${WORD}"}`,
  `tip[${WORD}]{#tip-id .wide}`,
  `warning ${WORD} ${WORD}`,
  'tip{foo="bar"}',
);

const prefix = (mark: string, block: Lines) => block.map((l) => (l ? `${mark}${l}` : mark.trimEnd()));

/** Blocks, nested up to a depth: containers hold other blocks. */
export const blocks: fc.Arbitrary<Lines[]> = fc.letrec<{ block: Lines; blocks: Lines[] }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: paragraph },
    { weight: 2, arbitrary: heading },
    { weight: 2, arbitrary: fencedCode },
    { weight: 1, arbitrary: table },
    { weight: 2, arbitrary: rawHtml },
    { weight: 1, arbitrary: definition },
    { weight: 1, arbitrary: single },
    {
      weight: 2,
      arbitrary: fc
        .tuple(admonitionOpen, tie('blocks'), fc.boolean(), fc.integer({ min: 3, max: 5 }))
        .map(([open, body, closed, colons]) => {
          const fence = ':'.repeat(colons);
          return [`${fence}${open}`, ...body.flatMap((b) => [...b, '']), ...(closed ? [fence] : [])];
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.array(fc.tuple(fc.constantFrom(`[${WORD}]`, '[npm]', '', `[${WORD}]{value="v"}`), tie('blocks')), {
            maxLength: 3,
          }),
          fc.constantFrom('', '{group="pkg"}', '{#tabs-id}', '{bad="x"}'),
        )
        .map(([tabs, attributes]) => [
          `::::tabs${attributes}`,
          ...tabs.flatMap(([label, body]) => [`:::tab${label}`, ...body.flatMap((b) => [...b, '']), ':::']),
          '::::',
        ]),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('- ', '* ', '1. ', '- [ ] ', '- [x] '), tie('blocks'))
        .map(([marker, body]) => {
          const lines = body.flatMap((b) => [...b, '']);
          const indent = ' '.repeat(marker.replace(/\[.\] $/, '').length);
          return lines.length ? [`${marker}${lines[0]}`, ...prefix(indent, lines.slice(1))] : [marker.trimEnd()];
        }),
    },
    {
      weight: 1,
      arbitrary: tie('blocks').map((body) =>
        prefix(
          '> ',
          body.flatMap((b) => [...b, '']),
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION', 'note'), paragraph)
        .map(([kind, body]) => prefix('> ', [`[!${kind}]`, ...body])),
    },
  ),
  blocks: fc.array(tie('block'), { maxLength: 4 }),
})).blocks;

/** A body: blocks with a blank line between them, or none (a block may then run into the next). */
export const markdownBody: fc.Arbitrary<string> = fc
  .tuple(blocks, fc.boolean(), fc.constantFrom('\n', '\r\n'))
  .map(([parts, loose, eol]) =>
    numberWords(parts.map((b) => b.join('\n')).join(loose ? '\n\n' : '\n')).replace(/\n/g, eol),
  );

/** WORD, WORD, … into w1, w2, …: each word of the text once. */
export function numberWords(text: string): string {
  let n = 0;
  return text.replace(new RegExp(WORD, 'g'), () => `w${++n}`);
}
