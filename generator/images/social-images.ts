// Social images: every page gets a 1200 x 630 JPEG for `og:image` and `twitter:image`, drawn at
// build time from one template (the brand's dark look: logo, section, title, contour lines) and
// written beside the page as `social.jpg`. A page whose front matter names a raster `image` uses
// that instead (social networks show no SVG, so a diagram in `image` does not replace the card).
//
// What all cards share (background, contour lines, logo, site name, host) is drawn and encoded once
// per thread that draws; a card lays out and draws only its title (and its section's name, once per
// section), blends them into a copy of the background's rows they cover, and only those rows are
// encoded by sharp and spliced between the background's coded rows (card-jpeg.ts): the same file as
// the whole card's encoding, at the cost of its text band. A build hands the cards
// in batches to the worker pool (worker-pool.ts), so both cores draw while the main thread renders
// pages; each card is drawn once however many pages show it. JPEG is what social networks show
// anyway, and encodes in a few milliseconds where a palette PNG took thirty.
//
// Cards are kept in the site's own .cache/social/, named by the hash of everything drawn on them
// and the hash of their bytes: an entry whose bytes no longer match (a truncated or empty file
// after a full disk) is drawn again, never published. As in the output store, an entry whose stamp
// (inode, size, modification time) is the one noted when its bytes were last hashed is not read again.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type SharpModule from 'sharp';
import { escapeHtml } from '../../common/escape.ts';
import { getOrAdd } from '../../common/get-or-add.ts';
import { SOCIAL_IMAGE_FILE, socialImageOf } from '../../common/social-image-path.ts';
import { cacheDirOf } from '../bundle/package-root.ts';
import type { SiteConfig } from '../config/config.ts';
import { localePrefix } from '../config/config.ts';
import { sfntFamily } from '../config/design-fonts.ts';
import { PUBLIC_DIR } from '../content/public-files.ts';
import { hashOf } from '../content-hash.ts';
import type { MessagesByLocale } from '../theming/messages.ts';
import type { SiteGraph } from '../types.ts';
import { inodeStampOf, settledStampOf } from '../write/file-stamp.ts';
import { inLanes } from '../write/in-lanes.ts';
import { writeWhole } from '../write/whole-file.ts';
import { type KeptFile, keptFileOf } from '../write/write.ts';
import { bandRows, clearOfEdges, type EncodedBackground, encodedBackground, MCU_ROWS, splice } from './card-jpeg.ts';
import { woffToSfnt } from './woff.ts';

export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;
/** Changes to the template below change this, so every cached card is drawn again. */
const TEMPLATE_VERSION = 'card-3';
/** Where the cards are kept, under the site's root. */
export const SOCIAL_CACHE_DIR = path.join('.cache', 'social');
/** The stamps of the cards found whole, in the card folder (CardStore). */
const STAMPS_FILE = 'stamps.json';

/** A card ready for the output: its bytes, its file in .cache/social/ when it is kept there (a
 * production build links that file rather than writing a copy), or both. A kept card whose stamp
 * shows it unchanged since its bytes were hashed is handed on as its file alone, not read. */
export type CardFile = CardBytes & { path: string };
type CardBytes = { contents: Uint8Array; kept?: KeptFile } | { contents?: undefined; kept: KeptFile };

/** A card's bytes, read from its file when it was handed on without them. */
export async function cardBytes(card: CardFile): Promise<Uint8Array> {
  return card.contents === undefined ? readFile(card.kept.path) : card.contents;
}

/** Where the look of the cards comes from: the site's config and its theme (build-steps.ts). */
export interface CardLook {
  colors: { background: string; text: string; muted: string; accent: string };
  /** The text face's WOFF/TrueType files, regular and semibold cut; none: the machine's sans-serif. */
  fonts: { regular: string[]; semibold: string[] };
  /** SVG markup drawn right of the text (the theme's `socialCardArt`, or the site's art file). */
  art: string;
}

/** The families fontconfig knows the look's cuts by: a WOFF file may name a cut as a family of its
 * own ("IBM Plex Sans SemiBold"), so a weight is found by that name, not by font-weight. */
export interface CardFonts {
  regular: string;
  semibold: string;
}
const PAD = 80;
const TEXT_WIDTH = SOCIAL_IMAGE_WIDTH - 2 * PAD;
/** The section's name: its line box's top (the SVG template had its baseline at 220). */
const EYEBROW = { top: 199, size: 28 };
/** The title: the largest of these sizes at which it fits its box, wrapped at words. */
const TITLE = { top: 250, maxHeight: 250, sizes: [64, 56, 48, 42] };
// Quality 85 at 4:2:0 without optimised Huffman tables: about 40 KB a card, 5 ms to encode (full
// chroma or optimised tables double that for a few KB).
const JPEG = { quality: 85, optimiseCoding: false } as const;

