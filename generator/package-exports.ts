// What a site imports from the engine by the package's name: `import { defineConfig } from
// 'sitesmith'` in config/site.config.ts, and the types of the config, the front matter, the UI
// strings and the theme. Light on purpose: loading a config bundles this file and what it reaches,
// so everything but `defineConfig` is a type, erased when the config is bundled.
export { defineConfig } from './config/define-config.ts';
export type { SiteConfigInput, SiteConfig, SectionConfig, LinkConfig, BookingConfig } from './config/config.ts';
export type { FrontMatterKind } from './content/frontmatter.ts';
export type { MessagesInput, Messages, MessagesByLocale, EngineStrings, StringTree } from './theming/messages.ts';
export type { Theme, ThemeFiles, ThemeContext, ThemeForms, PageRenderers, LayoutRenderers, ThemeConfigContract, ThemeLabel } from './theming/theme-contract.ts';
export type { Diagnostic, FrontMatter, SiteGraph, Page, StandalonePage, BodySection, SectionBlock, SectionCell } from './types.ts';
