// Social images: every page gets a 1200 x 630 PNG for `og:image` and `twitter:image`, drawn at
// build time from one template (the brand's dark look: logo, section, title, contour lines) and
// written beside the page as `social.png`. A page whose front matter names a raster `image` uses
// that instead (social networks show no SVG, so a diagram in `image` does not replace the card).
// Each card is keyed by the hash of everything drawn on it and kept in .cache/social/, so a
// build redraws only the cards whose page changed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from './config.ts';
import { localePrefix } from './config.ts';
import { escapeHtml } from '../common/escape.ts';
import { socialImageOf, SOCIAL_IMAGE_FILE } from '../common/social-image-path.ts';
import { hashOf } from './load.ts';
import { CACHE_DIR, PACKAGE_ROOT } from './package-root.ts';
import { PUBLIC_DIR } from './public-files.ts';
import { woffToSfnt } from './woff.ts';
import type SharpModule from 'sharp';
import type { Page, SiteGraph } from './types.ts';
import type { MessagesByLocale } from './messages.ts';
import { contourPaths } from '../theme/index.ts';

export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;
/** Changes to the template below change this, so every cached card is drawn again. */
const TEMPLATE_VERSION = 'card-2';

// The dark palette of theme/styles/tokens.css.
const COLORS = { bg: '#0b1115', surface: '#131d23', text: '#e4ebee', muted: '#9aabb5', accent: '#4cd4a0', border: '#24343e' };
// The WOFF files name each cut as a family of its own ("IBM Plex Sans SemiBold"), so fontconfig
// finds a weight by that name, not by font-weight.
const FONT_REGULAR = 'IBM Plex Sans';
const FONT_SEMIBOLD = 'IBM Plex Sans SemiBold';
const FONT_FILES = ['latin-400', 'latin-600', 'latin-ext-400', 'latin-ext-600'].map((cut) => `ibm-plex-sans-${cut}-normal.woff`);
const PAD = 80;

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

export interface SocialImagesResult {
  /** Public paths of every card, for the link check. */
  routes: string[];
  /** The cards' bytes; empty when nothing is to be written (`site check`). */
  files: { path: string; contents: Uint8Array }[];
}

export async function socialImages(options: { root: string; config: SiteConfig; graph: SiteGraph; messages: MessagesByLocale; generate: boolean }): Promise<SocialImagesResult> {
  const { root, config, graph, generate } = options;
  const cards = socialCardsOf(config, graph, options.messages);
  const routes = cards.map((c) => `/${c.file}`);
  if (!generate) return { routes, files: [] };
  const sharp = await loadSharpWithFonts();
  const logoFile = path.join(root, PUBLIC_DIR, config.navbar.logo.src);
  // A missing logo is reported by the link check (the navbar shows it); the cards go without.
  const logo = existsSync(logoFile) ? readFileSync(logoFile) : undefined;
  const dir = path.join(CACHE_DIR, 'social');
  mkdirSync(dir, { recursive: true });
  const files: SocialImagesResult['files'] = new Array(cards.length);
  // sharp works on libuv's thread pool: a few cards at a time keep both cores busy.
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < cards.length; i = next++) {
      const card = cards[i];
      const key = hashOf(JSON.stringify([TEMPLATE_VERSION, config.title, config.url, card.eyebrow, card.title, logo ? hashOf(logo) : '']));
      const cached = path.join(dir, `${key}.png`);
      let contents = drawn.get(key);
      if (!contents && existsSync(cached)) contents = readFileSync(cached);
      if (!contents) {
        contents = await drawCard(sharp, config, card, logo);
        writeFileSync(cached, contents);
      }
      drawn.set(key, contents);
      files[i] = { path: card.file, contents };
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { routes, files };
}

type Sharp = typeof SharpModule;

/** Cards by key, kept between the rebuilds of `site serve --watch` (about 30 KB each). */
const drawn = new Map<string, Uint8Array>();

let sharpWithFonts: Promise<Sharp> | undefined;

/** sharp, with fontconfig pointed at IBM Plex (unpacked from the self-hosted WOFF files) before the
 * first text is drawn: the machine that builds may have no fonts at all. */