export interface SocialCard {
  /** Output path, relative to the output directory. */
  file: string;
  eyebrow: string;
  title: string;
}

/** What each generated card shows: the page's title under its section's name. Pure. */
export function socialCardsOf(config: SiteConfig, graph: SiteGraph, messages: MessagesByLocale): SocialCard[] {
  const cards: SocialCard[] = [];
  for (const page of Object.values(graph.pages)) {
    const image = socialImageOf(config, page);
    if (image !== `${page.route}${SOCIAL_IMAGE_FILE}`) continue;
    const prefix = localePrefix(config, page.locale);
    const sectionIndex = page.section ? graph.pages[`${prefix}/${page.section}/`] : undefined;
    const eyebrow = sectionIndex && sectionIndex !== page ? sectionIndex.title : messages[page.locale].meta.tagline;
    cards.push({ file: image.slice(1), eyebrow, title: page.title });
  }
  return cards;
}

export interface SocialImages {
  /** Public paths of every card, for the link check. */
  routes: string[];
  cards: SocialCard[];
}

/** The cards of the site and where they are served. */
export function socialImages(config: SiteConfig, graph: SiteGraph, messages: MessagesByLocale): SocialImages {
  const cards = socialCardsOf(config, graph, messages);
  return { routes: cards.map((c) => `/${c.file}`), cards };
}

/** What every card of a build is drawn from, sent once to each thread that draws. */
export interface CardTemplateInput {
  config: SiteConfig;
  look: CardLook;
  /** Prepared on the main thread (`prepareFonts`), which alone can point fontconfig at them. */
  fonts: CardFonts;
  logo?: Uint8Array;
}

/** Draws cards on other threads: each batch's bytes in the order of its cards. */
export type CardPainter = (
  key: string,
  template: CardTemplateInput,
  cards: SocialCard[],
  onBatch: (start: number, drawn: Uint8Array[]) => void,
) => Promise<void>;

/** Fewer cards than this to draw are drawn on the calling thread: a worker costs more to start. */
const MIN_PAINTER_CARDS = 16;

/** Kept cards read and handed on at once. */
const KEPT_IN_FLIGHT = 16;

/** Draws the cards that neither memory nor the site's .cache/social/ has, on `painter` when there
 * are enough of them, and hands each card's file to `onFile` as it is ready; the promise is caught
 * here, so a build that stops before it writes them leaves no unhandled rejection. `memory` keeps
 * the cards between the builds of one process (the dev server); a production build passes none,
 * so its memory holds a batch of cards at a time. */
export function drawSocialImages(
  root: string,
  config: SiteConfig,
  look: CardLook,
  cards: SocialCard[],
  options: {
    memory?: Map<string, Uint8Array>;
    painter?: CardPainter;
    onFile: (file: CardFile) => Promise<void> | void;
  },
): { done: Promise<void>; drawn: () => number } {
  let count = 0;
  const done = drawCards(root, config, look, cards, options, () => count++);
  done.catch(() => undefined);
  return { done, drawn: () => count };
}

