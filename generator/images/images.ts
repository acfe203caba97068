// Images referenced from Markdown: raster images (PNG, JPEG, WebP) become a set of responsive
// sizes generated at build time with content-hashed names; SVG files are served as they are. Every
// image gets its width and height, so nothing shifts while it loads, and only an image near the
// start of a page loads eagerly.
//
// Generated sizes are kept in memory between watch-mode rebuilds, keyed by the source file's size
// and modification time, so an edit to a page never re-encodes its images.

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type SharpModule from 'sharp';
import { messageOf } from '../../common/error-message.ts';
import { escapeHtml } from '../../common/escape.ts';
import { type BaseConfig, servedPath } from '../../common/served-url.ts';
import { PUBLIC_DIR } from '../content/public-files.ts';
import { hashOf } from '../content-hash.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import { mapSection } from '../markdown/body-sections.ts';
import type { Diagnostic, ParsedDocument, SiteGraph, SourceLink } from '../types.ts';
import type { OutputStore } from '../write/output-store.ts';

let sharpModule: Promise<typeof SharpModule> | undefined;
/** sharp, imported when a site has an image: loading libvips costs a start that has none. */
const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default));

export const IMAGE_WIDTHS = [64, 128, 256, 512, 786, 1024] as const;
export const IMAGE_QUALITY = 85;
/** Where generated sizes are written; `/assets/` is cached forever, which content hashes allow. */
export const IMAGE_DIR = 'assets/img';
/** Images in the page's content column: full width on narrow screens, the column width otherwise. */
export const IMAGE_SIZES = '(max-width: 996px) 100vw, 786px';
/**
 * An image that starts within this many characters of a page's content HTML is in the first screen.
 * The content of a blog post starts about 500 px down on a 720 px desktop screen and 700 px down on
 * a phone, so only an image that opens the content (after a short sentence at most) qualifies; an
 * image after two paragraphs already lies below the fold.
 */
const ABOVE_THE_FOLD_CHARS = 200;

const RASTER = /\.(png|jpe?g|webp)$/i;

export interface ImageInfo {
  /** The URL for `src`: the largest generated size, or the file itself. */
  src: string;
  width: number;
  height: number;
  srcset?: string;
}

export interface GeneratedFile {
  path: string;
  contents: Uint8Array;
}

export interface ImagesResult {
  /** By public path of the source image (`/img/x.png`). */
  images: Map<string, ImageInfo>;
  /** Generated files, paths relative to the output directory. */
  files: GeneratedFile[];
  /** Sizes that were encoded by this call (not found in memory or in the output store). */
  resized: number;
  /** The URLs the generated sizes are served at, known also when they are not encoded (`site check`). */
  served: string[];
  /** The graph's documents, those with images replaced by copies with their attributes. */
  documents: SiteGraph['documents'];
  /** Images that could not be read, at each Markdown image that shows them. */
  diagnostics: Diagnostic[];
}

interface CacheEntry {
  stamp: string;
  generated: boolean;
  info: ImageInfo;
  files: GeneratedFile[];
  /** The URLs the generated sizes are served at, known also when they are not encoded (`site check`). */
  served: string[];
}

const cache = new Map<string, CacheEntry>();

export interface ProcessImagesOptions {
  root: string;
  graph: SiteGraph;
  /** Served files: images that are not among them are left to validation. */
  files: ReadonlySet<string>;
  /** False for `site check`: sizes are measured but not encoded. */
  generate: boolean;
  /** Resized images of earlier builds, by the source's bytes, width, format and quality. */
  store?: OutputStore;
  /** The site's baseUrl: the `<img>` tags name served URLs. */
  config: BaseConfig;
}

/**
 * Gives every Markdown image of the graph its responsive attributes. Documents whose HTML changes
 * are returned as copies (parse results are cached and stay untouched); the copy's hash includes
 * its images, so watch mode re-renders a page when one of its images changes. Missing files are
 * left alone here: validation reports them with file and line.
 */