function loadSharpWithFonts(): Promise<Sharp> {
  sharpWithFonts ??= (async () => {
    const dir = path.join(CACHE_DIR, 'fonts');
    mkdirSync(dir, { recursive: true });
    for (const name of FONT_FILES) {
      const ttf = path.join(dir, name.replace(/\.woff$/, '.ttf'));
      if (existsSync(ttf)) continue;
      const woff = path.join(PACKAGE_ROOT, 'node_modules/@fontsource/ibm-plex-sans/files', name);
      writeFileSync(ttf, woffToSfnt(readFileSync(woff), woff));
    }
    const conf = path.join(dir, 'fonts.conf');
    writeFileSync(conf, `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${escapeHtml(dir)}</dir><cachedir>${escapeHtml(path.join(dir, 'fc-cache'))}</cachedir></fontconfig>\n`);
    process.env.FONTCONFIG_FILE = conf;
    return (await import('sharp')).default;
  })();
  return sharpWithFonts;
}

const SIZES = [64, 56, 48, 42];

async function drawCard(sharp: Sharp, config: SiteConfig, card: SocialCard, logo: Buffer | undefined): Promise<Uint8Array> {
  const textWidth = SOCIAL_IMAGE_WIDTH - 2 * PAD;
  const titleTop = 250;
  const titleMaxHeight = 250;
  // The largest size at which the title fits its box, wrapped at words by Pango.
  let title: { data: Buffer; height: number } | undefined;
  for (const size of SIZES) {
    const { data, info } = await sharp({
      text: {
        text: `<span font_family="${FONT_SEMIBOLD}" foreground="${COLORS.text}" letter_spacing="${-size * 10}">${escapeHtml(card.title)}</span>`,
        font: `${FONT_SEMIBOLD} ${size}`,
        width: textWidth,
        wrap: 'word',
        rgba: true,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    title = { data, height: info.height };
    if (info.height <= titleMaxHeight) break;
  }
  if (title!.height > titleMaxHeight) title = { data: await sharp(title!.data).resize({ height: titleMaxHeight, fit: 'inside' }).png().toBuffer(), height: titleMaxHeight };
  return sharp(Buffer.from(background(config, card, logo)))
    .composite([{ input: title!.data, top: titleTop, left: PAD }])
    // A palette of at most 256 colours keeps a card near 30 KB. libimagequant's default effort (7)
    // with zlib at 9 encoded a card in about 110 ms, effort 3 with zlib at 6 in 30 ms, for a third
    // more bytes and no visible difference: the real site's 326 cards took 8.5 s instead of 10.8 s.
    .png({ palette: true, quality: 90, effort: 3, compressionLevel: 6 })
    .toBuffer();
}

/** Everything but the title, as SVG. */
function background(config: SiteConfig, card: SocialCard, logo: Buffer | undefined): string {
  const host = new URL(config.url).host;
  const contours = contourPaths()
    .map((d, k) => `<path d="${d}" fill="none" stroke="${COLORS.accent}" stroke-opacity="${k % 4 === 3 ? 0.3 : 0.14}" stroke-width="${k % 4 === 3 ? 2 : 1.3}"/>`)
    .join('');
  const type = config.navbar.logo.src.endsWith('.svg') ? 'image/svg+xml' : config.navbar.logo.src.endsWith('.png') ? 'image/png' : 'image/jpeg';
  const logoHref = logo ? `data:${type};base64,${logo.toString('base64')}` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${SOCIAL_IMAGE_WIDTH}" height="${SOCIAL_IMAGE_HEIGHT}" viewBox="0 0 ${SOCIAL_IMAGE_WIDTH} ${SOCIAL_IMAGE_HEIGHT}">
<rect width="100%" height="100%" fill="${COLORS.bg}"/>
<g transform="translate(560 110) scale(1.05)">${contours}</g>
${logo ? `<image x="${PAD}" y="64" width="60" height="60" href="${logoHref}" xlink:href="${logoHref}"/>` : ''}
<text x="${logo ? PAD + 78 : PAD}" y="107" font-family="${FONT_SEMIBOLD}" font-size="38" fill="${COLORS.text}">${escapeHtml(config.title)}</text>
<text x="${PAD}" y="220" font-family="${FONT_SEMIBOLD}" font-size="28" fill="${COLORS.accent}">${escapeHtml(card.eyebrow)}</text>
<rect x="${PAD}" y="548" width="64" height="4" rx="2" fill="${COLORS.accent}"/>
<text x="${PAD}" y="590" font-family="${FONT_REGULAR}" font-size="26" fill="${COLORS.muted}">${escapeHtml(host)}</text>
</svg>`;
}