async function drawCards(
  root: string,
  config: SiteConfig,
  look: CardLook,
  cards: SocialCard[],
  options: Parameters<typeof drawSocialImages>[4],
  onDrawn: () => void,
): Promise<void> {
  const { memory, painter, onFile } = options;
  const logoFile = path.join(root, PUBLIC_DIR, config.navbar.logo.src);
  // A missing logo is reported by the link check (the navbar shows it); the cards go without.
  const logo = existsSync(logoFile) ? readFileSync(logoFile) : undefined;
  const store = new CardStore(path.join(root, SOCIAL_CACHE_DIR));
  // The fonts by their bytes, not by where the engine is installed: a fresh clone with last run's
  // .cache/ restored (a CI job) draws no card again.
  const fontsOf = (files: string[]) => files.map((file) => hashOf(readFileSync(file)));
  const fonts = { regular: fontsOf(look.fonts.regular), semibold: fontsOf(look.fonts.semibold) };
  const base = hashOf(
    JSON.stringify([TEMPLATE_VERSION, config.title, config.url, logo ? hashOf(logo) : '', { ...look, fonts }]),
  );
  // Cards that show the same section and title are one card, drawn once.
  const byKey = new Map<string, SocialCard[]>();
  for (const card of cards) {
    const key = hashOf(JSON.stringify([base, card.eyebrow, card.title]));
    getOrAdd(byKey, key, () => []).push(card);
  }
  const writes: Promise<void>[] = [];
  const publish = (key: string, card: CardBytes) => {
    if (card.contents) memory?.set(key, card.contents);
    const written = Promise.all(
      getOrAdd(byKey, key, () => []).map((same) => onFile({ path: same.file, ...card })),
    ).then(() => undefined);
    // Awaited at the end; a drawing that fails first must not leave it unhandled.
    written.catch(() => undefined);
    return written;
  };
  const drawn = (key: string, contents: Uint8Array) => {
    onDrawn();
    const written = store.set(key, contents).then((kept) => publish(key, { contents, kept }));
    // Awaited at the end, like `publish`: a write that fails before then must not go unhandled.
    written.catch(() => undefined);
    writes.push(written);
  };
  const draw = async (todo: { key: string; card: SocialCard }[]) => {
    if (!todo.length) return;
    const template: CardTemplateInput = { config, look, fonts: prepareFonts(root, look), logo };
    if (painter && todo.length >= MIN_PAINTER_CARDS) {
      return painter(
        base,
        template,
        todo.map((m) => m.card),
        (start, batch) =>
          batch.forEach((contents, i) => {
            drawn(todo[start + i].key, contents);
          }),
      );
    }
    const drawer = cardDrawer(template);
    // sharp works on libuv's threads: a few cards in flight overlap text layout and encoding.
    await inLanes(todo, 4, async ({ key, card }) => drawn(key, await drawer(card)));
  };
  const kept: string[] = [];
  const missing: { key: string; card: SocialCard }[] = [];
  for (const [key, same] of byKey) {
    if (memory?.has(key) || store.has(key)) kept.push(key);
    else missing.push({ key, card: same[0] });
  }
  const drawing = draw(missing);
  // Awaited below; a kept card that cannot be written stops this first.
  drawing.catch(() => undefined);
  // Kept cards are read and published a few at a time while the others are drawn: at N = 5,000
  // all their bytes at once were 180 MB waiting for their files.
  const spoilt: { key: string; card: SocialCard }[] = [];
  await inLanes(kept, KEPT_IN_FLIGHT, async (key) => {
    const remembered = memory?.get(key);
    // A process that keeps cards in memory (the dev server) serves their bytes: it reads them.
    const found = remembered ? { contents: remembered } : await store.get(key, Boolean(memory));
    if (found) await publish(key, found);
    else spoilt.push({ key, card: getOrAdd(byKey, key, () => [])[0] });
  });
  await drawing;
  // A kept card whose bytes no longer match their hash (a full disk, a hand edit) is drawn again.
  await draw(spoilt);
  await Promise.all(writes);
  store.saveStamps();
}

/** Draws cards from one template: the shared background is drawn on the first call. Used on the
 * thread that asks and in the pool's workers (worker.ts). */
export function cardDrawer(input: CardTemplateInput): (card: SocialCard) => Promise<Uint8Array> {
  let template: Promise<Template> | undefined;
  return async (card) =>
    drawCard(
      await (template ??= drawTemplate(
        input,
        input.logo && Buffer.from(input.logo.buffer, input.logo.byteOffset, input.logo.byteLength),
      )),
      card,
    );
}

/** The cards in a folder, each file named `<key>.<hash of its bytes>.jpg`, and the stamps of those
 * whose bytes were found whole (`stamps.json`): a card whose stamp is unchanged is not read again,
 * as the output store trusts its entries (output-store.ts); any other is hashed. */
class CardStore {
  private readonly files = new Map<string, string>();
  private readonly stamps = new Map<string, string>();
  private stampsChanged = false;
  constructor(private readonly dir: string) {
    try {
      for (const name of readdirSync(dir)) {
        const m = /^([0-9a-f]{16})\.([0-9a-f]{16})\.jpg$/.exec(name);
        if (m) this.files.set(m[1], name);
      }
      const noted = JSON.parse(readFileSync(path.join(dir, STAMPS_FILE), 'utf8')) as Record<string, string>;
      for (const [name, stamp] of Object.entries(noted)) if (typeof stamp === 'string') this.stamps.set(name, stamp);
    } catch {
      // No folder yet, or no stamps: every card is drawn, or read and hashed.
    }
  }

