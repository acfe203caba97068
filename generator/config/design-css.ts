// The config's `design` as CSS, which the theme's stylesheet takes in with `@import "site:design"`
// after its own tokens (assets.ts answers the import): the font faces, their metric-matched
// fallbacks, the `--font-sans`/`--font-mono` stacks, and the palette of each colour mode.

import type { FontRole, ResolvedFonts } from './design-fonts.ts';
import type { Design } from './design-schema.ts';

export const DESIGN_IMPORT = 'site:design';

const GENERIC = new Set([
  'system-ui',
  'sans-serif',
  'serif',
  'monospace',
  'ui-monospace',
  'ui-sans-serif',
  'ui-serif',
  'cursive',
  'fantasy',
]);
const DEFAULT_STACK: Record<FontRole, string[]> = {
  sans: ['system-ui', 'sans-serif'],
  mono: ['ui-monospace', 'SFMono-Regular', 'Menlo', 'Consolas', 'monospace'],
};
const FORMAT: Record<string, string> = { woff2: 'woff2', woff: 'woff', ttf: 'truetype', otf: 'opentype' };

const quoted = (name: string) => (GENERIC.has(name) || /^["']/.test(name) ? name : JSON.stringify(name));

export function designCss(design: Design, fonts: ResolvedFonts): string {
  const rules: string[] = [];
  const root: string[] = [];
  for (const role of ['sans', 'mono'] as const) {
    const font = design.fonts[role];
    if (!font) continue;
    for (const face of fonts.faces[role] ?? []) {
      const ext = face.file.slice(face.file.lastIndexOf('.') + 1);
      // `optional`: a face that has not arrived by the first paint (the preloaded ones nearly always
      // have) is not swapped in later, so text never moves under a reader's eyes.
      rules.push(
        `@font-face{font-family:${JSON.stringify(face.family)};font-style:normal;font-weight:${face.weight};font-display:optional;src:url(${JSON.stringify(face.file)}) format("${FORMAT[ext] ?? ext}")}`,
      );
    }
    const fallback = `${font.family} Fallback`;
    for (const face of font.fallback) {
      const descriptors = [
        `font-family:${JSON.stringify(fallback)}`,
        face.weight ? `font-weight:${face.weight}` : '',
        `src:${face.local.map((name) => `local(${JSON.stringify(name)})`).join(',')}`,
        face.sizeAdjust ? `size-adjust:${face.sizeAdjust}` : '',
        face.ascentOverride ? `ascent-override:${face.ascentOverride}` : '',
        face.descentOverride ? `descent-override:${face.descentOverride}` : '',
        face.lineGapOverride ? `line-gap-override:${face.lineGapOverride}` : '',
      ];
      rules.push(`@font-face{${descriptors.filter(Boolean).join(';')}}`);
    }
    const stack = [font.family, ...(font.fallback.length ? [fallback] : []), ...(font.stack ?? DEFAULT_STACK[role])];
    root.push(`--font-${role}:${stack.map(quoted).join(',')}`);
  }
  if (root.length) rules.push(`:root{${root.join(';')}}`);
  for (const mode of ['dark', 'light'] as const) {
    const tokens = Object.entries(design.palette[mode]);
    if (tokens.length)
      rules.push(`[data-theme="${mode}"]{${tokens.map(([name, value]) => `--${name}:${value}`).join(';')}}`);
  }
  return `${rules.join('\n')}\n`;
}
