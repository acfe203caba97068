// Labels in config (navbar, footer, announcement, the theme's options) are keys into the UI strings,
// or text shown as written (common/config-strings.ts says which).

import { localeOf, MissingStringError } from '../../common/checked-strings.ts';
import { CONFIG_PLACES, type ConfigPlace, configString } from '../../common/config-strings.ts';
import type { Messages } from '../../generator/theming/messages.ts';
import type { ThemeLabel } from '../../generator/theming/theme-contract.ts';
import type { Route, SiteGraph } from '../../generator/types.ts';

/** A label's text: `place` is one of the engine's places or one of the theme's options' (options.ts). */
export function labelOf(
  t: Messages,
  label: string,
  place: ConfigPlace | Pick<ThemeLabel, 'groups' | 'component'>,
): string {
  const { groups, component } = typeof place === 'string' ? CONFIG_PLACES[place] : place;
  const text = configString(t, label, groups);
  if (text !== undefined) return text;
  // The build reports such a key at its line in config/ before rendering (generator/theming/config-strings.ts);
  // a render that gets here anyway stops.
  throw new MissingStringError(`${groups[0]}.${label}`, localeOf(t), component);
}

/**
 * The name of a page where it stands for its place in the site (menus, breadcrumbs): a folder's
 * page by its category's label ("Databases"), an index page by its title ("Services") rather
 * than its sidebar label ("Overview"), any other page by its sidebar label or title.
 */
export function placeLabel(graph: SiteGraph, route: Route): string {
  const page = graph.pages[route];
  if (!page) return route;
  // The category's label alone is read, not the sidebar it is in: a page reads no more of the
  // graph than it shows, and an edit elsewhere in the sidebar does not render it again
  // (recorded-reads.ts). Menus name dozens of pages on every page.
  const category = graph.categoryLabels[route];
  if (category) return category;
  if ('doc' in page && page.doc && !page.doc.endsWith('/index.md')) {
    const fm = graph.documents[page.doc]?.frontMatter;
    return fm?.sidebar_label ?? page.title;
  }
  return page.title;
}