  has(key: string): boolean {
    return this.files.has(key);
  }

  /** The card kept under `key`, if its bytes are still those that were written: its file, and its
   * bytes when `read` or when its stamp changed (they are hashed then). */
  async get(key: string, read: boolean): Promise<CardBytes | undefined> {
    const name = this.files.get(key);
    if (!name) return undefined;
    const file = path.join(this.dir, name);
    const hash = name.slice(17, 33);
    try {
      const before = await stat(file);
      const kept = keptFileOf(file, hash, before);
      if (!read && this.stamps.get(name) === inodeStampOf(before)) return { kept };
      const contents = await readFile(file);
      if (hashOf(contents) === hash) {
        const settled = settledStampOf(before);
        if (settled) this.stamp(name, settled);
        return { contents, kept };
      }
    } catch {
      // Unreadable: drawn again.
    }
    await rm(file, { force: true });
    this.files.delete(key);
    this.stamps.delete(name);
    this.stampsChanged = true;
    return undefined;
  }

  private made = false;

  /** Keeps a card, written on libuv's threads: creating files is what costs, not their bytes.
   * Gives its file, or nothing when it could not be written. */
  async set(key: string, bytes: Uint8Array): Promise<KeptFile | undefined> {
    const hash = hashOf(bytes);
    const name = `${key}.${hash}.jpg`;
    try {
      if (!this.made) mkdirSync(this.dir, { recursive: true });
      this.made = true;
      // A crash mid-write leaves no half entry under the name, and a new file is never one that
      // a build/ links to.
      const file = path.join(this.dir, name);
      await writeWhole(file, bytes);
      this.files.set(key, name);
      const written = await stat(file);
      // Stamped at once: the file was whole under a name of this process's own until the rename.
      this.stamp(name, inodeStampOf(written));
      return keptFileOf(file, hash, written);
    } catch {
      // A cache that cannot be written only costs the next build time.
      return undefined;
    }
  }

  private stamp(name: string, stamp: string) {
    if (this.stamps.get(name) === stamp) return;
    this.stamps.set(name, stamp);
    this.stampsChanged = true;
  }

  /** Writes the stamps of the cards the folder still has, if any changed. */
  saveStamps() {
    if (!this.stampsChanged) return;
    const names = new Set(this.files.values());
    const kept = Object.fromEntries([...this.stamps].filter(([name]) => names.has(name)));
    try {
      const tmp = path.join(this.dir, `${STAMPS_FILE}.tmp-${process.pid}-${threadId}`);
      writeFileSync(tmp, JSON.stringify(kept));
      renameSync(tmp, path.join(this.dir, STAMPS_FILE));
      this.stampsChanged = false;
    } catch {
      // Without stamps the next build hashes the cards it keeps: time, not a wrong card.
    }
  }
}

type Sharp = typeof SharpModule;

/** An image as raw pixels, as sharp reads them without decoding. */
interface Pixels {
  data: Buffer;
  raw: { width: number; height: number; channels: 1 | 3 };
}

/** What every card of a build shares: the background with everything but section and title, and
 * the section names drawn so far. */
interface Template {
  sharp: Sharp;
  look: CardLook;
  fonts: CardFonts;
  background: Pixels;
  /** The background as JPEG, read for splicing (card-jpeg.ts); undefined if it cannot be. */
  encoded?: EncodedBackground;
  eyebrows: Map<string, Promise<Pixels>>;
  /** Copies of the background whose card is encoded: a fresh 2 MB buffer a card costs more in
   * page faults than the copy itself. */
  spare: Buffer[];
}

async function drawTemplate(input: CardTemplateInput, logo: Buffer | undefined): Promise<Template> {
  const { config, look, fonts } = input;
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(background(config, look, fonts, logo)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: 3 as const };
  const encoded = encodedBackground(await sharp(data, { raw }).jpeg(JPEG).toBuffer());
  return { sharp, look, fonts, background: { data, raw }, encoded, eyebrows: new Map(), spare: [] };
}

/** One line or paragraph of text in the look's face, as a mask of its coverage (one byte a pixel). */
async function text(sharp: Sharp, markup: string, font: string, size: number): Promise<Pixels> {
  if (!markup.trim()) return { data: Buffer.alloc(0), raw: { width: 0, height: 0, channels: 1 } };
  // The cut is named in the markup too: Pango reads "SemiBold" in `font` as a weight of the
  // regular family, and fontconfig knows the cut only by its own family name.
  const { data, info } = await sharp({
    text: {
      text: `<span font_family="${font}">${markup}</span>`,
      font: `${font} ${size}`,
      width: TEXT_WIDTH,
      wrap: 'word',
    },
  })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: 1 } };
}