export async function processImages(options: ProcessImagesOptions): Promise<ImagesResult> {
  const { root, graph, files, generate, store, config } = options;
  const servedUrl = (file: string) => servedPath(config, file);
  const publicPaths = new Map<ParsedDocument, Map<number, string>>();
  const diagnostics: Diagnostic[] = [];
  const wanted = new Set<string>();
  for (const doc of Object.values(graph.documents)) {
    const resolved = graph.links[doc.source] ?? {};
    const byIndex = new Map<number, string>();
    doc.links.forEach((link, i) => {
      if (link.kind !== 'image') return;
      const file = resolved[i] ?? imagePath(doc, link.url);
      if (!files.has(file)) return;
      byIndex.set(i, file);
      wanted.add(file);
    });
    if (byIndex.size) publicPaths.set(doc, byIndex);
  }

  const images = new Map<string, ImageInfo>();
  const out: GeneratedFile[] = [];
  const counter = { resized: 0 };
  const served: string[] = [];
  await Promise.all(
    [...wanted].map(async (file) => {
      try {
        const entry = await imageEntry(root, file, generate, store, counter);
        images.set(file, entry.info);
        out.push(...entry.files);
        served.push(...entry.served);
      } catch (error) {
        for (const [doc, byIndex] of publicPaths) {
          for (const [i, shown] of byIndex) {
            if (shown !== file) continue;
            const { line, column, file: written } = doc.links[i];
            diagnostics.push(
              diagnostic({ file: written ?? doc.source, line, column }, 'unreadable-image', 'unreadable', {
                file: `${PUBLIC_DIR}${file}`,
                reason: messageOf(error),
              }),
            );
          }
        }
      }
    }),
  );

  const documents = { ...graph.documents };
  for (const [doc, byIndex] of publicPaths) {
    const html = rewriteImages(doc.html, doc.links, byIndex, images, true, servedUrl);
    const excerptHtml =
      doc.excerptHtml === undefined
        ? undefined
        : rewriteImages(doc.excerptHtml, doc.links, byIndex, images, true, servedUrl);
    // The sections of a home or landing page: the intro comes first, as in the body.
    const sections = doc.sections?.map((s) =>
      mapSection(s, (piece) => rewriteImages(piece, doc.links, byIndex, images, s.part === 'intro', servedUrl)),
    );
    const signature = [...byIndex.values()].map((f) => images.get(f)?.src).join();
    documents[doc.source] = {
      ...doc,
      html,
      excerptHtml,
      ...(sections ? { sections } : {}),
      hash: `${doc.hash}:${hashOf(signature).slice(0, 12)}`,
    };
  }
  return { images, files: out, served, documents, diagnostics, resized: counter.resized };
}

