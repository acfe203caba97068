// What every theme component may read: the page, the graph, the UI strings and the assets.
import { createContext, useContext } from 'react';
import type { SiteConfig } from '../generator/config.ts';
import type { BodySection, Page, Route, SiteGraph } from '../generator/types.ts';
import type { Messages } from '../generator/messages.ts';
import { placeLabel } from './layout/labels.ts';
import { servedPath } from '../common/served-url.ts';

export interface Assets {
  css: string;
  js: string;
  /** Modules the runtime imports as it starts: preloaded beside it, not discovered after it. */
  jsImports: string[];
  /** Font files every page uses above the fold: preloaded, so they are there for the first paint. */
  fonts: string[];
  /** Scripts of islands by name, for pages that have one. */
  islands: Record<string, string>;
  /** The inline script that sets the colour mode before first paint. */
  colorModeScript: string;
}

export interface ThemeContext {
  config: SiteConfig;
  graph: SiteGraph;
  page: Page;
  t: Messages;
  assets: Assets;
  /** The same page in every locale that has it. */
  alternates: { locale: string; route: Route }[];
  /** A document's HTML with its links resolved. */
  bodyOf: (source: string) => string;
  /** A document's `##` sections with their links resolved, for the pages laid out by them. */
  sectionsOf: (source: string) => BodySection[];
  excerptOf: (source: string) => string;
}

export const Theme = createContext<ThemeContext | null>(null);

export function useTheme(): ThemeContext {
  const ctx = useContext(Theme);
  if (!ctx) throw new Error('theme components render inside <Theme.Provider>');
  return ctx;
}

/** Name of the page at a route, for links whose label comes from the target: a folder's page
 * by its category ("Databases"), never by a sidebar label every index shares ("Overview"). */
export function useTitleOf() {
  const { graph } = useTheme();
  return (route: Route) => placeLabel(graph, route.replace(/#.*$/, ''));
}

/** The served URL of a site-relative route or file (`/en/blog/` -> `/docs/en/blog/` under a
 * `baseUrl` of `/docs/`); other links pass through unchanged. */
export function useHref() {
  const { config } = useTheme();
  return (route: string) => servedPath(config, route);
}