async function drawCard(template: Template, card: SocialCard): Promise<Uint8Array> {
  const { sharp, background, eyebrows, spare, look, fonts } = template;
  let eyebrow = eyebrows.get(card.eyebrow);
  if (!eyebrow) {
    eyebrow = text(sharp, escapeHtml(card.eyebrow), fonts.semibold, EYEBROW.size);
    // Awaited below, after the title: a failure must not count as unhandled meanwhile.
    eyebrow.catch(() => undefined);
    eyebrows.set(card.eyebrow, eyebrow);
  }
  const titleAt = (size: number) =>
    text(sharp, `<span letter_spacing="${-size * 10}">${escapeHtml(card.title)}</span>`, fonts.semibold, size);
  const [largest, ...smaller] = TITLE.sizes;
  let title = await titleAt(largest);
  for (const size of smaller) {
    if (title.raw.height <= TITLE.maxHeight) break;
    title = await titleAt(size);
  }
  // A title too long for the smallest size is cut at the box's foot rather than overlap the footer.
  if (title.raw.height > TITLE.maxHeight) {
    const cut = title.raw.width * TITLE.maxHeight;
    title = { data: title.data.subarray(0, cut), raw: { ...title.raw, height: TITLE.maxHeight } };
  }
  // Blended here rather than by sharp's composite, which works in floating point over the whole
  // card: three times the cost of encoding it.
  const eyebrowMask = await eyebrow;
  const masks = [
    { mask: eyebrowMask, color: look.colors.accent, top: EYEBROW.top },
    { mask: title, color: look.colors.text, top: TITLE.top },
  ].filter((m) => m.mask.raw.height > 0);
  const { width, height } = background.raw;
  // Only the rows with text are encoded, and spliced between the background's (card-jpeg.ts).
  const encodedBackground = template.encoded;
  const band =
    encodedBackground &&
    masks.length &&
    clearOfEdges(encodedBackground, PAD, PAD + Math.max(...masks.map((m) => m.mask.raw.width)))
      ? bandRows(
          encodedBackground,
          Math.min(...masks.map((m) => m.top)),
          Math.max(...masks.map((m) => m.top + m.mask.raw.height)),
        )
      : undefined;
  const first = band ? band.first * MCU_ROWS : 0;
  const rows = band ? Math.min((band.last + 1) * MCU_ROWS, height) - first : height;
  const size = width * rows * 3;
  const whole = spare.pop() ?? Buffer.allocUnsafe(background.data.length);
  const pixels = whole.subarray(0, size);
  background.data.copy(pixels, 0, first * width * 3, first * width * 3 + size);
  for (const { mask, color, top } of masks) blend(pixels, width, mask, color, top - first);
  try {
    const encoded = await sharp(pixels, { raw: { width, height: rows, channels: 3 } })
      .jpeg(JPEG)
      .toBuffer();
    if (!band || !encodedBackground) return encoded;
    const spliced = splice(encodedBackground, encoded, band);
    if (spliced) return spliced;
    // Not one to splice after all: the whole card, as it would have been.
    background.data.copy(whole);
    for (const { mask, color, top } of masks) blend(whole, width, mask, color, top);
    return await sharp(whole, { raw: background.raw }).jpeg(JPEG).toBuffer();
  } finally {
    spare.push(whole);
  }
}

/** Paints `color` through the coverage `mask` onto the RGB `pixels` (`width` wide) at (PAD, top).
 * Integer arithmetic throughout: `(t + (t >> 8)) >> 8` is t / 255 rounded as before, for every
 * colour, pixel and coverage, at a third of the cost of the division. */
function blend(pixels: Buffer, width: number, mask: Pixels, color: string, top: number): void {
  const { data, raw } = mask;
  const r = parseInt(color.slice(1, 3), 16);
  const g = parseInt(color.slice(3, 5), 16);
  const b = parseInt(color.slice(5, 7), 16);
  for (let y = 0, s = 0; y < raw.height; y++) {
    let d = ((top + y) * width + PAD) * 3;
    for (let x = 0; x < raw.width; x++, s++, d += 3) {
      const a = data[s];
      if (a === 0) continue;
      if (a === 255) {
        pixels[d] = r;
        pixels[d + 1] = g;
        pixels[d + 2] = b;
        continue;
      }
      const rest = 255 - a;
      let t = r * a + pixels[d] * rest + 128;
      pixels[d] = (t + (t >> 8)) >> 8;
      t = g * a + pixels[d + 1] * rest + 128;
      pixels[d + 1] = (t + (t >> 8)) >> 8;
      t = b * a + pixels[d + 2] * rest + 128;
      pixels[d + 2] = (t + (t >> 8)) >> 8;
    }
  }
}

