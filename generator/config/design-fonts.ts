// Where the font files of the config's `design.fonts` are: in an @fontsource package (found from
// the site's folder, then the engine's, as Node finds packages) or in the site's public/. The
// stylesheet declares the web files (design-css.ts); the social cards draw with the WOFF or TrueType
// files of the text face (social-images.ts), as fontconfig reads no WOFF2.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sitePackageDir } from '../bundle/site-package.ts';
import { PUBLIC_DIR } from '../content/public-files.ts';
import { type Diagnosis, diagnosis } from '../diagnostics/diagnostic-rules.ts';
import type { Diagnostic } from '../types.ts';
import { CONFIG_FILE } from './config.ts';
import type { ConfigFile } from './config-links.ts';
import { locateConfig } from './config-locations.ts';
import type { Design, FontConfig } from './design-schema.ts';

export type FontRole = 'sans' | 'mono';

export interface FontFace {
  family: string;
  weight: number;
  /** Absolute path of the file the stylesheet declares. */
  file: string;
}

export interface ResolvedFonts {
  faces: Partial<Record<FontRole, FontFace[]>>;
  /** The text face's files fontconfig can read, regular and semibold cut, for the social cards. */
  card: { regular?: string[]; semibold?: string[] };
  diagnostics: Diagnostic[];
}

/** The face the card draws titles with: 600 where the site uses it, else its heaviest up to 700. */
function semiboldOf(weights: number[]): number {
  if (weights.includes(600)) return 600;
  const usable = weights.filter((w) => w <= 700);
  return usable.length ? Math.max(...usable) : Math.min(...weights);
}

export function resolveFonts(root: string, design: Design, files: ConfigFile[] = []): ResolvedFonts {
  const result: ResolvedFonts = { faces: {}, card: {}, diagnostics: [] };
  const problem = (role: FontRole, says: Diagnosis) =>
    result.diagnostics.push({
      ...(locateConfig(files, ['design', 'fonts', role, design.fonts[role]?.package ? 'package' : 'files']) ?? {
        file: CONFIG_FILE,
      }),
      ...says,
    });
  for (const role of ['sans', 'mono'] as const) {
    const font: FontConfig | undefined = design.fonts[role];
    if (!font) continue;
    const faces: FontFace[] = [];
    if (font.package) {
      const dir = sitePackageDir(root, font.package);
      if (!dir) {
        problem(role, diagnosis('config', 'fontNotInstalled', { role, pkg: font.package }));
        continue;
      }
      const id = font.package.slice(font.package.indexOf('/') + 1);
      const fileOf = (subset: string, weight: number, ext: string) =>
        path.join(dir, 'files', `${id}-${subset}-${weight}-normal.${ext}`);
      for (const weight of font.weights) {
        for (const subset of font.subsets) {
          const file = fileOf(subset, weight, 'woff2');
          if (existsSync(file)) faces.push({ family: font.family, weight, file });
          else
            problem(
              role,
              diagnosis('config', 'fontWeightMissing', {
                role,
                pkg: font.package,
                subset,
                weight,
                file: path.relative(dir, file),
              }),
            );
        }
      }
      if (role === 'sans') {
        // Cards show any language's titles: every Latin subset the package has, not only the page's.
        const cardFiles = (weight: number) =>
          ['latin', 'latin-ext'].map((subset) => fileOf(subset, weight, 'woff')).filter(existsSync);
        result.card = { regular: cardFiles(Math.min(...font.weights)), semibold: cardFiles(semiboldOf(font.weights)) };
      }
    } else if (font.files) {
      for (const [weight, src] of Object.entries(font.files)) {
        const file = path.join(root, PUBLIC_DIR, src);
        if (existsSync(file)) faces.push({ family: font.family, weight: Number(weight), file });
        else problem(role, diagnosis('config', 'fontNotPublic', { role, src, publicDir: PUBLIC_DIR }));
      }
      if (role === 'sans') {
        const readable = (weight: number) =>
          faces.filter((f) => f.weight === weight && /\.(woff|ttf|otf)$/.test(f.file)).map((f) => f.file);
        const weights = faces.map((f) => f.weight);
        if (weights.length)
          result.card = { regular: readable(Math.min(...weights)), semibold: readable(semiboldOf(weights)) };
      }
    }
    result.faces[role] = faces;
  }
  return result;
}

/** The family name an sfnt (TrueType/OpenType) file gives itself (name ID 1), which fontconfig,
 * and so the cards' text, knows it by: a cut such as "IBM Plex Sans SemiBold" is its own family. */
export function sfntFamily(sfnt: Buffer): string | undefined {
  const numTables = sfnt.readUInt16BE(4);
  for (let i = 0; i < numTables; i++) {
    const entry = 12 + i * 16;
    if (sfnt.toString('latin1', entry, entry + 4) !== 'name') continue;
    const table = sfnt.readUInt32BE(entry + 8);
    const count = sfnt.readUInt16BE(table + 2);
    const strings = table + sfnt.readUInt16BE(table + 4);
    let mac: string | undefined;
    for (let r = 0; r < count; r++) {
      const rec = table + 6 + r * 12;
      const [platform, , , nameId, length, offset] = [0, 2, 4, 6, 8, 10].map((o) => sfnt.readUInt16BE(rec + o));
      if (nameId !== 1) continue;
      const bytes = sfnt.subarray(strings + offset, strings + offset + length);
      if (platform === 3 || platform === 0) return Buffer.from(bytes).swap16().toString('utf16le');
      mac ??= bytes.toString('latin1');
    }
    return mac;
  }
  return undefined;
}
