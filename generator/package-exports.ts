// What a site imports from the engine by the package's name: `import { defineConfig } from
// 'sitesmith'` in config/site.config.ts, and the types of the config, the front matter, the UI
// strings and the theme. Light on purpose: loading a config bundles this file and what it reaches,
// so everything but `defineConfig` is a type, erased when the config is bundled.

export type { BookingConfig, LinkConfig, SectionConfig, SiteConfig, SiteConfigInput } from './config/config.ts';
export { defineConfig } from './config/define-config.ts';
export type { FrontMatterKind } from './content/frontmatter.ts';
export type { EngineStrings, Messages, MessagesByLocale, MessagesInput, StringTree } from './theming/messages.ts';
export type {
  LayoutRenderers,
  PageRenderers,
  Theme,
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
