// Another company on the same engine and theme (tests/fixtures/acme/: one locale, a docs section,
// no contact page, its own palette, font, logo and art, its own footer): nothing of Almwerk's
// look or name reaches its build, social cards included, and its footer is the one rendered.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { design as almwerk } from '../../../config/design.ts';
import { type BuildResult, runBuild } from '../../../generator/build/build.ts';
import { fixtureCopy } from '../../helpers.ts';

let root: string;
let dispose: () => Promise<void>;
let result: BuildResult;
let out: string;

before(async () => {
  ({ root, dispose } = await fixtureCopy('acme'));
  result = await runBuild({ root, mode: 'build' });
  out = path.join(root, 'build');
});
after(() => dispose());

/** Every file of the build but the precompressed twins, by path relative to it. */
function outputFiles(dir = out, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return outputFiles(path.join(dir, entry.name), `${rel}/`);
    return /\.(br|gz)$/.test(entry.name) ? [] : [rel];
  });
}

const TEXT = /\.(html|css|js|json|xml|txt|md|svg|conf)$|(^|\/)_(headers|redirects)$/;
const hexColours = (values: string[]) =>
  [...new Set(values.filter((v) => /^#[0-9a-f]{6}$/i.test(v)).map((v) => v.toLowerCase()))].filter(
    (v) => v !== '#ffffff',
  );
/** Almwerk's colours as the config sets them, both modes and the cards. */
const ALMWERK_COLOURS = hexColours([
  ...Object.values(almwerk.palette.dark),
  ...Object.values(almwerk.palette.light),
  ...Object.values(almwerk.socialCard),
]);
/** The start of the innermost contour ring the built-in theme draws for `heroArt: 'contours'`. */
const CONTOUR_RING = 'M455.7 250.0L';

test('the site builds without a problem', () => {
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  assert.deepEqual(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  assert.ok(ALMWERK_COLOURS.length > 30, `${ALMWERK_COLOURS.length} colours of Almwerk to look for`);
});

test("no output file carries Almwerk's name, colours, fonts or contour art", () => {
  const files = outputFiles();
  assert.ok(files.filter((f) => TEXT.test(f)).length > 15, `${files.length} files`);
  const found: string[] = [];
  for (const file of files) {
    if (/plex/i.test(file)) found.push(`${file}: an IBM Plex file`);
    if (!TEXT.test(file)) continue;
    const text = readFileSync(path.join(out, file), 'utf8');
    const lower = text.toLowerCase();
    if (lower.includes('almwerk')) found.push(`${file}: the name Almwerk`);
    if (lower.includes('plex')) found.push(`${file}: IBM Plex`);
    for (const colour of ALMWERK_COLOURS) if (lower.includes(colour)) found.push(`${file}: ${colour}`);
    if (text.includes(CONTOUR_RING) || text.includes('class="contours"')) found.push(`${file}: the contour art`);
  }
  assert.deepEqual(found, []);
});

test("the pages are set in the site's own font and palette", () => {
  const css = outputFiles().filter((f) => /^assets\/site\.\w+\.css$/.test(f));
  assert.equal(css.length, 1);
  const text = readFileSync(path.join(out, css[0]), 'utf8');
  assert.match(text, /--font-sans:"Inter",system-ui,sans-serif/);
  assert.match(text, /\[data-theme=dark\]\{--bg:#1b1030;[^}]*--accent:#ff7a1a/);
  const home = readFileSync(path.join(out, 'index.html'), 'utf8');
  assert.match(home, /<link rel="preload" href="\/assets\/inter-latin-600-normal\.\w+\.woff2" as="font"/);
  assert.match(home, /<img class="hero-art" src="\/img\/gears\.svg"/, "the hero shows the site's own art");
});

test("every page renders the site's own footer in place of the theme's, and the rest of the theme as it is", () => {
  const pages = outputFiles().filter((f) => f.endsWith('.html'));
  assert.ok(pages.length >= 4, pages.join(', '));
  for (const page of pages) {
    const html = readFileSync(path.join(out, page), 'utf8');
    assert.match(
      html,
      /<footer class="footer acme-footer" data-component="acme-footer"><p>Acme Tools Inc\. · Tools that last a lifetime<\/p><\/footer>/,
      page,
    );
    assert.doesNotMatch(html, /class="footer-inner"/, page);
    assert.match(html, /<header class="navbar">/, `${page}: the theme's navbar`);
    assert.doesNotMatch(html, /language-menu/, `${page}: a site in one language offers no language menu`);
    // A docs-only site without a contact page links none.
    assert.doesNotMatch(html, /href="\/contact\/"/, page);
  }
});

/** Texts of the marketing vocabulary: the no-results hint that offers help, and the claims, buttons
 * and labels of Almwerk's home page and navbar. */
const MARKETING_TEXTS = [
  'glad to help',
  'helfen gern',
  'Ask us directly',
  'ISO 27001',
  'green electricity',
  'Book an appointment',
  'Termin vereinbaren',
];

test('a docs-only site without marketing options writes none of the marketing vocabulary', () => {
  const found: string[] = [];
  for (const file of outputFiles().filter((f) => TEXT.test(f))) {
    const text = readFileSync(path.join(out, file), 'utf8');
    for (const words of MARKETING_TEXTS) if (text.includes(words)) found.push(`${file}: "${words}"`);
    if (!file.endsWith('.html')) continue;
    // The theme's marketing parts: a trust strip, the navbar's button.
    for (const part of ['class="trust-strip"', 'navbar-cta']) if (text.includes(part)) found.push(`${file}: ${part}`);
  }
  assert.deepEqual(found, []);
  const home = readFileSync(path.join(out, 'index.html'), 'utf8');
  assert.match(home, /<section class="hero"/);
  assert.doesNotMatch(home, /class="cta-actions"/, 'the hero has no buttons');
});

/** Euclidean distance of an RGB pixel from a colour. */
const distance = (data: Buffer, i: number, colour: string) =>
  Math.hypot(...[0, 1, 2].map((c) => data[i + c] - parseInt(colour.slice(1 + 2 * c, 3 + 2 * c), 16)));

test("the social cards are drawn in the site's colours, with none of Almwerk's", async () => {
  const cards = outputFiles().filter((f) => f.endsWith('social.jpg'));
  assert.equal(cards.length, 3, cards.join(', '));
  const card = almwerk.socialCard;
  for (const file of cards) {
    const { data, info } = await sharp(path.join(out, file)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([info.width, info.height], [1200, 630]);
    assert.ok(distance(data, 0, '#1b1030') < 8, `${file}: the corner is Acme's background`);
    let acmeAccent = 0;
    let almwerkBackground = 0;
    let almwerkAccent = 0;
    for (let i = 0; i < data.length; i += 3) {
      if (distance(data, i, '#ff7a1a') < 24) acmeAccent++;
      if (distance(data, i, card.background) < 12) almwerkBackground++;
      if (distance(data, i, card.accent) < 24) almwerkAccent++;
    }
    assert.ok(acmeAccent > 500, `${file}: ${acmeAccent} pixels in Acme's accent (section name, rule, art)`);
    // Almwerk's background fills most of its cards; here only JPEG's ringing at a few dark edges
    // comes near it. No blend of Acme's colours comes near Almwerk's green.
    assert.ok(almwerkBackground < 200, `${file}: ${almwerkBackground} pixels in Almwerk's card background`);
    assert.equal(almwerkAccent, 0, `${file}: pixels in Almwerk's accent`);
  }
});

test('hero art the theme does not draw is an error at its line, with the closest name the theme declares', async () => {
  const { root: copy, dispose: drop } = await fixtureCopy('acme');
  try {
    const file = path.join(copy, 'config', 'site.config.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace("heroArt: '/img/gears.svg'", "heroArt: 'contour'"));
    const checked = await runBuild({ root: copy, mode: 'check' });
    assert.equal(checked.ok, false);
    const problem = checked.diagnostics.find((d) => d.message.startsWith('design.heroArt'));
    assert.ok(problem, JSON.stringify(checked.diagnostics));
    assert.equal(problem.message, 'design.heroArt: the theme draws no art named contour; did you mean "contours"?');
    assert.deepEqual(
      [problem.file, problem.line],
      [
        'config/site.config.ts',
        readFileSync(file, 'utf8')
          .split('\n')
          .findIndex((l) => l.includes('heroArt:')) + 1,
      ],
    );
  } finally {
    await drop();
  }
});

test('a palette token the theme does not read is an error at its line, with the closest token', async () => {
  const { root: copy, dispose: drop } = await fixtureCopy('acme');
  try {
    const file = path.join(copy, 'config', 'site.config.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace("accent: '#b34700'", "acent: '#b34700'"));
    const checked = await runBuild({ root: copy, mode: 'check' });
    assert.equal(checked.ok, false);
    const problem = checked.diagnostics.find((d) => d.message.startsWith('design.palette.light.acent'));
    assert.ok(problem, JSON.stringify(checked.diagnostics));
    assert.equal(
      problem.message,
      'design.palette.light.acent: the theme has no colour token acent; did you mean "accent"?',
    );
    assert.equal(problem.file, 'config/site.config.ts');
    assert.equal(
      problem.line,
      readFileSync(file, 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('acent:')) + 1,
    );
  } finally {
    await drop();
  }
});
