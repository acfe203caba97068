// What a site imports from the engine by the package's name: `import { defineConfig } from
// 'sitesmith'` in config/site.config.ts, and the types of the config, the front matter, the UI
// strings and the theme, and what a theme needs of the engine: the class names the Markdown stage
// writes, a route's address under the site's baseUrl, where a page's social image, its Markdown
// twin and a locale's search bundle are. Light on purpose: loading a config bundles this file and
// what it reaches, so its values are small and pure (common/), and a bundle keeps only those used.

export {
  BOOKING_ANCHOR,
  BOOKING_ROOT,
  type BookingState,
  CONTACT_FORM_ANCHOR,
  type ContactFormState,
  EMPTY_BOOKING_STATE,
  EMPTY_CONTACT_STATE,
  EMPTY_REVEAL_STATE,
  FORM_ROOT,
  REVEAL_ROOT,
  type RevealState,
  revealAction,
  SLOTS_QUERY,
} from '../common/forms.ts';
export { localePrefix } from '../common/locale-prefix.ts';
export { admonitionKindClass, MARKDOWN_CLASSES } from '../common/markdown-classes.ts';
export { hasMarkdownTwin, twinRouteOf } from '../common/markdown-twin-route.ts';
export { searchBundleUrl } from '../common/search-bundle.ts';
export { absoluteUrl, servedPath } from '../common/served-url.ts';
export { socialImageOf } from '../common/social-image-path.ts';
export type { BookingConfig, LinkConfig, SectionConfig, SiteConfig, SiteConfigInput } from './config/config.ts';
export { defineConfig } from './config/define-config.ts';
export type { FrontMatterKind } from './content/frontmatter.ts';
export type { EngineStrings, Messages, MessagesByLocale, MessagesInput, StringTree } from './theming/messages.ts';
export type {
  LayoutRenderers,
  PageRenderers,
  Theme,
  ThemeAnalytics,
  ThemeConfigContract,
  ThemeContext,
  ThemeFiles,
  ThemeForms,
  ThemeLabel,
} from './theming/theme-contract.ts';
export type {
  BodySection,
  Diagnostic,
  FrontMatter,
  Page,
  SectionBlock,
  SectionCell,
  SiteGraph,
  StandalonePage,
} from './types.ts';