let sharpModule: Promise<Sharp> | undefined;

/** sharp, loaded once a thread; fontconfig already points at the look's fonts (`prepareFonts`). */
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

let preparedConf: string | undefined;
/** The families of each look's fonts, unpacked once a process: the dev server draws a card a request. */
const preparedFonts = new Map<string, CardFonts>();

/** Points fontconfig at the look's fonts, unpacked from the self-hosted WOFF files into the site's
 * .cache/fonts/ (the machine that builds may have no fonts at all; its own come after them, for a
 * site that names none), and returns the families to ask for. Done on the main thread before
 * workers draw: a worker's process.env is its own copy, and fontconfig reads the process's
 * environment once, when it first lays out text, so a process keeps the folder of its first site. */
export function prepareFonts(root: string, look: CardLook): CardFonts {
  const dir = path.join(cacheDirOf(root), 'fonts');
  const key = JSON.stringify([dir, look.fonts]);
  const known = preparedFonts.get(key);
  if (known) return known;
  mkdirSync(dir, { recursive: true });
  const unpack = (files: string[]) =>
    files.map((file) => {
      const bytes = readFileSync(file);
      const sfnt = file.endsWith('.woff') ? woffToSfnt(bytes, file) : bytes;
      const ttf = path.join(dir, `${path.basename(file).replace(/\.\w+$/, '')}-${hashOf(sfnt)}.ttf`);
      if (!existsSync(ttf)) writeFileSync(ttf, sfnt);
      return sfntFamily(sfnt);
    })[0];
  const fonts = {
    regular: unpack(look.fonts.regular) ?? 'sans-serif',
    semibold: unpack(look.fonts.semibold) ?? 'sans-serif',
  };
  if (!preparedConf) {
    const conf = path.join(dir, 'fonts.conf');
    // Written only when it differs: a thread or process that reads it meanwhile must not find it empty.
    const text = `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${escapeHtml(dir)}</dir><cachedir>${escapeHtml(path.join(dir, 'fc-cache'))}</cachedir><include ignore_missing="yes">/etc/fonts/fonts.conf</include></fontconfig>\n`;
    if (!existsSync(conf) || readFileSync(conf, 'utf8') !== text) {
      const tmp = `${conf}.tmp-${process.pid}-${threadId}`;
      writeFileSync(tmp, text);
      renameSync(tmp, conf);
    }
    process.env.FONTCONFIG_FILE = conf;
    preparedConf = conf;
  }
  preparedFonts.set(key, fonts);
  return fonts;
}

/** Everything but the section and the title, as SVG. */
function background(config: SiteConfig, look: CardLook, fonts: CardFonts, logo: Buffer | undefined): string {
  const host = new URL(config.url).host;
  const { colors } = look;
  const type = config.navbar.logo.src.endsWith('.svg')
    ? 'image/svg+xml'
    : config.navbar.logo.src.endsWith('.png')
      ? 'image/png'
      : 'image/jpeg';
  const logoHref = logo ? `data:${type};base64,${logo.toString('base64')}` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${SOCIAL_IMAGE_WIDTH}" height="${SOCIAL_IMAGE_HEIGHT}" viewBox="0 0 ${SOCIAL_IMAGE_WIDTH} ${SOCIAL_IMAGE_HEIGHT}">
<rect width="100%" height="100%" fill="${colors.background}"/>
${look.art}
${logo ? `<image x="${PAD}" y="64" width="60" height="60" href="${logoHref}" xlink:href="${logoHref}"/>` : ''}
<text x="${logo ? PAD + 78 : PAD}" y="107" font-family="${escapeHtml(fonts.semibold)}" font-size="38" fill="${colors.text}">${escapeHtml(config.title)}</text>
<rect x="${PAD}" y="548" width="64" height="4" rx="2" fill="${colors.accent}"/>
<text x="${PAD}" y="590" font-family="${escapeHtml(fonts.regular)}" font-size="26" fill="${colors.muted}">${escapeHtml(host)}</text>
</svg>`;
}