/** The public path of a Markdown image URL, relative to the document's folder unless absolute. */
function imagePath(doc: ParsedDocument, url: string): string {
  const pathname = url.replace(/[?#].*$/, '');
  return pathname.startsWith('/') ? pathname : path.posix.join(path.posix.dirname(`/${doc.path}`), pathname);
}

/** Each candidate of a srcset (`/a-480.webp 480w, /a-960.webp 960w`) at its served URL. */
function servedSrcset(srcset: string, served: (file: string) => string): string {
  return srcset.replace(
    /(^|,)(\s*)([^\s,]+)/g,
    (_, comma: string, space: string, url: string) => `${comma}${space}${served(url)}`,
  );
}

/** The `<source srcset>` of a `<picture>` written as raw HTML: its files at their served URLs too. */
const SOURCE_SRCSET = /(<source\b[^>]*\ssrcset=")([^"]*)"/g;

const IMG = /<img\b[^>]*\sdata-site-image="(\d+)"[^>]*>/g;

/** Replaces the `<img>` tags that the Markdown stage marked with their index. */
export function rewriteImages(
  html: string,
  links: SourceLink[],
  byIndex: Map<number, string>,
  images: Map<string, ImageInfo>,
  eagerFirst: boolean,
  served: (file: string) => string,
): string {
  let first = true;
  return html
    .replace(IMG, (tag, index: string, offset: number) => {
      const file = byIndex.get(Number(index));
      const info = file ? images.get(file) : undefined;
      if (!info) return tag;
      const eager = eagerFirst && first && offset < ABOVE_THE_FOLD_CHARS;
      first = false;
      // Alt text and title as the Markdown stage took them from the syntax tree.
      const { alt = '', title } = links[Number(index)] ?? {};
      // Raw HTML may size an image (`<img width="120">`, as READMEs do): that size is kept, the
      // other side follows the picture's proportions.
      const written = (name: string) => Number(new RegExp(`\\s${name}="(\\d+)"`).exec(tag)?.[1]) || undefined;
      const writtenWidth = written('width');
      const writtenHeight = written('height');
      const width =
        writtenWidth ?? (writtenHeight ? Math.round((writtenHeight * info.width) / info.height) : info.width);
      const height =
        writtenHeight ?? (writtenWidth ? Math.round((writtenWidth * info.height) / info.width) : info.height);
      const align = / align="(\w+)"/.exec(tag)?.[1];
      const attrs = [
        `src="${escapeHtml(served(info.src))}"`,
        info.srcset ? `srcset="${escapeHtml(servedSrcset(info.srcset, served))}" sizes="${IMAGE_SIZES}"` : '',
        `alt="${escapeHtml(alt)}"`,
        title !== undefined ? `title="${escapeHtml(title)}"` : '',
        `width="${width}" height="${height}"`,
        align ? `align="${align}"` : '',
        eager ? '' : 'loading="lazy"',
        'decoding="async"',
      ];
      return `<img ${attrs.filter(Boolean).join(' ')}>`;
    })
    .replace(SOURCE_SRCSET, (_, start: string, srcset: string) => `${start}${servedSrcset(srcset, served)}"`);
}

async function imageEntry(
  root: string,
  file: string,
  generate: boolean,
  store: OutputStore | undefined,
  counter: { resized: number },
): Promise<CacheEntry> {
  const full = path.join(root, PUBLIC_DIR, file);
  const stat = statSync(full);
  const stamp = `${stat.size}:${stat.mtimeMs}`;
  const cached = cache.get(full);
  if (cached && cached.stamp === stamp && (cached.generated || !generate)) return cached;
  const bytes = readFileSync(full);
  // A file sharp cannot read throws here; processImages reports it where Markdown shows it.
  const entry = RASTER.test(file)
    ? await rasterEntry(file, bytes, generate, store, counter)
    : await passThroughEntry(file, bytes);
  entry.stamp = stamp;
  cache.set(full, entry);
  return entry;
}

/** SVG and other formats: the file as it is, with its own dimensions. */
async function passThroughEntry(file: string, bytes: Buffer): Promise<CacheEntry> {
  const size = file.toLowerCase().endsWith('.svg') ? svgSize(bytes.toString('utf8')) : undefined;
  const meta = size ?? (await (await loadSharp())(bytes).metadata());
  if (!meta.width || !meta.height) throw new Error('its width and height are unknown');
  return {
    stamp: '',
    generated: true,
    info: { src: file, width: Math.round(meta.width), height: Math.round(meta.height) },
    files: [],
    served: [],
  };
}

/** Width and height of an SVG's root element, from its attributes or else its viewBox. */
export function svgSize(svg: string): { width: number; height: number } | undefined {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!tag) return undefined;
  const num = (name: string) => {
    const m = new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(px)?\\s*["']`, 'i').exec(tag);
    return m ? Number(m[1]) : undefined;
  };
  const width = num('width');
  const height = num('height');
  if (width && height) return { width, height };
  const box = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(tag);
  if (!box) return undefined;
  const [w, h] = [Number(box[1]), Number(box[2])];
  if (width) return { width, height: (width * h) / w };
  if (height) return { width: (height * w) / h, height };
  return { width: w, height: h };
}

async function rasterEntry(
  file: string,
  bytes: Buffer,
  generate: boolean,
  store: OutputStore | undefined,
  counter: { resized: number },
): Promise<CacheEntry> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes).metadata();
  // EXIF orientations 5 to 8 turn the picture by 90 degrees: the displayed width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const originalWidth = turned ? meta.height : meta.width;
  const originalHeight = turned ? meta.width : meta.height;
  if (!originalWidth || !originalHeight) throw new Error('its width and height are unknown');
  const widths = responsiveWidths(originalWidth);
  const largest = widths[widths.length - 1];
  const heightAt = (w: number) => Math.max(1, Math.round((originalHeight * w) / originalWidth));
  const ext = path.extname(file).toLowerCase().replace('.jpeg', '.jpg');
  const base = path.posix.basename(file, path.extname(file));
  const hash = hashOf(Buffer.concat([bytes, Buffer.from(`${IMAGE_QUALITY}:${widths.join(',')}`)])).slice(0, 10);
  const urlOf = (w: number) => `/${IMAGE_DIR}/${base}.${hash}.${w}${ext}`;
  const info: ImageInfo = {
    src: urlOf(largest),
    width: largest,
    height: heightAt(largest),
    srcset: widths.map((w) => `${urlOf(w)} ${w}w`).join(', '),
  };
  const served = widths.map(urlOf);
  if (!generate) return { stamp: '', generated: false, info, files: [], served };
  const files = await Promise.all(
    widths.map(async (w) => {
      // The variant's name already holds the hash of the source, the widths and the quality.
      const id = `image:${urlOf(w)}`;
      const kept = store?.get(id);
      if (kept) return { path: urlOf(w).slice(1), contents: new Uint8Array(kept.contents) };
      counter.resized++;
      let pipeline = sharp(bytes).autoOrient().resize({ width: w, withoutEnlargement: true });
      if (ext === '.png') pipeline = pipeline.png({ quality: IMAGE_QUALITY, compressionLevel: 9 });
      else if (ext === '.webp') pipeline = pipeline.webp({ quality: IMAGE_QUALITY });
      else pipeline = pipeline.jpeg({ quality: IMAGE_QUALITY, mozjpeg: true });
      const contents = new Uint8Array(await pipeline.toBuffer());
      void store?.set(id, contents);
      return { path: urlOf(w).slice(1), contents };
    }),
  );
  return { stamp: '', generated: true, info, files, served };
}

/** The configured widths up to the original's, plus the original's own width when it lies between them. */
export function responsiveWidths(originalWidth: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= originalWidth);
  const max = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  if (originalWidth < max && !widths.includes(originalWidth)) widths.push(originalWidth);
  return widths;
}
