// Almwerk's look: the palette of both colour modes (every text colour checked against every
// background it sits on for WCAG 2.2 AA, 4.5:1 for text and 3:1 for UI parts), IBM Plex with
// fallback faces metric-matched to it, the contour lines of an alpine pasture, and the cards' colours.
import type { SiteConfigInput } from '../generator/config/config.ts';

const dark = {
  bg: '#0b1115',
  'bg-alt': '#0f171c',
  surface: '#131d23',
  'surface-2': '#1a262e',
  border: '#24343e',
  'border-strong': '#3a4f5c',
  text: '#e4ebee',
  muted: '#9aabb5',
  accent: '#4cd4a0',
  'accent-hover': '#7ae3bb',
  'on-accent': '#04261a',
  link: '#6fdcb1',
  glow: '#f0a867',
  focus: '#f6b77c',
  'code-bg': '#0e161b',
  shadow: '0 1px 0 rgb(255 255 255 / 0.03) inset, 0 18px 40px -20px rgb(0 0 0 / 0.7)',
  'grid-line': 'rgb(120 190 170 / 0.07)',
  'warn-bg': '#2a2310',
  warn: '#e8b94a',
  danger: '#ff8a7a',
  info: '#7db7f0',
  tip: '#4cd4a0',
};

const light = {
  bg: '#f6f5f1',
  'bg-alt': '#efeee8',
  surface: '#ffffff',
  'surface-2': '#ebe9e2',
  border: '#d9d6cc',
  'border-strong': '#9c988c',
  text: '#142029',
  muted: '#4b5861',
  accent: '#0a6b4c',
  'accent-hover': '#08573d',
  'on-accent': '#ffffff',
  link: '#086446',
  glow: '#b5530f',
  focus: '#c2410c',
  'code-bg': '#f1f0ea',
  shadow: '0 1px 2px rgb(20 32 41 / 0.05), 0 16px 36px -22px rgb(20 32 41 / 0.35)',
  'grid-line': 'rgb(10 107 76 / 0.07)',
  'warn-bg': '#fbf0d2',
  warn: '#8a5a00',
  danger: '#b42318',
  info: '#1f5fa3',
  tip: '#0a6b4c',
};

export const design = {
  palette: { dark, light },
  fonts: {
    // Latin only, the two cuts the design uses.
    sans: {
      family: 'IBM Plex Sans',
      package: '@fontsource/ibm-plex-sans',
      weights: [400, 600],
      // Widths measured against Arial (Liberation Sans on Linux, metric-compatible): Plex is 1.1 %
      // wider in regular and 2.2 % narrower than Arial Bold in semibold.
      fallback: [
        {
          weight: 400,
          local: ['Arial', 'ArialMT', 'Liberation Sans'],
          sizeAdjust: '101.1%',
          ascentOverride: '101.4%',
          descentOverride: '27.2%',
          lineGapOverride: '0%',
        },
        {
          weight: 600,
          local: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold'],
          sizeAdjust: '97.8%',
          ascentOverride: '104.8%',
          descentOverride: '28.1%',
          lineGapOverride: '0%',
        },
      ],
    },
    mono: {
      family: 'IBM Plex Mono',
      package: '@fontsource/ibm-plex-mono',
      weights: [400],
      // Plex Mono, Courier New and Liberation Mono all advance 0.6 em per character: only the line
      // height needs matching, to Plex Mono's ascent and descent (1,025 and 275 per 1,000).
      fallback: [
        {
          local: ['Courier New', 'CourierNewPSMT', 'Liberation Mono'],
          ascentOverride: '102.5%',
          descentOverride: '27.5%',
          lineGapOverride: '0%',
        },
      ],
    },
  },
  heroArt: 'contours',
  socialCard: { background: dark.bg, text: dark.text, muted: dark.muted, accent: dark.accent },
} satisfies SiteConfigInput['design'];
