// The site's look as config (`design`): palette, fonts, hero art and the social card's colours.
// The theme has a default for each; what the config sets is laid over it (design-css.ts for the
// stylesheet, social-images.ts for the cards).
import { z } from 'zod';

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1f5fbf');
/** A CSS value for a custom property: anything but what would end the declaration or the rule. */
const cssValue = z.string().regex(/^[^;{}<>]+$/, 'must be one CSS value, like #1f5fbf or 0 1px 2px rgb(0 0 0 / 0.1)');
/** A token's name as the theme's stylesheet reads it (`accent` is `--accent`). */
const token = z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a token name like accent or bg-alt');

const palette = z.record(token, cssValue);

/** A metric-matched local face shown until the web font has arrived, so text does not move. */
const fallbackFace = z.strictObject({
  /** The weight this face stands in for; every weight when left out. */
  weight: z.number().int().min(100).max(900).optional(),
  /** Local fonts to try, in order, like `['Arial', 'Liberation Sans']`. */
  local: z.array(z.string()).min(1),
  sizeAdjust: z.string().optional(),
  ascentOverride: z.string().optional(),
  descentOverride: z.string().optional(),
  lineGapOverride: z.string().optional(),
});

const publicPath = z.string().regex(/^\/[^\s?#]*[^/\s?#]$/, 'must be a file of public/, like /fonts/body-400.woff2');

export const fontSchema = z
  .strictObject({
    family: z.string().min(1).describe('The family as CSS and the font files name it, like `IBM Plex Sans`'),
    package: z
      .string()
      .regex(/^@fontsource\/[a-z0-9-]+$/, 'must be an @fontsource package, like @fontsource/inter')
      .optional()
      .describe(
        "An @fontsource package (`@fontsource/inter`), found from the site's folder, then the engine's; or give `files`",
      ),
    files: z
      .record(z.string().regex(/^[1-9]00$/, 'must be a weight like 400'), publicPath)
      .optional()
      .describe(
        "The font's files in public/ by weight, `{ 400: '/fonts/body-400.woff2' }` (woff2, woff or ttf; the social cards need woff or ttf)",
      ),
    weights: z
      .array(z.number().int().min(100).max(900))
      .default([400])
      .describe('The weights the site uses (with `package`); every one is preloaded'),
    subsets: z.array(z.string()).default(['latin']).describe("The package's subsets the stylesheet declares"),
    fallback: z
      .array(fallbackFace)
      .default([])
      .describe(
        'Metric-matched local faces (`<family> Fallback`) shown until the web font has arrived, so text does not move',
      ),
    stack: z
      .array(z.string())
      .optional()
      .describe(
        "What follows the family and its fallback in the stack; default `system-ui, sans-serif` (sans) or the system's monospace faces (mono)",
      ),
  })
  .refine((font) => Boolean(font.package) !== Boolean(font.files), 'give either `package` or `files`');

/** The cards' colours where the config gives none: the built-in theme's dark defaults. */
const CARD_DEFAULT = { background: '#101418', text: '#e8ecef', muted: '#a3adb6', accent: '#7aa7ff' };

export const designSchema = z
  .strictObject({
    palette: z
      .strictObject({ light: palette.default({}), dark: palette.default({}) })
      .default({ light: {}, dark: {} })
      .describe(
        "Colour tokens per colour mode (`accent: '#1f5fbf'` sets `--accent`), laid over the theme's: the built-in theme's are listed in theme/styles/tokens.css",
      ),
    fonts: z
      .strictObject({ sans: fontSchema.optional(), mono: fontSchema.optional() })
      .default({})
      .describe(
        "The text face (`sans`, also the social cards') and the code face (`mono`); the system's faces where not given",
      ),
    heroArt: z
      .string()
      .regex(
        /^(?:\/\S+|[a-z][a-z0-9-]*)$/,
        'must be none, a file of public/ like /img/hero.svg, or the name of an art the theme draws',
      )
      .default('none')
      .describe(
        "The art behind the home page's hero and on the social cards: a name the theme draws (its `arts`; `contours` in the built-in theme), a file of public/ (`/img/hero.svg`), or `none`",
      ),
    socialCard: z
      .strictObject({
        background: hex.default(CARD_DEFAULT.background),
        text: hex.default(CARD_DEFAULT.text),
        muted: hex.default(CARD_DEFAULT.muted),
        accent: hex.default(CARD_DEFAULT.accent),
      })
      .default(CARD_DEFAULT)
      .describe(
        "The social cards' colours: the background, the title and site name, the host, and the section's name and rule",
      ),
  })
  .default({ palette: { light: {}, dark: {} }, fonts: {}, heroArt: 'none', socialCard: CARD_DEFAULT });

export type Design = z.output<typeof designSchema>;
export type FontConfig = z.output<typeof fontSchema>;
