// What every theme component may read: the page, the graph, the UI strings and the assets.
import { createContext, useContext } from 'react';
import { servedPath } from '../common/served-url.ts';
import type { ThemeContext as EngineContext } from '../generator/theming/theme-contract.ts';
import type { Route } from '../generator/types.ts';
import { placeLabel } from './layout/labels.ts';
import type { ThemeOptions } from './options.ts';
import type { ThemeStrings } from './strings.ts';

export type { Assets } from '../generator/theming/theme-contract.ts';

/** The context as this theme's components read it: its strings and options typed. */
export type ThemeContext = EngineContext<ThemeStrings, ThemeOptions>;

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
